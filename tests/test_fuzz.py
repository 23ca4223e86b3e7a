"""Random and malformed actions thrown at every move type and every table
action: each gets a sentence and a 4xx, and the table does not change."""

import json

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tables.actions import ACTIONS
from tables.models import Move, Table

pytestmark = pytest.mark.django_db

junk = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


def _table():
    """A running High Card game, Ada on turn, with a watcher (Eve)."""
    ada, eve = Client(), Client()
    code = ada.post("/api/tables", json.dumps({"game": "high-card", "name": "Ada"}), content_type="application/json").json()["code"]
    ada.post(f"/api/tables/{code}/bot", "{}", content_type="application/json")
    for _ in range(20):
        snap = ada.post(f"/api/tables/{code}/start", "{}", content_type="application/json").json()
        if snap.get("view") and snap["view"]["moves"]:
            break
        ada.post(f"/api/tables/{code}/end", "{}", content_type="application/json")
        ada.post(f"/api/tables/{code}/again", "{}", content_type="application/json")
        snap = ada.get(f"/api/tables/{code}").json()
        if snap["view"]["moves"]:
            break
    return code, ada, eve


def _frozen(code):
    table = Table.objects.get(code=code)
    return json.dumps([table.state, table.status, table.settings, list(table.seats.values()), Move.objects.count()],
                      sort_keys=True, default=str)


@pytest.fixture
def table(db):
    return _table()


def _refused(response):
    assert 400 <= response.status_code < 500, response.content
    sentence = response.json()["error"]
    assert isinstance(sentence, str) and sentence.endswith((".", "?", "!")) and len(sentence) > 10


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from(["play", "ready"]), fields=st.dictionaries(st.sampled_from(["card", "seat", "space", "x"]), junk, max_size=3),
       seq_offset=st.integers(-3, 3), as_watcher=st.booleans())
def test_random_moves_change_nothing_and_get_a_sentence(table, kind, fields, seq_offset, as_watcher):
    code, ada, eve = table
    snap = ada.get(f"/api/tables/{code}").json()
    mine = set(snap["view"]["mine"])
    if kind == "play" and not as_watcher and seq_offset == 0 and isinstance(fields.get("card"), str) and fields["card"] in mine:
        fields["card"] = "not a card"  # a legal move is not what this test throws
    before = _frozen(code)
    who = eve if as_watcher else ada
    body = {"seq": snap["seq"] + seq_offset, "action": {"type": kind, **fields}}
    _refused(who.post(f"/api/tables/{code}/move", json.dumps(body), content_type="application/json"))
    assert _frozen(code) == before


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(action=st.sampled_from(sorted(ACTIONS)), body=junk)
def test_random_bodies_at_every_action_from_a_watcher_change_nothing(table, action, body):
    code, ada, eve = table
    before = _frozen(code)
    if action == "join":
        return  # a watcher may legitimately join a waiting room; this table is playing, tested below
    response = eve.post(f"/api/tables/{code}/{action}", json.dumps(body), content_type="application/json")
    _refused(response)
    assert _frozen(code) == before


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=64) | st.text(max_size=64).map(str.encode))
def test_raw_bytes_at_the_move_door_change_nothing(table, raw):
    code, ada, eve = table
    before = _frozen(code)
    response = ada.post(f"/api/tables/{code}/move", raw, content_type="application/json")
    _refused(response)
    assert _frozen(code) == before


def test_joining_a_game_under_way_is_refused(table):
    code, ada, eve = table
    before = _frozen(code)
    response = eve.post(f"/api/tables/{code}/join", json.dumps({"name": "Eve"}), content_type="application/json")
    assert response.status_code == 409
    assert response.json()["error"] == "This game has already started. You can watch, and join when the host plays again."
    assert _frozen(code) == before
