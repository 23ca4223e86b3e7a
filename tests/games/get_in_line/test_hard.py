"""Get In Line's hard bot: its search (engine/search.py) weighs its best few
plays over dealt-again hands, the same way for the same stream, and says
what the move is for. And the bots' thinking time names only the decisions
the game has."""

from __future__ import annotations

import copy
import random

import games.get_in_line as gil
from engine import play
from games.get_in_line import bots, hard, rules
from tests.games import some_way_in
from tests.games.get_in_line.test_rules import _turn, fresh, natural


def test_hard_decides_the_same_way_for_the_same_stream():
    state = fresh(2, seed="hard-same")
    for k in range(4):  # (a few chips down, so the moves differ in worth)
        seat = state["turn"]
        move = play.bot_move(gil, state, seat, "medium", random.Random(k))
        gil.MOVES[move["type"]](state, seat, move, 0.0)
    seat = state["turn"]
    v = rules.view(state, seat)
    a = bots.decide(copy.deepcopy(v), "hard", random.Random(7))
    b = bots.decide(copy.deepcopy(v), "hard", random.Random(7))
    assert a == b and a[0] in rules.legal(state, seat)
    assert a[1].startswith(rules.sentence(a[0])[:-1] + ":") and a[1].endswith(".")


def test_hard_says_it_stops_a_four():
    state = fresh(2, seed="hard-stop")
    for p in (61, 62, 63, 64):
        state["chips"][p] = 1
    _turn(state, 0, [natural(state, 65)])
    move, reason = bots.decide(rules.view(state, 0), "hard", random.Random(2))
    assert move["space"] in (60, 65) and "it blocks Orange's four" in reason


def test_hard_makes_mediums_very_move_where_its_search_shows_no_clear_gain():
    # Here another play averages better than medium's over the 20 deals, but
    # the deals disagree too much for the gap to be more than luck: hard
    # makes the very move medium makes from the same stream.
    state, stream = some_way_in(gil, "over-c", 23)
    v = rules.view(state, state["turn"])
    found = hard.think(copy.deepcopy(v), random.Random(stream))
    pick, *others = [worth for _, worth in found.tried]
    assert found.worlds == hard.WORLDS and max(others) > pick
    assert found.kept
    assert bots.choose(v, "hard", random.Random(stream)) == bots.choose(v, "medium", random.Random(stream))


def test_hard_makes_the_searchs_move_where_it_clearly_beats_mediums():
    state, stream = some_way_in(gil, "over-c", 21)
    v = rules.view(state, state["turn"])
    found = hard.think(copy.deepcopy(v), random.Random(stream))
    medium = bots.choose(v, "medium", random.Random(stream))
    assert not found.kept and found.move != medium
    assert found.tried[0][0] == medium  # (medium's move is the one it beat)
    assert dict(map(lambda t: (str(t[0]), t[1]), found.tried))[str(found.move)] > found.tried[0][1] + 1
    assert bots.choose(v, "hard", random.Random(stream)) == found.move


def test_bot_think_names_every_decision_and_nothing_else():
    # Ours: a trade-in is part of a turn, timed with it, so "play" is the one
    # kind a bot thinks over (no "trade" time that nothing would read).
    seen = set()
    played = play.play(gil, ["medium", "medium"], "kinds", watch=lambda s, seat, a, k: seen.update(
        kind for _, kind, _ in gil.deciding(s)))
    assert gil.result(played.final) is not None
    assert seen == set(gil.bot_think) == {"play"}
