"""A game in which anyone played more than one seat, at any point, is not
rated for them (tables.sharing, decision 20): a device passed between
several people, or one account signed in at two seats. The mark is made as
the game starts and kept to its end, whoever is cleared or leaves; Play
again starts clean. Played through the table service, as a family (or
someone after rating points) would; the rating follows the commit, so these
tests commit (transaction=True)."""

import json
import re
import sqlite3

import pytest

from ratings import keeper
from ratings.models import Change, Rating
from tables.models import Result, Table
from tests.live import migrate_sqlite
from tests.ratings.test_keeper import person, play_out, post, snap_of, start, table
from tests.tables.test_pass_and_play import state_of, until

pytestmark = pytest.mark.django_db(transaction=True)

ON_A_DEVICE = f"not rated: {keeper.DEVICE}"
SEATED_TWICE = f"not rated: {keeper.TWICE}"
RATED = r"^[+−]\d+\.\d → \d+ ± \d+$"


def over(client, code):
    return until(client, code, lambda s: s["status"] == "over", moves=1000)


def test_a_host_who_clears_the_partner_on_their_device_mid_game_is_not_rated_and_the_sheet_says_why():
    """The attacker's report: Ada, signed in, adds Cy on her own device as
    her Euchre partner, sees both hands while playing both seats, then clears
    Cy's seat mid-game (a bot takes it) and plays on. Only the seats sharing
    a device at the end were checked, so the game rated Ada as an ordinary
    win (+100.4)."""
    ada = person("ada")
    status, snap = post(ada, "/api/tables", {"game": "euchre", "name": "Ada"})
    assert status == 201, snap
    code = snap["code"]
    assert post(ada, f"/api/tables/{code}/bot", {"level": "easy"})[0] == 200
    status, body = post(ada, f"/api/tables/{code}/here", {"name": "Cy"})
    assert status == 200 and body["seat"] == 2, body  # across from Ada: her partner
    assert post(ada, f"/api/tables/{code}/bot", {"level": "easy"})[0] == 200
    start(ada, code)

    # Cy has the device in hand, her cards on its screen: then Ada clears her.
    until(ada, code, lambda s: s["seat"] == 2)
    status, body = post(ada, f"/api/tables/{code}/clear", {"seat": 2})
    assert status == 200 and body["seats"][2]["kind"] == "bot" and body["seat"] == 0, body
    assert not any(s["here"] for s in body["seats"][1:])  # the device is Ada's alone from here on

    snap = over(ada, code)
    assert snap["result"]["ratings"][0] == ON_A_DEVICE  # the game-over sheet's line for Ada
    result = Result.objects.get()
    assert result.kept and result.rated and result.seats[0].get("device")
    assert result.changes == [ON_A_DEVICE, None, None, None]
    change = Change.objects.get(user=ada.user)
    assert not change.rated and change.why == keeper.DEVICE
    row = Rating.objects.get(user=ada.user, game="euchre")
    assert (row.mu, row.sigma, row.played, row.rated) == (1500.0, 350.0, 1, 0)  # in her history, not her rating


def test_the_mark_outlasts_a_restart_and_play_again_starts_clean():
    """High Card: Ada and Cy on one device, a bot; Cy cleared mid-game. The
    marks are in the table's row from the start, so a server that starts
    afresh mid-game still knows them; the next game, with nobody else on her
    device, rates her."""
    ada = person("ada")
    code = table(ada, "Ada")
    assert post(ada, f"/api/tables/{code}/here", {"name": "Cy"})[0] == 200
    assert post(ada, f"/api/tables/{code}/bot", {"level": "easy"})[0] == 200
    start(ada, code)
    assert Table.objects.get(code=code).shared == {"device": [0, 1]}
    until(ada, code, lambda s: s["seat"] == 1)
    assert post(ada, f"/api/tables/{code}/clear", {"seat": 1})[0] == 200
    assert Table.objects.get(code=code).shared == {"device": [0, 1]}  # as a restarted server reads it

    assert over(ada, code)["result"]["ratings"] == [ON_A_DEVICE, None, None]
    assert post(ada, f"/api/tables/{code}/again")[0] == 200
    assert Table.objects.get(code=code).shared == {}
    line = over(ada, code)["result"]["ratings"][0]
    assert line is not None and re.match(RATED, line), line
    assert Rating.objects.get(user=ada.user, game="high-card").rated == 1


@pytest.mark.parametrize("second_leaves", [True, False], ids=["second-seat-leaves", "both-stay"])
def test_an_account_signed_in_at_two_seats_is_rated_at_neither_even_once_one_has_left(second_leaves):
    """Ada signs in on a second browser and takes a second seat: both hands
    are dealt to her. Whether that seat leaves as the game starts or stays,
    neither is rated; Ben, at the table too, is."""
    ada, ada_again, ben = person("ada"), person(), person("ben")
    ada_again.force_login(ada.user)
    code = table(ada, "Ada", others=[("Ada too", ada_again), ("Ben", ben)])
    start(ada, code)
    if second_leaves:
        assert post(ada_again, f"/api/tables/{code}/leave")[0] == 200
    snap = play_out(code, ada, ben) if second_leaves else play_out(code, ada, ada_again, ben)
    lines = snap["result"]["ratings"]
    assert lines[:2] == [SEATED_TWICE, None if second_leaves else SEATED_TWICE]
    assert re.match(RATED, lines[2]), lines
    row = Rating.objects.get(user=ada.user, game="high-card")
    assert (row.mu, row.played, row.rated) == (1500.0, 1, 0)
    assert Rating.objects.get(user=ben.user, game="high-card").rated == 1


def test_a_person_who_left_mid_game_cannot_sit_down_again_at_another_seat():
    """Leaving mid-game hands the seat to a bot; sitting down again (at the
    bot's seat, or any other) would give one person two seats' hands."""
    ada, ben = person("ada"), person("ben")
    code = table(ada, "Ada", others=[("Ben", ben)], bots=["easy"])
    start(ada, code)
    assert post(ben, f"/api/tables/{code}/leave")[0] == 200
    before = state_of(code)
    for name in ("Ben", "Ben again"):
        status, body = post(ben, f"/api/tables/{code}/join", {"name": name})
        assert (status, body["error"]) == (409, "This game has already started. You can watch, "
                                                "and join when the host plays again."), body
    assert state_of(code) == before
    assert snap_of(ben, code)["seat"] is None


def test_a_game_under_way_when_the_site_is_upgraded_is_marked_by_its_seats_as_they_stand(tmp_path):
    path = tmp_path / "site.sqlite3"
    migrate_sqlite(path, "tables", "0008")
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO auth_user (id, password, last_login, is_superuser, username, first_name, last_name, email,"
                   " is_staff, is_active, date_joined) VALUES (7, '', 'now', 0, 'ada', '', '', '', 0, 1, 'now')")
        for at, (code, status) in enumerate([("PLAYS", "playing"), ("ENDED", "over")], start=1):
            db.execute("INSERT INTO tables_table (id, code, game, status, host, settings, seed, number, seq, clocks,"
                       " created, updated, hints) VALUES (?, ?, 'euchre', ?, 'a', '{}', 's', 1, 0, '{}', 'now', 'now', 1)",
                       (at, code, status))
            # Ada with Cy on her device; Ada again from another browser; a bot.
            for index, (kind, browser, user) in enumerate([("person", "a", 7), ("person", "a", None),
                                                           ("person", "b", 7), ("bot", "", None)]):
                db.execute("INSERT INTO tables_seat (table_id, \"index\", kind, browser, user_id, name, level, covered,"
                           " was_covered, device, holds, hinted) VALUES (?, ?, ?, ?, ?, ?, 'easy', 0, 0, 0, 0, 0)",
                           (at, index, kind, browser, user, f"seat {index}"))
    migrate_sqlite(path)
    with sqlite3.connect(path) as db:
        marks = db.execute("SELECT code, shared FROM tables_table ORDER BY id").fetchall()
    assert [(code, json.loads(shared)) for code, shared in marks] == [
        ("PLAYS", {"device": [0, 1], "twice": [0, 2]}),  # the game under way
        ("ENDED", {}),  # a finished one is the next game's to mark
    ]
