"""Line's hard bot: near the end it searches (engine/search.py) over
dealt-again hands, the same way for the same stream, and says how often it
expects its move to win."""

from __future__ import annotations

import copy
import random

import games.line as game
from games.line import bots
from tests.games.line.test_rules import FULL_BUT_ONE, c, table


def _near_the_end():
    return table(rows=FULL_BUT_ONE, hands=([c("KS"), c("4S"), c("AC")], [c("QD"), c("JD"), c("TD"), c("JC")]))


def test_hard_decides_the_same_way_for_the_same_stream_and_says_why():
    v = game.view(_near_the_end(), 0)
    a = bots.decide(copy.deepcopy(v), "hard", random.Random(5))
    b = bots.decide(copy.deepcopy(v), "hard", random.Random(5))
    assert a == b and a[0] in game.legal(_near_the_end(), 0)
    assert a[1].startswith(game.say(a[0])) and "of the deals I played out" in a[1]


def test_hard_ends_the_game_when_its_hand_is_lowest():
    # Seat 0 can fill the last square with its king and keep a 4 against a
    # hand of 38: ending it now wins, and the search sees every deal win.
    move, reason = bots.decide(game.view(_near_the_end(), 0), "hard", random.Random(6))
    assert move["type"] == "place" and move["card"] == c("KS")
    assert "won about 100%" in reason


def test_medium_and_easy_give_no_reason():
    v = game.view(_near_the_end(), 0)
    assert bots.decide(v, "medium", random.Random(1))[1] is None
    assert bots.decide(v, "easy", random.Random(1))[1] is None
