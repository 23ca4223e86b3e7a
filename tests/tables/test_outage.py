"""Redis stopped mid-game on a site of two processes: each process's own
sockets play on (the mover sees their move and the bots after it, a socket
opened meanwhile stays open and hears them too), and the other process's
sockets catch up by themselves once Redis is back."""

import secrets

import pytest

from tests.live import Client, OwnRedis
from tests.views import move_from


@pytest.fixture
def redis_of_our_own(tmp_path):
    """A Redis with a password, as the project's, that the test stops."""
    redis = OwnRedis(tmp_path, secrets.token_urlsafe(16))
    redis.start()
    yield redis
    redis.stop()


def snapshot(m) -> bool:
    return m.get("type") == "snapshot"


def reaches(ws, seq: int, timeout: float = 20) -> dict:
    """The first snapshot this socket is sent of the table at ``seq`` or later."""
    return ws.until(lambda m: snapshot(m) and m["seq"] >= seq, timeout)


def test_a_redis_outage_leaves_each_process_its_own_sockets_and_the_others_catch_up(scaled, redis_of_our_own):
    one, two = (scaled.start(REDIS_URL=redis_of_our_own.url) for _ in range(2))
    people = {0: Client(one), 1: Client(two)}  # Ada on process one, Ben on two
    code = people[0].post("/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    people[1].post(f"/api/tables/{code}/join", {"name": "Ben"})
    people[0].post(f"/api/tables/{code}/bot")
    sockets = {seat: people[seat].socket(code) for seat in people}
    for ws in sockets.values():
        ws.until(snapshot)
    people[0].post(f"/api/tables/{code}/start")
    # Each socket hears the start: Redis carries it to Ben's process.
    seen = {seat: ws.until(lambda m: snapshot(m) and m["status"] == "playing") for seat, ws in sockets.items()}
    mover = seen[0]["view"]["turn"]
    other = 1 - mover
    mine = seen[mover]
    if not mine["view"]["moves"]:
        mine = sockets[mover].until(lambda m: snapshot(m) and m["view"]["moves"])
    here = people[mover].server  # the mover's process

    redis_of_our_own.stop()
    # The mover's move over their socket: they see it made, and the bot's
    # after it, from their own process, with Redis away.
    sockets[mover].send({"type": "move", "seq": mine["seq"], "action": move_from(mine)})
    after = sockets[mover].until(lambda m: snapshot(m) and m["seq"] > mine["seq"] and m["view"]["turn"] != mover)
    # A page opened on the mover's process meanwhile gets the table and stays
    # open, hearing each change made there.
    watcher = Client(here).socket(code)
    assert watcher.until(snapshot)["seq"] == after["seq"]
    latest = after
    for _ in range(2):
        if latest["status"] != "playing":
            break
        turn = latest["view"]["turn"]
        status, now = people[turn].on(here).get(f"/api/tables/{code}")
        status, latest = people[turn].on(here).post(f"/api/tables/{code}/move", {"seq": now["seq"], "action": move_from(now)})
        assert status == 200
        for ws in (watcher, sockets[mover]):
            reaches(ws, latest["seq"])

    redis_of_our_own.start()
    # The other process's socket, which could hear none of it, catches up by itself.
    caught_up = reaches(sockets[other], latest["seq"], timeout=30)
    assert (caught_up["number"], caught_up["seq"]) == (latest["number"], latest["seq"])
    # And changes cross between the processes again.
    if latest["status"] == "playing":
        turn = latest["view"]["turn"]
        status, now = people[turn].on(people[other].server).get(f"/api/tables/{code}")
        status, moved = people[turn].on(people[other].server).post(f"/api/tables/{code}/move",
                                                                    {"seq": now["seq"], "action": move_from(now)})
        assert status == 200
        for ws in (watcher, sockets[mover]):
            reaches(ws, moved["seq"])
    for ws in [*sockets.values(), watcher]:
        ws.close()
    for server in (one, two):  # Redis away is warned of; nothing failed for it
        server.log.flush()
        logged = open(server.log.name).read()
        assert "Exception in ASGI application" not in logged and "never retrieved" not in logged
