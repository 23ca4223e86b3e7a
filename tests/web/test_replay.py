"""Replays: a finished game, rebuilt step by step from its seed and moves,
shows at each step exactly what the viewer's seat was shown live (a
watcher's view through the shared link), and a replay of a running game, an
unknown game, a step out of range or a stranger's ask is refused with a
sentence."""

import re

import orjson
import pytest
from django.test import Client

from engine import moves, registry
from tables import replays
from tables.models import Move, Result, SharedResult, Table
from tests.accounts.test_accounts import finished_game, new_table, post, signed_in, snap_of
from tests.views import move_from
from web.nul import NUL_ADDRESS

GAME = registry.get("high-card")


def same(a, b):
    return orjson.dumps(a, option=orjson.OPT_SORT_KEYS) == orjson.dumps(b, option=orjson.OPT_SORT_KEYS)


@pytest.fixture
def live_views(monkeypatch):
    """Every view of every seat the live table passed through, by seq: the
    table's own moves (people's and bots') all go through moves.dispatch."""
    seen = {}
    real = moves.dispatch

    def watched(game, state, seat, action, now):
        out = real(game, state, seat, action, now)
        seen[state["seq"]] = {s: game.view(moves.plain_copy(state), s) for s in [None, *range(state["n"])]}
        return out

    monkeypatch.setattr(moves, "dispatch", watched)
    return seen


def step(client, path, k):
    answer = client.get(path, {"step": str(k)})
    return answer.status_code, answer.json()


@pytest.mark.django_db(transaction=True)
def test_every_step_of_a_replay_is_the_view_that_seat_had_live(live_views):
    ada = Client()
    code, last_snap = finished_game(ada, "Ada")
    result = Result.objects.get(table__code=code)
    steps = Move.objects.filter(table__code=code).count()
    assert steps == last_snap["seq"] and steps > 6
    assert set(live_views) == set(range(1, steps + 1))

    for k in range(steps + 1):
        status, body = step(ada, f"/api/replays/{result.pk}", k)
        assert status == 200, body
        assert body["step"] == k and body["steps"] == steps and body["seat"] == 0
        if k:
            assert same(body["view"], live_views[k][0]), k  # Ada's own seat, as she saw it then
        assert body["status"] == ("over" if k == steps else "playing")
    assert same(body["view"], last_snap["view"]) and body["result"]["places"] == last_snap["result"]["places"]

    # Through the shared link, a stranger sees what a watcher saw: no hand but the table's.
    shared, _ = SharedResult.objects.get_or_create(result=result)
    stranger = Client()
    for k in (1, steps // 2, steps):
        status, body = step(stranger, f"/api/replays/shared/{shared.token}", k)
        assert status == 200 and body["seat"] is None
        assert same(body["view"], live_views[k][None])
        assert not any(s["you"] for s in body["seats"])


@pytest.mark.django_db(transaction=True)
def test_the_first_step_is_the_deal_and_each_step_names_its_move_and_its_log_lines():
    ada = Client()
    code, _ = finished_game(ada, "Ada")
    result = Result.objects.get(table__code=code)
    first = ada.get(f"/api/replays/{result.pk}").json()  # no step said: the start
    assert first["step"] == 0 and first["mover"] is None
    assert {e["kind"] for e in first["fresh"]} >= {"deal", "dealt"}
    assert all(e.get("kind") != "dealt" or sorted(e["cards"]) == first["view"]["mine"] for e in first["fresh"])
    one = step(ada, f"/api/replays/{result.pk}", 1)[1]
    assert one["mover"] == "Ada" and [e["kind"] for e in one["fresh"]] == ["play"]


@pytest.mark.django_db(transaction=True)
def test_a_kept_game_replays_after_the_table_has_moved_on():
    ada = signed_in("ada")
    code, _ = finished_game(ada, "Ada")
    result = Result.objects.get(table__code=code)
    post(ada, f"/api/tables/{code}/again")
    assert Table.objects.get(code=code).seed != result.seed != ""
    status, body = step(ada, f"/api/replays/{result.pk}", 3)
    assert status == 200 and body["step"] == 3
    # The table's own address now finds a game under way: its replay is refused.
    status, body = step(ada, f"/api/tables/{code}/replay", 0)
    assert status == 409 and body["error"] == "This game is still being played: its replay opens once it's over."


@pytest.mark.django_db(transaction=True)
def test_a_running_game_has_no_replay_by_its_table_or_its_page():
    ada = Client()
    code = new_table(ada, "Ada")["code"]
    assert step(ada, f"/api/tables/{code}/replay", 0)[1]["error"].startswith("No game has been played to its end")
    post(ada, f"/api/tables/{code}/fill")
    post(ada, f"/api/tables/{code}/start")
    snap = snap_of(ada, code)
    post(ada, f"/api/tables/{code}/move", {"seq": snap["seq"], "action": move_from(snap)})
    status, body = step(ada, f"/api/tables/{code}/replay", 0)
    assert status == 409 and "still being played" in body["error"]
    page = ada.get(f"/t/{code}/replay")
    assert page.status_code == 409 and "still being played" in page.content.decode()
    assert not Result.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_a_game_ended_early_has_no_replay():
    ada = Client()
    code = new_table(ada, "Ada")["code"]
    post(ada, f"/api/tables/{code}/fill")
    post(ada, f"/api/tables/{code}/start")
    post(ada, f"/api/tables/{code}/end")
    status, body = step(ada, f"/api/tables/{code}/replay", 0)
    assert status == 409 and "ended this game early" in body["error"]


@pytest.mark.django_db(transaction=True)
def test_a_step_that_is_not_one_of_the_games_steps_is_refused_with_a_sentence():
    ada = Client()
    code, snap = finished_game(ada, "Ada")
    result = Result.objects.get(table__code=code)
    last = snap["seq"]
    for raw in ["-1", "1.5", "abc", "1e3", "\u0663", " 2", "0x10", "99999999999", "2;3"]:
        answer = ada.get(f"/api/replays/{result.pk}", {"step": raw})
        assert answer.status_code == 400, raw
        assert answer.json()["error"] == f"Say which step to show as a whole number from 0 to {last}."
    # No address holds NUL, its query included (web/nul.py).
    answer = ada.get(f"/api/replays/{result.pk}", {"step": "\x00"})
    assert (answer.status_code, answer.json()) == (404, {"error": NUL_ADDRESS})
    assert ada.get(f"/api/replays/{result.pk}?step=1&step=x").status_code == 400  # (the last of several counts)
    status, body = step(ada, f"/api/replays/{result.pk}", last + 1)
    assert status == 404 and body["error"] == f"This game has steps 0 to {last}; there is no step {last + 1}."


@pytest.mark.django_db(transaction=True)
def test_strangers_and_unknown_games_get_the_same_sentence_and_nothing_of_the_game():
    ada = Client()
    code, _ = finished_game(ada, "Ada")
    result = Result.objects.get(table__code=code)
    stranger = Client()
    refusals = [
        stranger.get(f"/api/replays/{result.pk}"),
        ada.get(f"/api/replays/{result.pk + 999}"),
        ada.get("/api/replays/ab'c"),
        ada.get(f"/api/replays/{result.pk}".replace("/api/replays/", "/api/replays/\u0660")),  # an Arabic zero
        stranger.get(f"/api/tables/{code}/replay"),
    ]
    for answer in refusals:
        assert answer.status_code == 404
        assert answer.json() == {"error": "There is no such game to replay, or it isn't yours to watch."}
    assert stranger.get("/api/replays/shared/not-a-token").json() == {"error": "That link doesn't lead to a game to replay."}
    assert ada.get("/api/tables/QQQQQ/replay").status_code == 404
    page = stranger.get(f"/replays/{result.pk}")
    assert page.status_code == 404 and "Ada" not in page.content.decode() and code not in page.content.decode()
    assert ada.post(f"/api/replays/{result.pk}").status_code == 405


@pytest.mark.django_db(transaction=True)
def test_the_replay_is_reached_from_the_table_and_the_result_pages():
    ada = Client()
    code, _ = finished_game(ada, "Ada")
    result = Result.objects.get(table__code=code)
    assert ada.get(f"/t/{code}/replay")["Location"] == f"/replays/{result.pk}"
    page = ada.get(f"/replays/{result.pk}").content.decode()
    assert f'data-replay="/api/replays/{result.pk}"' in page and 'data-side="0"' in page  # Ada's own seat
    assert re.search(r'<script type="module" src="/static/room/generic(\.[0-9a-f]+)?\.js">', page)  # High Card's plain table
    mine = ada.get(f"/accounts/results/{result.pk}").content.decode()
    assert f'href="/replays/{result.pk}"' in mine and "Watch the replay" in mine
    token = SharedResult.objects.get(result=result).token
    shared = Client().get(f"/accounts/results/shared/{token}").content.decode()
    assert f'href="/replays/shared/{token}"' in shared
    watcher = Client().get(f"/replays/shared/{token}").content.decode()
    assert f'data-replay="/api/replays/shared/{token}"' in watcher and 'data-side="watcher"' in watcher


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("slug", ["euchre", "get-in-line", "line", "station-master"])
def test_every_game_replays_from_its_record_to_the_live_games_final_state_and_result(slug):
    """Bots play a whole game at a table (the host's own seat covered); its
    replay from the seed and the recorded moves lands on the very state the
    table ended on."""
    ada = Client()
    code = new_table(ada, "Ada", game=slug)["code"]
    post(ada, f"/api/tables/{code}/fill")
    assert post(ada, f"/api/tables/{code}/start")[0] == 200
    post(ada, f"/api/tables/{code}/cover", {"seat": 0})
    for _ in range(200):
        if snap_of(ada, code)["status"] == "over":
            break
    table = Table.objects.get(code=code)
    assert table.status == "over"
    rec = replays.record(Result.objects.get(table=table))
    final, _ = replays.rebuilt(rec, rec.last)
    assert same(final, table.state)
    last = step(ada, f"/api/tables/{code}/replay", rec.last)[1]
    assert last["status"] == "over" and last["result"]["places"] == rec.game.result(table.state)["places"]
