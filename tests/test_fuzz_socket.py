"""Random and malformed websocket messages from a watcher at a live table:
every one gets a sentence (or, for a refresh, the table as it is) and the
table never changes."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tables.actions import ACTIONS
from tests.live import Client, Servers

junk = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)
messages = st.one_of(
    st.text(max_size=40),
    junk.map(json.dumps),
    st.builds(lambda kind, extra: json.dumps({"type": kind, **extra}),
              st.sampled_from(["move", "act", "hello", "x", ""]), st.dictionaries(st.sampled_from(["seq", "action", "do", "seat"]), junk)),
    st.builds(lambda do, extra: json.dumps({"type": "act", "do": do, **extra}),
              st.sampled_from(sorted(ACTIONS)), st.dictionaries(st.sampled_from(["seat", "level", "settings", "to", "name"]), junk)),
    st.builds(lambda seq, action: json.dumps({"type": "move", "seq": seq, "action": action}), junk, junk),
)


@pytest.fixture(scope="module")
def live_table(tmp_path_factory):
    pool = Servers(tmp_path_factory.mktemp("fuzz"))
    server = pool.start()
    ada = Client(server)
    code = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    ada.post(f"/api/tables/{code}/bot")
    ada.post(f"/api/tables/{code}/start")
    eve = Client(server)
    ws = eve.socket(code)
    ws.until(lambda m: m.get("type") == "snapshot")
    yield ada, code, ws
    ws.close()
    pool.stop_all()


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=messages)
def test_a_watchers_random_messages_get_a_sentence_and_change_nothing(live_table, text):
    ada, code, ws = live_table
    before = ada.get(f"/api/tables/{code}")[1]
    ws.ws.send(text)
    answer = ws.next()
    if answer["type"] == "error":
        assert isinstance(answer["message"], str) and answer["message"].endswith((".", "?", "!"))
        if answer.get("status") == 409:
            assert ws.next()["type"] == "snapshot"  # a refusal for staleness comes with the table as it is
    else:
        assert answer["type"] == "snapshot" and answer["seat"] is None
    assert ada.get(f"/api/tables/{code}")[1] == before
