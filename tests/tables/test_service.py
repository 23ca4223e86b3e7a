"""The table service through its HTTP JSON API, as scripts and the page use
it: a table's life from the waiting room to Play again, and every refusal
as a sentence that changes nothing."""

import asyncio
import json
import time
from datetime import timedelta

import psycopg
import pytest
from django.db import connection, transaction
from django.test import Client
from django.utils import timezone

from engine import log
from engine.contract import offered
from games import get_in_line, station_master
from tables import alarms, bots, db, mainloop, rows, service, snapshots, ticker
from tables.models import Move, Result, Seat, Table
from tests.views import move_from, offered_to
from web import batching
from web.actions import ACTIONS, perform_moves
from web.api import CSRF_REFUSED

pytestmark = pytest.mark.django_db


def post(client, path, body=None):
    response = client.post(path, json.dumps(body or {}), content_type="application/json")
    return response.status_code, response.json()


def new_table(client, name="Ada", game="high-card"):
    status, snap = post(client, "/api/tables", {"game": game, "name": name})
    assert status == 201, snap
    return snap["code"]


def snap_of(client, code):
    return client.get(f"/api/tables/{code}").json()


def started(bots=1, people=1):
    """A started High Card table: Ada hosts, Ben joins when people is 2."""
    ada, ben = Client(), Client()
    code = new_table(ada)
    if people == 2:
        post(ben, f"/api/tables/{code}/join", {"name": "Ben"})
    for _ in range(bots):
        post(ada, f"/api/tables/{code}/bot", {"level": "medium"})
    status, snap = post(ada, f"/api/tables/{code}/start")
    assert status == 200, snap
    return code, ada, ben


def play_my_turn(client, code):
    snap = snap_of(client, code)
    move = move_from(snap)
    return post(client, f"/api/tables/{code}/move", {"seq": snap["seq"], "action": move})


def state_of(code):
    table = Table.objects.get(code=code)
    return json.dumps([table.state, table.status, table.seq, list(table.seats.values())], sort_keys=True, default=str)


def test_a_table_has_a_short_readable_code_and_the_creator_hosts_it():
    ada = Client()
    code = new_table(ada)
    assert len(code) == 5 and code.isalpha() and code.isupper() and not set(code) & set("AEIOU")
    snap = snap_of(ada, code)
    assert snap["host"] and snap["seat"] == 0 and snap["seats"][0]["name"] == "Ada" and snap["status"] == "lobby"


def test_start_seats_bots_in_the_empty_seats_the_game_needs_and_starts_in_the_one_action():
    ada = Client()
    code = new_table(ada)
    snap = snap_of(ada, code)
    assert snap["startProblem"] == "High Card needs 2, 3 or 4 seats: add a bot or remove a seat."
    assert snap["startBots"] == 1
    status, snap = post(ada, f"/api/tables/{code}/start")
    assert status == 200 and snap["status"] == "playing"
    assert [s["kind"] for s in snap["seats"]] == ["person", "bot"] and snap["seats"][1]["level"] == "medium"
    # Euchre's four seats: three bots, the fewest it starts with.
    code = new_table(ada, game="euchre")
    assert snap_of(ada, code)["startBots"] == 3
    status, snap = post(ada, f"/api/tables/{code}/start")
    assert status == 200 and [s["kind"] for s in snap["seats"]] == ["person", "bot", "bot", "bot"]
    # A full table starts with no bot added.
    code = new_table(ada)
    post(ada, f"/api/tables/{code}/bot")
    assert snap_of(ada, code)["startBots"] == 0
    status, snap = post(ada, f"/api/tables/{code}/start")
    assert status == 200 and len(snap["seats"]) == 2


def test_a_table_no_bot_can_make_startable_shows_its_sentence_and_start_is_refused():
    ada = Client()
    code = new_table(ada, game="station-master")
    post(ada, f"/api/tables/{code}/settings", {"settings": {"preset": "solitaire"}})
    post(ada, f"/api/tables/{code}/bot")
    snap = snap_of(ada, code)
    assert snap["startProblem"] and snap["startBots"] is None
    before = state_of(code)
    status, body = post(ada, f"/api/tables/{code}/start")
    assert status == 409 and body["error"] == snap["startProblem"]
    assert state_of(code) == before


def test_joining_by_code_sits_you_down_and_a_reload_keeps_your_seat():
    ada, ben = Client(), Client()
    code = new_table(ada)
    status, snap = post(ben, f"/api/tables/{code.lower()}/join", {"name": "Ben"})
    assert status == 200 and snap["seat"] == 1 and not snap["host"]
    status, again = post(ben, f"/api/tables/{code}/join", {"name": "Ben"})
    assert again["seat"] == 1 and len(again["seats"]) == 2
    assert snap_of(ben, code)["seat"] == 1
    assert [(t["code"], t["title"], t["status"], t["seats"]) for t in ben.get("/api/mine").json()["tables"]] == \
        [(code, "High Card", "lobby", 2)]


def test_a_name_is_needed_to_sit_down():
    ada, ben = Client(), Client()
    code = new_table(ada)
    status, body = post(ben, f"/api/tables/{code}/join", {"name": "   "})
    assert status == 400 and body["error"] == "Tell us your name first, so the table knows who you are."
    status, body = post(ben, "/api/tables", {"game": "high-card"})
    assert status == 400 and "name" in body["error"]


def test_host_powers_are_the_hosts_alone():
    ada, ben = Client(), Client()
    code = new_table(ada)
    post(ben, f"/api/tables/{code}/join", {"name": "Ben"})
    before = state_of(code)
    for action, body in [("bot", {}), ("fill", {}), ("start", {}), ("clear", {"seat": 0}), ("arrange", {"seat": 0, "to": 1}),
                         ("settings", {"settings": {"bot_pace": "relaxed"}})]:
        status, refused = post(ben, f"/api/tables/{code}/{action}", body)
        assert status == 403 and refused["error"].startswith("Only the host can"), action
    assert state_of(code) == before


def test_the_host_adds_fills_arranges_and_clears_seats():
    ada, ben = Client(), Client()
    code = new_table(ada)
    post(ben, f"/api/tables/{code}/join", {"name": "Ben"})
    status, snap = post(ada, f"/api/tables/{code}/bot", {"level": "hard"})
    assert [s["kind"] for s in snap["seats"]] == ["person", "person", "bot"] and snap["seats"][2]["level"] == "hard"
    status, snap = post(ada, f"/api/tables/{code}/arrange", {"seat": 2, "to": 0})
    assert [s["kind"] for s in snap["seats"]] == ["bot", "person", "person"] and snap["seat"] == 2
    status, snap = post(ada, f"/api/tables/{code}/clear", {"seat": 0})
    assert [s["name"] for s in snap["seats"]] == ["Ben", "Ada"]
    status, snap = post(ada, f"/api/tables/{code}/fill")
    assert len(snap["seats"]) == 2  # already a size High Card can start
    status, body = post(ada, f"/api/tables/{code}/bot", {"level": "genius"})
    assert status == 400 and body["error"] == "Pick a bot level: easy, medium or hard."


def test_a_setting_the_game_does_not_allow_is_refused_and_changes_nothing():
    ada = Client()
    code = new_table(ada)
    status, snap = post(ada, f"/api/tables/{code}/settings", {"settings": {"bot_pace": "relaxed"}})
    assert snap["settings"] == {"bot_pace": "relaxed"}
    status, body = post(ada, f"/api/tables/{code}/settings", {"settings": {"bot_pace": "warp"}})
    assert status == 400 and body["error"] == "High Card doesn't allow “warp” for “bot_pace”."
    status, body = post(ada, f"/api/tables/{code}/settings", {"settings": {"bot_pace": "brisk", "cheat": True}})
    assert status == 400 and body["error"] == "High Card has no setting called “cheat”."
    assert snap_of(ada, code)["settings"] == {"bot_pace": "relaxed"}


def test_a_game_plays_to_its_end_with_bots_taking_their_turns():
    code, ada, _ = started(bots=2)
    while True:
        snap = snap_of(ada, code)
        if snap["status"] == "over":
            break
        assert snap["view"]["moves"], "the bots should have played up to Ada's turn"
        status, body = play_my_turn(ada, code)
        assert status == 200, body
    assert sorted(snap["result"]["places"])[0] == 1
    result = Result.objects.get(table__code=code)
    assert result.places == snap["result"]["places"] and not result.kept  # nobody signed in
    assert Move.objects.filter(table__code=code).count() == Table.objects.get(code=code).state["seq"]


def test_a_stale_or_repeated_move_is_refused_and_nothing_is_applied_twice():
    code, ada, _ = started(bots=1)
    snap = snap_of(ada, code)
    move = move_from(snap)
    status, first = post(ada, f"/api/tables/{code}/move", {"seq": snap["seq"], "action": move})
    assert status == 200
    moves_after = Move.objects.count()
    before = state_of(code)
    status, again = post(ada, f"/api/tables/{code}/move", {"seq": snap["seq"], "action": move})
    assert status == 409 and again["error"] == "The table moved on before your move arrived. Here is where it stands now."
    assert state_of(code) == before and Move.objects.count() == moves_after


def test_moves_made_together_are_each_made_or_refused_as_if_alone():
    """A busy server makes the moves waiting at once, in one transaction:
    each is made or refused on its own, and a refusal changes nothing."""
    first, ada, _ = started(bots=1)
    second, bea, _ = started(bots=1)
    ada_is, bea_is = service.Visitor(ada.session["browser"]), service.Visitor(bea.session["browser"])
    asked = {}
    for code, client in ((first, ada), (second, bea)):
        snap = snap_of(client, code)
        asked[code] = (snap["seq"], move_from(snap))
    people_moved = Move.objects.filter(table__code=first, by="person").count()
    second_before = state_of(second)
    outcomes = service.move_all([
        (first, ada_is, *asked[first]),
        (second, ada_is, *asked[second]),  # Ada only watches the second table
        (first, ada_is, *asked[first]),  # the same move again
        (second, bea_is, asked[second][0] + 5, asked[second][1]),
        ("NOSUCH", ada_is, *asked[first]),
    ])
    assert outcomes[0] is None
    assert [refused.sentence for refused in outcomes[1:]] == [
        "You're watching this table; only players can move.",
        "The table moved on before your move arrived. Here is where it stands now.",
        "The table moved on before your move arrived. Here is where it stands now.",
        "There is no table with that code. Check the letters and try again.",
    ]
    assert Move.objects.filter(table__code=first, by="person").count() == people_moved + 1
    assert Move.objects.filter(table__code=first).count() == Table.objects.get(code=first).state["seq"]
    assert state_of(second) == second_before


@pytest.mark.django_db(transaction=True)  # the loop's calls use a connection of their own
def test_moves_arriving_while_the_loop_is_busy_are_made_in_one_batch(monkeypatch):
    """On the server's loop, moves that queue while a batch is with the
    database go together in the next: each socket hears only its own
    move's refusal."""
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # as the server allows (parlor/asgi.py)
    batches = []

    def counted(asked):
        batches.append(len(asked))
        return perform_moves(asked)

    monkeypatch.setattr(batching, "perform_moves", counted)
    tables = [started(bots=1) for _ in range(3)]
    asked = []
    for code, ada, _ in tables:
        snap = snap_of(ada, code)
        move = move_from(snap)
        asked.append((code, service.Visitor(ada.session["browser"]), {"seq": snap["seq"], "action": move}))
    watcher = service.Visitor("someone-else")

    async def all_at_once():
        mainloop.adopt()  # as the server's loop: changes are told from it
        try:
            return await asyncio.gather(*(batching.move(*one) for one in [*asked, (asked[0][0], watcher, asked[0][2])]),
                                        return_exceptions=True)
        finally:
            mainloop.forget()
            await db.close_all()  # the calls' own connections, not the test's

    outcomes = asyncio.run(all_at_once())
    assert outcomes[:3] == [None, None, None]
    assert outcomes[3].sentence == "You're watching this table; only players can move."
    assert batches == [4]
    for code, _ada, _ in tables:
        assert Move.objects.filter(table__code=code, by="person").count() == 1


def test_moves_out_of_turn_or_by_watchers_are_refused_with_a_sentence():
    code, ada, ben = started(bots=1, people=2)
    snap = snap_of(ada, code)
    mover, waiter = (ada, ben) if snap["view"]["moves"] else (ben, ada)
    wsnap = snap_of(waiter, code)
    before = state_of(code)
    status, body = post(waiter, f"/api/tables/{code}/move", {"seq": wsnap["seq"], "action": {"type": "play", "card": wsnap["view"]["mine"][0]}})
    assert status == 400 and body["error"] == "It's not your turn."
    status, body = post(Client(), f"/api/tables/{code}/move", {"seq": wsnap["seq"], "action": {"type": "ready"}})
    assert status == 403 and body["error"] == "You're watching this table; only players can move."
    status, body = post(mover, f"/api/tables/{code}/move", {"seq": wsnap["seq"], "action": {"type": "play", "card": "ZZ9"}})
    assert status == 400 and body["error"] == "Play a card from your own hand."
    assert state_of(code) == before


@pytest.mark.parametrize("raw, words", [
    (b"{not json", "isn't valid JSON"),
    (b"[1, 2]", "must be a JSON object"),
    (b"[" * 5000, "nested too deeply"),
    (b"{\"a\": \"" + b"x" * 20000 + b"\"}", "far too long"),
    (b"\xff\xfe", "isn't readable text"),
    (b'{"name": "Ada\\u0000"}', "holds a NUL character"),
    (b'{"seq": NaN}', "isn't valid JSON"),
    (b'{"seq": 1e999}', "number too large"),
    (b'{"seq": 9223372036854775808}', "number too large"),
])
def test_malformed_bodies_get_a_sentence(raw, words):
    code, ada, _ = started(bots=1)
    before = state_of(code)
    response = ada.post(f"/api/tables/{code}/move", raw, content_type="application/json")
    assert 400 <= response.status_code < 500 and words in response.json()["error"]
    assert state_of(code) == before


def test_unknown_tables_games_and_actions_are_refused():
    ada = Client()
    status, body = post(ada, "/api/tables/QQQQQ/join", {"name": "Ada"})
    assert status == 404 and body["error"] == "There is no table with that code. Check the letters and try again."
    assert ada.get("/api/tables/QQQQQ").status_code == 404
    status, body = post(ada, "/api/tables", {"game": "chess", "name": "Ada"})
    assert status == 404 and body["error"] == "We don't have that game. Pick one from the list."
    code = new_table(ada)
    status, body = post(ada, f"/api/tables/{code}/teleport")
    assert status == 404 and body["error"] == "That isn't something you can do at a table."
    for nowhere in ["/api/", "/api/tables/", f"/api/tables/{code}/move/again", "/api/players"]:
        response = ada.get(nowhere)
        assert response.status_code == 404 and response.json()["error"].startswith("There's nothing at this address;"), nowhere


@pytest.mark.parametrize("method, path, allowed", [
    ("GET", "/api/tables", "POST"),
    ("GET", "/api/tables/{code}/move", "POST"),
    ("PUT", "/api/tables/{code}/end", "POST"),
    ("POST", "/api/tables/{code}", "GET"),
    ("POST", "/api/games", "GET"),
    ("DELETE", "/api/mine", "GET"),
])
def test_a_wrong_method_gets_a_sentence_naming_the_right_one(method, path, allowed):
    code, ada, _ = started(bots=1)
    before = state_of(code)
    response = ada.generic(method, path.format(code=code), "{}", content_type="application/json")
    assert response.status_code == 405 and response["Allow"] == allowed
    assert response.json()["error"] == f"This address takes {allowed} only; send your request again with {allowed}."
    assert state_of(code) == before


def test_state_changing_calls_need_the_csrf_token():
    careful = Client(enforce_csrf_checks=True)
    careful.get("/")
    response = careful.post("/api/tables", json.dumps({"game": "high-card", "name": "Ada"}), content_type="application/json")
    assert response.status_code == 403 and response.json()["error"] == CSRF_REFUSED
    assert not Table.objects.exists()
    token = careful.cookies["csrftoken"].value
    response = careful.post("/api/tables", json.dumps({"game": "high-card", "name": "Ada"}), content_type="application/json",
                            HTTP_X_CSRFTOKEN=token)
    assert response.status_code == 201


def test_every_table_action_needs_the_csrf_token():
    careful = Client(enforce_csrf_checks=True)
    careful.get("/")
    with_token = {"content_type": "application/json", "HTTP_X_CSRFTOKEN": careful.cookies["csrftoken"].value}
    code = careful.post("/api/tables", json.dumps({"game": "high-card", "name": "Ada"}), **with_token).json()["code"]
    careful.post(f"/api/tables/{code}/bot", "{}", **with_token)
    before = snap_of(careful, code)
    # A body the host's actions would take in this waiting room, so only the missing token stops them.
    body = json.dumps({"seat": 1, "to": 0, "level": "easy", "settings": {"bot_pace": "relaxed"}, "name": "Ada"})
    for action in ACTIONS:
        response = careful.post(f"/api/tables/{code}/{action}", body, content_type="application/json")
        assert response.status_code == 403 and response.json()["error"] == CSRF_REFUSED, action
    assert snap_of(careful, code) == before
    response = careful.post(f"/api/tables/{code}/settings", body, **with_token)
    assert response.status_code == 200 and response.json()["settings"] == {"bot_pace": "relaxed"}


def test_the_host_covers_a_seat_and_the_person_takes_it_back():
    code, ada, ben = started(bots=1, people=2)
    status, snap = post(ada, f"/api/tables/{code}/cover", {"seat": 1})
    assert status == 200 and snap["seats"][1]["covered"] is True
    ben_snap = snap_of(ben, code)
    assert not ben_snap["view"]["moves"] or ben_snap["status"] != "playing" or not ben_snap["seats"][1]["deciding"]
    status, body = post(ben, f"/api/tables/{code}/move", {"seq": ben_snap["seq"], "action": {"type": "ready"}})
    assert status == 409 and "Take your seat back" in body["error"]
    status, snap = post(ben, f"/api/tables/{code}/back")
    assert status == 200 and snap["seats"][1]["covered"] is False


def test_anyone_may_cover_a_seat_only_after_its_player_has_kept_the_table_waiting(settings):
    code, ada, ben = started(bots=1, people=2)
    snap = snap_of(ada, code)
    waiting_on = next(s["index"] for s in snap["seats"] if s["deciding"])
    other = ben if waiting_on == 0 else ada
    if waiting_on == 0:
        # Ben isn't the host: he may cover Ada only once she is idle.
        status, body = post(ben, f"/api/tables/{code}/cover", {"seat": 0})
        assert status == 403 and body["error"] == "Only the host can cover a seat before its player has been away a while."
        table = Table.objects.get(code=code)
        table.clocks = {k: v - settings.PARLOR_IDLE_SECONDS - 1 for k, v in table.clocks.items()}
        table.save()
        assert snap_of(ben, code)["seats"][0]["canCover"]
        status, snap = post(other, f"/api/tables/{code}/cover", {"seat": 0})
        assert status == 200 and snap["seats"][0]["covered"]
    else:
        status, snap = post(ada, f"/api/tables/{code}/cover", {"seat": 1})
        assert status == 200 and snap["seats"][1]["covered"]


def test_ending_early_is_not_kept_and_play_again_deals_a_new_seed_to_the_same_seats():
    code, ada, ben = started(bots=1, people=2)
    status, body = post(ben, f"/api/tables/{code}/end")
    assert status == 403
    seed = Table.objects.get(code=code).seed
    status, snap = post(ada, f"/api/tables/{code}/end")
    assert snap["status"] == "ended" and not Result.objects.exists()
    status, snap = post(ada, f"/api/tables/{code}/again")
    table = Table.objects.get(code=code)
    assert snap["status"] == "playing" and table.seed != seed and table.number == 2
    assert [s["name"] for s in snap["seats"]] == ["Ada", "Ben", "Robin"]


def test_leaving_the_waiting_room_frees_the_seat_and_leaving_a_game_hands_it_to_a_bot():
    ada, ben = Client(), Client()
    code = new_table(ada)
    post(ben, f"/api/tables/{code}/join", {"name": "Ben"})
    status, snap = post(ben, f"/api/tables/{code}/leave")
    assert [s["name"] for s in snap["seats"]] == ["Ada"] and snap["seat"] is None
    code, ada, ben = started(bots=1, people=2)
    status, snap = post(ben, f"/api/tables/{code}/leave")
    assert snap["seats"][1]["kind"] == "bot" and snap["seat"] is None
    status, snap = post(ada, f"/api/tables/{code}/leave")
    assert Table.objects.get(code=code).host == ""


def test_start_without_waiting_readies_everyone_once_the_host_is():
    code, ada, ben = started(bots=1, people=2)
    for _ in range(200):
        snap = snap_of(ada, code)
        if snap["view"]["phase"] == "scored":
            break
        for who in (ada, ben):
            mine = snap_of(who, code)["view"]
            if mine["phase"] == "play" and mine["moves"]:
                play_my_turn(who, code)
    assert snap["view"]["phase"] == "scored"
    status, body = post(ada, f"/api/tables/{code}/hurry")
    assert status == 409 and body["error"] == "Say you're ready yourself first."
    play_my_turn(ada, code)
    status, snap = post(ada, f"/api/tables/{code}/hurry")
    assert status == 200, snap
    assert snap["view"]["phase"] == "play" and snap["view"]["deal"] == 2
    # Ben's "ready", said for him, is kept with the rest: the game replays.
    assert Move.objects.filter(table__code=code).count() == Table.objects.get(code=code).state["seq"]


def test_one_bot_turn_plays_every_due_table_it_is_given(settings):
    """The ticker hands a crowd of due tables to one turn (on PostgreSQL,
    one transaction): every table's bot moves, and every move is kept."""
    settings.PARLOR_BOT_THINK = 1.0
    codes = due_bot_tables(3)
    before = {table.code: table.state["seq"] for table in Table.objects.filter(code__in=codes)}
    assert sorted(service.tick(codes + ["NOSUCH"])) == sorted(codes)
    for table in Table.objects.filter(code__in=codes):
        assert table.state["seq"] > before[table.code]
        assert Move.objects.filter(table=table).count() == table.state["seq"]


@pytest.mark.django_db(transaction=True)  # on PostgreSQL the loop's calls use a connection of their own
def test_bots_falling_due_together_move_in_one_turn(settings, monkeypatch):
    """A bot that falls due waits a moment (the gather) for the bots falling
    due just after it, and the ticker plays them in one turn, one
    transaction, where it would have woken for each."""
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # as the server allows (parlor/asgi.py)
    settings.PARLOR_BOT_THINK = 1.0
    settings.PARLOR_BOT_GATHER = 0.5  # long beside the two alarms' gap, so the loop's pace can't split them
    settings.PARLOR_TICK_SECONDS = 600.0  # no poll: the alarms alone wake the ticker
    first, second = codes = due_bot_tables(2)
    before = {table.code: table.state["seq"] for table in Table.objects.filter(code__in=codes)}
    monkeypatch.setattr(ticker, "resume_all", lambda: 0)  # (a restart's catch-up would play them at once)
    monkeypatch.setattr(ticker, "start_workers", lambda: None)
    turns = []
    played = ticker.play

    def counted(some):
        moved = played(some)
        turns.append(list(some))  # once the turn is over, so the test reads what it kept
        return moved

    monkeypatch.setattr(ticker, "play", counted)

    async def ticking():
        mainloop.adopt()
        stop = asyncio.Event()
        running = asyncio.ensure_future(ticker.run(stop))
        try:
            await asyncio.sleep(0)  # (the ticker listens for alarms from its first step)
            soon = time.time() + 0.05
            alarms.set_for(first, soon)
            alarms.set_for(second, soon + 0.05)
            while sum(map(len, turns)) < 2:
                await asyncio.sleep(0.01)
        finally:
            stop.set()
            await running
            mainloop.forget()
            await db.close_all()

    asyncio.run(asyncio.wait_for(ticking(), 30))
    assert turns == [[first, second]]
    for table in Table.objects.filter(code__in=codes):
        assert table.state["seq"] > before[table.code]


def due_bot_tables(count):
    """High Card tables whose bot has been thinking long enough to move."""
    codes = []
    for _ in range(count):
        ada = Client()
        code = new_table(ada)
        post(ada, f"/api/tables/{code}/bot")
        post(ada, f"/api/tables/{code}/start")
        if Table.objects.get(code=code).state["turn"] == 0:
            play_my_turn(ada, code)
        codes.append(code)
    for table in Table.objects.filter(code__in=codes):
        assert table.due_at is not None  # the bot is thinking
        table.clocks = {k: v - 5 for k, v in table.clocks.items()}
        table.due_at -= 5
        table.save()
    return codes


def test_a_table_whose_bot_turn_fails_holds_up_no_other_table(settings, monkeypatch):
    settings.PARLOR_BOT_THINK = 1.0
    codes = due_bot_tables(2)
    broken, fine = codes
    advance = bots.advance

    def failing(held, *args):
        if held.table.code == broken:
            raise RuntimeError("this table's game is broken")
        return advance(held, *args)

    monkeypatch.setattr(bots, "advance", failing)
    before = Table.objects.get(code=broken).state["seq"]
    assert ticker.play(codes) == [fine]
    assert Table.objects.get(code=broken).state["seq"] == before
    assert Move.objects.filter(table__code=fine).count() == Table.objects.get(code=fine).state["seq"]


def test_a_bot_move_the_games_code_fails_on_part_way_is_undone_not_left_half_made(settings, monkeypatch):
    """A move is made on the table's state itself, so when the game's code
    fails part-way through a bot's move the whole turn is undone (no
    fallback is played over the half-made move), and the next turn plays it."""
    import tests.highcard as highcard

    settings.PARLOR_BOT_THINK = 1.0
    code, = due_bot_tables(1)
    plain, failed = highcard.MOVES["play"], []

    def failing_once(state, seat, action, now):
        if not failed:
            failed.append(seat)
            state["hands"][seat].remove(action["card"])  # the move part made
            raise RuntimeError("a fault in the game's code")
        return plain(state, seat, action, now)

    monkeypatch.setitem(highcard.MOVES, "play", failing_once)
    before = state_of(code)
    assert ticker.play([code]) == []
    assert state_of(code) == before and failed
    assert ticker.play([code]) == [code]
    state = Table.objects.get(code=code).state
    assert sum(len(hand) for hand in state["hands"]) + len(highcard.played(state)) == highcard.HAND * state["n"]
    assert Move.objects.filter(table__code=code).count() == state["seq"]


@pytest.mark.django_db(transaction=True)  # the connection is closed between two committed moves
def test_moves_go_on_once_the_database_connection_is_opened_afresh():
    """A move's read and save use the driver's cursors kept with the
    connection Django holds: once it opens another (the old one closed, or a
    pool's other one), the next move writes through the new one, its
    statements prepared there afresh."""
    code, ada, ben = started(bots=0, people=2)
    to_move = lambda: next(c for c in (ada, ben) if offered_to(snap_of(c, code)))  # noqa: E731
    assert play_my_turn(to_move(), code)[0] == 200
    played = Table.objects.get(code=code).seq
    connection.close()
    assert play_my_turn(to_move(), code)[0] == 200
    assert Table.objects.get(code=code).seq == played + 1
    assert Move.objects.filter(table__code=code).count() == played + 1


@pytest.mark.skipif(connection.vendor != "postgresql", reason="SQLite has no statements prepared by name")
@pytest.mark.django_db(transaction=True)  # each read commits, as at a real table
def test_a_table_is_read_when_the_session_holds_statements_the_server_lost_count_of():
    """A connection's session keeps the statements a read prepared on it for
    as long as it lives, whatever became of the server's note of them: the
    next read prepares only what the session lacks (preparing one twice
    fails, and the move would be refused)."""
    code, _ada, _ben = started(bots=0, people=2)
    with transaction.atomic():
        assert rows.locked_with_seats([code])
    rows._prepared.clear()
    with transaction.atomic():
        (table, seats), = rows.locked_with_seats([code])
    assert table.code == code and len(seats) == 2


@pytest.mark.django_db(transaction=True)  # the state is kept once a move's save commits
def test_a_state_kept_between_moves_is_handed_over_only_while_its_row_still_holds_it(monkeypatch):
    """A table's state is kept parsed between its moves. A move
    reads it only while the table's row holds what was kept: not once a
    move made on it failed part way, nor once the row was written another way."""
    import tests.highcard as highcard

    code, ada, ben = started(bots=0, people=2)

    def to_move():
        return next(c for c in (ada, ben) if offered_to(snap_of(c, code)))

    def as_a_move_reads_it():
        (table, _seats), = rows.locked_with_seats([code])
        return table.state

    assert play_my_turn(to_move(), code)[0] == 200
    table = Table.objects.get(code=code)
    assert rows._kept[table.pk] == (rows.dumps(table.state), table.state)  # kept once the move committed
    kept = rows._kept[table.pk][1]
    assert as_a_move_reads_it() is kept and table.pk not in rows._kept  # handed over, once
    assert play_my_turn(to_move(), code)[0] == 200

    plain = highcard.MOVES["play"]

    def failing(state, seat, action, now):
        state["hands"][seat].remove(action["card"])  # the move part made
        raise RuntimeError("a fault in the game's code")

    monkeypatch.setitem(highcard.MOVES, "play", failing)
    assert play_my_turn(to_move(), code)[0] == 503
    monkeypatch.setitem(highcard.MOVES, "play", plain)
    assert as_a_move_reads_it() == Table.objects.get(code=code).state  # the card is still in the hand

    assert play_my_turn(to_move(), code)[0] == 200
    rewritten = {**Table.objects.get(code=code).state, "rewritten": True}
    Table.objects.filter(code=code).update(state=rewritten)  # as a tool or another hand might
    assert as_a_move_reads_it() == rewritten


def test_each_browser_s_view_of_a_change_shows_its_own_private_lines_and_no_one_else_s():
    """A change's views write a log all its browsers are shown alike once for
    them all; a log holding a seat's private line (Line deals each hand in
    one) is that seat's alone, and another's view never carries it."""
    ada, ben = Client(), Client()
    code = new_table(ada, game="line")
    post(ben, f"/api/tables/{code}/join", {"name": "Ben"})
    assert post(ada, f"/api/tables/{code}/start")[0] == 200
    table = Table.objects.get(code=code)
    seats = list(table.seats.all())
    texts = snapshots.views(table, seats)
    for seat in seats:
        view = json.loads(texts[seat.browser])["view"]
        dealt = [e for e in view["events"] if e["kind"] == "dealt"]
        assert [e["cards"] for e in dealt] == [table.state["hands"][seat.index]]
        assert view["events"] == log.recent(table.state, seat.index)
    ada_events, ben_events = (json.loads(texts[s.browser])["view"]["events"] for s in seats)
    assert ada_events != ben_events

    code = new_table(ada, game="get-in-line")  # every line shared: one log, written once, shown to both
    post(ben, f"/api/tables/{code}/join", {"name": "Ben"})
    assert post(ada, f"/api/tables/{code}/start")[0] == 200
    assert play_my_turn(ada if snap_of(ada, code)["view"]["turn"] == 0 else ben, code)[0] == 200
    table = Table.objects.get(code=code)
    seats = list(table.seats.all())
    texts = snapshots.views(table, seats)
    for seat in seats:
        assert json.loads(texts[seat.browser])["view"]["events"] == log.recent(table.state, seat.index) != []


@pytest.mark.django_db
def test_a_table_read_for_a_move_is_the_row_the_orm_reads():
    """A move reads its table and seats through the driver's own cursor, not
    the ORM: each column comes back as the ORM gives it (times with their
    zone, flags as true or false, JSON parsed), on either database."""
    code, _ada, _ben = started(bots=1, people=2)
    with transaction.atomic():
        (table, seats), = rows.locked_with_seats([code])
    orm = Table.objects.get(code=code)
    for field in Table._meta.concrete_fields:
        assert getattr(table, field.attname) == getattr(orm, field.attname), field.name
        assert type(getattr(table, field.attname)) is type(getattr(orm, field.attname)), field.name
    assert table.updated.utcoffset() is not None
    assert (table.created.tzinfo, table.updated.tzinfo) == (orm.created.tzinfo, orm.updated.tzinfo)
    for seat, read in zip(seats, orm.seats.all(), strict=True):
        for field in Seat._meta.concrete_fields:
            assert getattr(seat, field.attname) == getattr(read, field.attname), field.name
            assert type(getattr(seat, field.attname)) is type(getattr(read, field.attname)), field.name


@pytest.mark.skipif(connection.vendor != "postgresql", reason="SQLite serves one process, which locks the whole database")
@pytest.mark.django_db(transaction=True)  # the other process's transaction must see the tables
def test_a_table_another_process_holds_is_passed_over_not_waited_for(settings):
    """Two processes' tickers: a table whose row the other holds mid-turn is
    left to it, and this one plays the other due tables without waiting."""
    settings.PARLOR_BOT_THINK = 1.0
    held, free = due_bot_tables(2)
    before = Table.objects.get(code=held).state["seq"]
    where = connection.settings_dict
    with psycopg.connect(dbname=where["NAME"], user=where["USER"] or None, host=where["HOST"] or None,
                         port=where["PORT"] or None, password=where["PASSWORD"] or None) as other:
        other.execute("SELECT 1 FROM tables_table WHERE code = %s FOR UPDATE", (held,))
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '5s'")  # were the row waited for, the turn would fail, not hang
        try:
            assert service.tick([held, free]) == [free]
        finally:
            with connection.cursor() as cursor:
                cursor.execute("RESET lock_timeout")
        assert Table.objects.get(code=held).state["seq"] == before
    assert service.tick([held]) == [held]  # once the other process lets go
    assert Table.objects.get(code=held).state["seq"] > before

def test_a_bot_thinks_from_when_its_decision_began(settings):
    settings.PARLOR_BOT_THINK = 1.0
    ada = Client()
    code = new_table(ada)
    post(ada, f"/api/tables/{code}/bot")
    post(ada, f"/api/tables/{code}/start")
    table = Table.objects.get(code=code)
    if table.state["turn"] == 0:
        play_my_turn(ada, code)
        table.refresh_from_db()
    seq = table.state["seq"]
    assert table.due_at is not None and snap_of(ada, code)["seq"] == seq  # still thinking
    table.clocks = {k: v - 5 for k, v in table.clocks.items()}
    table.due_at -= 5
    table.save()
    assert snap_of(ada, code)["seq"] > seq  # a read plays the bot once it is due


def test_a_snapshot_names_the_decision_that_is_yours_and_a_new_key_for_the_next():
    code, ada, ben = started(bots=0, people=2)
    snaps = {"Ada": snap_of(ada, code), "Ben": snap_of(ben, code)}
    mover = next(name for name, s in snaps.items() if s["seats"][s["seat"]]["deciding"])
    waiter = "Ben" if mover == "Ada" else "Ada"
    first = snaps[mover]["decision"]
    assert first["kind"] == "play" and first["key"]
    assert snaps[waiter]["decision"] is None
    assert Client().get(f"/api/tables/{code}").json()["decision"] is None  # (a watcher decides nothing)
    status, _ = play_my_turn(ada if mover == "Ada" else ben, code)
    assert status == 200
    after = snap_of(ada if mover == "Ada" else ben, code)["decision"]
    assert after is None or after["key"] != first["key"]


def test_a_seat_on_its_turn_is_sent_the_list_of_its_moves_only_where_its_table_draws_the_list():
    """Get In Line's table draws a turn from the view (where each card can
    go), so its snapshot lists no moves; Station Master's draws its buttons
    from the list, so it is sent one."""
    ada, ben = Client(), Client()
    code = new_table(ada, game="get-in-line")
    post(ben, f"/api/tables/{code}/join", {"name": "Ben"})
    assert post(ada, f"/api/tables/{code}/start")[0] == 200
    mover = next(s for s in (snap_of(ada, code), snap_of(ben, code)) if s["decision"])
    state = Table.objects.get(code=code).state
    assert mover["legal"] == [] and mover["view"]["can"]["play"]
    assert [m["action"] for m in offered_to(mover)] == get_in_line.legal(state, mover["seat"])

    code = new_table(ada, game="station-master")
    post(ben, f"/api/tables/{code}/join", {"name": "Ben"})
    assert post(ada, f"/api/tables/{code}/start")[0] == 200
    snap = next(s for s in (snap_of(ada, code), snap_of(ben, code)) if s["decision"])
    assert snap["legal"] == offered(station_master, Table.objects.get(code=code).state, snap["seat"])


def test_a_table_whose_bot_turn_keeps_failing_is_tried_less_and_less_often_until_it_moves(settings, monkeypatch):
    """One broken table costs the others a failed turn now and then, not one
    every poll; once its bot moves again it is polled as any other."""
    settings.PARLOR_BOT_THINK = 1.0
    settings.PARLOR_TICK_SECONDS = tick = 60.0  # (the waits, far longer than the test's own steps)
    broken, fine = due_bot_tables(2)
    Table.objects.filter(code=broken).update(due_at=time.time() - 1000)  # overdue by many polls
    advance, fault = bots.advance, ["on"]

    def failing(held, *args):
        if held.table.code == broken and fault:
            raise RuntimeError("this table's game is broken")
        return advance(held, *args)

    monkeypatch.setattr(bots, "advance", failing)
    monkeypatch.setattr(ticker, "_failing", {})
    assert ticker.play([broken, fine]) == [fine]
    now = time.time()
    assert broken not in ticker.overdue(now)
    assert broken in ticker.overdue(now + 1.5 * tick)
    assert ticker.play([broken]) == []
    # Failed again: the next try waits twice as long.
    assert broken not in ticker.overdue(now + 1.5 * tick)
    assert broken in ticker.overdue(now + 3 * tick)
    fault.clear()
    assert ticker.play([broken]) == [broken]
    assert broken not in ticker._failing


def test_a_failed_table_that_is_never_tried_again_is_forgotten(settings, monkeypatch):
    """A table whose turn failed and that then ended (so the poll never
    tries it again) leaves nothing behind in a long-running process."""
    settings.PARLOR_BOT_THINK = 1.0
    settings.PARLOR_TICK_SECONDS = 60.0
    broken, = due_bot_tables(1)
    monkeypatch.setattr(ticker, "_failing", {})
    now = time.time()
    ticker._failed(broken, now)
    Table.objects.filter(code=broken).update(status=Table.ENDED)
    ticker.overdue(now + ticker.LONGEST_WAIT)
    assert broken in ticker._failing  # (its wait ran out only just now: kept)
    ticker.overdue(now + 60.0 + ticker.LONGEST_WAIT + 1)
    assert broken not in ticker._failing


def test_the_ticker_finds_a_table_left_on_a_bots_turn_with_no_bot_due_and_plays_it(caplog):
    """However a table came to it, a seat a bot plays on turn with no bot
    due would never move: the ticker's look finds such a table, says so
    in the log, and its bot then plays."""
    code, ada, ben = started(bots=0, people=2)
    fine = started(bots=0, people=2)[0]  # a person's turn: nothing to repair
    assert play_my_turn(ada, code)[0] == 200  # Ben's turn now
    long_ago = timezone.now() - timedelta(minutes=5)
    Seat.objects.filter(table__code=code, index=1).update(covered=True)
    Table.objects.filter(code__in=[code, fine]).update(due_at=None, updated=long_ago)
    seq = Table.objects.get(code=code).state["seq"]

    assert ticker.stuck(time.time()) == [code]
    assert f"table {code} was stuck" in caplog.text
    assert ticker.play([code]) == [code]
    assert Table.objects.get(code=code).state["seq"] > seq  # Ben's bot played
    assert ticker.stuck(time.time()) == []
