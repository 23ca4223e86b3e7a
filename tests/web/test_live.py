"""Real server processes and real websockets: two people and two bots play a
game to its end, each socket only ever seeing its own seat; a server killed
mid-game comes back with the game exactly as it was and its bots carry on."""

import json

from tests.live import Client
from tests.views import move_from, offered_to


def play_to_the_end(ws, snap):
    """Move whenever this socket's seat may, until the game is over; each
    wait is for a view where the seat may move again or the game ended, so
    every bot's turn in between has been played."""
    while snap["status"] == "playing":
        if snap["view"]["moves"]:
            ws.send({"type": "move", "seq": snap["seq"], "action": move_from(snap)})
        snap = ws.until(lambda m: m.get("type") == "snapshot" and (m["status"] != "playing" or m["view"]["moves"]))
    return snap


def test_two_people_and_two_bots_play_to_the_end_and_each_socket_sees_only_its_seat(servers):
    server = servers.start()
    ada, ben = Client(server), Client(server)
    status, snap = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})
    code = snap["code"]
    ben.post(f"/api/tables/{code}/join", {"name": "Ben"})  # as the page sits down: the session comes with the seat
    ada_ws, ben_ws = ada.socket(code), ben.socket(code)
    ada_ws.until(lambda m: m.get("type") == "snapshot" and len(m["seats"]) == 2)
    ada_ws.send({"type": "act", "do": "bot", "level": "easy"})
    ada_ws.send({"type": "act", "do": "bot", "level": "hard"})
    ada_ws.until(lambda m: m.get("type") == "snapshot" and len(m["seats"]) == 4)
    ada_ws.send({"type": "act", "do": "start"})

    sockets = {0: ada_ws, 1: ben_ws}
    last = {0: None, 1: None}
    for _ in range(400):
        for seat, ws in sockets.items():
            snap = ws.newest(lambda m: m.get("type") == "snapshot" and m["status"] != "lobby")
            last[seat] = snap
        if all(s["status"] == "over" for s in last.values()):
            break
        for seat, ws in sockets.items():
            snap = last[seat]
            if snap["status"] == "playing" and snap["view"]["moves"]:
                ws.send({"type": "move", "seq": snap["seq"], "action": move_from(snap)})
            else:
                ws.send({"type": "refresh"})
    assert all(s["status"] == "over" for s in last.values()), "the game did not reach its end"
    assert last[0]["result"] == last[1]["result"] and sorted(last[0]["result"]["places"])[0] == 1

    for seat, ws in sockets.items():
        other = 1 - seat
        for message in ws.received:
            assert message.get("type") in ("snapshot", "error")
            if message.get("type") != "snapshot" or message["view"] is None:
                continue
            assert message["seat"] == seat and message["view"]["seat"] == seat
            # What the other person held at this moment appears nowhere
            # outside the log of earlier deals.
            theirs = next((m["view"]["mine"] for m in sockets[other].received
                           if m.get("type") == "snapshot" and m["view"] and m["view"]["seq"] == message["view"]["seq"]), [])
            shown = json.dumps({k: v for k, v in message["view"].items() if k != "events"})
            assert not [card for card in theirs if f'"{card}"' in shown]
            private = [e for e in message["view"]["events"] if e["kind"] == "dealt"]
            assert len(private) <= 2  # its own deals only: one line per deal
    ada_ws.close()
    ben_ws.close()


def test_a_killed_server_loses_nothing_and_its_bots_carry_on(servers):
    # Bots that think for an age, so the game stops on a bot's turn.
    first = servers.start(PARLOR_BOT_THINK=100000)
    ada = Client(first)
    status, snap = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})
    code = snap["code"]
    ada.post(f"/api/tables/{code}/bot", {"level": "medium"})
    status, snap = ada.post(f"/api/tables/{code}/start")
    if snap["view"]["moves"]:
        status, snap = ada.post(f"/api/tables/{code}/move", {"seq": snap["seq"], "action": move_from(snap)})
        assert status == 200
    assert snap["seats"][1]["deciding"], "the bot should be thinking"
    before = ada.get(f"/api/tables/{code}")[1]
    first.kill()

    second = servers.start(PARLOR_BOT_THINK=100000)
    status, after = ada.use(second).get(f"/api/tables/{code}")
    assert status == 200 and after == before
    second.kill()

    third = servers.start()  # bots answer at once: the ticker resumes the game
    ws = ada.use(third).socket(code)
    snap = ws.until(lambda m: m.get("type") == "snapshot")
    assert snap["seq"] > before["seq"], "the bot should have played after the restart"
    assert play_to_the_end(ws, snap)["status"] == "over"
    ws.close()


def test_a_socket_gets_a_sentence_for_a_bad_message_and_a_fresh_view_for_a_stale_move(servers):
    server = servers.start()
    ada = Client(server)
    status, snap = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})
    code = snap["code"]
    ada.post(f"/api/tables/{code}/bot")
    ws = ada.socket(code)
    ws.until(lambda m: m.get("type") == "snapshot")
    ws.ws.send("{nope")
    assert ws.until(lambda m: m.get("type") == "error")["message"] == "That message isn't valid JSON."
    ws.send({"type": "act", "do": "start"})
    snap = ws.until(lambda m: m.get("type") == "snapshot" and m["status"] == "playing" and m["view"]["moves"])
    ws.send({"type": "move", "seq": snap["seq"] + 7, "action": move_from(snap)})
    error = ws.until(lambda m: m.get("type") == "error")
    assert error["message"] == "The table moved on before your move arrived. Here is where it stands now."
    assert error["for"] == "move"  # (the page lets the move it sent go)
    fresh = ws.until(lambda m: m.get("type") == "snapshot")
    assert fresh["seq"] == snap["seq"]
    ws.close()


def test_a_refused_action_does_not_cost_the_next_move_its_save(servers):
    # On PostgreSQL psycopg deallocates every prepared statement, the
    # server's own too, when a transaction rolls back once it has prepared some.
    server = servers.start()
    ada = Client(server)
    code = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    ada.post(f"/api/tables/{code}/bot")
    ada.post(f"/api/tables/{code}/start")
    ws = ada.socket(code)
    snap = ws.until(lambda m: m.get("type") == "snapshot")
    for _ in range(6):  # the same reads, often enough for psycopg to prepare them
        ws.send({"type": "refresh"})
        ws.until(lambda m: m.get("type") == "snapshot")
    ws.send({"type": "act", "do": "start"})
    assert ws.until(lambda m: m.get("type") == "error")["status"] == 409
    ws.send({"type": "move", "seq": snap["seq"], "action": move_from(snap)})
    answer = ws.until(lambda m: m.get("type") == "error" or m["seq"] > snap["seq"])
    assert answer["type"] == "snapshot", answer
    ws.close()


def test_a_socket_from_another_site_is_turned_away(servers):
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    server = servers.start()
    ada = Client(server)
    status, snap = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})
    url = server.url.replace("http", "ws") + f"/ws/tables/{snap['code']}/"
    try:
        connect(url, origin="http://evil.example", open_timeout=10).close()
        raise AssertionError("a socket from another site was accepted")
    except InvalidStatus as refused:
        assert refused.response.status_code == 403


def test_a_client_that_drops_and_reconnects_gets_the_current_view(servers):
    server = servers.start()
    ada, ben = Client(server), Client(server)
    status, snap = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})
    code = snap["code"]
    ben.post(f"/api/tables/{code}/join", {"name": "Ben"})
    ben_ws = ben.socket(code)
    ben_ws.until(lambda m: m.get("type") == "snapshot")
    ben_ws.close()  # Ben's connection drops
    status, snap = ada.post(f"/api/tables/{code}/start")
    while snap["status"] == "playing" and snap["view"]["moves"]:
        status, snap = ada.post(f"/api/tables/{code}/move", {"seq": snap["seq"], "action": move_from(snap)})
    ben_ws = ben.socket(code)
    back = ben_ws.until(lambda m: m.get("type") == "snapshot")
    assert back["status"] == "playing" and back["seq"] == snap["seq"] and back["seat"] == 1
    assert back["view"] == ben.get(f"/api/tables/{code}")[1]["view"]
    ben_ws.close()


def test_a_watcher_follows_every_change_without_seeing_a_hand(servers):
    server = servers.start()
    ada, cy = Client(server), Client(server)
    status, snap = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})
    code = snap["code"]
    ada.post(f"/api/tables/{code}/bot", {"level": "medium"})
    cy_ws = cy.socket(code)  # Cy never sits down: Cy watches
    assert cy_ws.until(lambda m: m.get("type") == "snapshot")["seat"] is None
    status, snap = ada.post(f"/api/tables/{code}/start")
    while snap["status"] == "playing":
        seq = snap["seq"]
        seen = cy_ws.until(lambda m, seq=seq: m.get("type") == "snapshot" and m["seq"] >= seq)
        assert seen["seat"] is None and not seen["host"]
        shown = json.dumps({k: v for k, v in seen["view"].items() if k != "events"})
        assert not [card for card in snap["view"]["mine"] if f'"{card}"' in shown], "a watcher saw Ada's hand"
        if snap["view"]["moves"]:
            status, snap = ada.post(f"/api/tables/{code}/move", {"seq": snap["seq"], "action": move_from(snap)})
        else:
            snap = ada.get(f"/api/tables/{code}")[1]
    assert cy_ws.until(lambda m: m.get("type") == "snapshot" and m["status"] == "over")["result"] == snap["result"]
    cy_ws.close()


def test_a_bot_moves_when_its_time_comes_without_waiting_for_the_poll(servers):
    # The ticker's poll for overdue tables runs once an hour here: only the
    # alarm the change sets can wake the bot.
    server = servers.start(PARLOR_BOT_THINK=0.01, PARLOR_TICK_SECONDS=3600)
    ada = Client(server)
    status, snap = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})
    code = snap["code"]
    ada.post(f"/api/tables/{code}/bot", {"level": "medium"})
    ws = ada.socket(code)
    ws.until(lambda m: m.get("type") == "snapshot")
    ws.send({"type": "act", "do": "start"})
    snap = ws.until(lambda m: m.get("type") == "snapshot" and m["status"] == "playing")
    assert play_to_the_end(ws, snap)["status"] == "over"
    ws.close()


def test_moving_too_fast_over_a_socket_gets_a_sentence(servers):
    from tests.live import moving_too_fast_over_a_socket

    moving_too_fast_over_a_socket(servers)


def test_a_crowd_of_sockets_shares_the_servers_few_sqlite_connections(tmp_path):
    """Every socket is a task of its own; its database calls must not each
    open a SQLite connection (each with its own cache), or a busy table's
    watchers would swell the server."""
    from pathlib import Path

    from tests.live import Servers

    pool = Servers(tmp_path, DATABASE_URL="", REDIS_URL="")
    try:
        server = pool.start()
        ada = Client(server)
        code = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
        database = str(tmp_path / "parlor.sqlite3")
        fds = Path(f"/proc/{server.proc.pid}/fd")
        watchers, opened = [], []
        for crowd in (12, 24):
            while len(watchers) < crowd:
                watchers.append(Client(server).socket(code))
                watchers[-1].until(lambda m: m.get("type") == "snapshot")
            ada.post(f"/api/tables/{code}/bot", {"level": "easy"})
            for ws in watchers:
                ws.until(lambda m, crowd=crowd: m.get("type") == "snapshot" and len(m["seats"]) == 1 + crowd // 12)
            opened.append(sum(1 for fd in fds.iterdir() if _target(fd) == database))
        # A few threads' connections, whatever the crowd: far fewer than the
        # sockets (a worker thread may open its own the first time it is used,
        # so the count may grow by one or two, never with the crowd).
        assert max(opened) < 12, f"SQLite connections with 12 and 24 sockets: {opened}"
        for ws in watchers:
            ws.close()
    finally:
        pool.stop_all()


def _target(fd) -> str:
    """What an open file descriptor points at; one the server closed while
    we listed them points at nothing."""
    try:
        return fd.readlink().as_posix()
    except FileNotFoundError:
        return ""


def test_a_device_two_people_share_is_sent_only_the_view_of_the_seat_holding_it(servers):
    server = servers.start()
    ada = Client(server)
    status, snap = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})
    code = snap["code"]
    assert ada.post(f"/api/tables/{code}/here", {"name": "Cy"})[0] == 200
    assert ada.post(f"/api/tables/{code}/bot", {"level": "easy"})[0] == 200
    ws = ada.socket(code)
    ws.until(lambda m: m.get("type") == "snapshot" and len(m["seats"]) == 3)
    ws.send({"type": "act", "do": "start"})
    # Ben has a session of his own (a table of his), and a socket at Ada's.
    ben = Client(server)
    assert ben.post("/api/tables", {"game": "high-card", "name": "Ben"})[0] == 201
    ben_ws = ben.socket(code)
    ben_ws.until(lambda m: m.get("type") == "snapshot")
    refusals = []
    acted = None
    for _ in range(100):
        snap = ws.until(lambda m, acted=acted: m.get("type") == "snapshot" and m["status"] != "lobby"
                        and (m["status"] != "playing" or m["pass"] or offered_to(m))
                        and (m["seq"], m["seat"]) != acted)
        if snap["status"] != "playing":
            break
        acted = (snap["seq"], snap["seat"])
        if snap["pass"] and not refusals:
            # Refused, each with its sentence: a move before the device is
            # passed, and Ben's browser taking the device.
            ws.send({"type": "move", "seq": snap["seq"], "seat": snap["seat"], "action": {"type": "play", "card": "2C0"}})
            refusals.append(ws.until(lambda m: m.get("type") == "error"))
            first_pass = snap["pass"]["name"]
            ben_ws.send({"type": "act", "do": "hand", "seat": snap["pass"]["seat"]})
            refusals.append(ben_ws.until(lambda m: m.get("type") == "error"))
        if snap["pass"]:
            ws.send({"type": "act", "do": "hand", "seat": snap["pass"]["seat"]})
        else:
            ws.send({"type": "move", "seq": snap["seq"], "seat": snap["seat"], "action": move_from(snap)})
    assert snap["status"] == "over", "the game did not reach its end"
    ws.close()
    ben_ws.close()
    assert [(r["for"], r["message"], r["status"]) for r in refusals] == [
        ("move", f"Pass the device to {first_pass} first: they tap the screen once they have it.", 409),
        ("hand", "That seat is played on another device; only its own device can play it or be handed to it.", 403)]

    frames = [m for m in ws.received if m.get("type") == "snapshot" and m["status"] == "playing"]
    assert [m for m in ws.received if m.get("type") == "error"] == refusals[:1]
    held = {0: {}, 1: {}}  # each seat's cards seen while it held the device, by deal
    for m in frames:
        if m["seat"] is not None:
            assert m["view"]["seat"] == m["seat"] and m["seats"][m["seat"]]["you"]
            held[m["seat"]].setdefault(m["view"]["deal"], set()).update(m["view"]["mine"])
    assert held[0] and held[1], "both people should have held the device"
    passing = [m for m in frames if m["pass"]]
    assert {m["pass"]["name"] for m in passing} == {"Ada", "Cy"}
    for m in passing:
        # Waiting to be passed on: nobody's view, no private line of the log.
        assert m["seat"] is None and m["view"]["seat"] is None and m["view"]["mine"] is None
        assert not [e for e in m["view"]["events"] if e["kind"] == "dealt"]
    for m in frames:
        if m["seat"] is not None:
            other = held[1 - m["seat"]].get(m["view"]["deal"], set())
            assert not set(m["view"]["mine"]) & other
            shown = json.dumps({k: v for k, v in m["view"].items() if k not in ("events", "trick")})
            assert not [card for card in other if f'"{card}"' in shown]
