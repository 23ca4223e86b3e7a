"""The keeper (ratings.keeper): which finished games are kept and rated,
who is rated and who is only counted, rated exactly once, the worked
examples of docs/ratings.md through it, and ``manage.py ratings rebuild`` landing on the live
numbers. The keep/rate/skip rules are played through the table service's
API, as a family would play them; the signal fires after commit, so these
tests commit (transaction=True)."""

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from ratings import keeper
from ratings import tables as rating_tables
from ratings.model import counted, rate
from ratings.models import Change, RatedGame, Rating
from tables.models import Result, Table
from tables.signals import game_finished
from tests.views import move_from

pytestmark = pytest.mark.django_db(transaction=True)


# -- playing through the service ----------------------------------------------------


def post(client, path, body=None):
    response = client.post(path, json.dumps(body or {}), content_type="application/json")
    return response.status_code, response.json()


def snap_of(client, code):
    return client.get(f"/api/tables/{code}").json()


def person(username=None):
    """A browser; signed in as a new player when given a username."""
    client = Client()
    if username:
        client.user = get_user_model().objects.create_user(username, password="a-long-password")
        client.force_login(client.user)
    return client


def table(host, name, others=(), bots=(), game="high-card"):
    """A table in its waiting room: the host, other people (name, client) and bots."""
    status, snap = post(host, "/api/tables", {"game": game, "name": name})
    assert status == 201, snap
    code = snap["code"]
    for other_name, other in others:
        status, body = post(other, f"/api/tables/{code}/join", {"name": other_name})
        assert status == 200, body
    for level in bots:
        status, body = post(host, f"/api/tables/{code}/bot", {"level": level})
        assert status == 200, body
    return code


def start(host, code):
    status, snap = post(host, f"/api/tables/{code}/start")
    assert status == 200, snap


def play_out(code, *clients):
    """Every person plays their first listed move until the game is over."""
    for _ in range(500):
        snaps = [snap_of(c, code) for c in clients]
        if snaps[0]["status"] == "over":
            return snaps[0]
        for client, snap in zip(clients, snaps):
            mine = snap["seats"][snap["seat"]] if snap["seat"] is not None else None
            if mine and not mine["covered"] and snap["view"]["moves"]:
                move = move_from(snap)
                status, body = post(client, f"/api/tables/{code}/move", {"seq": snap["seq"], "action": move})
                assert status == 200, body
                break
        else:
            raise AssertionError("nobody could move, and the game isn't over")
    raise AssertionError("the game never ended")


def rating(user, game="high-card"):
    row = Rating.objects.filter(user=user, game=game).first()
    return (row.mu, row.sigma) if row else None


def expected(result, counted_as):
    """What rate() gives for a result, each seat counted as given (one
    member per side: High Card is everyone for themselves)."""
    return rate([[m] for m in counted_as], result.places)


# -- keep, rate, skip -----------------------------------------------------------------


def test_a_game_the_host_ends_early_is_never_kept_or_rated():
    ada = person("ada")
    code = table(ada, "Ada", bots=["medium"])
    start(ada, code)
    status, snap = post(ada, f"/api/tables/{code}/end")
    assert status == 200 and snap["status"] == "ended"
    assert not Result.objects.exists()
    assert not Rating.objects.exists() and not Change.objects.exists() and not RatedGame.objects.exists()


def test_a_game_with_nobody_signed_in_is_not_kept():
    guest = person()
    code = table(guest, "Gus", bots=["medium"])
    start(guest, code)
    snap = play_out(code, guest)
    result = Result.objects.get()
    assert not result.kept and not result.rated and result.changes == []
    assert snap["result"]["ratings"] == []
    assert not Rating.objects.exists() and not RatedGame.objects.exists()


def test_a_finished_game_with_someone_signed_in_is_kept_and_rated_and_the_sheet_says_so():
    ada = person("ada")
    code = table(ada, "Ada", bots=["medium"])
    start(ada, code)
    snap = play_out(code, ada)
    result = Result.objects.get()
    assert result.kept and result.rated
    [[ada_after], [bot_after]] = expected(result, [(1500.0, 350.0), (1500.0, 0.0)])
    assert rating(ada.user) == ada_after
    assert bot_after == (1500.0, 0.0)
    change = Change.objects.get()
    assert (change.user, change.seat, change.rated) == (ada.user, 0, True)
    assert (change.mu_before, change.sigma_before) == (1500.0, 350.0)
    delta = ada_after[0] - 1500.0
    line = f"{'+' if delta >= 0 else '−'}{abs(delta):.1f} → {ada_after[0]:.0f} ± {ada_after[1]:.0f}"
    assert result.changes == [line, None]
    assert snap["result"]["ratings"] == [line, None]  # the result sheet's line, in the snapshot at game over
    row = Rating.objects.get(user=ada.user)
    assert (row.played, row.rated) == (1, 1)


def test_a_seat_a_bot_covered_counts_at_its_players_rating_but_is_not_rated():
    ada, ben = person("ada"), person("ben")
    Rating.objects.create(user=ben.user, game="high-card", mu=1620.0, sigma=90.0, played=12, rated=12)
    code = table(ada, "Ada", others=[("Ben", ben)], bots=["medium"])
    start(ada, code)
    status, body = post(ada, f"/api/tables/{code}/cover", {"seat": 1})
    assert status == 200, body
    status, body = post(ben, f"/api/tables/{code}/back")  # back again: still covered "at any point"
    assert status == 200, body
    play_out(code, ada, ben)
    result = Result.objects.get()
    assert result.seats[1]["covered"] and result.kept and result.rated
    # Ben counted at his rating (frozen), not rated; Ada rated against him and the bot.
    after = expected(result, [(1500.0, 350.0), counted(1620.0, 90.0), (1500.0, 0.0)])
    assert rating(ada.user) == after[0][0]
    assert rating(ben.user) == (1620.0, 90.0)
    ben_row = Rating.objects.get(user=ben.user)
    assert (ben_row.played, ben_row.rated) == (13, 12)  # the game is in his history, not his rating
    change = Change.objects.get(user=ben.user)
    assert not change.rated and change.why == keeper.COVERED and change.mu_after == change.mu_before == 1620.0
    assert result.changes[1] == "not rated: a bot covered this seat"


def test_a_guest_counts_at_1500_350_and_never_changes():
    ada, guest = person("ada"), person()
    code = table(ada, "Ada", others=[("Gus", guest)], bots=["hard"])
    start(ada, code)
    play_out(code, ada, guest)
    result = Result.objects.get()
    after = expected(result, [(1500.0, 350.0), counted(1500.0, 350.0), (1520.0, 0.0)])
    assert rating(ada.user) == after[0][0]
    assert after[1][0] == (1500.0, 350.0)
    assert Rating.objects.count() == 1 and Change.objects.count() == 1  # nothing of the guest's is kept
    assert result.changes[1] is None and result.seats[1]["user"] is None


def test_bots_count_at_their_anchors_and_are_never_updated():
    before = {level: rating_tables.anchor("high-card", level) for level in ("easy", "medium", "hard")}
    assert before == {"easy": 1100.0, "medium": 1500.0, "hard": 1520.0}  # the defaults, for a game without its own
    ada = person("ada")
    for _ in range(2):
        code = table(ada, "Ada", bots=["easy", "hard"])
        start(ada, code)
        play_out(code, ada)
    first, second = Result.objects.order_by("id")
    assert rating(ada.user) is not None
    # Each game counted the bots at their anchors, certain; none of them moved.
    ada_mid = (Change.objects.get(result=first).mu_after, Change.objects.get(result=first).sigma_after)
    after = expected(second, [ada_mid, (1100.0, 0.0), (1520.0, 0.0)])
    assert rating(ada.user) == after[0][0] and after[1][0] == (1100.0, 0.0) and after[2][0] == (1520.0, 0.0)
    assert {level: rating_tables.anchor("high-card", level) for level in before} == before
    assert Rating.objects.count() == 1  # bots have no rating rows to update
    assert first.changes[1:] == [None, None]


def test_a_game_is_rated_once_even_if_the_signal_fires_twice():
    ada = person("ada")
    code = table(ada, "Ada", bots=["medium"])
    start(ada, code)
    play_out(code, ada)
    result = Result.objects.get()
    once = rating(ada.user)
    game_finished.send(sender=Result, result=result)
    game_finished.send(sender=Result, result=result)
    assert keeper.keep(result.pk) is False
    assert rating(ada.user) == once
    assert Change.objects.count() == 1 and RatedGame.objects.count() == 1
    assert Rating.objects.get(user=ada.user).rated == 1


def test_a_game_is_rated_once_even_if_a_rebuild_runs():
    ada = person("ada")
    code = table(ada, "Ada", bots=["medium"])
    start(ada, code)
    play_out(code, ada)
    once = rating(ada.user)
    call_command("ratings", "rebuild")
    call_command("ratings", "rebuild")
    result = Result.objects.get()
    assert keeper.keep(result.pk) is False  # the rebuild left it rated
    assert rating(ada.user) == once
    assert Change.objects.count() == 1 and RatedGame.objects.count() == 1
    assert Rating.objects.get(user=ada.user).rated == 1


def test_play_again_rates_each_game_once_in_turn():
    ada = person("ada")
    code = table(ada, "Ada", bots=["medium"])
    start(ada, code)
    play_out(code, ada)
    after_one = rating(ada.user)
    status, body = post(ada, f"/api/tables/{code}/again")
    assert status == 200, body
    play_out(code, ada)
    second = Result.objects.get(number=2)
    [[ada_after], _] = expected(second, [after_one, (1500.0, 0.0)])
    assert rating(ada.user) == ada_after
    assert Rating.objects.get(user=ada.user).rated == 2


def test_a_failing_keeper_never_breaks_the_table_and_a_rebuild_catches_up(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("the keeper fell over")

    ada = person("ada")
    code = table(ada, "Ada", bots=["medium"])
    start(ada, code)
    with monkeypatch.context() as m:
        m.setattr(keeper, "assess", broken)
        snap = play_out(code, ada)  # the last move still succeeds
    assert snap["status"] == "over"
    result = Result.objects.get()
    assert result.kept and not result.rated and not Rating.objects.exists()
    call_command("ratings", "rebuild")
    result.refresh_from_db()
    assert result.rated and Rating.objects.get(user=ada.user).rated == 1


# -- rebuild equals live ------------------------------------------------------------------


def ledger():
    """Everything the keeper wrote, to compare exactly."""
    return {
        "ratings": sorted(Rating.objects.values_list("user_id", "game", "mu", "sigma", "played", "rated")),
        "changes": sorted(Change.objects.values_list("result_id", "user_id", "game", "seat", "place", "mu_before",
                                                     "sigma_before", "mu_after", "sigma_after", "rated", "why")),
        "results": sorted(Result.objects.values_list("id", "kept", "rated", "changes")),
        "order": list(RatedGame.objects.order_by("id").values_list("result_id", flat=True)),
    }


def test_rebuild_lands_on_exactly_the_live_numbers():
    ada, ben, cy, guest = person("ada"), person("ben"), person("cy"), person()
    # Ada and Ben with a bot; again; Ben covered in a third; a guest with Cy; Ada alone with two bots.
    code = table(ada, "Ada", others=[("Ben", ben)], bots=["hard"])
    start(ada, code)
    play_out(code, ada, ben)
    post(ada, f"/api/tables/{code}/again")
    play_out(code, ada, ben)
    post(ada, f"/api/tables/{code}/again")
    post(ada, f"/api/tables/{code}/cover", {"seat": 1})
    play_out(code, ada, ben)
    other = table(cy, "Cy", others=[("Gus", guest)], bots=["easy"])
    start(cy, other)
    play_out(other, cy, guest)
    alone = table(ada, "Ada", bots=["easy", "medium", ])
    start(ada, alone)
    play_out(alone, ada)
    early = table(ben, "Ben", bots=["medium"])
    start(ben, early)
    post(ben, f"/api/tables/{early}/end")
    assert Result.objects.filter(kept=True, rated=True).count() == 5
    live = ledger()
    assert len(live["ratings"]) == 3 and len(live["order"]) == 5

    call_command("ratings", "rebuild")
    assert ledger()["ratings"] == live["ratings"]
    assert ledger()["changes"] == live["changes"]
    assert ledger()["results"] == live["results"]

    # From nothing at all, too: every rating and change gone, then rebuilt.
    Rating.objects.all().delete()
    Change.objects.all().delete()
    Result.objects.update(rated=False, changes=[])
    call_command("ratings", "rebuild")
    rebuilt = ledger()
    assert rebuilt["ratings"] == live["ratings"] and rebuilt["changes"] == live["changes"]
    assert rebuilt["results"] == live["results"]


# -- the worked examples, through the keeper ---------------------------------------------


def user(name, game=None, mu=None, sigma=None):
    found = get_user_model().objects.create_user(name, password="a-long-password")
    if game is not None:
        Rating.objects.create(user=found, game=game, mu=mu, sigma=sigma, played=20, rated=20)
    return found


def kept_result(game, seats, places, settings=None):
    """A kept game as the table service stores it, not rated yet."""
    n = Table.objects.count() + 1
    at = Table.objects.create(code=f"RSLT{chr(64 + n)}", game=game, host="test", status=Table.OVER, number=1)
    return Result.objects.create(table=at, number=1, game=game, settings=settings or {}, seats=seats, places=places,
                                 scores=[0] * len(seats), kept=True)


def me(u, covered=False):
    return {"name": u.username, "kind": "person", "level": "medium", "user": u.id, "covered": covered}


def bot(level):
    return {"name": f"{level} bot", "kind": "bot", "level": level, "user": None, "covered": False}


def moved(u, game):
    change = Change.objects.get(user=u, result__game=game)
    return change.mu_after - change.mu_before


def test_ada_beating_basil_moves_ada_up_12_1_and_basil_down_27_0():
    ada, basil = user("ada", "get-in-line", 1550.0, 80.0), user("basil", "get-in-line", 1480.0, 120.0)
    result = kept_result("get-in-line", [me(ada), me(basil)], [1, 2])
    assert keeper.keep(result.pk) is True
    assert moved(ada, "get-in-line") == pytest.approx(12.1, abs=0.1)
    assert moved(basil, "get-in-line") == pytest.approx(-27.0, abs=0.1)
    result.refresh_from_db()
    assert result.changes == ["+12.1 → 1562 ± 80", "−27.0 → 1453 ± 118"]


def test_euchre_the_friend_beside_a_covered_partner_moves_up_12_3_and_only_the_friend_is_rated():
    first = user("first", "euchre", 1500.0, 70.0)
    friend = user("friend", "euchre", 1500.0, 70.0)
    # Partners across: seats 0 and 2 against the two medium bots at 1 and 3.
    result = kept_result("euchre", [me(first, covered=True), bot("medium"), me(friend), bot("medium")], [1, 3, 1, 3])
    keeper.keep(result.pk)
    assert moved(friend, "euchre") == pytest.approx(12.3, abs=0.1)
    assert Change.objects.filter(result=result, rated=True).count() == 1
    assert rating(first, "euchre") == (1500.0, 70.0)
    result.refresh_from_db()
    assert result.changes[0] == "not rated: a bot covered this seat" and result.changes[2].startswith("+12.3 → 1512")


@pytest.mark.parametrize("levels, places, gain", [
    (("easy", "easy"), [1, 2, 1, 2], 0.4),
    (("easy", "easy"), [2, 1, 2, 1], -26.0),
    (("medium", "medium"), [1, 2, 1, 2], 13.2),
    (("hard", "hard"), [1, 2, 1, 2], 14.6),
    (("hard", "hard"), [2, 1, 2, 1], -11.8),
])
def test_euchre_a_settled_player_with_a_medium_bot_partner_against_each_level(levels, places, gain, monkeypatch):
    # The worked example's anchors: easy 1100, medium 1500, hard 1520.
    monkeypatch.setattr(rating_tables, "_loaded", {"euchre": {"easy": 1100, "medium": 1500, "hard": 1520}})
    you = user("you", "euchre", 1500.0, 70.0)
    result = kept_result("euchre", [me(you), bot(levels[0]), bot("medium"), bot(levels[1])], places)
    keeper.keep(result.pk)
    assert moved(you, "euchre") == pytest.approx(gain, abs=0.1)


def test_get_in_line_ada_with_a_hard_bot_against_basil_with_a_medium_bot(monkeypatch):
    # The worked example, with hard anchored at 1510: her side is 80 up.
    monkeypatch.setattr(rating_tables, "_loaded", {"get-in-line": {"easy": 1350, "medium": 1500, "hard": 1510}})
    ada, basil = user("ada", "get-in-line", 1550.0, 80.0), user("basil", "get-in-line", 1480.0, 120.0)
    # Four seats, two teams: seat % 2.
    won = kept_result("get-in-line", [me(ada), me(basil), bot("hard"), bot("medium")], [1, 2, 1, 2])
    keeper.keep(won.pk)
    assert moved(ada, "get-in-line") == pytest.approx(11.7, abs=0.1)


# -- sides and anchors ----------------------------------------------------------------------


def test_teams_of_each_game():
    assert rating_tables.teams_of("euchre", 4, {}) == [0, 1, 0, 1]
    assert rating_tables.teams_of("get-in-line", 4, {}) == [0, 1, 0, 1]
    assert rating_tables.teams_of("get-in-line", 6, {"teams": 3}) == [0, 1, 2, 0, 1, 2]
    assert rating_tables.teams_of("get-in-line", 6, {"teams": 2}) == [0, 1, 0, 1, 0, 1]
    assert rating_tables.teams_of("get-in-line", 9, {}) == [0, 1, 2] * 3
    assert rating_tables.teams_of("high-card", 3, {}) == [0, 1, 2]
    assert rating_tables.teams_of("no-such-game", 2, None) == [0, 1]


def test_the_sides_are_the_games_own_answer_through_the_contract(monkeypatch):
    # Ratings knows no game: give High Card a team_of and its seats are sides.
    import tests.highcard as highcard

    asked = []

    def team_of(state, n, settings):
        asked.append((state, n, settings))
        return [0] * (n - 1) + [1]

    monkeypatch.setattr(highcard, "team_of", team_of, raising=False)
    assert rating_tables.teams_of("high-card", 3, {"bot_pace": "relaxed", "junk": 1}) == [0, 0, 1]
    assert asked == [(None, 3, {"bot_pace": "relaxed"})]  # no state, and only the settings the game allows


def test_partners_share_a_place_and_a_side_ranks_by_its_best_members_place():
    # Two sides of two: the side with the 1st place is first, whatever its partner's.
    assert rating_tables.sides_of([0, 1, 0, 1], [1, 2, 4, 3]) == [([0, 2], 1), ([1, 3], 2)]
    assert rating_tables.sides_of([0, 1, 2], [2, 1, 2]) == [([0], 2), ([1], 1), ([2], 2)]


def test_a_three_team_get_in_line_game_rates_a_field_of_three():
    a, b, c = user("a", "get-in-line", 1600.0, 100.0), user("b", "get-in-line", 1500.0, 150.0), user("c", "get-in-line", 1400.0, 200.0)
    result = kept_result("get-in-line", [me(a), me(b), me(c)], [1, 2, 3])
    keeper.keep(result.pk)
    assert moved(a, "get-in-line") == pytest.approx(18.5, abs=0.1)
    assert moved(b, "get-in-line") == pytest.approx(-3.4, abs=0.1)
    assert moved(c, "get-in-line") == pytest.approx(-67.8, abs=0.1)


def test_the_anchors_medium_is_1500_measured_games_use_the_file_others_the_defaults():
    for game in ("euchre", "get-in-line", "high-card", "line"):
        assert rating_tables.anchor(game, "medium") == 1500.0
    for game in ("euchre", "get-in-line", "line"):
        measured = rating_tables.load_anchors()[game]
        assert rating_tables.anchors(game) == {"easy": measured["easy"], "medium": 1500.0, "hard": measured["hard"]}
        assert "tools/ratings/anchors.py" in measured["from"]
    assert rating_tables.anchors("high-card") == {"easy": 1100.0, "medium": 1500.0, "hard": 1520.0}
    assert rating_tables.anchors_from_gaps(512, 21, per_side=2) == {"easy": 1244.0, "medium": 1500.0, "hard": 1510.0}
    assert rating_tables.anchors_from_gaps(1000, 10, per_side=1)["easy"] == 1100.0  # capped at 400 below medium


def test_a_player_at_two_seats_of_one_game_is_rated_once():
    ada = user("ada", "high-card", 1500.0, 100.0)
    result = kept_result("high-card", [me(ada), bot("medium"), me(ada)], [1, 2, 3])
    keeper.keep(result.pk)
    changes = list(Change.objects.filter(result=result).order_by("seat"))
    assert [c.rated for c in changes] == [True, False] and changes[1].why == keeper.TWICE
    assert Rating.objects.get(user=ada).rated == 21


# -- the anchors tool ------------------------------------------------------------------------


def test_the_anchors_tool_plays_the_levels_prints_each_pairing_and_merges_the_anchors(tmp_path):
    from tools.ratings import anchors as tool

    assert tool.table_for("get-in-line") == (2, [0, 1])  # one against one
    assert tool.table_for("high-card") == (2, [0, 1])
    printed = []
    entry = tool.anchors_for("high-card", deals=10, procs=1, out=printed.append)
    pairings = [p for p in printed if " vs " in p]
    assert len(pairings) == 3 and all(re.search(r"\d+\.\d% \[\d+\.\d%, \d+\.\d%\] over 20 games", p) for p in pairings)
    assert entry["medium"] == 1500.0 and entry["easy"] >= 1100.0 and "20 games a pairing" in entry["from"]
    path = tmp_path / "anchors.json"
    path.write_text(json.dumps({"other": {"easy": 1200.0, "medium": 1500.0, "hard": 1600.0, "from": "kept"}}))
    tool.write({"high-card": entry}, path)
    data = json.loads(path.read_text())
    assert data["other"]["from"] == "kept" and data["high-card"] == entry
