"""Talking over real websockets on a live server: what is said reaches
every socket at its table (the people playing and the watchers) and no
socket at another table; text that is no plain text is answered with a
sentence, and markup is shown as the text it is; a flood is held back with
a sentence while the table's moves go on; a page arriving is sent what was
said lately."""

import json

from tables import talk_text, talking
from tables.asking import BROKEN_TEXT
from tests.abuse import assert_sentence
from tests.live import Client
from tests.views import move_from
from web.limits import TALKING_FAST


def _talk(m):
    return m.get("type") == "talk"


def _said(ws, text):
    """The talk frame that carries ``text``, as this socket is sent it."""
    return ws.until(lambda m: _talk(m) and any(s["text"] == text for s in m["said"]))


def _refused(ws):
    return ws.until(lambda m: m.get("type") == "error" and m.get("for") == "talk")


def _ada_and_ben(ada_at, ben_at=None):
    """Ada hosting a High Card table on the server ``ada_at``, and Ben seated
    there through ``ben_at`` (the same server unless named): their clients
    and the table's code."""
    ada, ben = Client(ada_at), Client(ben_at or ada_at)
    code = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    ben.post(f"/api/tables/{code}/join", {"name": "Ben"})
    return ada, ben, code


def test_a_word_said_reaches_every_socket_at_its_table_and_none_at_another(servers):
    server = servers.start()
    ada, ben, code = _ada_and_ben(server)
    cy, di = Client(server), Client(server)
    other = di.post("/api/tables", {"game": "high-card", "name": "Di"})[1]["code"]
    cy.post(f"/api/tables/{other}/join", {"name": "Cy"})  # Cy sits at Di's table and watches Ada's
    cy.post(f"/api/tables/{other}/leave")
    sockets = {"ada": ada.socket(code), "ben": ben.socket(code), "cy": cy.socket(code), "di": di.socket(other)}
    for ws in sockets.values():
        ws.until(lambda m: m.get("type") == "snapshot")
    ada_ws = sockets["ada"]
    ada_ws.send({"type": "act", "do": "talking", "watchers": True})
    sockets["cy"].until(lambda m: m.get("type") == "snapshot" and m["talk"]["watchers"])

    ada_ws.send({"type": "talk", "text": "Who dealt this?"})
    ada_ws.send({"type": "talk", "react": "party"})
    for name in ("ada", "ben", "cy"):
        said = _said(sockets[name], "Who dealt this?")["said"][0]
        assert said["name"] == "Ada" and said["seat"] == 0 and said["kind"] == "message"
        reaction = _said(sockets[name], "🎉")["said"][0]
        assert reaction["react"] == "party" and reaction["seat"] == 0
    sockets["cy"].send({"type": "talk", "text": "Go Ben!"})
    said = _said(sockets["ben"], "Go Ben!")["said"][0]
    assert said["watching"] and said["seat"] is None and said["name"] == "Cy"

    # Di's own word is the first thing said her socket hears: nothing of Ada's table came before it.
    sockets["di"].send({"type": "talk", "text": "Anyone there?"})
    heard = sockets["di"].until(_talk)
    assert [s["text"] for s in heard["said"]] == ["Anyone there?"]
    assert not any(_talk(m) for m in sockets["di"].received[:-1])
    # And Ada's table hears nothing of Di's: Ada's next word comes straight after Cy's.
    ada_ws.send({"type": "talk", "text": "Deal!"})
    _said(ada_ws, "Deal!")
    texts = [s["text"] for m in ada_ws.received if _talk(m) for s in m["said"]]
    assert texts == ["Who dealt this?", "🎉", "Go Ben!", "Deal!"]
    for ws in sockets.values():
        ws.close()


def test_the_hosts_choice_holds_at_once_for_messages_and_reactions(servers):
    ada, ben, code = _ada_and_ben(servers.start())
    ada_ws, ben_ws = ada.socket(code), ben.socket(code)
    ben_ws.until(lambda m: m.get("type") == "snapshot" and m["talk"] == {"allowed": "all", "watchers": False})
    ben_ws.send({"type": "act", "do": "talking", "talk": "off"})
    refused = ben_ws.until(lambda m: m.get("type") == "error" and m.get("for") == "talking")
    assert refused["message"] == "Only the host can choose what may be said at the table."
    ada_ws.send({"type": "act", "do": "talking", "talk": "reactions"})
    ben_ws.until(lambda m: m.get("type") == "snapshot" and m["talk"]["allowed"] == "reactions")
    ben_ws.send({"type": "talk", "text": "hello"})
    assert _refused(ben_ws)["message"] == talking.REACTIONS_ONLY
    ben_ws.send({"type": "talk", "react": "thumbs"})
    assert _said(ada_ws, "👍")["said"][0]["name"] == "Ben"
    ada_ws.send({"type": "act", "do": "talking", "talk": "off"})
    ben_ws.until(lambda m: m.get("type") == "snapshot" and m["talk"]["allowed"] == "off")
    ben_ws.send({"type": "talk", "react": "thumbs"})
    assert _refused(ben_ws)["message"] == talking.OFF
    ada_ws.close()
    ben_ws.close()


def test_raw_text_is_answered_with_a_sentence_or_shown_as_text_and_a_flood_leaves_the_table_playing(servers):
    server = servers.start()
    ada, ben, code = _ada_and_ben(server)
    di = Client(server)
    ada.post(f"/api/tables/{code}/start")
    other = di.post("/api/tables", {"game": "high-card", "name": "Di"})[1]["code"]
    ada_ws, ben_ws, di_ws = ada.socket(code), ben.socket(code), di.socket(other)
    snaps = {ws: ws.until(lambda m: m.get("type") == "snapshot") for ws in (ada_ws, ben_ws)}
    di_ws.until(lambda m: m.get("type") == "snapshot")

    for markup in ('<img src=x onerror="alert(1)">', "javascript:alert(document.cookie)", "&lt;b&gt; & <!-- -->"):
        ada_ws.send({"type": "talk", "text": markup})
        assert _said(ben_ws, markup)["said"][0]["text"] == markup  # the very characters, for the page to show as text
    probes = [
        ('{"type": "talk", "text": "\\ud800"}', BROKEN_TEXT),
        (json.dumps({"type": "talk", "text": "abc\u202egnp.exe"}), talk_text.BIDI),
        (json.dumps({"type": "talk", "text": "\u200b\u200d\u2060"}), talk_text.BLANK),
        (json.dumps({"type": "talk", "text": "x" * 10240}), "That message is 10240 characters long; a message at "
                                                           "the table holds up to 200. Shorten it and send it again."),
        (json.dumps({"type": "talk", "react": "<script>"}), talk_text.NOT_A_REACTION),
    ]
    for frame, sentence in probes:
        ada_ws.ws.send(frame)
        refused = ada_ws.until(lambda m: m.get("type") == "error")  # (a frame that can't be read is for no action)
        assert refused["message"] == sentence and refused["status"] < 500
        assert_sentence(refused["message"])

    flood = [f"flood {k}" for k in range(100)]
    for text in flood:
        ada_ws.send({"type": "talk", "text": text})
    answered, heard = 0, []
    while answered < len(flood):
        m = ada_ws.until(lambda m: _talk(m) or (m.get("type") == "error" and m.get("for") == "talk"))
        if _talk(m):
            heard += [s["text"] for s in m["said"] if s["text"].startswith("flood")]
        else:
            assert m["message"] == TALKING_FAST and m["status"] == 429
        answered += 1
    assert 0 < len(heard) <= 8 and heard == flood[:len(heard)]

    # The table plays on: the move of whoever's turn it is is made, and both see it.
    mover, snap = next((ws, snap) for ws, snap in snaps.items() if snap["view"]["moves"])
    mover.send({"type": "move", "seq": snap["seq"], "action": move_from(snap)})
    for ws in (ada_ws, ben_ws):
        ws.until(lambda m: m.get("type") == "snapshot" and m["seq"] > snap["seq"])
    assert not any(m.get("type") == "error" for m in ben_ws.received)
    # And the other table heard none of it.
    di_ws.send({"type": "talk", "text": "quiet here"})
    assert [s["text"] for s in di_ws.until(_talk)["said"]] == ["quiet here"]
    for ws in (ada_ws, ben_ws, di_ws):
        ws.close()


def test_a_page_arriving_is_sent_what_was_said_lately(servers):
    ada, ben, code = _ada_and_ben(servers.start())
    assert ada.post(f"/api/tables/{code}/talk", {"text": "<b>hi</b> Ben"})[0] == 200  # the JSON API says it too
    ben.post(f"/api/tables/{code}/talk", {"react": "smile"})
    ws = ben.socket(code)
    earlier = ws.until(_talk)
    assert earlier["earlier"] and [(s["name"], s["text"]) for s in earlier["said"]] == [("Ada", "<b>hi</b> Ben"), ("Ben", "😄")]
    ws.close()


def test_a_word_said_through_one_process_reaches_a_socket_on_another_and_only_its_tables(scaled):
    one, two = scaled.start(), scaled.start()
    ada, ben, code = _ada_and_ben(one, two)
    di = Client(two)
    other = di.post("/api/tables", {"game": "high-card", "name": "Di"})[1]["code"]
    ada_ws, ben_ws, di_ws = ada.socket(code), ben.socket(code), di.socket(other)
    for ws in (ada_ws, ben_ws, di_ws):
        ws.until(lambda m: m.get("type") == "snapshot")
    for text in ("one", "two", "three"):
        ada_ws.send({"type": "talk", "text": text})
    _said(ben_ws, "three")
    assert [s["text"] for m in ben_ws.received if _talk(m) for s in m["said"]] == ["one", "two", "three"]
    di_ws.send({"type": "talk", "text": "just me"})
    assert [s["text"] for s in di_ws.until(_talk)["said"]] == ["just me"]
    for ws in (ada_ws, ben_ws, di_ws):
        ws.close()
