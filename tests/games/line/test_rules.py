"""Line: every rule on games/line/README.md as its own test, the refusals as
sentences, the view, the bots, and the engine contract."""

from __future__ import annotations

import copy
import json
import random
import re
from collections import Counter

import pytest

import games.line as game
from engine import contract, deck, moves
from engine import play as engine_play
from engine.contract import Illegal
from engine.play import bot_move
from games.line import bots, hard, rules, turn, unseen
from tests.table_contract import GAMES_PER_LEVEL, TableGameContract
from tests.walking import strings

# -- helpers ------------------------------------------------------------------------

J0, J1, J2, J3 = "XX0", "XX1", "XX2", "XX3"


def c(short: str) -> str:
    """``"5S"`` -> ``"5S0"``; ``"J"`` stays a joker's name for readability."""
    return short + "0"


def table(rows=(), hands=((), ()), pile=None, discard=(), turn=0, bonus=False) -> dict:
    """A state set up for one test: ``rows`` lists up to four rows of up to
    four cards (None for an open square); ``hands`` one list per seat. The
    pile defaults to every card not placed elsewhere."""
    n = len(hands)
    state = game.new(n, "test", 0.0, {})
    grid = [None] * 16
    for r, row in enumerate(rows):
        for i, card in enumerate(row):
            grid[r * 4 + i] = card
    used = {x for x in grid if x} | {x for h in hands for x in h} | set(discard)
    state.update({
        "grid": grid, "hands": [list(h) for h in hands], "discard": list(discard),
        "pile": [x for x in deck.build(1, jokers=4) if x not in used] if pile is None else list(pile),
        "turn": turn, "first": turn, "bonus": bonus, "stage": "play", "drawn": None, "drawn_from": None,
        "events": [], "logged": 0,
    })
    return state


def play(state, seat, **action):
    return moves.dispatch(game, state, seat, dict(action), 1.0)


def refused(state, seat, match, **action):
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(Illegal, match=match) as info:
        play(state, seat, **action)
    sentence = str(info.value)
    assert not sentence[0].islower() and sentence.endswith("."), sentence
    assert json.dumps(state, sort_keys=True) == before, "a refused move changed the state"
    return sentence


# -- rows: the pure functions --------------------------------------------------------


def test_the_first_card_of_a_row_can_be_anything():
    for card in deck.build(1, jokers=4):
        assert rules.can_finish([card])
    assert rules.can_finish([]) and rules.kind([]) is None


def test_the_second_real_card_decides_the_row():
    assert rules.kind([c("7S"), c("7H")]) == "set"
    assert rules.kind([c("7S"), c("9S")]) == "run"
    assert not rules.can_finish([c("7S"), c("9H")])
    assert "share a rank" in rules.why_not([c("7S"), c("9H")])


def test_later_cards_must_agree_with_the_row_kind():
    a_set = [c("7S"), c("7H")]
    assert rules.can_finish(a_set + [c("7D")])
    assert not rules.can_finish(a_set + [c("8S")])       # a set takes only its rank
    a_run = [c("7S"), c("9S")]
    assert rules.can_finish(a_run + [c("8S")]) and rules.can_finish(a_run + [c("TS")])
    assert not rules.can_finish(a_run + [c("7H")])       # a run takes only its suit
    assert not rules.can_finish(a_run + [c("JS")])       # 7 to J is five places


def test_a_joker_with_one_real_card_is_undecided():
    row = [c("KS"), J0]
    assert rules.kind(row) is None and rules.can_finish(row)
    assert rules.can_finish(row + [c("KH")]) and rules.kind(row + [c("KH")]) == "set"
    assert rules.can_finish(row + [c("QS")]) and rules.kind(row + [c("QS")]) == "run"
    assert rules.kind([J0]) is None


def test_two_jokers_in_a_row_are_refused():
    assert not rules.can_finish([J0, J1])
    assert not rules.can_finish([c("5S"), J0, J1])
    assert rules.why_not([J0, J1]) == "A row holds one joker at most."
    state = table(rows=[[J0, c("5S")]], hands=([J1], [c("2C")]))
    refused(state, 0, "one joker at most", type="place", card=J1, square=2)


def test_one_joker_covers_one_gap_never_two():
    legal = [c("5S"), c("8S"), J0]
    assert rules.can_finish(legal) and rules.kind(legal) == "run"
    assert rules.stands_for(legal) == ["6S", "7S"]                   # the free square is the other
    assert rules.complete(legal + [c("6S")]) and rules.complete(legal + [c("7S")])
    assert not rules.can_finish([c("5S"), c("9S"), J0])
    assert "one gap, never two" in rules.why_not([c("5S"), c("9S"), J0])


def test_ace_is_low_and_runs_do_not_wrap():
    assert rules.complete([c("AS"), c("2S"), c("3S"), c("4S")]) and rules.kind([c("AS"), c("4S")]) == "run"
    assert rules.complete([c("TS"), c("JS"), c("QS"), c("KS")])
    assert not rules.can_finish([c("QS"), c("KS"), c("AS"), c("2S")])
    assert not rules.can_finish([c("KS"), c("AS")])
    assert not rules.complete([c("QS"), c("KS"), c("AS"), J0])


def test_a_set_is_four_of_one_rank_one_of_each_suit():
    assert rules.complete([c("9C"), c("9D"), c("9H"), c("9S")])
    assert rules.complete([c("9C"), J0, c("9H"), c("9S")])
    assert rules.kind([c("9C"), c("9D")]) == "set"
    assert not rules.can_finish([c("9C"), "9C1"])          # the same card twice can't be in a set


def test_where_a_card_sits_inside_its_row_makes_no_difference():
    rng = random.Random(5)
    cards = deck.build(1, jokers=4)
    for _ in range(3000):
        row = rng.sample(cards, rng.randint(0, 4))
        shuffled = row[:]
        rng.shuffle(shuffled)
        assert rules.can_finish(row) == rules.can_finish(shuffled)
        assert rules.kind(row) == rules.kind(shuffled) and rules.complete(row) == rules.complete(shuffled)
        assert rules.complete(row) == (len(row) == 4 and rules.can_finish(row))


def test_complete_needs_four_cards_that_make_a_run_or_a_set():
    assert not rules.complete([c("5S"), c("6S"), c("7S")])
    assert rules.complete([c("5S"), c("6S"), c("7S"), J0])
    assert not rules.complete([c("5S"), c("6S"), c("7S"), c("9S")])


def test_a_row_is_laid_out_tidily_for_reading():
    assert rules.tidy([c("8S"), J0, c("5S")]) == [c("5S"), J0, None, c("8S")]
    assert rules.tidy([c("9S"), c("9C"), c("9H")]) == [c("9C"), None, c("9H"), c("9S")]
    assert rules.tidy([c("KH"), J0]) == [c("KH"), J0, None, None]                  # undecided
    assert rules.tidy([c("KH"), c("QH")]) == [None, None, c("QH"), c("KH")]


def test_card_values_are_a_rummy_scale_with_dear_jokers():
    assert [rules.points(c(r + "H")) for r in "A23456789TJQK"] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    assert rules.points(J2) == 25
    assert rules.total([c("AH"), c("KS"), J0]) == 36


# -- dealing ---------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_deal_is_seven_each_one_turned_up_and_the_rest_the_pile(n):
    state = game.new(n, "deal", 0.0, {})
    cards = [x for h in state["hands"] for x in h] + state["discard"] + state["pile"]
    assert sorted(cards) == sorted(deck.build(1, jokers=4)) and len(cards) == 56
    assert [len(h) for h in state["hands"]] == [7] * n and len(state["discard"]) == 1
    assert state["grid"] == [None] * 16 and state["turn"] == state["first"]
    assert game.new(n, "deal", 0.0, {}) == state                       # the seed is the deal


def test_who_starts_comes_from_the_seed():
    firsts = Counter(game.new(4, f"s{k}", 0.0, {})["first"] for k in range(200))
    assert set(firsts) == {0, 1, 2, 3}


def test_sizes_and_options():
    assert game.slug == "line" and game.players == (2, 4) and game.sizes == (2, 3, 4)
    for bad in (1, 5):
        with pytest.raises(Illegal, match="2, 3 or 4"):
            game.new(bad, "x", 0.0, {})
    assert game.options({"bot_pace": "relaxed"}) == {"bot_pace": "relaxed"}
    assert game.options({"bot_pace": True}) == game.DEFAULTS


# -- placing -----------------------------------------------------------------------------


def test_a_card_goes_into_an_empty_square_only_if_its_row_can_still_finish():
    state = table(rows=[[c("7S"), c("8S")]], hands=([c("9S"), c("9H"), c("2C")], [c("3D")]))
    refused(state, 0, "can't go in row 1", type="place", card=c("9H"), square=2)
    refused(state, 0, "taken", type="place", card=c("9S"), square=0)
    refused(state, 0, "own hand", type="place", card=c("3D"), square=2)
    refused(state, 0, "squares, 0 to 15", type="place", card=c("9S"), square=16)
    play(state, 0, type="place", card=c("9S"), square=3)
    assert state["grid"][3] == c("9S") and c("9S") not in state["hands"][0] and state["turn"] == 1


def test_it_is_one_card_a_turn_and_not_your_turn_is_refused():
    state = table(hands=([c("9S"), c("9H")], [c("3D")]))
    refused(state, 1, "not your turn", type="place", card=c("3D"), square=0)
    play(state, 0, type="place", card=c("9S"), square=0)
    refused(state, 0, "not your turn", type="place", card=c("9H"), square=1)


# -- drawing -------------------------------------------------------------------------------


def test_drawing_is_refused_while_a_place_upgrade_or_shift_is_possible():
    state = table(hands=([c("9S")], [c("3D")]))
    refused(state, 0, "can't draw yet", type="draw")


def test_with_nothing_to_play_the_top_discard_is_taken_if_it_can_go_straight_down():
    rows = [[c("7S"), c("8S")], [c("2H"), c("2D")], [c("KC"), c("KD")], [c("4C"), c("4D")]]
    pile = [c("AH")]
    state = table(rows=rows, hands=([c("5H")], [c("3D")]), pile=pile, discard=[c("QC"), c("9S")])
    assert game.deciding(state)[0][1] == "draw"
    play(state, 0, type="draw")
    assert state["stage"] == "place" and state["drawn"] == c("9S") and state["drawn_from"] == "discard"
    assert state["pile"] == pile and state["discard"] == [c("QC")]
    # Put down at once, in a square the player chooses: nothing else will do.
    refused(state, 0, "First put down 9♠", type="shift", card=c("5H"), row=0, out=c("7S"))
    refused(state, 0, "Put down 9♠", type="place", card=c("5H"), square=2)
    refused(state, 0, "can't go in row 2", type="place", card=c("9S"), square=6)
    assert set(game.view(state, 0)["where"][c("9S")]) == {2, 3}
    play(state, 0, type="place", card=c("9S"), square=3)
    assert state["grid"][3] == c("9S") and state["hands"][0] == [c("5H")] and state["turn"] == 1


def test_a_discard_that_cannot_go_down_is_left_and_the_pile_is_drawn():
    rows = [[c("7S"), c("8S")], [c("2H"), c("2D")], [c("KC"), c("KD")], [c("4C"), c("4D")]]
    state = table(rows=rows, hands=([c("5H")], [c("3D")]), pile=[c("AH"), c("6S")], discard=[c("QH")])
    play(state, 0, type="draw")
    assert state["discard"] == [c("QH")] and state["pile"] == [c("AH")]
    assert state["drawn"] == c("6S") and state["drawn_from"] == "pile" and state["stage"] == "place"
    play(state, 0, type="place", card=c("6S"), square=2)
    assert state["grid"][2] == c("6S") and state["hands"][0] == [c("5H")]


def test_a_drawn_card_that_cannot_be_played_joins_the_hand_and_you_discard_back_to_seven():
    rows = [[c("7S"), c("8S")], [c("2H"), c("2D")], [c("KC"), c("KD")], [c("4C"), c("4D")]]
    seven = [c("5H"), c("6H"), c("9H"), c("TH"), c("JH"), c("QH"), c("3C")]
    state = table(rows=rows, hands=(seven, [c("3D")]), pile=[c("AH"), c("5D")], discard=[c("8C")])
    play(state, 0, type="draw")
    assert c("5D") in state["hands"][0] and len(state["hands"][0]) == 8 and state["stage"] == "discard"
    assert game.deciding(state)[0][:2] == (0, "discard")
    refused(state, 0, "discard one to get back to seven", type="draw")
    refused(state, 0, "own hand", type="discard", card=c("8C"))
    play(state, 0, type="discard", card=c("QH"))
    assert len(state["hands"][0]) == 7 and state["discard"][-1] == c("QH") and state["turn"] == 1
    # Under seven, the card just joins the hand and the turn ends.
    state = table(rows=rows, hands=([c("5H")], [c("3D")]), pile=[c("AH"), c("5D")], discard=[c("8C")])
    play(state, 0, type="draw")
    assert state["hands"][0] == [c("5H"), c("5D")] and state["turn"] == 1 and state["stage"] == "play"
    refused(state, 1, "nothing to discard", type="discard", card=c("3D"))


def test_a_drawn_card_that_completes_a_row_earns_the_bonus_turn():
    rows = [[c("7S"), c("8S"), c("9S")], [c("2H"), c("2D")], [c("KC"), c("KD")], [c("4C"), c("4D")]]
    state = table(rows=rows, hands=([c("5H")], [c("3D")]), pile=[c("AH"), c("TS")])
    play(state, 0, type="draw")
    play(state, 0, type="place", card=c("TS"), square=3)
    assert state["turn"] == 0 and state["bonus"] is True


def test_the_game_ends_when_someone_must_draw_from_an_empty_pile():
    rows = [[c("7S"), c("8S")], [c("2H"), c("2D")], [c("KC"), c("KD")], [c("4C"), c("4D")]]
    state = table(rows=rows, hands=([c("9S")], [c("3D"), c("5H")]), pile=[], discard=[c("QC")])
    play(state, 0, type="place", card=c("9S"), square=2)
    # Seat 1 can play nothing, the QC can't go down, the pile is empty: over.
    assert state["phase"] == "over" and game.deciding(state) == []
    out = state["outcome"]
    assert out["how"] == "empty" and out["seat"] == 1 and out["totals"] == [0, 8]
    assert game.result(state)["places"] == [1, 2]
    refused(state, 1, "over", type="draw")


def test_an_empty_pile_does_not_end_the_game_while_the_top_discard_can_go_down():
    rows = [[c("7S"), c("8S")], [c("2H"), c("2D")], [c("KC"), c("KD")], [c("4C"), c("4D")]]
    state = table(rows=rows, hands=([c("9S")], [c("3D"), c("5H")]), pile=[], discard=[c("2C")])
    play(state, 0, type="place", card=c("9S"), square=2)
    assert state["phase"] == "play" and game.deciding(state)[0][:2] == (1, "draw")
    play(state, 1, type="draw")
    assert state["drawn"] == c("2C")


# -- upgrades -------------------------------------------------------------------------------


def test_an_upgrade_swaps_a_joker_out_of_a_full_row_for_any_card_that_keeps_it_valid():
    rows = [[c("6S"), c("7S"), c("8S"), J0]]
    for card in (c("5S"), c("9S")):                 # the row will take either
        state = table(rows=rows, hands=([card, c("2C"), c("4D")], [c("3D")]))
        play(state, 0, type="upgrade", card=card, square=3, joker_to=None)
        assert state["grid"][:4] == [c("6S"), c("7S"), c("8S"), card]
        assert J0 in state["hands"][0] and card not in state["hands"][0]
        assert state["turn"] == 1                     # that is the whole turn
    state = table(rows=rows, hands=([c("TS"), c("4D")], [c("3D")]))
    refused(state, 0, "would not keep row 1 a valid run", type="upgrade", card=c("TS"), square=3, joker_to=None)


def test_a_joker_in_a_half_built_row_cannot_be_upgraded():
    state = table(rows=[[c("6S"), c("7S"), J0]], hands=([c("8S"), c("4D")], [c("3D")]))
    refused(state, 0, "half-built row", type="upgrade", card=c("8S"), square=2, joker_to=None)
    refused(state, 0, "holding a joker", type="upgrade", card=c("8S"), square=0, joker_to=None)


def test_the_freed_joker_goes_into_a_legal_empty_square_or_into_your_hand():
    rows = [[c("6S"), c("7S"), c("8S"), J0], [c("2H"), J1], [c("KC"), c("KD")]]
    state = table(rows=rows, hands=([c("9S"), c("4D")], [c("3D")]))
    refused(state, 0, "one joker at most", type="upgrade", card=c("9S"), square=3, joker_to=6)
    refused(state, 0, "Say where the freed joker goes", type="upgrade", card=c("9S"), square=3)
    refused(state, 0, "empty square or into your hand", type="upgrade", card=c("9S"), square=3, joker_to=0)
    play(state, 0, type="upgrade", card=c("9S"), square=3, joker_to=10)
    assert state["grid"][10] == J0 and J0 not in state["hands"][0]
    assert state["turn"] == 1 and state["bonus"] is False    # row 3 is not complete: no bonus


def test_an_upgrade_earns_a_bonus_only_if_the_joker_completes_a_row():
    rows = [[c("6S"), c("7S"), c("8S"), J0], [c("2H"), c("2D"), c("2C")]]
    state = table(rows=rows, hands=([c("9S"), c("4D")], [c("3D")]))
    play(state, 0, type="upgrade", card=c("9S"), square=3, joker_to=7)
    assert rules.complete(state["grid"][4:8]) and state["turn"] == 0 and state["bonus"] is True


def test_a_joker_cannot_upgrade_a_joker():
    state = table(rows=[[c("6S"), c("7S"), c("8S"), J0]], hands=([J1, c("4D")], [c("3D")]))
    refused(state, 0, "real card", type="upgrade", card=J1, square=3, joker_to=None)


# -- shifts ---------------------------------------------------------------------------------------


def test_a_shift_plays_into_a_completed_run_and_pushes_one_card_off_onto_the_discard():
    rows = [[c("5S"), c("6S"), c("7S"), c("8S")]]
    state = table(rows=rows, hands=([c("9S"), c("4D")], [c("3D")]), discard=[c("KH")])
    refused(state, 0, "not at an end of the run", type="shift", card=c("9S"), row=0, out=c("6S"))
    play(state, 0, type="shift", card=c("9S"), row=0, out=c("5S"))
    assert state["grid"][:4] == [c("9S"), c("6S"), c("7S"), c("8S")]
    assert state["discard"][-1] == c("5S") and state["hands"][0] == [c("4D")]
    assert state["turn"] == 1 and state["bonus"] is False      # no bonus: the row was already complete


def test_a_pushed_off_joker_goes_face_up_on_the_discard_too():
    rows = [[c("5S"), J0, c("7S"), c("8S")]]
    state = table(rows=rows, hands=([c("6S"), c("4D")], [c("3D")]))
    assert game.view(state, 0)["shifts"][c("6S")] == [{"row": 0, "out": [c("5S"), J0, c("8S")]}]
    play(state, 0, type="shift", card=c("6S"), row=0, out=J0)
    assert state["discard"][-1] == J0 and rules.complete(state["grid"][:4])


def test_the_card_pushed_off_is_at_an_end_of_the_five_even_with_a_joker():
    # 5♠ 6♠ (joker) 7♠ 8♠ with the joker as 4♠ or 9♠: 7♠ sits in the middle,
    # so it can't be pushed off although 5♠ 6♠ joker 8♠ would be a run.
    state = table(rows=[[c("5S"), J0, c("7S"), c("8S")]], hands=([c("6S"), c("4D")], [c("3D")]))
    refused(state, 0, "not at an end of the run", type="shift", card=c("6S"), row=0, out=c("7S"))
    # A joker played into 5♠-8♠ makes 4♠-8♠ or 5♠-9♠: 5♠ or 8♠ goes, never 6♠.
    state = table(rows=[[c("5S"), c("6S"), c("7S"), c("8S")]], hands=([J1, c("4D")], [c("3D")]))
    refused(state, 0, "not at an end of the run", type="shift", card=J1, row=0, out=c("6S"))
    assert game.view(state, 0)["shifts"][J1] == [{"row": 0, "out": [c("5S"), c("8S")]}]
    assert rules.pushable([c("TS"), c("JS"), c("QS"), c("KS")], c("9S")) == [c("KS")]
    assert rules.pushable([c("TS"), c("JS"), c("QS"), c("KS")], c("AS")) == []          # no wrapping
    assert rules.pushable([c("5S"), c("6S"), c("7S"), J0], J1) == []                    # never two jokers


def test_sets_never_shift():
    rows = [[c("9C"), c("9D"), c("9H"), J0]]
    state = table(rows=rows, hands=([c("9S"), c("4D")], [c("3D")]))
    refused(state, 0, "Sets never shift", type="shift", card=c("9S"), row=0, out=J0)


def test_a_shift_cannot_push_off_the_card_just_played():
    rows = [[c("5S"), c("6S"), c("7S"), c("8S")]]
    state = table(rows=rows, hands=([c("9S"), c("4D")], [c("3D")]))
    refused(state, 0, "can't push off the card you just played", type="shift", card=c("9S"), row=0, out=c("9S"))
    refused(state, 0, "one of the four cards already", type="shift", card=c("9S"), row=0, out=c("4D"))


def test_only_a_completed_run_shifts():
    state = table(rows=[[c("5S"), c("6S"), c("7S")]], hands=([c("8S"), c("4D")], [c("3D")]))
    refused(state, 0, "Only a completed row", type="shift", card=c("8S"), row=0, out=c("5S"))


# -- bonus turns and the end ----------------------------------------------------------------------


def test_completing_a_row_gives_one_extra_turn_at_once():
    state = table(rows=[[c("5S"), c("6S"), c("7S")]], hands=([c("8S"), c("4D"), c("AC")], [c("3D")]))
    play(state, 0, type="place", card=c("8S"), square=3)
    assert state["turn"] == 0 and state["bonus"] is True
    assert game.view(state, 0)["bonus"] is True and game.view(state, 1)["bonus"] is True
    play(state, 0, type="place", card=c("4D"), square=4)
    assert state["turn"] == 1 and state["bonus"] is False


def test_bonus_turns_never_chain():
    rows = [[c("5S"), c("6S"), c("7S")], [c("2H"), c("2D"), c("2C")]]
    state = table(rows=rows, hands=([c("8S"), c("2S"), c("AC")], [c("3D")]))
    play(state, 0, type="place", card=c("8S"), square=3)
    assert state["turn"] == 0 and state["bonus"]
    play(state, 0, type="place", card=c("2S"), square=7)        # completes another on the extra turn
    assert rules.complete(state["grid"][4:8])
    assert state["turn"] == 1 and state["bonus"] is False       # ...and gets nothing more


def test_the_game_ends_on_a_full_grid_before_any_bonus_turn():
    rows = [[c("AS"), c("2S"), c("3S"), c("4S")], [c("5H"), c("6H"), c("7H"), c("8H")],
            [c("9C"), c("9D"), c("9H"), c("9S")], [c("KC"), c("KD"), c("KH")]]
    state = table(rows=rows, hands=([c("KS"), c("2C")], [c("3D"), c("QC")]))
    play(state, 0, type="place", card=c("KS"), square=15)
    assert state["phase"] == "over" and state["bonus"] is False and game.deciding(state) == []
    assert state["outcome"]["how"] == "full"
    assert game.result(state) == {"places": [1, 2], "scores": [2, 13], "cards": [1, 2], "how": "full"}


def test_lowest_total_wins_then_fewest_cards_then_the_win_is_shared():
    assert game.turn.places([12, 30, 12], [3, 1, 3]) == [1, 3, 1]      # level on both: shared
    assert game.turn.places([12, 12], [4, 3]) == [2, 1]                 # fewer cards takes the tie
    assert game.turn.places([9, 12, 12, 9], [5, 2, 3, 5]) == [1, 3, 4, 1]
    rows = [[c("AS"), c("2S"), c("3S"), c("4S")], [c("5H"), c("6H"), c("7H"), c("8H")],
            [c("9C"), c("9D"), c("9H"), c("9S")], [c("KC"), c("KD"), c("KH")]]
    state = table(rows=rows, hands=([c("KS"), c("5C"), c("5D")], [c("TD")], [c("4C"), c("6D")]))
    play(state, 0, type="place", card=c("KS"), square=15)
    assert state["outcome"]["totals"] == [10, 10, 10]
    assert state["outcome"]["cards"] == [2, 1, 2]
    assert game.result(state)["places"] == [2, 1, 2]          # fewer cards, then shared


# -- the view -------------------------------------------------------------------------------------


def test_the_view_shows_what_a_seat_may_know_and_do():
    rows = [[c("6S"), c("7S"), c("8S"), J0], [c("2H"), c("2D")], [c("KC")]]
    state = table(rows=rows, hands=([c("9S"), c("5S"), c("4D")], [c("3D"), c("QC")]), discard=[c("JH")])
    v = game.view(state, 0)
    assert v["mine"] == [c("4D"), c("5S"), c("9S")] and v["sizes"] == [3, 2]
    assert v["total"] == 18 and v["must"] == "play" and v["bonus"] is False
    assert v["top"] == c("JH") and v["pile"] == len(state["pile"]) and v["discards"] == [c("JH")]
    assert [r["kind"] for r in v["rows"]] == ["run", "set", None, None]
    assert v["rows"][0]["complete"] and v["rows"][0]["shifts"] and v["rows"][0]["joker_as"] == ["5S", "9S"]
    assert v["rows"][0]["tidy"] == [0, 1, 2, 3]
    assert v["where"][c("4D")] == [12, 13, 14, 15] and v["where"][c("9S")] == [12, 13, 14, 15]
    assert v["where"][c("5S")] == [12, 13, 14, 15]
    assert v["upgrades"][c("9S")] == [{"square": 3, "joker_to": [6, 7, 9, 10, 11, 12, 13, 14, 15, None]}]
    assert v["upgrades"][c("5S")][0]["square"] == 3 and v["upgrades"][c("4D")] == []
    assert v["shifts"][c("5S")] == [{"row": 0, "out": [c("8S"), J0]}]
    assert v["shifts"][c("9S")] == [{"row": 0, "out": [c("6S"), J0]}]
    assert v["can"] == {"place": True, "upgrade": True, "shift": True, "draw": False, "discard": False}
    other = game.view(state, 1)
    assert other["must"] is None and other["mine"] == [c("QC"), c("3D")]      # suit order, ace low
    assert c("9S") not in json.dumps(other) and c("3D") not in json.dumps(v)
    spectator = game.view(state, None)
    assert spectator["mine"] is None and spectator["where"] == {}
    assert not ({c("9S"), c("3D"), *state["pile"]} & set(strings(spectator, keys=True)))


def test_the_view_says_when_you_must_draw_place_or_discard_and_the_outcome():
    rows = [[c("7S"), c("8S")], [c("2H"), c("2D")], [c("KC"), c("KD")], [c("4C"), c("4D")]]
    seven = [c("5H"), c("6H"), c("9H"), c("TH"), c("JH"), c("QH"), c("3C")]
    state = table(rows=rows, hands=(seven, [c("3D")]), pile=[c("AH"), c("5D"), c("9S")], discard=[c("8C")])
    assert game.view(state, 0)["must"] == "draw" and game.view(state, 0)["can"]["draw"]
    play(state, 0, type="draw")
    v = game.view(state, 0)
    assert v["must"] == "place" and v["drawn"] == c("9S") and v["drawn_from"] == "pile"
    assert set(v["where"][c("9S")]) == {2, 3}
    assert game.view(state, 1)["drawn"] == c("9S")        # it goes down at once, so everyone sees it
    play(state, 0, type="place", card=c("9S"), square=2)
    play(state, 1, type="draw")
    play(state, 0, type="draw")
    assert game.view(state, 0)["must"] == "discard" and game.view(state, 0)["can"]["discard"]


def test_a_finished_game_shows_every_hand_and_its_total():
    rows = [[c("AS"), c("2S"), c("3S"), c("4S")], [c("5H"), c("6H"), c("7H"), c("8H")],
            [c("9C"), c("9D"), c("9H"), c("9S")], [c("KC"), c("KD"), c("KH")]]
    state = table(rows=rows, hands=([c("KS"), c("2C")], [c("3D"), J2]))
    play(state, 0, type="place", card=c("KS"), square=15)
    out = game.view(state, 1)["outcome"]
    assert out["hands"] == [[c("2C")], [c("3D"), J2]] and out["totals"] == [2, 28] and out["places"] == [1, 2]


# -- bots -------------------------------------------------------------------------------------------


def test_every_level_finds_a_legal_move_from_the_view():
    rows = [[c("6S"), c("7S"), c("8S"), J0], [c("2H"), c("2D")], [c("KC")]]
    state = table(rows=rows, hands=([c("9S"), c("5S"), c("4D")], [c("3D"), c("QC")]))
    for level in ("easy", "medium", "hard"):
        move = bot_move(game, copy.deepcopy(state), 0, level, random.Random(1))
        assert move in game.legal(state, 0)


def test_medium_completes_a_row_for_the_bonus_and_sheds_high_cards():
    state = table(rows=[[c("5S"), c("6S"), c("7S")]], hands=([c("8S"), c("AD"), c("KH")], [c("3D")]))
    assert bot_move(game, state, 0, "medium", random.Random(0)) == {"type": "place", "card": c("8S"), "square": 3}
    state = table(hands=([c("AD"), c("KH"), c("2C")], [c("3D")]))
    assert bot_move(game, state, 0, "medium", random.Random(0))["card"] == c("KH")


def test_medium_discards_its_dearest_card():
    rows = [[c("7S"), c("8S")], [c("2H"), c("2D")], [c("KC"), c("KD")], [c("4C"), c("4D")]]
    seven = [c("5H"), c("6H"), c("9H"), c("TH"), c("AH"), c("QH"), c("3C")]
    state = table(rows=rows, hands=(seven, [c("3D")]), pile=[c("AC"), c("5D")], discard=[c("8C")])
    play(state, 0, type="draw")
    assert bot_move(game, state, 0, "medium", random.Random(0))["card"] in (c("TH"), c("QH"))


FULL_BUT_ONE = [[c("5S"), c("6S"), c("7S"), c("8S")], [c("2H"), c("3H"), c("4H"), c("5H")],
                [c("9C"), c("9D"), c("9H"), c("9S")], [c("KC"), c("KD"), c("KH")]]


def test_the_hard_bot_searches_near_the_end_and_plays_a_legal_move():
    state = table(rows=FULL_BUT_ONE, hands=([c("KS"), c("4S"), c("AC")], [c("QD"), c("JD"), c("TD"), c("JC")]))
    v = game.view(state, 0)
    assert len(bots.distinct(v, turn.choices(v))) > 1 and v["grid"].count(None) <= bots.NEAR
    assert bot_move(game, copy.deepcopy(state), 0, "hard", random.Random(1)) in game.legal(state, 0)


def test_the_hard_bot_decides_only_from_what_it_may_see():
    state = table(rows=FULL_BUT_ONE, hands=([c("KS"), c("4S"), c("AC")], [c("QD"), c("JD"), c("TD")]))
    a = bot_move(game, copy.deepcopy(state), 0, "hard", random.Random(3))
    other = copy.deepcopy(state)
    pool = other["hands"][1] + other["pile"]
    random.Random(9).shuffle(pool)
    other["hands"][1], other["pile"] = pool[:3], pool[3:]
    assert bot_move(game, other, 0, "hard", random.Random(3)) == a


def test_the_hard_bot_reads_forced_draws_from_the_log():
    # Seat 1 had to draw while the 9♠ could have gone into row 1, so seat 1
    # can't be holding the 9♠ (nor anything else that fitted then).
    rows = [[c("7S"), c("8S")], [c("2H"), c("2D")], [c("KC"), c("KD")], [c("4C"), c("4D")]]
    state = table(rows=rows, hands=([c("TS"), c("3D")], [c("5H"), c("QH")]), pile=[c("AH"), c("6H")], turn=1)
    play(state, 1, type="draw")
    assert state["turn"] == 0
    barred = unseen.barred(game.view(state, 0))
    assert set(barred) == {1} and {"9S", "6S", "2C", "KS", "4S", "XX"} <= barred[1]


# -- moves in words --------------------------------------------------------------------------------


def test_say_puts_each_kind_of_move_in_a_plain_sentence():
    rows = [[c("6S"), c("7S"), c("8S"), J0], [c("2H"), c("2D")], [c("KC")]]
    state = table(rows=rows, hands=([c("9S"), c("5S"), c("4D"), J1], [c("3D"), c("QC")]))
    listed = game.legal(state, 0)
    assert {"type": "place", "card": c("4D"), "square": 12} in listed
    assert game.say({"type": "place", "card": c("4D"), "square": 12}) == "Play 4♦ on the fourth row, first square"
    assert game.say({"type": "place", "card": J1, "square": 9}) == "Play the joker on the third row, second square"
    assert game.say({"type": "upgrade", "card": c("9S"), "square": 3, "joker_to": 6}) == (
        "Upgrade the joker in the first row with 9♠ and put the joker on the second row, third square")
    assert game.say({"type": "upgrade", "card": c("5S"), "square": 3, "joker_to": None}) == (
        "Upgrade the joker in the first row with 5♠ and take the joker into your hand")
    assert game.say({"type": "shift", "card": c("9S"), "row": 0, "out": c("6S")}) == "Shift 9♠ into the first row, pushing 6♠ off"
    assert game.say({"type": "shift", "card": c("5S"), "row": 0, "out": J0}) == "Shift 5♠ into the first row, pushing the joker off"
    assert game.say({"type": "draw"}) == "Draw"
    assert game.say({"type": "discard", "card": c("TH")}) == "Discard 10♥"
    # The generic table shows these words beside each legal move.
    assert contract.offered(game, state, 0) == [{"action": m, "say": game.say(m)} for m in listed]
    assert contract.offered(game, state, 1) == []


CODE = re.compile(r"(?<![A-Za-z0-9])(?:[A2-9TJQK][CDHS]|XX)[0-9]*(?![A-Za-z0-9])")


def test_every_legal_move_of_seeded_games_has_its_own_sentence_with_no_card_code():
    kinds = Counter()
    codes = deck.build(1, jokers=4)

    def check(state, seat, _action, _k):
        for decider, _kind, _key in game.deciding(state):
            listed = game.legal(state, decider)
            sentences = [game.say(m) for m in listed]
            for m, sentence in zip(listed, sentences):
                kinds[m["type"]] += 1
                assert sentence and sentence[0].isupper(), (m, sentence)
                assert not CODE.search(sentence) and not any(x in sentence for x in codes), (m, sentence)
            # Only moves that differ in which joker they play may read alike.
            alike = {tuple((k, "joker" if isinstance(x, str) and rules.is_joker(x) else x) for k, x in m.items()) for m in listed}
            assert len(set(sentences)) == len(alike), "two different moves read alike"

    for n in game.sizes:
        for k in range(2):
            engine_play.play(game, ["medium"] * n, f"say-{n}-{k}", watch=check)
    assert set(kinds) == set(game.MOVES), kinds      # every kind of move was worded


# -- the contract -------------------------------------------------------------------------------------


@pytest.fixture
def quick_search(monkeypatch):
    """The contract checks what a bot may see and do, not how well it plays:
    a hard bot dealing two worlds a decision keeps the module quick."""
    monkeypatch.setattr(hard, "WORLDS", 2)


@pytest.mark.usefixtures("quick_search")
class TestLineContract(TableGameContract):
    game = game
    # The hard bot plays ahead (tens of milliseconds for a real choice) and
    # the scramble check asks every level at every checked step, so views
    # and bots are checked at every third step: the module stays within
    # a minute.
    games_per_level = GAMES_PER_LEVEL
    check_every = 3

    def scramble(self, state, keep, rng):
        """Re-deal the other seats' hands and the draw pile, each its own size."""
        others = [s for s in range(state["n"]) if s != keep]
        pool = [x for s in others for x in state["hands"][s]] + state["pile"]
        rng.shuffle(pool)
        for s in others:
            size = len(state["hands"][s])
            state["hands"][s], pool = pool[:size], pool[size:]
        state["pile"] = pool

    def hidden(self, state, seat):
        return {x for s, hand in enumerate(state["hands"]) if s != seat for x in hand} | set(state["pile"])

    def places(self, state, keep):
        out = {f"hand {s}": list(hand) for s, hand in enumerate(state["hands"]) if s != keep}
        out["pile"] = list(state["pile"])
        return out

    def ruled_out(self, state, keep):
        """A joker taken back into a hand with an upgrade (and not played
        since) is in that hand only; a seat's latest forced draw bars the
        faces that could have gone down then (the bots' reading of the log,
        ``unseen.barred``)."""
        out = {p: set() for p in self.places(state, keep)}
        held = {}
        for e in state["events"]:
            if e["kind"] == "upgrade" and e["joker_to"] is None:
                held[e["joker"]] = e["seat"]
            elif e["kind"] in ("place", "shift", "discard") and e.get("card") in held:
                del held[e["card"]]
        for joker, seat in held.items():
            if seat != keep and joker in state["hands"][seat]:
                for p in out:
                    if p != f"hand {seat}":
                        out[p].add(joker)
        every = deck.build(1, jokers=4)
        for seat, faces in unseen.barred(game.view(state, keep)).items():
            out[f"hand {seat}"] |= {c for c in every if c[:2] in faces and c not in held}
        return out
