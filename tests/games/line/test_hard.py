"""Line's hard bot: near the end it searches (engine/search.py) over
dealt-again hands, the same way for the same stream, and says how often it
expects its move to win."""

from __future__ import annotations

import copy
import random

import games.line as game
from engine import registry
from games.line import bots, hard
from tests.games import some_way_in
from tests.games.line.test_rules import FULL_BUT_ONE, c, table


def _near_the_end():
    return table(rows=FULL_BUT_ONE, hands=([c("KS"), c("4S"), c("AC")], [c("QD"), c("JD"), c("TD"), c("JC")]))


def test_hard_decides_the_same_way_for_the_same_stream_and_says_why():
    v = game.view(_near_the_end(), 0)
    a = bots.decide(copy.deepcopy(v), "hard", random.Random(5))
    b = bots.decide(copy.deepcopy(v), "hard", random.Random(5))
    assert a == b and a[0] in game.legal(_near_the_end(), 0)
    assert a[1].startswith(game.say(a[0])) and "your hand" in a[1]


def test_hard_sees_a_won_game_and_makes_a_move_that_keeps_it_won():
    # Seat 0 holds 4♠ A♣ and the last king against a hand of 38: filling the
    # last square ends it won, and shedding the 4♠ on the spade run first
    # wins by more (no other card can fill that square but a joker, and
    # seat 0 is lowest even then). Every deal the search plays comes out won.
    move, reason = bots.decide(game.view(_near_the_end(), 0), "hard", random.Random(6))
    assert move in ({"type": "place", "card": c("KS"), "square": 15},
                    {"type": "shift", "card": c("4S"), "row": 0, "out": c("8S")})
    assert "ends the game now, while your hand is likely the lowest" in reason or "without filling a square" in reason


def test_medium_and_easy_give_no_reason():
    v = game.view(_near_the_end(), 0)
    assert bots.decide(v, "medium", random.Random(1))[1] is None
    assert bots.decide(v, "easy", random.Random(1))[1] is None


def _searched(state, stream, monkeypatch):
    """Hard's move from the seat to move, what its search found, and
    medium's move from the same stream."""
    seat = min(d[0] for d in game.deciding(state))
    v = game.view(state, seat)
    found, think = [], hard.think
    monkeypatch.setattr(hard, "think", lambda *a: found.append(think(*a)) or found[-1])
    move = bots.choose(copy.deepcopy(v), "hard", random.Random(stream))
    return move, found[0], bots.choose(v, "medium", random.Random(stream))


def test_near_the_end_hard_makes_mediums_very_move_where_its_search_shows_no_clear_gain(monkeypatch):
    # Another move won more of the 16 deals played out than medium's, but
    # not by enough to be more than the luck of those deals.
    state, stream = some_way_in(registry.get("line"), "line-over-11", 37)
    move, found, medium = _searched(state, stream, monkeypatch)
    pick, *others = [worth for _, worth in found.tried]
    assert found.worlds == hard.WORLDS and max(others) > pick + 0.1
    assert found.kept and move == medium


def test_near_the_end_hard_makes_the_searchs_move_where_it_clearly_beats_mediums(monkeypatch):
    # Medium sends the freed joker on to the grid; keeping it wins clearly more.
    state, stream = some_way_in(registry.get("line"), "line-over-9", 56)
    move, found, medium = _searched(state, stream, monkeypatch)
    assert found.tried[0][0] == medium and not found.kept
    assert move == found.move == {**medium, "joker_to": None}
