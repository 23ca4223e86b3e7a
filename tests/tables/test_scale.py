"""Several server processes on PostgreSQL and Redis serve the same tables: a
move made through one reaches sockets held by another, a move raced through
two is applied once, and bots ticked by every process each move once."""

import threading

import psycopg
import pytest

from engine import moves
from tests.live import Client, OwnRedis, _pg, run_apart
from tests.views import move_from


@pytest.fixture
def own_redis(tmp_path):
    redis = OwnRedis(tmp_path)
    redis.start()
    yield redis
    redis.stop()


def a_game_under_way(server):
    """Ada and a bot playing High Card, Ada's page open on the table."""
    ada = Client(server)
    status, snap = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})
    code = snap["code"]
    ada.post(f"/api/tables/{code}/bot")
    ada.post(f"/api/tables/{code}/start")
    ws = ada.socket(code)
    ws.until(lambda m: m.get("type") == "snapshot" and m["status"] == "playing")
    return ada, code, ws


def a_move_nobody_hears(ada, code):
    """Ada moves through the API while Redis is away: the move is saved
    though no socket can be told of it."""
    status, snap = ada.get(f"/api/tables/{code}")
    while not snap["view"]["moves"]:
        status, snap = ada.get(f"/api/tables/{code}")
    status, moved = ada.post(f"/api/tables/{code}/move", {"seq": snap["seq"], "action": move_from(snap)})
    assert status == 200 and moved["seq"] > snap["seq"]
    return moved



def test_a_change_reaches_the_other_process_with_its_views_exactly_as_built(own_redis):
    """Two processes' layers on one loop: the views of a change, JSON text
    with quotes, escapes and letters beyond ASCII, reach the other
    process's socket as the first built them, with the rest of the change."""
    import asyncio

    from tables import layer, mainloop

    views = {
        "host-browser": '{"type":"snapshot","name":"Zoë \\"Ace\\"","say":"Play your 7♥ on the 7♥ in row 5, column 9.\\nNext."}',
        "guest-browser": '{"type":"snapshot","seat":1,"events":[{"n":3,"kind":"play","text":"→ ♣ – ’"}]}',
    }
    change = {"type": "table.changed", "order": [2, 17], "views": views, "bot": None}

    async def play():
        mainloop.adopt()  # as a server's loop
        try:
            mover, other = layer.SharedLayer(own_redis.url), layer.SharedLayer(own_redis.url)
            heard = []
            channel = await other.new_channel()
            other.listen(channel, heard.append)
            await other.group_add("table.BCDFG", channel)
            await mover.group_send("table.BCDFG", dict(change))
            await mover.group_send("table.BCDFG", {"type": "table.stale"})
            while len(heard) < 2:
                await asyncio.sleep(0.01)
            assert heard == [change, {"type": "table.stale"}]
        finally:
            mainloop.forget()

    run_apart(asyncio.wait_for(play(), 30))


@pytest.mark.parametrize("password", ["", "family-secret"])
def test_a_move_through_one_process_reaches_a_socket_on_another(scaled, tmp_path, password):
    """On the suite's Redis, and on one that asks for a password."""
    redis = OwnRedis(tmp_path, password) if password else None
    if redis is not None:
        redis.start()
    where = {"REDIS_URL": redis.url} if redis is not None else {}
    try:
        a_move_crosses_between_processes(scaled.start(**where), scaled.start(**where))
    finally:
        if redis is not None:
            redis.stop()


def a_move_crosses_between_processes(one, two):
    ada, ben = Client(one), Client(two)
    status, snap = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})
    code = snap["code"]
    ben.post(f"/api/tables/{code}/join", {"name": "Ben"})  # through process two, as the page sits down
    ben_ws = ben.socket(code)
    ben_ws.until(lambda m: m.get("type") == "snapshot" and m["seat"] == 1)
    ada_ws = ada.socket(code)
    ada_ws.until(lambda m: m.get("type") == "snapshot")
    ada_ws.send({"type": "act", "do": "start"})  # through process one
    snap = ben_ws.until(lambda m: m.get("type") == "snapshot" and m["status"] == "playing")  # seen on process two
    assert snap["view"]["seat"] == 1
    mover, ws = (ada_ws, ada_ws) if snap["view"]["turn"] == 0 else (ben_ws, ben_ws)
    their = ws.until(lambda m: m.get("type") == "snapshot" and m["status"] == "playing" and m["view"]["moves"])
    ws.send({"type": "move", "seq": their["seq"], "action": move_from(their)})
    watcher = ben_ws if ws is ada_ws else ada_ws
    assert watcher.until(lambda m: m.get("type") == "snapshot" and m["seq"] > their["seq"])["seq"] > their["seq"]
    ada_ws.close()
    ben_ws.close()


def test_the_same_move_raced_through_two_processes_is_applied_once(scaled):
    one, two = scaled.start(), scaled.start()
    ada = Client(one)
    status, snap = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})
    code = snap["code"]
    ada.post(f"/api/tables/{code}/bot")
    status, snap = ada.post(f"/api/tables/{code}/start")
    while not snap["view"]["moves"]:
        status, snap = ada.get(f"/api/tables/{code}")
    body = {"seq": snap["seq"], "action": move_from(snap)}
    answers = []
    go = threading.Barrier(2)

    def send(browser):
        go.wait()
        answers.append(browser.post(f"/api/tables/{code}/move", body)[0])

    # The same browser sends the same move through both processes at once.
    threads = [threading.Thread(target=send, args=(ada.on(server),)) for server in (one, two)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(answers) == [200, 409]
    status, after = ada.get(f"/api/tables/{code}")
    with psycopg.connect(_pg(scaled.postgres, scaled.database)) as conn:
        played_by_ada = conn.execute(
            "SELECT count(*) FROM tables_move m JOIN tables_table t ON t.id = m.table_id WHERE t.code = %s AND m.by = 'person'",
            (code,)).fetchone()[0]
    assert played_by_ada == 1


def ada_and_three_bots_playing(server):
    """High Card under way: Ada and an easy, a medium and a hard bot."""
    ada = Client(server)
    status, snap = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})
    code = snap["code"]
    for level in ("easy", "medium", "hard"):
        ada.post(f"/api/tables/{code}/bot", {"level": level})
    ada.post(f"/api/tables/{code}/start")
    return ada, code


def test_bots_ticked_by_every_process_each_move_exactly_once(scaled):
    # Bots think a little, so the tickers (not the requests) play them.
    one, two = scaled.start(PARLOR_BOT_THINK=0.02), scaled.start(PARLOR_BOT_THINK=0.02)
    ada, code = ada_and_three_bots_playing(one)
    ada.post(f"/api/tables/{code}/cover", {"seat": 0})  # a table of bots alone
    ws = Client(two).socket(code)
    final = ws.until(lambda m: m.get("type") == "snapshot" and m["status"] == "over", timeout=60)
    ws.close()
    with psycopg.connect(_pg(scaled.postgres, scaled.database)) as conn:
        table_id, seed, state = conn.execute("SELECT id, seed, state FROM tables_table WHERE code = %s", (code,)).fetchone()
        played = conn.execute("SELECT seq, seat, action, now FROM tables_move WHERE table_id = %s ORDER BY seq", (table_id,)).fetchall()
    assert [p[0] for p in played] == list(range(len(played))) == list(range(state["seq"]))
    # The game is its seed and its moves: replaying them gives the same state.
    import tests.highcard as highcard

    replay = highcard.new(4, seed, 0.0, {"bot_pace": "brisk"})
    replay["events"] = []
    replayed = dict(replay)
    for _seq, seat, action, now in played:
        moves.dispatch(highcard, replayed, seat, action, now)
    assert {k: v for k, v in replayed.items() if k not in ("events", "logged")} == \
        {k: v for k, v in state.items() if k not in ("events", "logged")}
    assert final["result"]["places"] == highcard.result(state)["places"]
    for server in (one, two):
        server.log.flush()
        assert "Traceback" not in open(server.log.name).read()


def test_bots_move_on_their_alarms_in_whichever_process_their_turn_falls_to(scaled):
    """With sockets at the table on both processes, the process that made a
    change plays about half of the bots it leaves thinking and hands the
    rest to the other. The poll for overdue tables is put a minute away, so
    a bot handed on and not taken up would stall the game."""
    slow_poll = {"PARLOR_BOT_THINK": 0.02, "PARLOR_TICK_SECONDS": 60}
    one, two = scaled.start(**slow_poll), scaled.start(**slow_poll)
    ada, code = ada_and_three_bots_playing(one)
    sockets = [ada.socket(code), Client(two).socket(code)]
    for ws in sockets:
        ws.until(lambda m: m.get("type") == "snapshot")
    ada.post(f"/api/tables/{code}/cover", {"seat": 0})  # a table of bots alone, from here on
    final = sockets[1].until(lambda m: m.get("type") == "snapshot" and m["status"] == "over", timeout=60)
    assert final["seq"] > 10
    for ws in sockets:
        ws.close()


def test_redis_going_away_leaves_the_database_the_truth_and_clients_catch_up(scaled, own_redis):
    server = scaled.start(REDIS_URL=own_redis.url)
    ada, code, ws = a_game_under_way(server)
    ws.close()

    own_redis.stop()
    moved = a_move_nobody_hears(ada, code)

    own_redis.start()
    ws = ada.socket(code)  # the page reconnects and catches up
    caught_up = ws.until(lambda m: m.get("type") == "snapshot")
    assert caught_up["seq"] == moved["seq"] and caught_up["view"] == moved["view"]
    ws.close()


def test_a_socket_open_while_redis_was_away_is_sent_the_table_once_redis_is_back(scaled, own_redis):
    server = scaled.start(REDIS_URL=own_redis.url)
    ada, code, ws = a_game_under_way(server)

    own_redis.stop()
    moved = a_move_nobody_hears(ada, code)

    own_redis.start()
    # The page never reconnected; the table it is sent includes the move made while Redis was away.
    caught_up = ws.until(lambda m: m.get("type") == "snapshot" and m["seq"] >= moved["seq"], timeout=30)
    assert caught_up["number"] == moved["number"]
    ws.close()


def test_moving_too_fast_over_a_socket_is_counted_on_redis(scaled):
    from tests.live import moving_too_fast_over_a_socket

    moving_too_fast_over_a_socket(scaled)


def test_sockets_going_ahead_of_redis_still_stop_at_their_limit(scaled):
    """A browser well within its limit has its actions counted on Redis
    without waiting for the count; near the limit it waits. So twelve of
    its pages acting at once are refused after exactly as many as the limit
    allows, its HTTP actions and its earlier ones counted with them."""
    server = scaled.start(PARLOR_LIMIT_ACTS="8")
    ada, code, first = a_game_under_way(server)  # adding the bot and starting: two of the eight
    pages = [first, *(ada.socket(code) for _ in range(11))]
    for ws in pages[1:]:
        ws.until(lambda m: m.get("type") == "snapshot")
    first.send({"type": "act", "do": "back"})  # the third: heard of now
    assert first.until(lambda m: m.get("type") == "error")["status"] != 429
    for ws in pages:
        ws.send({"type": "act", "do": "back"})
    answers = [ws.until(lambda m: m.get("type") == "error" and m.get("for") == "back") for ws in pages]
    assert sum(a["status"] == 429 for a in answers) == 7  # five more went ahead
    for ws in pages:
        ws.close()


def test_a_count_redis_takes_and_never_answers_gives_up_in_time_and_the_action_goes_ahead(monkeypatch):
    """A Redis that reads the rate limit's count and never answers: the
    count fails once its time is up, and the action is made uncounted
    rather than held for good."""
    import asyncio

    from tables import layer
    from web import limits

    monkeypatch.setattr(layer, "CONNECT_SECONDS", 0.2)
    asked = []

    async def play():
        async def silent(reader, _writer):
            asked.append(await reader.read(4096))  # the commands, never answered
            await asyncio.sleep(30)

        redis = await asyncio.start_server(silent, "127.0.0.1", 0)
        shared = layer.SharedLayer(f"redis://127.0.0.1:{redis.sockets[0].getsockname()[1]}/0")
        with pytest.raises(TimeoutError):
            await shared.count([("limit:act:ada:9", "limit:act:ada:8", 121), ("limit:act-from:home:9", "limit:act-from:home:8", 121)])
        assert asked[0].count(b"INCR") == 2  # both windows, in one write
        monkeypatch.setattr(limits, "get_channel_layer", lambda: shared)
        await limits.admit("a-browser-not-heard-of", "move", "203.0.113.9")  # waits for the count, then goes ahead
        redis.close()

    run_apart(asyncio.wait_for(play(), 30))
