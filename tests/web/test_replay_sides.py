"""Whose side a replay is watched from, and the game's record: the people
who played a finished game watch it from any seat's side or with every
hand face up, download its record and find its link to share; a stranger
with the shared link watches only as a watcher at the table did, and any
other side they ask for is refused with a sentence, as is a side that is no
seat's; a device passed round opens on its host's seat, and each of its
people may watch from their own."""

import json
import re

import orjson
import pytest
from django.test import Client

from engine import record as records
from engine import registry
from tables import replays
from tables.models import Move, Result, SharedResult, Table
from tests.accounts.test_accounts import finished_game, post
from tests.tables.test_pass_and_play import device_table, until

GAME = registry.get("high-card")
NOT_YOURS = ("Only the people who played this game may watch it from a seat's side or with every hand face up; "
             "this link shows it as a watcher at the table saw it.")


def same(a, b):
    return orjson.dumps(a, option=orjson.OPT_SORT_KEYS) == orjson.dumps(b, option=orjson.OPT_SORT_KEYS)


def step(client, path, k, side=None):
    answer = client.get(path, {"step": str(k), **({"side": side} if side is not None else {})})
    return answer.status_code, answer.json()


def watching_of(page) -> dict:
    """What the replay page tells its script about the watcher: the sides
    they may choose, their own seats, the record and the link to share."""
    found = re.search(r'<script id="replay-watching" type="application/json">(.*?)</script>', page.content.decode(), re.S)
    return json.loads(found.group(1))


def at(result, k):
    """The game's state after its first k moves."""
    return replays.rebuilt(replays.record(result), k)[0]


def a_finished_game():
    ada = Client()
    code, _ = finished_game(ada, "Ada")
    result = Result.objects.get(table__code=code)
    return ada, code, result


@pytest.mark.django_db(transaction=True)
def test_a_player_watches_from_every_seats_side_and_with_every_hand_face_up():
    ada, _code, result = a_finished_game()
    n, last = len(result.seats), Move.objects.filter(table=result.table).count()
    path = f"/api/replays/{result.pk}"
    assert n >= 2
    for k in (0, 1, last // 2, last):
        state = at(result, k)
        for seat in range(n):
            status, body = step(ada, path, k, str(seat))
            assert status == 200 and body["seat"] == seat and body["side"] == seat
            assert same(body["view"], GAME.view(state, seat)) and body["view"]["mine"] == sorted(state["hands"][seat])
            assert [s["you"] for s in body["seats"]] == [i == seat for i in range(n)] and body["hands"] is None
        status, body = step(ada, path, k, "all")
        assert status == 200 and body["seat"] is None and body["side"] == "all"
        assert same(body["view"], GAME.view(state, None))
        assert body["hands"] == [{"seat": i, "name": s["name"], "cards": sorted(state["hands"][i])}
                                 for i, s in enumerate(result.seats)]
        status, body = step(ada, path, k, "watcher")
        assert status == 200 and body["seat"] is None and body["hands"] is None and body["view"]["mine"] is None
    # Asked for no side, the replay opens on her own seat.
    assert step(ada, path, 1)[1]["seat"] == 0


@pytest.mark.django_db(transaction=True)
def test_a_stranger_with_the_shared_link_watches_only_as_a_watcher_and_is_told_so():
    ada, _code, result = a_finished_game()
    token = SharedResult.objects.create(result=result).token
    stranger = Client()
    for raw in ["0", "1", "all", "ALL", "9", "-1", "abc", "\u0661", "1;2", "<script>"]:
        status, body = step(stranger, f"/api/replays/shared/{token}", 1, raw)
        assert (status, body) == (403, {"error": NOT_YOURS}), raw
        page = stranger.get(f"/replays/shared/{token}", {"side": raw})
        assert page.status_code == 403 and NOT_YOURS.replace("'", "&#x27;") in page.content.decode()
        assert "replay-watching" not in page.content.decode()
    status, body = step(stranger, f"/api/replays/shared/{token}", 1, "watcher")
    assert status == 200 and body["seat"] is None and body["hands"] is None
    # Its own address stays shut to them, whatever side they ask for.
    for raw in ["0", "all", "watcher"]:
        status, body = step(stranger, f"/api/replays/{result.pk}", 1, raw)
        assert status == 404 and body == {"error": "There is no such game to replay, or it isn't yours to watch."}
    # Ada, following the same link, still chooses.
    status, body = step(ada, f"/api/replays/shared/{token}", 1, "1")
    assert status == 200 and body["seat"] == 1


@pytest.mark.django_db(transaction=True)
def test_a_side_that_is_no_seat_of_the_game_is_refused_with_a_sentence():
    ada, code, result = a_finished_game()
    n = len(result.seats)
    said = f"Say whose side to watch from: a seat's number from 0 to {n - 1}, all for every hand face up, or watcher."
    for raw in [str(n), "-1", "1.0", " 1", "ALL", "Watcher", "\u0663", "99999", "0x1", "1;2", "one", "1e0"]:
        for path in (f"/api/replays/{result.pk}", f"/api/tables/{code}/replay"):
            assert step(ada, path, 1, raw) == (400, {"error": said}), (raw, path)
        page = ada.get(f"/replays/{result.pk}", {"side": raw})
        assert page.status_code == 400 and "Say whose side to watch from" in page.content.decode()


@pytest.mark.django_db(transaction=True)
def test_the_page_offers_each_side_the_record_and_its_link_to_share_to_the_people_who_played():
    ada, code, result = a_finished_game()
    page = ada.get(f"/replays/{result.pk}", {"side": "1"})
    assert page.status_code == 200 and 'data-side="1"' in page.content.decode()
    watching = watching_of(page)
    names = [s["name"] for s in result.seats]
    assert [s["value"] for s in watching["sides"]] == [str(i) for i in range(len(names))] + ["all", "watcher"]
    assert watching["sides"][0]["label"] == "Ada (you)" and watching["sides"][1]["label"] == names[1]
    assert watching["record"] == f"/replays/{result.pk}/record" and watching["own"] == [0]
    token = SharedResult.objects.get(result=result).token
    assert watching["share"] == f"http://testserver/replays/shared/{token}"
    # The table's own address keeps the side asked for.
    assert ada.get(f"/t/{code}/replay", {"side": "all"})["Location"] == f"/replays/{result.pk}?side=all"

    stranger = Client().get(f"/replays/shared/{token}")
    watched = watching_of(stranger)
    assert [s["value"] for s in watched["sides"]] == ["watcher"] and watched["record"] is None and watched["share"] is None
    assert 'data-side="watcher"' in stranger.content.decode()


@pytest.mark.django_db(transaction=True)
def test_the_record_downloads_as_a_file_that_replays_to_the_games_end_for_the_people_at_the_table_only():
    ada, code, result = a_finished_game()
    table = Table.objects.get(code=code)
    answer = ada.get(f"/replays/{result.pk}/record")
    assert answer.status_code == 200 and answer["Content-Type"] == "application/json"
    assert answer["Content-Disposition"] == f'attachment; filename="parlor-high-card-{result.finished:%Y-%m-%d}-{result.pk}.json"'
    assert "no-store" in answer["Cache-Control"]
    body = b"".join(answer.streaming_content)
    doc = json.loads(body)
    moves = list(Move.objects.filter(table=table).order_by("seq"))
    assert (doc["format"], doc["game"], doc["seed"], doc["settings"]) == ("parlor game record", "high-card", result.seed, result.settings)
    assert doc["seats"] == [{"name": s["name"], "kind": s["kind"], **({"level": s["level"]} if s["kind"] == "bot" else {})}
                            for s in result.seats]
    assert [(m["seat"], m["action"], m["at"]) for m in doc["moves"]] == [(m.seat, m.action, m.now) for m in moves]
    assert doc["result"] == {"places": result.places, "scores": result.scores}
    assert same(records.replayed(records.read(body)), table.state)

    # The result page links to it; its shared link's page doesn't, to a stranger.
    assert f'href="/replays/{result.pk}/record"' in ada.get(f"/accounts/results/{result.pk}").content.decode()
    token = SharedResult.objects.get(result=result).token
    stranger = Client()
    assert "/record" not in stranger.get(f"/accounts/results/shared/{token}").content.decode()
    assert f'href="/replays/{result.pk}/record"' in ada.get(f"/accounts/results/shared/{token}").content.decode()
    # To a stranger, with the link or without, there is no such record.
    stranger.get(f"/replays/shared/{token}")
    for path in (f"/replays/{result.pk}/record", f"/replays/{result.pk + 99}/record", "/replays/x'y/record"):
        refused = stranger.get(path)
        assert refused.status_code == 404 and "There is no such game to replay" in refused.content.decode()
        assert "Content-Disposition" not in refused and result.seed not in refused.content.decode()
    assert ada.post(f"/replays/{result.pk}/record").status_code == 405


@pytest.mark.django_db(transaction=True)
def test_a_device_passed_round_opens_on_its_hosts_seat_and_each_of_its_people_watches_their_own_side():
    code, ada = device_table()  # Ada and Cy on her device, and a bot
    assert post(ada, f"/api/tables/{code}/start")[0] == 200
    # While the game runs its replay stays shut, whatever side is asked for.
    for side in ("1", "all"):
        status, body = step(ada, f"/api/tables/{code}/replay", 0, side)
        assert status == 409 and "still being played" in body["error"]
    until(ada, code, lambda s: s["status"] == "over")
    result = Result.objects.get(table__code=code)
    page = ada.get(f"/replays/{result.pk}")
    assert 'data-side="0"' in page.content.decode()
    watching = watching_of(page)
    assert watching["own"] == [0, 1] and watching["several"]
    assert [s["label"] for s in watching["sides"][:3]] == ["Ada (on this device)", "Cy (on this device)", "Robin"]
    last = Move.objects.filter(table=result.table).count()
    state = at(result, last // 2)
    for seat in (0, 1):
        status, body = step(ada, f"/api/replays/{result.pk}", last // 2, str(seat))
        assert status == 200 and body["view"]["mine"] == sorted(state["hands"][seat])


@pytest.mark.django_db(transaction=True)
def test_a_step_from_another_seats_side_says_the_table_names_that_seat():
    ada, _code, result = a_finished_game()
    path = f"/api/replays/{result.pk}"
    own = step(ada, path, 1, "0")[1]
    assert own["seat"] == 0 and own["named"] is False
    for seat in range(1, len(result.seats)):
        status, body = step(ada, path, 1, str(seat))
        assert status == 200 and body["seat"] == seat and body["named"] is True
    for side in ("all", "watcher"):
        assert step(ada, path, 1, side)[1]["named"] is False
