"""tools.strength.ceiling deals hard's search the real game: every world is
the state itself (``everything``), or the state with the cards to come in
another order (``hands``), and the search is the game's own otherwise."""

import dataclasses
import random

import pytest

from engine import play, registry, search
from games.get_in_line import hard
from tools.strength.ceiling import Peeking


@pytest.fixture
def state():
    """A Get In Line game some way in, where its hard bot searches (two
    worlds): medium's move has others near it by its own scoring."""
    game = registry.get("get-in-line")
    moves = play.play(game, ["medium", "medium"], "ceiling").moves[:13]
    return play.replay(game, 2, "ceiling", None, moves)


@pytest.mark.parametrize("sees", ["everything", "hands"])
def test_hard_seeing_more_is_dealt_the_real_game(sees, state, monkeypatch):
    monkeypatch.setattr(hard, "PLAN", dataclasses.replace(hard.PLAN, worlds=2))
    peeking = Peeking("get-in-line", sees)
    dealt, deal = [], peeking.deal
    monkeypatch.setattr(peeking, "deal", lambda *a: dealt.append(deal(*a)) or dealt[-1])
    choose = search.choose
    move = peeking(registry.get("get-in-line"), state, state["turn"], "hard", random.Random(1))
    assert move["type"] in {"play", "trade", "pass"}
    assert search.choose is choose  # the search is the game's own again
    assert len(dealt) == 2
    for world in dealt:
        assert world["hands"] == state["hands"]
        assert sorted(world["stock"]) == sorted(state["stock"])
        assert (world["stock"] == state["stock"]) == (sees == "everything")


def test_hard_seeing_its_view_searches_as_the_games_own_hard_bot(state, monkeypatch):
    plans, choose = [], search.choose
    monkeypatch.setattr(search, "choose", lambda game, view, rng, plan: plans.append(plan) or choose(game, view, rng, plan))
    monkeypatch.setattr(hard, "PLAN", dataclasses.replace(hard.PLAN, worlds=2))
    Peeking("get-in-line", "view")(registry.get("get-in-line"), state, state["turn"], "hard", random.Random(1))
    # (the moves tried are the decision's own: medium's move and its next best)
    assert [dataclasses.replace(plan, moves=None) for plan in plans] == [hard.PLAN]
