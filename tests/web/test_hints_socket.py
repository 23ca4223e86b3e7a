"""Hints over a real websocket from a real server, whose bots' workers work
them out: asked on your turn, a hint comes back to your socket alone as one
of your legal moves with its sentence; a watcher's or a stale one is refused
with a sentence; the seat's mark survives the server being killed; and
hints count against the browser's limit like any action."""

import re

from tests.live import Client
from tests.views import offered_to

LIMITED = "You're going faster than the table can follow; wait a moment and try again."


def my_turn(ws):
    return ws.until(lambda m: m.get("type") == "snapshot" and m["status"] == "playing"
                    and any(x["action"]["type"] != "ready" for x in offered_to(m)))


def test_a_hint_comes_to_your_socket_alone_and_its_mark_outlives_the_server(servers):
    server = servers.start()
    ada, ben = Client(server), Client(server)
    code = ada.post("/api/tables", {"game": "euchre", "name": "Ada"})[1]["code"]
    ada.post(f"/api/tables/{code}/fill", {"level": "easy"})
    ada_ws, watching = ada.socket(code), ben.socket(code)
    ada.post(f"/api/tables/{code}/start")
    snap = my_turn(ada_ws)

    watching.send({"type": "hint", "seq": snap["seq"]})
    refused = watching.until(lambda m: m.get("type") == "error")
    assert refused["for"] == "hint" and refused["message"].startswith("This page is only watching the table.")

    ada_ws.send({"type": "hint", "seq": snap["seq"] - 1})
    stale = ada_ws.until(lambda m: m.get("type") == "error")
    assert (stale["for"], stale["status"]) == ("hint", 409)
    assert stale["message"] == "The table moved on before your hint was asked. Here is where it stands now."

    ada_ws.send({"type": "hint", "seq": snap["seq"]})
    hint = ada_ws.until(lambda m: m.get("type") == "hint")
    assert set(hint) == {"type", "number", "seq", "action", "say", "why"}
    assert (hint["number"], hint["seq"]) == (snap["number"], snap["seq"])
    assert {"action": hint["action"], "say": hint["say"]} in offered_to(snap)
    # One sentence in the table's words: the move, then what it does for her.
    assert re.fullmatch(r"[^:]+: [^.]*\byour?\b[^.]*\.", hint["why"]), hint["why"]
    # Everyone's table says who was shown hints.
    seen = watching.until(lambda m: m.get("type") == "snapshot" and m["seats"][0]["hinted"])
    assert [s["hinted"] for s in seen["seats"]] == [True, False, False, False]
    assert not any(m.get("type") == "hint" for m in watching.received)

    # Killed outright, the server forgets nothing: the mark is the table's.
    ada_ws.close()
    watching.close()
    server.kill()
    again = servers.start(PARLOR_LIMIT_ACTS="3")
    ada.use(again)
    status, now = ada.get(f"/api/tables/{code}")
    assert status == 200 and now["seats"][0]["hinted"] is True

    # Hints count against the browser's limit, as every action does.
    ws = ada.socket(code)
    snap = my_turn(ws)
    for _ in range(4):
        ws.send({"type": "hint", "seq": snap["seq"]})
    limited = ws.until(lambda m: m.get("type") == "error" and m["status"] == 429)
    assert limited["for"] == "hint" and limited["message"] == LIMITED
    ws.close()
