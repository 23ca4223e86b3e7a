"""Your tables, as the home page lists them (tables/yours.py): the tables
waiting on you first, the longest waiting first, each saying so in words
("Your move at High Card with Ben, 3 h ago"); then the others with what
they wait for, finished games last; never a table ended early or one you
don't sit at; a signed-in player's tables from any browser; and, at a
table played over days, the time its player to move has left."""

import json
import re
import time

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tables import service, yours
from tables.models import Table
from tests.views import move_from

pytestmark = pytest.mark.django_db

ADA, BEN, CY = service.Visitor("ada-browser", "Ada"), service.Visitor("ben-browser", "Ben"), service.Visitor("cy-browser", "Cy")
HOUR = 3600


def table(host=ADA, *, game="high-card", joined=(), bots=0, started=False) -> str:
    code = service.create(game, host).code
    for who in joined:
        service.join(code, who)
    for _ in range(bots):
        service.add_bot(code, host, "easy")
    if started:
        service.start(code, host)
    return code


def play(code, who):
    snap = service.read(code, who)
    service.move(code, who, snap["seq"], move_from(snap))


def waited(code, seconds):
    """The table's open decisions began ``seconds`` earlier."""
    found = Table.objects.get(code=code)
    Table.objects.filter(pk=found.pk).update(clocks={key: at - seconds for key, at in found.clocks.items()})


def test_the_tables_waiting_on_you_come_first_the_longest_waiting_first_then_the_rest_finished_last():
    # Ada leads at High Card: a started table of Ada's waits on her.
    waiting_long = table(joined=[BEN], started=True)
    waited(waiting_long, 3 * HOUR + 60)
    over = table(bots=1, started=True)
    while service.read(over, ADA)["status"] == Table.PLAYING:
        play(over, ADA)
    bens_move = table(joined=[BEN], started=True)
    play(bens_move, ADA)
    waiting_now = table(joined=[BEN, CY], started=True)
    lobby = table(game="euchre", bots=3)
    guest_at = table(BEN, joined=[ADA])
    ended = table(bots=1, started=True)
    service.end(ended, ADA)
    table(BEN, joined=[CY])  # Ada isn't at it

    rows = service.tables_of(ADA)
    assert [r["code"] for r in rows] == [waiting_long, waiting_now, guest_at, lobby, bens_move, over]
    assert [(r["line"], r["state"], r["yourMove"]) for r in rows] == [
        ("Your move at High Card with Ben, 3 h ago", None, True),
        ("Your move at High Card with Ben and Cy, just now", None, True),
        ("High Card with Ben", "Waiting room", False),
        ("Euchre with 3 bots", "Waiting room", False),
        ("High Card with Ben", "Ben’s move", False),
        ("High Card with a bot", "Game over", False),
    ]
    # Ben, at the same tables, reads them his way round, and not the ones he isn't at.
    bens = service.tables_of(BEN)
    assert bens[0]["code"] == bens_move and len(bens) == 5
    seen = {r["code"]: (r["line"], r["state"]) for r in bens}
    assert seen[bens_move] == ("Your move at High Card with Ada, just now", None)
    assert seen[waiting_now] == ("High Card with Ada and Cy", "Ada’s move")
    assert all(r["left"] is None and not r["elsewhere"] for r in rows)


def test_a_seat_a_bot_plays_for_now_is_not_waiting_on_you():
    code = table(joined=[BEN], started=True)
    play(code, ADA)
    assert service.tables_of(BEN)[0]["yourMove"]
    service.cover(code, ADA, 1)  # the host has a bot play Ben's seat for now
    row = service.tables_of(BEN)[0]
    assert (row["yourMove"], row["line"], row["state"]) == (False, "High Card with Ada", "A bot is playing your seat")


def test_a_signed_in_player_sees_their_tables_on_any_browser_played_only_from_their_own():
    ada = get_user_model().objects.create_user("ada", password="a long enough password")
    laptop, phone = Client(), Client()
    laptop.force_login(ada)
    phone.force_login(ada)
    status = laptop.post("/api/tables", {"game": "high-card", "name": "Ada"}, content_type="application/json")
    code = status.json()["code"]
    laptop.post(f"/api/tables/{code}/bot", {"level": "easy"}, content_type="application/json")
    laptop.post(f"/api/tables/{code}/start", {}, content_type="application/json")
    on_laptop, = laptop.get("/api/mine").json()["tables"]
    on_phone, = phone.get("/api/mine").json()["tables"]
    assert on_laptop["line"] == on_phone["line"] == "Your move at High Card with a bot, just now"
    assert (on_laptop["elsewhere"], on_phone["elsewhere"]) == (False, True)
    assert Client().get("/api/mine").json()["tables"] == []  # a stranger's browser lists nothing
    # The home page comes with the same rows, for the list to stand at once.
    home = phone.get("/")
    assert json.loads(re.search(r'<script id="your-tables" type="application/json">(.*?)</script>', home.text)[1]) == [on_phone]


def test_at_a_table_played_over_days_the_row_says_the_time_left_and_the_least_time_left_comes_first():
    later = table(joined=[BEN])
    service.set_pace(later, ADA, "days", 3 * 86400)
    service.start(later, ADA)
    waited(later, 20 * HOUR)
    sooner = table(joined=[BEN])
    service.set_pace(sooner, ADA, "days", 86400)
    service.start(sooner, ADA)
    waited(sooner, 20 * HOUR + 1800)
    live = table(joined=[BEN], started=True)
    play(live, ADA)
    rows = service.tables_of(ADA, now=time.time())
    assert [(r["code"], r["line"], r["left"]) for r in rows] == [
        (sooner, "Your move at High Card with Ben, 20 h ago", "3 hours left"),
        (later, "Your move at High Card with Ben, 20 h ago", "2 days left"),
        (live, "High Card with Ben", None),
    ]


@pytest.mark.parametrize(("seconds", "said"), [
    (0, "just now"), (59, "just now"), (60, "1 min ago"), (59 * 60, "59 min ago"), (HOUR, "1 h ago"),
    (23 * HOUR + 3599, "23 h ago"), (24 * HOUR, "yesterday"), (47 * HOUR, "yesterday"), (48 * HOUR, "2 days ago"),
])
def test_how_long_ago_in_words(seconds, said):
    assert yours.ago(seconds) == said
