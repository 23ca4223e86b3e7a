"""Tables played over days: the pace the host picks, the time a move has
and the words for it, nobody covered after a minute or two but anyone
seated once a player's time has run out, and the mail that says it is
your turn: one a turn, with a link straight to the table, never from a
live table, at most one a table until you have moved, at most so many a
day, off by a link that works without signing in. The clock is the test's
own: three days pass in no time."""

from __future__ import annotations

import json
import re
import time

import pytest
from django.contrib.auth import get_user_model
from django.core import mail, signing
from django.test import Client

from tables import bots, pace, turnmail
from tables.models import Seat, Table, TurnMail
from tests.views import move_from

pytestmark = pytest.mark.django_db

DAY = 86400


class Clock:
    """time.time() as the test sets it: every module reads it from there."""

    def __init__(self):
        self.now = time.time()

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock(monkeypatch):
    made = Clock()
    monkeypatch.setattr(time, "time", made)
    return made


def post(client, path, body=None):
    response = client.post(path, json.dumps(body or {}), content_type="application/json")
    return response.status_code, response.json()


def snap_of(client, code):
    return client.get(f"/api/tables/{code}").json()


def person(name, email=None):
    client = Client()
    client.user = get_user_model().objects.create_user(name.lower(), email=f"{name.lower()}@example.com" if email is None else email,
                                                      password="a-long-password")
    client.force_login(client.user)
    return client


def days_table(game="euchre", allowance=DAY, ada=None, ben=None):
    """Ada (the host) and Ben, signed in, and two bots at a table played
    over days; not started."""
    ada, ben = ada or person("Ada"), ben or person("Ben")
    status, snap = post(ada, "/api/tables", {"game": game, "name": "Ada", "pace": {"kind": "days", "allowance": allowance}})
    assert status == 201, snap
    code = snap["code"]
    assert post(ben, f"/api/tables/{code}/join", {"name": "Ben"})[0] == 200
    return code, ada, ben


def mails_to(client) -> list:
    return [m for m in mail.outbox if m.to == [client.user.email]]


def sent_after(clock, hours=3) -> int:
    """Some hours on, the ticker's drain: how many mails went."""
    clock.advance(hours * 3600)
    return turnmail.drain()


def test_a_euchre_table_over_three_days_mails_each_turn_once_and_covers_only_once_time_is_up(clock):
    code, ada, ben = days_table()
    status, snap = post(ada, f"/api/tables/{code}/start")
    assert status == 200, snap
    assert snap["pace"] == {"kind": "days", "allowance": DAY}
    people = {"Ada": ada, "Ben": ben}
    seat_of = {s["name"]: s["index"] for s in snap["seats"]}
    turns = {"Ada": set(), "Ben": set()}  # each person's decisions, by key: a mail for each
    covered_once = away_a_while = False
    start = clock.now
    while clock.now - start < 3 * DAY:
        snap = snap_of(ada, code)
        assert snap["status"] == "playing"
        waiting = [s["name"] for s in snap["seats"] if s["deciding"] and s["name"] in people]
        assert waiting, "bots think for no time: the table waits only on a person"
        for name in waiting:
            mine = snap_of(people[name], code)
            turns[name].add(mine["decision"]["key"])
        if "Ada" in waiting and not away_a_while:
            # A minute and a half away on her turn: Ben may not give her seat to a bot.
            away_a_while = True
            clock.advance(91)
            assert not snap_of(ben, code)["seats"][seat_of["Ada"]]["canCover"]
            assert post(ben, f"/api/tables/{code}/cover", {"seat": seat_of["Ada"]})[0] == 403
        # Nothing goes before the wait after the turn came; then one mail a turn.
        assert turnmail.drain() == 0
        sent_after(clock)
        for name, client in people.items():
            assert len(mails_to(client)) == len(turns[name]), (name, [m.subject for m in mails_to(client)])
        name = waiting[0]
        client, other = people[name], people["Ben" if name == "Ada" else "Ada"]
        if not covered_once and name == "Ada" and clock.now - start > DAY:
            covered_once = True
            # Hours after her turn came, nobody has covered her, nor may Ben yet.
            assert post(other, f"/api/tables/{code}/cover", {"seat": seat_of[name]})[0] == 403
            mine = snap_of(client, code)
            assert not mine["seats"][seat_of[name]]["covered"] and 0 < mine["seats"][seat_of[name]]["left"] < DAY
            assert not snap_of(other, code)["seats"][seat_of[name]]["canCover"]
            clock.advance(DAY)
            assert snap_of(other, code)["seats"][seat_of[name]]["canCover"]
            status, after = post(other, f"/api/tables/{code}/cover", {"seat": seat_of[name]})
            assert status == 200 and after["seats"][seat_of[name]]["covered"], after
            # The bot played on; the player takes the seat back.
            status, back = post(client, f"/api/tables/{code}/back")
            assert status == 200 and not back["seats"][seat_of[name]]["covered"]
            continue
        mine = snap_of(client, code)
        status, body = post(client, f"/api/tables/{code}/move", {"seq": mine["seq"], "action": move_from(mine)})
        assert status == 200, body
    assert covered_once and away_a_while and all(len(keys) >= 3 for keys in turns.values()), turns
    for name, client in people.items():
        got = mails_to(client)
        assert len(got) == len(turns[name])
        body = got[-1].body
        assert f"It's your move at Euchre, table {code}, played over days." in body
        link = re.search(r"http://\S+/t/" + code, body).group(0)
        assert client.get(link).status_code == 200
        assert got[-1].extra_headers["List-Unsubscribe"].startswith("<http")


def test_nobody_may_cover_a_player_after_a_minute_and_a_half_at_a_table_over_days(clock):
    code, ada, ben = days_table(game="high-card")
    assert post(ada, f"/api/tables/{code}/start")[0] == 200
    if waiting_on(ben, code):
        snap = snap_of(ben, code)
        assert post(ben, f"/api/tables/{code}/move", {"seq": snap["seq"], "action": move_from(snap)})[0] == 200
    assert waiting_on(ada, code)
    waiting, seq = 0, snap_of(ada, code)["seq"]
    clock.advance(91)
    status, body = post(ben, f"/api/tables/{code}/cover", {"seat": waiting})
    assert status == 403 and body["error"] == "Only the host can cover a seat before its player has been away a while."
    clock.advance(3600)
    assert snap_of(ada, code)["seq"] == seq and not Seat.objects.get(table__code=code, index=waiting).covered
    # At a live table, a minute and a half is enough.
    table = Table.objects.get(code=code)
    assert bots.idle_seats(table, [(waiting, "play", next(iter(table.clocks)))], clock.now) == set()
    table.pace = Table.LIVE
    assert bots.idle_seats(table, [(waiting, "play", next(iter(table.clocks)))], clock.now) == {waiting}


def test_a_table_with_no_limit_waits_for_ever_and_its_pages_say_no_time(clock):
    code, ada, ben = days_table(game="high-card", allowance=None)
    assert post(ada, f"/api/tables/{code}/start")[0] == 200
    clock.advance(30 * DAY)
    snap = snap_of(ben, code)
    assert snap["pace"] == {"kind": "days", "allowance": None} and snap["left"] is None and snap["leftWords"] is None
    assert not any(s["canCover"] for s in snap["seats"])


def test_the_time_left_in_words():
    assert [pace.words(s) for s in (None, -5, 0, 1200, 3600, 5 * 3600 + 59, 25 * 3600, 2 * DAY + 3600, 3 * DAY - 60, 3 * DAY)] == [
        None, "time’s up", "time’s up", "under an hour left", "1 hour left", "5 hours left", "due tomorrow", "2 days left",
        "3 days left", "3 days left"]


def test_the_snapshot_says_the_pace_in_the_words_the_page_shows(clock):
    code, ada, ben = days_table(game="high-card", allowance=3 * DAY)
    said = snap_of(ben, code)["paceWords"]
    assert said["bar"] == "Over days · 3 days a move"
    assert said["told"] == "This table is played over days: 3 days a move."
    assert "once a player’s time for a move has run out" in said["note"]
    assert said["kinds"] == [["live", "Live"], ["days", "Over days"]]
    assert said["allowances"] == [[DAY, "1 day"], [3 * DAY, "3 days"], [None, "No limit"]]
    assert post(ada, f"/api/tables/{code}/pace", {"pace": "days", "allowance": None})[0] == 200
    assert snap_of(ben, code)["paceWords"]["bar"] == "Over days · no time limit"
    assert post(ada, f"/api/tables/{code}/pace", {"pace": "live"})[0] == 200
    said = snap_of(ben, code)["paceWords"]
    assert said["bar"] == "" and said["told"] == "This table is played live, everyone at the table at once."


def test_the_lobby_offers_the_paces_a_table_can_start_with():
    page = Client().get("/").content.decode()
    offered = json.loads(re.search(r'<script id="paces" type="application/json">(.*?)</script>', page, re.S).group(1))
    assert [(p["value"], p["label"]) for p in offered] == [
        ("live", "Live: everyone at the table at once"), ("days-1", "Over days: 1 day a move"),
        ("days-3", "Over days: 3 days a move"), ("days-0", "Over days: no time limit")]
    ada = person("Ada")
    for choice in offered:
        asked = {"game": "high-card", "name": "Ada", **({"pace": choice["pace"]} if choice["pace"] else {})}
        status, snap = post(ada, "/api/tables", asked)
        assert status == 201 and snap["paceWords"]["bar"] == ("" if choice["value"] == "live" else choice["label"].replace(": ", " · "))


def test_the_seat_to_move_has_its_time_left_in_the_snapshot(clock):
    code, ada, ben = days_table(game="high-card", allowance=3 * DAY)
    assert post(ada, f"/api/tables/{code}/start")[0] == 200
    clock.advance(DAY * 0.75)
    snap = snap_of(ada, code)
    on_turn = [s for s in snap["seats"] if s["deciding"]]
    assert on_turn and all(s["left"] == pytest.approx(2.25 * DAY) for s in on_turn)
    assert snap["left"] == pytest.approx(2.25 * DAY) and snap["leftWords"] == "2 days left"
    assert pace.left(Table.objects.get(code=code), clock.now) == pytest.approx(2.25 * DAY)
    assert all(s["left"] is None for s in snap["seats"] if not s["deciding"])


def test_a_live_table_never_mails_and_its_snapshot_says_live(clock):
    ada, ben = person("Ada"), person("Ben")
    status, snap = post(ada, "/api/tables", {"game": "high-card", "name": "Ada"})
    code = snap["code"]
    assert snap["pace"] == {"kind": "live", "allowance": None} and snap["left"] is None
    post(ben, f"/api/tables/{code}/join", {"name": "Ben"})
    post(ada, f"/api/tables/{code}/start")
    sent_after(clock, 24)
    assert mail.outbox == [] and not TurnMail.objects.exists()


def test_the_host_picks_the_pace_in_the_waiting_room_and_a_wrong_one_changes_nothing(clock):
    ada, ben = person("Ada"), person("Ben")
    code = post(ada, "/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    post(ben, f"/api/tables/{code}/join", {"name": "Ben"})
    status, body = post(ben, f"/api/tables/{code}/pace", {"pace": "days"})
    assert status == 403 and body["error"] == "Only the host can choose the table's pace."
    for asked, said in ((
            {"pace": "weekly"}, "A table's pace is live or over days."),
            ({"pace": "days", "allowance": 7200}, "A move's time can be 1 day, 3 days or no limit."),
            ({"pace": "days", "allowance": "1 day"}, "A move's time can be 1 day, 3 days or no limit."),
            ({"pace": "days", "allowance": True}, "A move's time can be 1 day, 3 days or no limit.")):
        status, body = post(ada, f"/api/tables/{code}/pace", asked)
        assert (status, body["error"]) == (400, said)
        assert snap_of(ada, code)["pace"] == {"kind": "live", "allowance": None}
    status, body = post(ada, "/api/tables", {"game": "high-card", "name": "Ada", "pace": {"kind": "days", "allowance": 60}})
    assert (status, body["error"]) == (400, "A move's time can be 1 day, 3 days or no limit.")
    status, body = post(ada, f"/api/tables/{code}/pace", {"pace": "days", "allowance": 3 * DAY})
    assert status == 200 and body["pace"] == {"kind": "days", "allowance": 3 * DAY}
    assert snap_of(ben, code)["pace"] == {"kind": "days", "allowance": 3 * DAY}
    status, body = post(ada, f"/api/tables/{code}/pace", {"pace": "live"})
    assert status == 200 and body["pace"] == {"kind": "live", "allowance": None}


def test_a_person_may_be_at_so_many_tables_over_days_at_once(settings, clock):
    settings.PARLOR_DAYS_TABLES = 2
    ada, ben = person("Ada"), person("Ben")
    over_days = {"game": "high-card", "name": "Ada", "pace": {"kind": "days", "allowance": DAY}}
    codes = [post(ada, "/api/tables", over_days)[1]["code"] for _ in range(2)]
    status, body = post(ada, "/api/tables", over_days)
    assert status == 409 and body["error"] == (
        "You're already at 2 tables played over days, as many as one person may be at once: finish or leave one of them first.")
    # Ben is at two of his own; Ada's table can't become one over days with him at it, nor can he join hers.
    live = post(ada, "/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    for _ in range(2):
        post(ben, "/api/tables", {**over_days, "name": "Ben"})
    assert post(ben, f"/api/tables/{codes[0]}/join", {"name": "Ben"})[1]["error"].startswith("You're already at 2 tables")
    assert post(ben, f"/api/tables/{live}/join", {"name": "Ben"})[0] == 200
    status, body = post(ada, f"/api/tables/{live}/pace", {"pace": "days"})
    assert status == 409 and body["error"].startswith("Ada is already at 2 tables played over days")
    assert post(ada, f"/api/tables/{codes[0]}/leave")[0] == 200
    status, body = post(ada, f"/api/tables/{live}/pace", {"pace": "days"})
    assert status == 409 and body["error"].startswith("Ben is already at 2 tables")
    assert snap_of(ada, live)["pace"]["kind"] == "live"


def played_to_its_end(code, clock, *clients):
    """The game at the table played to its end, each of ``clients`` moving when it is their turn."""
    while snap_of(clients[0], code)["status"] == "playing":
        clock.advance(3600)
        for client in clients:
            snap = snap_of(client, code)
            if snap["status"] == "playing" and snap["legal"]:
                assert post(client, f"/api/tables/{code}/move", {"seq": snap["seq"], "action": move_from(snap)})[0] == 200


def test_play_again_at_a_table_over_days_finds_room_for_it_with_everyone_seated(settings, clock):
    """A finished game's table counts for nobody; Play again brings it back,
    so it is refused when someone seated is already at as many others."""
    settings.PARLOR_DAYS_TABLES = 2
    ada, ben = person("Ada"), person("Ben")
    over_days = {"game": "high-card", "name": "Ada", "pace": {"kind": "days", "allowance": DAY}}
    code = post(ada, "/api/tables", over_days)[1]["code"]
    assert post(ben, f"/api/tables/{code}/join", {"name": "Ben"})[0] == 200
    assert post(ada, f"/api/tables/{code}/start")[0] == 200
    played_to_its_end(code, clock, ada, ben)
    number = snap_of(ada, code)["number"]
    # With the game over, Ben is at two other tables over days: as many as he may be.
    others = [post(ben, "/api/tables", {**over_days, "name": "Ben"}) for _ in range(2)]
    assert [status for status, _ in others] == [201, 201]
    status, body = post(ada, f"/api/tables/{code}/again")
    assert status == 409 and body["error"] == (
        "Ben is already at 2 tables played over days, as many as one person may be at once: finish or leave one of them first.")
    snap = snap_of(ada, code)
    assert snap["status"] == "over" and snap["number"] == number  # the finished game stays on the table
    # Once he has left one of them, the same table plays again.
    assert post(ben, f"/api/tables/{others[0][1]['code']}/leave")[0] == 200
    status, body = post(ada, f"/api/tables/{code}/again")
    assert status == 200, body
    snap = snap_of(ada, code)
    assert snap["status"] == "playing" and snap["number"] == number + 1
    # A live table plays again whatever number of tables over days its players are at.
    live = post(ben, "/api/tables", {"game": "high-card", "name": "Ben"})[1]["code"]
    assert post(ada, "/api/tables", over_days)[0] == 201
    assert post(ada, f"/api/tables/{live}/join", {"name": "Ada"})[0] == 200
    assert post(ben, f"/api/tables/{live}/start")[0] == 200
    played_to_its_end(live, clock, ben, ada)
    assert post(ben, f"/api/tables/{live}/again")[0] == 200


def waiting_on(client, code) -> bool:
    snap = snap_of(client, code)
    return snap["seat"] is not None and snap["seats"][snap["seat"]]["deciding"]


def test_a_player_is_mailed_once_a_table_until_they_move_and_no_more_than_the_day_allows(settings, clock):
    settings.PARLOR_TURN_MAILS_A_DAY = 2
    ada = person("Ada")
    tables = []
    for _ in range(3):
        code, _ada, ben = days_table(game="high-card", ada=ada, ben=person(f"B{len(tables)}"))
        assert post(ada, f"/api/tables/{code}/start")[0] == 200
        tables.append((code, ben))
    sent_after(clock)
    waiting = [code for code, _ in tables if waiting_on(ada, code)]
    assert len(mails_to(ada)) == min(2, len(waiting))
    dropped = TurnMail.objects.filter(user=ada.user, state=TurnMail.DROPPED)
    assert dropped.count() == max(0, len(waiting) - 2) and all(m.why == "the day's mails were used" for m in dropped)
    # Nothing more, however long she takes, until she moves.
    assert sent_after(clock, 20) == 0


def test_a_mail_that_fails_is_tried_again_later_and_never_holds_up_a_move(clock, monkeypatch):
    code, ada, ben = days_table(game="high-card")
    assert post(ada, f"/api/tables/{code}/start")[0] == 200
    failing = [True]
    real = turnmail.EmailMessage.send

    def send(message, *args, **kwargs):
        if failing[0]:
            raise OSError("the mail server is away")
        return real(message, *args, **kwargs)

    monkeypatch.setattr(turnmail.EmailMessage, "send", send)
    waiting = [c for c in (ada, ben) if waiting_on(c, code)]
    assert sent_after(clock) == 0 and mail.outbox == []
    kept = TurnMail.objects.get()
    assert kept.state == TurnMail.QUEUED and kept.tries == 1 and kept.why == "the mail server is away"
    assert turnmail.drain() == 0  # not again at once
    failing[0] = False
    clock.advance(turnmail.FIRST_WAIT)
    assert turnmail.drain() == 1 and mails_to(waiting[0])


def test_the_link_in_the_mail_turns_the_mails_off_without_signing_in_and_a_changed_one_is_refused(clock):
    code, ada, ben = days_table(game="high-card")
    assert post(ada, f"/api/tables/{code}/start")[0] == 200
    sent_after(clock)
    message = mail.outbox[0]
    link = re.search(r"http://\S+(/accounts/turn-mails/off/\S+)", message.body).group(1)
    stranger = Client()
    page = stranger.get(link)
    assert page.status_code == 200 and "Stop the mails" in page.content.decode()
    token = link.rsplit("/", 1)[1]
    changed = link[:-3] + ("AAA" if not link.endswith("AAA") else "BBB")
    refused = stranger.post(changed)
    assert refused.status_code == 400 and "one Parlor sent" in refused.content.decode()
    turned = get_user_model().objects.get(email=message.to[0])
    assert turnmail.wanted(turned.pk)
    done = stranger.post(link)
    assert done.status_code == 200 and "won't be mailed" in done.content.decode()
    assert not turnmail.wanted(turned.pk)
    # A token for another purpose, or too old, is refused.
    other = signing.dumps({"user": turned.pk}, salt="another.purpose", compress=True)
    assert stranger.post(f"/accounts/turn-mails/off/{other}").status_code == 400
    clock.advance(91 * DAY)
    old = stranger.post(f"/accounts/turn-mails/off/{token}")
    assert old.status_code == 400 and "too old" in old.content.decode()


def test_turned_off_on_the_email_page_no_mail_goes(clock):
    code, ada, ben = days_table(game="high-card")
    assert turnmail.wanted(ada.user.pk)  # on by default
    page = ada.get("/accounts/email").content.decode()
    assert re.search(r'<input type="checkbox" name="turn_mails"[^>]* checked>', page)
    for client in (ada, ben):
        assert client.post("/accounts/email", {"email": client.user.email}).status_code == 302  # the box not ticked
    assert not turnmail.wanted(ada.user.pk) and not turnmail.wanted(ben.user.pk)
    assert post(ada, f"/api/tables/{code}/start")[0] == 200
    sent_after(clock)
    assert mail.outbox == [] and set(TurnMail.objects.values_list("why", flat=True)) == {"turn mails are off"}


def test_an_address_is_checked_as_django_checks_one(clock):
    ada = person("Ada")
    page = ada.post("/accounts/email", {"email": "not an address", "turn_mails": "on"})
    assert page.status_code == 200 and "Enter a valid email address." in page.content.decode()
    assert get_user_model().objects.get(pk=ada.user.pk).email == "ada@example.com"


def test_a_player_with_no_address_is_not_mailed(clock):
    code, ada, ben = days_table(game="high-card", ada=person("Ada", email=""), ben=person("Ben", email=""))
    assert post(ada, f"/api/tables/{code}/start")[0] == 200
    sent_after(clock)
    assert mail.outbox == [] and set(TurnMail.objects.values_list("why", flat=True)) == {"no e-mail address"}


def test_mails_sent_long_ago_are_forgotten(clock):
    code, ada, ben = days_table(game="high-card")
    assert post(ada, f"/api/tables/{code}/start")[0] == 200
    assert sent_after(clock) == 1
    assert turnmail.forget_old(clock.now) == 0
    clock.advance(turnmail.KEPT_DAYS * DAY)
    assert turnmail.forget_old(clock.now) == 1 and not TurnMail.objects.exists()


def test_a_game_over_days_is_kept_and_rated_as_a_live_one_is(clock, django_capture_on_commit_callbacks):
    from ratings.models import Rating
    from tables.models import Result

    ada = person("Ada")
    status, snap = post(ada, "/api/tables", {"game": "high-card", "name": "Ada", "pace": {"kind": "days", "allowance": 3 * DAY}})
    code = snap["code"]
    post(ada, f"/api/tables/{code}/bot")
    with django_capture_on_commit_callbacks(execute=True):
        assert post(ada, f"/api/tables/{code}/start")[0] == 200
        while (snap := snap_of(ada, code))["status"] == "playing":
            clock.advance(DAY)
            assert post(ada, f"/api/tables/{code}/move", {"seq": snap["seq"], "action": move_from(snap)})[0] == 200
    result = Result.objects.get(table__code=code)
    assert result.kept and result.rated
    assert Rating.objects.get(user=ada.user, game="high-card").rated == 1
