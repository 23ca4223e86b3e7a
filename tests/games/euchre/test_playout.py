"""Euchre's quick play (games/euchre/playout.py): the hard bot's search
plays its worlds' tricks on bit sets, so the bit sets must play exactly
what medium plays through the rules, and the search must choose exactly as
it would without them."""

from __future__ import annotations

import random

import pytest

import games.euchre as euchre
from engine import play
from engine.moves import dispatch, plain_copy, working_copy
from games.euchre import bots, hard, playout, rules

# House rules that change who plays a hand: lone hands, lone defenders and
# the Canadian loner (a partner sitting out), and the farmer's swap.
HOUSE = [None, {"defend_alone": "on"}, {"canadian": "on", "farmers": "on"}]


@pytest.fixture(scope="module")
def card_positions():
    """Every state in which a card was about to be played, over whole games
    of medium bots under each set of house rules."""
    positions = []

    def watch(state, seat, action, k):
        if state["phase"] == "play":
            positions.append(working_copy(state))

    for g in range(12):
        play.play(euchre, ["medium"] * 4, f"quick-play-{g}", HOUSE[g % len(HOUSE)], watch=watch)
    return positions


def through_the_rules(state: dict) -> tuple[list, list[int]]:
    """The cards medium plays from here to the hand's end through the rules,
    and each team's tricks then."""
    state, played = working_copy(state), []
    while state["phase"] == "play":
        seat = state["turn"]
        move = play.bot_move(euchre, state, seat, "medium", random.Random(0))
        played.append((seat, move["card"]))
        dispatch(euchre, state, seat, move, 0.0)
    return played, rules.team_tricks(state)


def test_the_quick_play_plays_medium_card_for_card(card_positions):
    assert len(card_positions) > 2000
    lone = sum(1 for s in card_positions if s["sitting"])
    assert lone > 50, "the games should include hands with a seat sitting out"
    for state in card_positions:
        played, tricks = through_the_rules(state)
        quick = []
        assert playout.medium_tricks(state, quick) == tricks
        assert quick == played


def test_the_search_chooses_exactly_as_it_would_playing_every_card_through_the_rules(monkeypatch):
    decisions = []

    def watch(state, seat, action, k):
        v = plain_copy(euchre.view(state, seat))
        kind = bots._searched(v)
        if kind is not None and len(decisions) < 16 and k % 2 == 0:
            decisions.append((v, kind, k))

    for g in range(3):
        play.play(euchre, ["medium"] * 4, f"quick-search-{g}", None, watch=watch)
    assert {kind for _v, kind, _k in decisions} >= {"bid", "play"}
    quick = [hard.think(plain_copy(v), kind, random.Random(k)) for v, kind, k in decisions]
    monkeypatch.setattr(hard, "finish", lambda state: False)
    slow = [hard.think(plain_copy(v), kind, random.Random(k)) for v, kind, k in decisions]
    assert [(c.move, c.tried) for c in quick] == [(c.move, c.tried) for c in slow]


def test_random_hands_on_the_quick_play_end_in_every_outcome():
    rng = random.Random("random hands")
    made = {playout.random_hand(rng) for _ in range(3000)}
    assert made == {0, 1, 2, 3, 4, 5}
