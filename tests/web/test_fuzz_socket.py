"""Random and malformed websocket messages at a live table, from a watcher and
from the seated host: every refusal is an error message with a sentence, a
refresh is answered with the table, the socket stays open, and only a valid
message (one no refusal answers) changes the table."""

import dataclasses
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.abuse import action_bodies, assert_sentence, junk, too_deep
from tests.live import Client, Servers
from web.actions import ACTIONS
from web.wire import MOST_BYTES, MOST_DEPTH

# One table serves every example of a test (the fixture is made once a test).
sharing_a_table = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

# No fuzzed frame is long enough to earn wire's 413, so this frame's 413 marks
# the end of the replies to the frame sent before it.
END_OF_REPLIES = "x" * (MOST_BYTES + 1)


@dataclasses.dataclass(frozen=True)
class MoveNow:
    """A move made against the table's current seq: ``card`` an int picks
    that card of the mover's hand, anything else is sent as it is."""

    kind: str
    card: object
    extra: dict

    def frame(self, snap: dict) -> str:
        mine = (snap.get("view") or {}).get("mine") or []
        card = mine[self.card % len(mine)] if isinstance(self.card, int) and mine else self.card
        return json.dumps({"type": "move", "seq": snap["seq"], "action": {**self.extra, "type": self.kind, "card": card}})


messages = st.one_of(
    st.text(max_size=40),
    st.binary(max_size=40),
    junk.map(json.dumps),
    too_deep,
    st.builds(lambda kind, extra: json.dumps({"type": kind, **extra}),
              st.sampled_from(["move", "act", "hello", "refresh", "x", ""]),
              st.dictionaries(st.sampled_from(["seq", "action", "do", "seat", "name"]), junk)),
    st.builds(lambda do, body: json.dumps({"type": "act", "do": do, **body}), st.sampled_from(sorted(ACTIONS)), action_bodies),
    st.builds(lambda seq, action: json.dumps({"type": "move", "seq": seq, "action": action}), junk, junk),
    st.builds(MoveNow, st.sampled_from(["play", "ready", "pass"]), st.integers(0, 2) | junk, st.dictionaries(st.text(max_size=5), junk)),
)


def _replies(ws, message, snap) -> list[dict]:
    """Send one fuzzed message; every message the socket sends back for it."""
    frame = message.frame(snap) if isinstance(message, MoveNow) else message
    ws.ws.send(frame)
    ws.ws.send(END_OF_REPLIES)
    replies = []
    while (reply := ws.next()).get("status") != 413:
        replies.append(reply)
    assert_sentence(reply["message"])
    for reply in replies:
        assert reply["type"] in ("error", "snapshot"), reply
        if reply["type"] == "error":
            assert reply["status"] < 500, reply
            assert_sentence(reply["message"])
    return replies


def _game_under_way(server):
    """A High Card game on a live server, Ada hosting beside a bot; her turn."""
    ada = Client(server)
    code = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    ada.post(f"/api/tables/{code}/bot")
    ada.post(f"/api/tables/{code}/start")
    return ada, code


def _socket(client, code):
    ws = client.socket(code)
    ws.until(lambda m: m.get("type") == "snapshot")
    return ws


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    pool = Servers(tmp_path_factory.mktemp("fuzz"))
    yield pool.start()
    pool.stop_all()


@pytest.fixture
def watching(server):
    """Eve's socket, watching Ada's game."""
    ada, code = _game_under_way(server)
    ws = _socket(Client(server), code)
    yield ada, code, ws
    ws.close()


class Hosting:
    """Ada's own socket at her game; a new game once a valid message has
    changed the last one, so each message meets a game under way."""

    def __init__(self, server):
        self.server, self.ws = server, None
        self.deal()

    def deal(self):
        if self.ws is not None:
            self.ws.close()
        self.ada, self.code = _game_under_way(self.server)
        self.ws = _socket(self.ada, self.code)

    def now(self) -> dict:
        return self.ada.get(f"/api/tables/{self.code}")[1]


@pytest.fixture
def hosting(server):
    table = Hosting(server)
    yield table
    table.ws.close()


@sharing_a_table
@given(message=messages)
def test_a_watchers_random_messages_get_a_sentence_and_change_nothing(watching, message):
    ada, code, ws = watching
    before = ada.get(f"/api/tables/{code}")[1]
    replies = _replies(ws, message, before)
    assert replies  # a watcher can change nothing, so every message is answered: a refusal, or the table
    assert all(reply["seat"] is None for reply in replies if reply["type"] == "snapshot")
    assert ada.get(f"/api/tables/{code}")[1] == before


@sharing_a_table
@given(message=messages)
def test_the_hosts_random_messages_are_done_or_refused_with_a_sentence(hosting, message):
    before = hosting.now()
    replies = _replies(hosting.ws, message, before)
    if any(reply["type"] == "error" for reply in replies):
        assert hosting.now() == before
    elif hosting.now() != before:
        hosting.deal()


@pytest.mark.parametrize("frame, sentence", [
    ("x" * (MOST_BYTES + 1), "That message is far too long for a move."),
    (json.dumps({"type": "act", "do": "end", "pad": "x" * MOST_BYTES}), "That message is far too long for a move."),
    (b"{" + b" " * MOST_BYTES + b"}", "That message is far too long for a move."),
    ("[" * (MOST_DEPTH + 1) + "]" * (MOST_DEPTH + 1), "That message is nested too deeply to be a move."),
    ('{"type": "act", "do": "end", "x": ' + "[" * MOST_DEPTH + "]" * MOST_DEPTH + "}", "That message is nested too deeply to be a move."),
], ids=["long-text", "long-act", "long-binary", "deep-array", "deep-act"])
def test_frames_past_the_limits_get_a_sentence_and_the_socket_stays_open(hosting, frame, sentence):
    before = hosting.now()
    hosting.ws.ws.send(frame)
    assert hosting.ws.until(lambda m: m.get("type") == "error")["message"] == sentence
    assert hosting.now() == before
    hosting.ws.send({"type": "refresh"})
    assert hosting.ws.until(lambda m: m.get("type") == "snapshot")["seq"] == before["seq"]
