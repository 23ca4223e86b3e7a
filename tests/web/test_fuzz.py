"""Random and malformed requests at every address of the JSON API: moves and
every table action from a watcher and from the host, new tables, reads,
random codes, action names and methods. Valid input is answered with a 2xx
and may change the table; anything else gets a 4xx with a sentence and
changes nothing; nothing gets a 500."""

import json
from urllib.parse import quote

import pytest
from django.test import Client
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from engine import registry
from tables.models import Move, Table
from tests.abuse import action_bodies, assert_refused, junk, near_valid, raw_bytes, too_deep
from web.actions import ACTIONS

pytestmark = pytest.mark.django_db

# One table serves every example of a test (the fixture is made once a test).
sharing_a_table = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

bodies = action_bodies.map(json.dumps) | junk.map(json.dumps) | too_deep | raw_bytes


def _post(client, path, body=None):
    return client.post(path, json.dumps({} if body is None else body), content_type="application/json")


def _waiting_room():
    """A High Card table in its waiting room: Ada hosts, beside a bot."""
    ada = Client()
    code = _post(ada, "/api/tables", {"game": "high-card", "name": "Ada"}).json()["code"]
    _post(ada, f"/api/tables/{code}/bot")
    return code, ada


def _table():
    """A running High Card game, Ada on turn, with a watcher (Eve)."""
    code, ada = _waiting_room()
    for _ in range(20):
        snap = _post(ada, f"/api/tables/{code}/start").json()
        if snap.get("view") and snap["view"]["moves"]:
            break
        _post(ada, f"/api/tables/{code}/end")
        _post(ada, f"/api/tables/{code}/again")
        snap = ada.get(f"/api/tables/{code}").json()
        if snap["view"]["moves"]:
            break
    return code, ada, Client()


def _frozen(code):
    table = Table.objects.get(code=code)
    return json.dumps([table.state, table.status, table.settings, table.host, table.number, table.seq,
                       list(table.seats.values()), Move.objects.count()], sort_keys=True, default=str)


@pytest.fixture
def table(db):
    return _table()


def _done_or_refused(response, code, before):
    """Valid input is answered with the table, which it may have changed;
    anything else is refused with a sentence and changes nothing."""
    assert response.status_code < 500, response.content
    if response.status_code < 300:
        assert response.json()["code"] == code
    else:
        assert_refused(response)
        assert _frozen(code) == before


@sharing_a_table
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
    assert_refused(_post(who, f"/api/tables/{code}/move", body))
    assert _frozen(code) == before


@sharing_a_table
@given(action=st.sampled_from(sorted(ACTIONS)), body=bodies)
def test_random_bodies_at_every_action_from_a_watcher_change_nothing(table, action, body):
    code, ada, eve = table
    before = _frozen(code)
    # (A watcher may join a waiting room, but this game is under way: even joining is refused.)
    assert_refused(eve.post(f"/api/tables/{code}/{action}", body, content_type="application/json"))
    assert _frozen(code) == before


@settings(max_examples=300, deadline=None)
@given(phase=st.sampled_from(["waiting", "playing", "ended"]), as_host=st.booleans(), action=st.sampled_from(sorted(ACTIONS)),
       body=bodies)
# (Once found: a refusal that began with the value sent, not a capital.)
@example(phase="waiting", as_host=True, action="settings", body='{"settings": {"bot_pace": null}}')
def test_random_bodies_at_every_action_from_the_host_or_a_newcomer_are_done_or_refused(phase, as_host, action, body):
    code, ada = _waiting_room()
    if phase != "waiting":
        _post(ada, f"/api/tables/{code}/start")
    if phase == "ended":
        _post(ada, f"/api/tables/{code}/end")
    before = _frozen(code)
    who = ada if as_host else Client()
    _done_or_refused(who.post(f"/api/tables/{code}/{action}", body, content_type="application/json"), code, before)


new_table_bodies = st.fixed_dictionaries({}, optional={
    "game": st.sampled_from(sorted(registry.REGISTERED)) | junk,
    "name": st.text(max_size=24) | near_valid | junk,
    "settings": st.dictionaries(st.text(max_size=10), near_valid | junk) | junk,
}).map(json.dumps) | junk.map(json.dumps) | too_deep | raw_bytes


@settings(max_examples=150, deadline=None)
@given(body=new_table_bodies)
def test_random_requests_for_a_new_table_make_one_or_get_a_sentence(body):
    tables = Table.objects.count()
    response = Client().post("/api/tables", body, content_type="application/json")
    assert response.status_code < 500, response.content
    if response.status_code == 201:
        made = Table.objects.get(code=response.json()["code"])
        assert made.seats.get(index=0).browser == made.host
    else:
        assert_refused(response)
        assert Table.objects.count() == tables


# An address: one of the API's own, a random one under /api/, or a table's
# (None stands for the fixture's table code, and for no action at all).
addresses = (
    st.sampled_from(["/api/games", "/api/mine", "/api/tables", "/api/", "/api/tables/"])
    | st.text(max_size=16).map(lambda rest: "/api/" + quote(rest, safe="/"))
    | st.tuples(st.none() | st.text(max_size=12), st.none() | st.sampled_from(sorted(ACTIONS)) | st.text(max_size=12))
)


@sharing_a_table
@given(method=st.sampled_from(["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]), address=addresses, body=bodies)
def test_random_addresses_codes_actions_and_methods_get_a_sentence(table, method, address, body):
    code, ada, eve = table
    if isinstance(address, tuple):
        at, action = address
        address = "/api/tables/" + quote(code if at is None else at, safe="") + ("" if action is None else "/" + quote(action, safe=""))
    before = _frozen(code)
    response = eve.generic(method, address, body, content_type="application/json")
    assert response.status_code < 500, response.content
    if response.status_code >= 300:
        assert_refused(response)
    assert _frozen(code) == before


def test_joining_a_game_under_way_is_refused(table):
    code, ada, eve = table
    before = _frozen(code)
    response = eve.post(f"/api/tables/{code}/join", json.dumps({"name": "Eve"}), content_type="application/json")
    assert response.status_code == 409
    assert response.json()["error"] == "This game has already started. You can watch, and join when the host plays again."
    assert _frozen(code) == before
