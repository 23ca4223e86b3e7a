"""Redis stopped mid-game on a site of two processes: each process's own
sockets play on (the mover sees their move and the bots after it, a socket
opened meanwhile stays open and hears them too), and the other process's
sockets catch up by themselves once Redis is back."""

import secrets

import pytest

from tests.live import Client, OwnRedis, run_apart
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


def test_a_process_that_lost_redis_alone_tells_the_others_to_catch_up_once_it_is_back(redis_of_our_own):
    """Two processes' layers on one loop: the first loses its own link to
    Redis (the second's stays up, so it never learns of an outage). The
    first's change reaches its own socket; once the first can publish again,
    the second's socket is told to read the table afresh, then hears the
    next change."""
    import asyncio

    from tables import layer, mainloop

    async def play():
        mainloop.adopt()  # as a server's loop
        try:
            mover, other = layer.SharedLayer(redis_of_our_own.url), layer.SharedLayer(redis_of_our_own.url)
            heard = {"mover": [], "other": []}
            for name, at in (("mover", mover), ("other", other)):
                channel = await at.new_channel()
                at.listen(channel, heard[name].append)
                await at.group_add("table.BCDFG", channel)
            await mover.group_send("table.BCDFG", {"type": "table.changed", "order": [1, 1]})
            while not heard["other"]:
                await asyncio.sleep(0.01)
            mover._publisher.transport.close()  # the mover's link alone goes
            mover._retry_at = float("inf")  # and can't come back yet
            with pytest.raises(ConnectionError):
                await mover.group_send("table.BCDFG", {"type": "table.changed", "order": [1, 2]})
            assert heard["mover"][-1]["order"] == [1, 2]  # its own socket heard it all the same
            assert [m["order"] for m in heard["other"]] == [[1, 1]]
            mover._retry_at = 0.0  # Redis reachable again
            await mover.group_send("table.BCDFG", {"type": "table.changed", "order": [1, 3]})
            while len(heard["other"]) < 3:
                await asyncio.sleep(0.01)
            assert [m["type"] for m in heard["other"]] == ["table.changed", "table.stale", "table.changed"]
            assert heard["other"][-1]["order"] == [1, 3]
            assert [m["order"] for m in heard["mover"]] == [[1, 1], [1, 2], [1, 3]]  # once each, its own echo passed over
        finally:
            mainloop.forget()

    run_apart(asyncio.wait_for(play(), 30))
