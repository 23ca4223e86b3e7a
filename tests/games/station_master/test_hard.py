"""Station Master's hard bot looks ahead over the rest of the day, the same
way for the same view, and says why it made its move."""

from __future__ import annotations

import copy
import random

import games.station_master as game
from engine.moves import dispatch
from games.station_master import bots, words


def _reasons(seed: str, limit: int = 40):
    """Hard's moves and reasons through the start of a two-Office day."""
    state = game.new(2, seed, 0.0, None)
    for k in range(limit):
        if game.result(state) is not None:
            return
        seat = min(d[0] for d in game.deciding(state))
        v = game.view(state, seat)
        move, reason = bots.decide(copy.deepcopy(v), "hard", random.Random(k))
        yield state, seat, v, move, reason
        dispatch(game, state, seat, move, float(k + 1))


def test_hard_says_why_in_its_buttons_words_and_decides_the_same_way_again():
    for state, seat, v, move, reason in _reasons("hard-says"):
        assert move in game.legal(state, seat)
        assert bots.decide(copy.deepcopy(v), "hard", random.Random(99)) == (move, reason)
        assert reason.startswith(words.say(move)[:-1]) and reason.endswith(".")


def test_medium_gives_no_reason():
    state = game.new(2, "medium-quiet", 0.0, None)
    seat = min(d[0] for d in game.deciding(state))
    assert bots.decide(game.view(state, seat), "medium", random.Random(1))[1] is None
