"""Pass and play through the table service's HTTP JSON API: the host adds a
person on their own device; the device is sent one seat's view at a time,
none while it waits to be passed on; whatever another browser forges, or a
move for a seat not holding the device, is refused with a sentence and
changes nothing; and nobody who passed a device round is rated."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from engine import registry
from ratings import keeper
from ratings.models import Rating
from tables.models import Result, Seat, Table
from tests.views import move_from, offered_to

pytestmark = pytest.mark.django_db

HIGH_CARD = registry.get("high-card")


def post(client, path, body=None):
    response = client.post(path, json.dumps(body or {}), content_type="application/json")
    return response.status_code, response.json()


def snap_of(client, code):
    return client.get(f"/api/tables/{code}").json()


def state_of(code):
    table = Table.objects.get(code=code)
    return json.dumps([table.state, table.status, table.seq, list(table.seats.values())], sort_keys=True, default=str)


def device_table(host=None, ben=None):
    """A High Card table in its waiting room: Ada hosts with Cy on her
    device, a bot, and Ben on a browser of his own when given one."""
    ada = host or Client()
    status, snap = post(ada, "/api/tables", {"game": "high-card", "name": "Ada"})
    assert status == 201, snap
    code = snap["code"]
    status, body = post(ada, f"/api/tables/{code}/here", {"name": "Cy"})
    assert status == 200 and body["seat"] == 1, body
    if ben is not None:
        assert post(ben, f"/api/tables/{code}/join", {"name": "Ben"})[0] == 200
    assert post(ada, f"/api/tables/{code}/bot", {"level": "easy"})[0] == 200
    return code, ada


def until(client, code, ready, moves=200):
    """The client's snapshot once ``ready`` holds; meanwhile the client
    plays its turns and passes its device on when asked."""
    for _ in range(moves):
        snap = snap_of(client, code)
        if ready(snap):
            return snap
        if snap["status"] != "playing":
            raise AssertionError(f"the game ended first: {snap['status']}")
        if snap["pass"]:
            assert post(client, f"/api/tables/{code}/hand", {"seat": snap["pass"]["seat"]})[0] == 200
        elif offered_to(snap):
            status, body = post(client, f"/api/tables/{code}/move", {"seq": snap["seq"], "seat": snap["seat"], "action": move_from(snap)})
            assert status == 200, body
    raise AssertionError("the table never reached the state asked for")


def waiting_to_pass():
    """A started table with Ben beside Ada's device, once it waits to be
    passed to Cy: the table, Ada, Ben and Ada's snapshot."""
    ben = Client()
    code, ada = device_table(ben=ben)
    assert post(ada, f"/api/tables/{code}/start")[0] == 200
    return code, ada, ben, until(ada, code, lambda s: s["pass"] is not None)


def test_the_host_adds_a_person_on_their_device_and_the_seat_is_the_hosts_browsers():
    ben = Client()
    code, ada = device_table(ben=ben)
    snap = snap_of(ada, code)
    cy = snap["seats"][1]
    assert (cy["name"], cy["kind"], cy["device"], cy["here"], cy["you"]) == ("Cy", "person", True, True, False)
    seat = Seat.objects.get(table__code=code, index=1)
    assert seat.browser == Seat.objects.get(table__code=code, index=0).browser and seat.user is None
    # Ben's browser sees Cy as a person on another device, never as his.
    theirs = snap_of(ben, code)
    assert theirs["seat"] == 2 and theirs["seats"][1]["device"] and not theirs["seats"][1]["here"]


def test_only_the_seated_host_adds_people_on_their_device_under_a_free_name():
    ben, watcher = Client(), Client()
    code, ada = device_table(ben=ben)
    assert post(ada, f"/api/tables/{code}/clear", {"seat": 3})[0] == 200  # the bot: a seat free
    before = state_of(code)
    assert post(ben, f"/api/tables/{code}/here", {"name": "Dot"}) == \
        (403, {"error": "Only the host can add a person on this device."})
    status, body = post(watcher, f"/api/tables/{code}/here", {"name": "Dot"})
    assert status == 403 and body["error"] == "Only the host can add a person on this device."
    status, body = post(ada, f"/api/tables/{code}/here", {"name": "cy"})
    assert status == 409 and body["error"].startswith("Someone at this table is already called Cy")
    status, body = post(ada, f"/api/tables/{code}/here", {"name": "  "})
    assert status == 400 and body["error"] == "Tell us your name first, so the table knows who you are."
    assert state_of(code) == before
    assert post(ada, f"/api/tables/{code}/here", {"name": "Dot"})[0] == 200
    assert post(ada, f"/api/tables/{code}/here", {"name": "Eve"}) == (409, {"error": "Every seat is already filled."})


def test_a_device_is_sent_only_the_view_of_the_seat_holding_it_and_none_while_it_waits_to_be_passed():
    code, ada = device_table()
    assert post(ada, f"/api/tables/{code}/start")[0] == 200
    snap = until(ada, code, lambda s: s["pass"] is not None)
    state = Table.objects.get(code=code).state
    assert snap["pass"] == {"seat": 1, "name": "Cy"}
    assert snap["seat"] is None and snap["legal"] == [] and snap["decision"] is None
    assert snap["view"] == json.loads(json.dumps(HIGH_CARD.view(state, None)))  # a watcher's: no hand at all
    for card in state["hands"][0] + state["hands"][1]:
        assert f'"{card}"' not in json.dumps({k: v for k, v in snap["view"].items() if k != "events"})

    status, body = post(ada, f"/api/tables/{code}/hand", {"seat": 1})
    assert status == 200 and body["seat"] == 1 and body["pass"] is None
    assert body["view"] == json.loads(json.dumps(HIGH_CARD.view(state, 1)))
    assert body["seats"][1]["you"] and not body["seats"][0]["you"]


def test_moves_for_a_seat_not_holding_the_device_are_refused_and_change_nothing():
    code, ada, ben, snap = waiting_to_pass()
    before = state_of(code)
    # The device not yet passed: neither Ada's page nor Cy's may move.
    move = {"type": "play", "card": Table.objects.get(code=code).state["hands"][1][0]}
    status, body = post(ada, f"/api/tables/{code}/move", {"seq": snap["seq"], "seat": 0, "action": move})
    assert (status, body["error"]) == (409, "Pass the device to Cy first: they tap the screen once they have it.")
    status, body = post(ada, f"/api/tables/{code}/move", {"seq": snap["seq"], "seat": 1, "action": move})
    assert (status, body["error"]) == (409, "Ada has the device now, so this move can't be Cy's; "
                                            "pass the device to Cy when it's their turn.")
    # Handing it to anyone but the person whose turn it is.
    assert post(ada, f"/api/tables/{code}/hand", {"seat": 0}) == \
        (409, {"error": "It isn't Ada's turn yet: pass it to Cy."})
    assert state_of(code) == before

    assert post(ada, f"/api/tables/{code}/hand", {"seat": 1})[0] == 200
    held = state_of(code)
    status, body = post(ada, f"/api/tables/{code}/move", {"seq": snap["seq"], "seat": 0, "action": move})
    assert (status, body["error"]) == (409, "Cy has the device now, so this move can't be Ada's; "
                                            "pass the device to Ada when it's their turn.")
    assert state_of(code) == held


def test_another_browser_can_neither_take_nor_play_a_device_seat():
    code, ada, ben, snap = waiting_to_pass()
    before = state_of(code)
    forged = "That seat is played on another device; only its own device can play it or be handed to it."
    assert post(ben, f"/api/tables/{code}/hand", {"seat": 1}) == (403, {"error": forged})
    assert post(ben, f"/api/tables/{code}/hand", {"seat": 0}) == (403, {"error": forged})
    card = Table.objects.get(code=code).state["hands"][1][0]
    for seat in (1, "1", [1], 99):
        status, body = post(ben, f"/api/tables/{code}/move", {"seq": snap["seq"], "seat": seat, "action": {"type": "play", "card": card}})
        assert (status, body["error"]) == (403, forged), seat
    assert state_of(code) == before
    assert snap_of(ben, code)["seat"] == 2  # and Ben's own seat is untouched


def test_the_device_plays_every_seat_of_its_own_to_the_end_beside_another_person_and_a_bot():
    ben = Client()
    code, ada = device_table(ben=ben)
    assert post(ada, f"/api/tables/{code}/start")[0] == 200
    passes = 0
    for _ in range(300):
        snaps = [snap_of(ada, code), snap_of(ben, code)]
        if snaps[0]["status"] == "over":
            break
        if snaps[0]["pass"]:
            passes += 1
            assert post(ada, f"/api/tables/{code}/hand", {"seat": snaps[0]["pass"]["seat"]})[0] == 200
            continue
        for client, snap in zip((ada, ben), snaps):
            if offered_to(snap):
                status, body = post(client, f"/api/tables/{code}/move", {"seq": snap["seq"], "seat": snap["seat"], "action": move_from(snap)})
                assert status == 200, body
                break
    assert snap_of(ben, code)["status"] == "over" and passes >= 2


def test_leaving_takes_the_people_on_your_device_with_you_and_the_host_may_clear_one():
    code, ada = device_table()
    assert post(ada, f"/api/tables/{code}/here", {"name": "Dot"})[0] == 200
    status, body = post(ada, f"/api/tables/{code}/clear", {"seat": 1})
    assert status == 200 and [s["name"] for s in body["seats"]] == ["Ada", "Robin", "Dot"]
    assert post(ada, f"/api/tables/{code}/leave")[0] == 200
    assert [(s.name, s.kind) for s in Seat.objects.filter(table__code=code)] == [("Robin", "bot")]


def test_nobody_who_passed_a_device_round_is_rated(django_capture_on_commit_callbacks):
    ada = Client()
    ada.user = get_user_model().objects.create_user("ada", password="a-long-password")
    ada.force_login(ada.user)
    code, ada = device_table(host=ada)
    assert post(ada, f"/api/tables/{code}/start")[0] == 200
    with django_capture_on_commit_callbacks(execute=True):
        until(ada, code, lambda s: s["status"] == "over")
    result = Result.objects.get()
    assert result.kept and result.rated
    assert [s.get("device", False) for s in result.seats] == [True, True, False]
    said = f"not rated: {keeper.DEVICE}"
    assert result.changes == [said, said, None]
    assert snap_of(ada, code)["result"]["ratings"] == [said, said, None]
    row = Rating.objects.get(user=ada.user, game="high-card")
    assert (row.played, row.rated, row.mu) == (1, 0, 1500.0)  # in her history, not her rating


@pytest.mark.parametrize("slug", ["euchre", "get-in-line", "line", "station-master"])
def test_every_game_passes_a_device_between_its_people_with_bots_alongside(slug):
    """Ada and Cy share a device, bots fill the table: each gets the device
    when their turn comes, sees only their own seat and plays it."""
    ada = Client()
    code = post(ada, "/api/tables", {"game": slug, "name": "Ada"})[1]["code"]
    assert post(ada, f"/api/tables/{code}/here", {"name": "Cy"})[0] == 200
    assert post(ada, f"/api/tables/{code}/fill", {"level": "easy"})[0] == 200
    status, body = post(ada, f"/api/tables/{code}/start")
    assert status == 200, body
    game, played = registry.get(slug), {0: 0, 1: 0}
    for _ in range(400):
        if min(played.values()) >= 2:
            break
        snap = snap_of(ada, code)
        assert snap["status"] == "playing", "the game ended before both had played twice"
        state = Table.objects.get(code=code).state
        if snap["pass"]:
            assert snap["view"] == json.loads(json.dumps(game.view(state, None)))
            assert post(ada, f"/api/tables/{code}/hand", {"seat": snap["pass"]["seat"]})[0] == 200
            continue
        assert snap["view"] == json.loads(json.dumps(game.view(state, snap["seat"])))
        assert offered_to(snap), "the device holds a seat that isn't deciding, yet no pass was asked for"
        status, body = post(ada, f"/api/tables/{code}/move", {"seq": snap["seq"], "seat": snap["seat"], "action": move_from(snap)})
        assert status == 200, body
        played[snap["seat"]] += 1
    assert min(played.values()) >= 2, played


def test_a_seat_on_the_device_a_bot_covered_is_taken_back_by_the_device_alone():
    code, ada, ben, snap = waiting_to_pass()
    assert post(ada, f"/api/tables/{code}/cover", {"seat": 1})[0] == 200  # Cy is away: a bot plays for her
    forged = "That seat is played on another device; only its own device can play it or be handed to it."
    assert post(ben, f"/api/tables/{code}/back", {"seat": 1}) == (403, {"error": forged})
    assert Seat.objects.get(table__code=code, index=1).covered
    status, body = post(ada, f"/api/tables/{code}/back", {"seat": 1})
    assert status == 200 and not body["seats"][1]["covered"]
