"""Euchre: the family's rules (games/euchre/README.md), every house rule on and off,
every way a hand scores, the secrets, the refusals, the bots, and the engine
contract."""

from __future__ import annotations

import copy
import functools
import json
import multiprocessing
import os
import random
import re
from concurrent.futures import ProcessPoolExecutor

import pytest

import games.euchre as euchre
from engine import contract, deck, log, moves, play, registry
from engine.contract import Illegal
from games.euchre import hard, policy, rules
from tests.table_contract import TableGameContract

ALL_OFF = {"stick_dealer": "off", "alone": "off", "defend_alone": "off", "farmers": "off", "canadian": "off"}


# -- helpers --------------------------------------------------------------------

def move(state, seat, **action):
    """One move through the one door, as a table would send it."""
    return moves.dispatch(euchre, state, seat, action, 0.0)


def rig(hands, up, dealer=3, **settings):
    """A fresh hand with these cards (seat by seat) and this card turned up;
    the kitty is whatever's left. Bidding (or a farmer's swap) comes next."""
    state = rules.new(4, "rig", 0.0, settings)
    used = [c for h in hands for c in h] + [up]
    assert len(set(used)) == len(used) == 21 and set(used) <= set(rules.cards())
    state["hands"] = [list(h) for h in hands]
    state["up"] = up
    state["kitty"] = [c for c in rules.cards() if c not in used]
    state["dealer"] = dealer
    state["first_dealer"] = (dealer - state["deals"] + 1) % 4
    state["farmed"] = []
    state["phase"], state["turn"] = "bid1", (dealer + 1) % 4
    for event in state["events"]:
        if event["kind"] == "deal":  # (the log's deal line says the same, as a bot reads it)
            event.update(up=up, dealer=dealer)
    if state["rules"]["farmers"] == "on":
        rules._next_farmer(state)
    return state


# Seat 0 holds a heart monster; hearts (9H0) are turned up; seat 3 deals.
MONSTER = [
    ["JH0", "JD0", "AH0", "KH0", "AS0"],
    ["9S0", "TS0", "QS0", "9C0", "TC0"],
    ["QH0", "AC0", "KC0", "QC0", "JC0"],
    ["9D0", "TD0", "QD0", "KD0", "AD0"],
]


def last_trick(cards, leader, trump="H", maker=1, taken=(1, 1, 1, 1), alone=None, defender=None,
               sitting=(), totals=(0, 0, 0, 0)):
    """The fifth trick about to be played: one card a seat (None for a seat
    sitting out), these tricks already taken, these scores so far."""
    state = rules.new(4, "end", 0.0)
    won = [s for s in range(4) for _ in range(taken[s])]
    state.update(
        phase="play", trump=trump, maker=maker, alone=alone, defender=defender, sitting=list(sitting),
        hands=[[c] if c else [] for c in cards], trick=[], leader=leader, turn=leader, taken=list(taken),
        done=[{"leader": w, "cards": [], "winner": w} for w in won], kitty_state="down",
        totals=list(totals),
    )
    assert len(state["done"]) == 4
    return state


def play_out(state, level=None):
    """Finish the hand: bots at `level`, or everyone's first legal card."""
    step = 0
    while state["phase"] not in ("scored", "over"):
        seat = state["turn"]
        if level:
            action = play.bot_move(euchre, state, seat, level, random.Random(step))
        else:
            action = rules.fallback(state, seat)
        moves.dispatch(euchre, state, seat, action, 0.0)
        step += 1
    return state


def public(state):
    return [e for e in state["events"] if "to" not in e]


# -- the cards and the bowers (the worked examples on the rules page) -----------------------

def test_the_left_bower_follows_trump():
    assert rules.suit_of("JS0", "C") == "C"
    assert rules.suit_of("JS0", "H") == "S"
    assert rules.suit_of("JC0", "C") == "C"
    assert rules.suit_of("JS0", None) == "S"


def test_power_ranks_trump_then_the_suit_led_then_nothing():
    assert rules.power("JS0", "C", "S") == 105
    assert rules.power("JC0", "C", "S") == 106
    assert [rules.power(c + "C0", "C", "S") for c in "9TQKA"] == [100, 101, 102, 103, 104]
    assert [rules.power(c + "S0", "C", "S") for c in "9TQKA"] == [50, 51, 53, 54, 55]
    assert rules.power("AD0", "C", "S") == 0
    assert rules.power("JD0", "H", "D") == 105  # red jacks: the left bower of hearts


def test_legal_makes_the_left_bower_follow_trump_not_its_printed_suit():
    assert rules.playable(["JS0", "9S0"], [{"card": "KS0"}], "C") == ["9S0"]
    assert rules.playable(["JS0", "9D0"], [{"card": "AC0"}], "C") == ["JS0"]
    assert rules.playable(["9D0", "AH0"], [{"card": "KS0"}], "C") == ["9D0", "AH0"]
    assert rules.playable(["9D0", "AH0"], [], "C") == ["9D0", "AH0"]


def test_winner_takes_the_highest_power():
    trick = [{"seat": 1, "card": "AS0"}, {"seat": 2, "card": "9C0"}, {"seat": 3, "card": "JS0"}, {"seat": 0, "card": "KS0"}]
    assert rules.winner(trick, "C") == 3  # the left bower beats the 9 of trump
    assert rules.winner(trick, "H") == 1  # no trump: the ace of the suit led
    assert rules.winner([{"seat": 0, "card": "9D0"}, {"seat": 1, "card": "AS0"}], "H") == 0


def test_the_deck_is_24_cards_ending_in_0():
    cards = rules.cards()
    assert len(cards) == len(set(cards)) == 24
    assert all(c[2] == "0" and c[0] in "9TJQKA" and c[1] in "CDHS" for c in cards)


def test_a_farmers_hand_is_five_nines_and_tens():
    assert rules.farmers_hand(["9S0", "TS0", "9H0", "TD0", "9C0"])
    assert not rules.farmers_hand(["9S0", "TS0", "9H0", "TD0", "JC0"])
    assert not rules.farmers_hand(["9S0", "TS0", "9H0", "TD0"])


# -- dealing --------------------------------------------------------------------

def test_a_deal_is_five_each_a_turned_card_and_a_kitty_of_three():
    state = rules.new(4, "table-1", 0.0)
    assert [len(h) for h in state["hands"]] == [5, 5, 5, 5] and len(state["kitty"]) == 3
    every = [c for h in state["hands"] for c in h] + state["kitty"] + [state["up"]]
    assert sorted(every) == sorted(rules.cards())
    assert state["dealer"] == deck.seed_number("table-1") % 4
    assert state["turn"] == (state["dealer"] + 1) % 4 and state["phase"] == "bid1" and state["kitty_state"] == "up"
    assert rules.new(4, "table-1", 5.0) == state  # a seed always deals the same game


def test_the_deal_passes_left_every_hand():
    state = rules.new(4, "passes", 0.0)
    first = state["dealer"]
    for k in range(1, 4):
        play_out(state, "medium")
        if state["phase"] == "over":
            break
        for seat in range(4):
            move(state, seat, type="ready")
        assert state["dealer"] == (first + k) % 4 and rules.hand_number(state) == k + 1


def test_only_four_seats_start():
    for n in (2, 3, 5):
        with pytest.raises(Illegal, match="exactly four seats"):
            rules.new(n, "x", 0.0)


# -- bidding --------------------------------------------------------------------

def test_ordering_up_gives_the_dealer_the_card_and_a_discard():
    state = rig(MONSTER, "9H0")
    move(state, 0, type="order", alone=False)
    assert state["trump"] == "H" and state["maker"] == 0 and state["alone"] is None
    assert state["phase"] == "discard" and state["turn"] == 3 and state["kitty_state"] == "picked"
    assert len(state["hands"][3]) == 6 and "9H0" in state["hands"][3]
    move(state, 3, type="discard", card="9D0")
    assert state["buried"] == "9D0" and len(state["hands"][3]) == 5
    assert state["phase"] == "play" and state["turn"] == 0 and state["leader"] == 0


def test_four_passes_turn_the_card_down_and_round_two_names_another_suit():
    state = rig(MONSTER, "9H0")
    for seat in (0, 1, 2, 3):
        move(state, seat, type="pass")
    assert state["phase"] == "bid2" and state["kitty_state"] == "down" and state["turn"] == 0
    assert any(e["kind"] == "turned_down" and e["card"] == "9H0" for e in public(state))
    with pytest.raises(Illegal, match="turned down"):
        move(state, 0, type="call", suit="H", alone=False)
    for wrong in ("X", "CD", "", 5, None, ["D"]):
        with pytest.raises(Illegal, match="Name a suit"):
            move(state, 0, type="call", suit=wrong, alone=False)
    move(state, 0, type="call", suit="D", alone=False)
    assert state["trump"] == "D" and state["maker"] == 0 and state["phase"] == "play" and state["turn"] == 0
    assert len(state["hands"][3]) == 5  # nothing picked up in round two


def test_the_view_offers_only_the_suits_that_may_be_called():
    state = rig(MONSTER, "9H0")
    for seat in (0, 1, 2, 3):
        move(state, seat, type="pass")
    v = rules.view(state, 0)
    assert v["can"] == ["call", "pass"] and v["suits"] == ["C", "D", "S"] and v["up"] == "9H0"


def test_stick_the_dealer_on_forces_the_dealer_to_call():
    state = rig(MONSTER, "9H0")
    for seat in (0, 1, 2, 3, 0, 1, 2):
        move(state, seat, type="pass")
    assert rules.stuck(state, 3)
    v = rules.view(state, 3)
    assert v["stuck"] and v["can"] == ["call"]
    with pytest.raises(Illegal, match="Stick the dealer"):
        move(state, 3, type="pass")
    assert rules.fallback(state, 3) == {"type": "call", "suit": "C", "alone": False}
    assert play.bot_move(euchre, state, 3, "easy", random.Random(1))["type"] == "call"
    move(state, 3, **rules.fallback(state, 3))
    assert state["trump"] == "C" and state["maker"] == 3


def test_stick_the_dealer_off_throws_the_hand_in_and_the_deal_passes_left():
    state = rig(MONSTER, "9H0", stick_dealer="off")
    assert not rules.stuck(state, 3)
    for seat in (0, 1, 2, 3, 0, 1, 2):
        move(state, seat, type="pass")
    assert rules.view(state, 3)["can"] == ["call", "pass"]
    move(state, 3, type="pass")
    # A new deal, dealt by the next seat left; nothing scored; still hand 1.
    assert state["dealer"] == 0 and state["deals"] == 2 and state["phase"] == "bid1" and state["turn"] == 1
    assert state["scores"] == [] and state["totals"] == [0, 0, 0, 0]
    kinds = [e["kind"] for e in public(state)]
    assert kinds[-2:] == ["thrown_in", "deal"]


def test_after_a_thrown_in_deal_the_view_the_score_sheet_and_the_log_agree_on_the_hand():
    state = rules.new(4, "thrown", 0.0, {"stick_dealer": "off"})
    for _ in range(8):
        move(state, state["turn"], type="pass")
    deals = [e for e in public(state) if e["kind"] == "deal"]
    assert [(e["hand"], e["deal"]) for e in deals] == [(1, 1), (1, 2)]
    assert rules.view(state, 0)["hand"] == 1 and rules.view(state, 0)["deal"] == 2
    play_out(state, "medium")
    outcome = state["outcome"]
    assert outcome["hand"] == 1 == len(state["scores"]) == rules.view(state, None)["hand"]
    assert [e for e in public(state) if e["kind"] == "hand"][-1]["hand"] == 1
    if state["phase"] == "scored":
        for seat in range(4):
            move(state, seat, type="ready")
        assert rules.view(state, 0)["hand"] == 2 == public(state)[-1]["hand"]


def test_going_alone_sits_the_partner_out():
    state = rig(MONSTER, "9H0")
    move(state, 0, type="order", alone=True)
    assert state["alone"] == 0 and state["sitting"] == [2]
    move(state, 3, type="discard", card="9D0")
    assert rules.view(state, 2)["can"] == [] and state["turn"] == 0
    # Tricks are three cards; the partner is skipped.
    move(state, 0, type="play", card="JH0")
    assert state["turn"] == 1
    move(state, 1, type="play", card="9S0")
    assert state["turn"] == 3
    move(state, 3, type="play", card="9H0")
    assert len(state["done"]) == 1 and state["done"][0]["winner"] == 0 and state["turn"] == 0
    play_out(state)
    assert state["outcome"]["alone"] == 0


def test_alone_off_refuses_going_alone():
    state = rig(MONSTER, "9H0", alone="off")
    with pytest.raises(Illegal, match="Going alone is off"):
        move(state, 0, type="order", alone=True)
    move(state, 0, type="order", alone=False)
    assert state["alone"] is None and state["sitting"] == []


def test_alone_must_be_true_or_false():
    state = rig(MONSTER, "9H0")
    with pytest.raises(Illegal, match="true or false"):
        move(state, 0, type="order", alone="yes")


def test_when_the_dealers_partner_orders_alone_the_dealer_sits_out_and_nothing_is_picked_up():
    hands = [MONSTER[1], MONSTER[2], MONSTER[3], MONSTER[0]]  # the monster is seat 3's
    state = rig(hands, "9H0", dealer=1)
    move(state, 2, type="pass")
    move(state, 3, type="order", alone=True)
    assert state["kitty_state"] == "out" and state["sitting"] == [1] and len(state["hands"][1]) == 5
    assert state["phase"] == "play" and state["turn"] == 2
    assert rules.view(state, 0)["up"] == "9H0"  # still on the table, for all to see


def test_canadian_loner_on_forces_the_dealers_partner_alone():
    hands = [MONSTER[1], MONSTER[0], MONSTER[2], MONSTER[3]]  # the monster is seat 1's
    state = rig(hands, "9H0", dealer=3, canadian="on")
    move(state, 0, type="pass")
    assert rules.must_alone(state, 1) and rules.view(state, 1)["must_alone"]
    move(state, 1, type="order", alone=False)
    assert state["alone"] == 1 and state["sitting"] == [3] and state["kitty_state"] == "out"


def test_canadian_loner_off_lets_the_dealers_partner_order_with_help():
    hands = [MONSTER[1], MONSTER[0], MONSTER[2], MONSTER[3]]
    state = rig(hands, "9H0", dealer=3)
    move(state, 0, type="pass")
    assert not rules.must_alone(state, 1) and not rules.view(state, 1)["must_alone"]
    move(state, 1, type="order", alone=False)
    assert state["alone"] is None and state["kitty_state"] == "picked"
    # With going alone off, the Canadian loner can't force anyone alone.
    state = rig(hands, "9H0", dealer=3, canadian="on", alone="off")
    move(state, 0, type="pass")
    assert not rules.must_alone(state, 1)


def test_defend_alone_on_asks_the_defenders_and_sits_out_the_defenders_partner():
    state = rig(MONSTER, "9H0", defend_alone="on")
    move(state, 0, type="order", alone=True)
    move(state, 3, type="discard", card="9D0")
    assert state["phase"] == "defend" and state["asked"] == [1, 3] and state["turn"] == 1
    assert rules.view(state, 1)["can"] == ["defend"]
    move(state, 1, type="defend", alone=False)
    assert state["turn"] == 3
    move(state, 3, type="defend", alone=True)
    assert state["defender"] == 3 and state["sitting"] == [2, 1]
    assert state["phase"] == "play" and state["turn"] == 0
    move(state, 0, type="play", card="JH0")
    assert state["turn"] == 3
    move(state, 3, type="play", card="9H0")
    assert state["done"][0]["winner"] == 0 and len(state["done"][0]["cards"]) == 2


def test_when_nobody_defends_alone_play_starts_as_usual():
    state = rig(MONSTER, "9H0", defend_alone="on")
    move(state, 0, type="order", alone=True)
    move(state, 3, type="discard", card="9D0")
    move(state, 1, type="defend", alone=False)
    move(state, 3, type="defend", alone=False)
    assert state["phase"] == "play" and state["defender"] is None and state["sitting"] == [2]


def test_defend_alone_off_goes_straight_to_play():
    state = rig(MONSTER, "9H0")
    move(state, 0, type="order", alone=True)
    move(state, 3, type="discard", card="9D0")
    assert state["phase"] == "play" and state["asked"] == []


FARMER = [
    ["9S0", "TS0", "9H0", "TD0", "9C0"],  # seat 0: a farmer's hand
    ["JH0", "JD0", "AH0", "KH0", "AS0"],
    ["QH0", "AC0", "KC0", "QC0", "JC0"],
    ["9D0", "QD0", "KD0", "AD0", "TC0"],
]


def test_farmers_hand_on_lets_the_farmer_swap_three_sight_unseen():
    state = rig(FARMER, "TH0", farmers="on")
    kitty = list(state["kitty"])
    assert state["phase"] == "farmer" and state["turn"] == 0 and rules.view(state, 0)["can"] == ["farmer"]
    with pytest.raises(Illegal, match="exactly three"):
        move(state, 0, type="farmer", cards=["9S0", "TS0"])
    with pytest.raises(Illegal, match="your own hand"):
        move(state, 0, type="farmer", cards=["9S0", "TS0", "AS0"])
    move(state, 0, type="farmer", cards=["9S0", "TS0", "9C0"])
    assert sorted(state["hands"][0]) == sorted(["9H0", "TD0", *kitty])
    assert sorted(state["kitty"]) == ["9C0", "9S0", "TS0"]
    assert state["phase"] == "bid1" and state["turn"] == 0 and state["farmed"] == [0]
    line = [e for e in public(state) if e["kind"] == "farmer"][-1]
    assert line == {"n": line["n"], "kind": "farmer", "seat": 0, "swapped": True}
    # The swap itself is the farmer's business only.
    for seat in (None, 1, 2, 3):
        assert "swapped" not in [e["kind"] for e in log.recent(state, seat)]
    assert [e["kind"] for e in log.recent(state, 0)][-1] == "swapped"


def test_a_farmer_may_keep_the_hand():
    state = rig(FARMER, "TH0", farmers="on")
    move(state, 0, type="farmer", cards=[])
    assert state["hands"][0] == FARMER[0] and state["phase"] == "bid1"
    assert rules.fallback(rig(FARMER, "TH0", farmers="on"), 0) == {"type": "farmer", "cards": []}


def test_farmers_hand_off_asks_no_one():
    state = rig(FARMER, "TH0")
    assert state["phase"] == "bid1" and state["farmed"] == []


# -- scoring --------------------------------------------------------------------

@pytest.mark.parametrize("taken, how, points", [
    ((1, 1, 1, 1), "made", 1),   # the makers (1 and 3) take 3
    ((0, 2, 1, 1), "made", 1),   # 4 tricks is still 1
    ((0, 2, 0, 2), "march", 2),  # all five: a march
])
def test_makers_score_1_for_three_or_four_tricks_and_2_for_all_five(taken, how, points):
    state = last_trick(["9S0", "JH0", "TS0", "QS0"], leader=1, taken=taken)
    play_out(state)
    assert state["outcome"]["how"] == how and state["outcome"]["points"] == points
    assert state["scores"] == [[0, points, 0, points]] and rules.score(state) == [0, points]


def test_a_lone_march_scores_4_and_a_lone_make_scores_1():
    state = last_trick(["9S0", "JH0", "TS0", None], leader=1, taken=(0, 4, 0, 0), alone=1, sitting=[3])
    play_out(state)
    assert state["outcome"]["how"] == "march" and state["scores"][-1] == [0, 4, 0, 4]
    state = last_trick(["9S0", "JH0", "TS0", None], leader=1, taken=(2, 2, 0, 0), alone=1, sitting=[3])
    play_out(state)
    assert state["outcome"]["how"] == "made" and state["scores"][-1] == [0, 1, 0, 1]


def test_a_euchre_scores_2_to_the_defenders():
    state = last_trick(["JH0", "9S0", "TS0", "QS0"], leader=0, taken=(1, 1, 1, 1))
    play_out(state)
    assert state["outcome"]["how"] == "euchre" and state["outcome"]["team"] == 0
    assert state["scores"] == [[2, 0, 2, 0]]


def test_a_euchre_by_a_lone_defender_scores_4():
    state = last_trick(["JH0", "9H0", None, None], leader=0, taken=(2, 2, 0, 0), alone=1, defender=0, sitting=[3, 2])
    play_out(state)
    assert state["outcome"]["how"] == "euchre" and state["outcome"]["defender"] == 0
    assert state["scores"] == [[4, 0, 4, 0]]


def test_the_game_is_checked_after_every_hand_and_ends_at_10():
    state = last_trick(["9S0", "JH0", "TS0", "QS0"], leader=1, taken=(1, 1, 1, 1), totals=(8, 8, 8, 8))
    play_out(state)
    assert state["phase"] == "scored" and rules.result(state) is None and rules.score(state) == [8, 9]
    state = last_trick(["9S0", "JH0", "TS0", "QS0"], leader=1, taken=(1, 1, 1, 1), totals=(8, 9, 8, 9))
    play_out(state)
    assert state["phase"] == "over" and rules.deciding(state) == []
    assert rules.result(state) == {"places": [3, 1, 3, 1], "scores": [8, 10, 8, 10]}
    assert public(state)[-1]["kind"] == "won" and public(state)[-1]["team"] == 1
    with pytest.raises(Illegal, match="over"):
        move(state, 0, type="ready")


def test_a_team_on_9_that_marches_alone_ends_on_13():
    state = last_trick(["9S0", "JH0", "TS0", None], leader=1, taken=(0, 4, 0, 0), alone=1, sitting=[3],
                       totals=(9, 9, 9, 9))
    play_out(state)
    assert rules.result(state) == {"places": [3, 1, 3, 1], "scores": [9, 13, 9, 13]}


def test_between_hands_everyone_is_asked_to_be_ready():
    state = last_trick(["9S0", "JH0", "TS0", "QS0"], leader=1)
    play_out(state)
    assert [d[:2] for d in rules.deciding(state)] == [(s, "ready") for s in range(4)]
    assert rules.view(state, 2)["can"] == ["ready"] and rules.fallback(state, 2) == {"type": "ready"}
    move(state, 2, type="ready")
    with pytest.raises(Illegal, match="not your turn"):
        move(state, 2, type="ready")
    with pytest.raises(Illegal, match="already ready"):
        rules.ready_move(state, 2, {"type": "ready"}, 0.0)
    # "Start without waiting": the host is ready, and the table answers for
    # the seats still reading.
    for seat, _kind, _key in rules.deciding(state):
        move(state, seat, type="ready")
    assert state["phase"] in ("bid1", "farmer") and rules.hand_number(state) == 2


def test_a_whole_game_plays_to_10():
    state = rules.new(4, "whole", 0.0)
    hands = 0
    while rules.result(state) is None:
        play_out(state, "medium")
        hands += 1
        assert max(rules.score(state)) < 10 or state["phase"] == "over"
        if state["phase"] == "scored":
            for seat in range(4):
                move(state, seat, type="ready")
    res = rules.result(state)
    assert max(res["scores"]) >= 10 and len(state["scores"]) == hands
    assert sorted(res["places"]) == [1, 1, 3, 3] and res["places"][0] == res["places"][2]


def test_random_legal_moves_with_every_house_rule_on_play_games_to_the_end():
    every = {"stick_dealer": "off", "alone": "on", "defend_alone": "on", "farmers": "on", "canadian": "on"}
    rng = random.Random(5)
    for g in range(4):
        state = rules.new(4, f"fuzz-{g}", 0.0, every)
        for _ in range(5000):
            if rules.result(state) is not None:
                break
            seat = rules.deciding(state)[0][0]
            options = rules.legal(state, seat)
            assert options and rules.fallback(state, seat) in options
            rules.MOVES[(action := rng.choice(options))["type"]](state, seat, action, 0.0)
        assert rules.result(state) is not None


def test_bots_swap_a_farmers_hand_legally():
    for level in ("easy", "medium", "hard"):
        state = rig(FARMER, "TH0", farmers="on")
        action = play.bot_move(euchre, state, 0, level, random.Random(0))
        assert action["type"] == "farmer" and len(action["cards"]) == 3 and "9H0" not in action["cards"]
        move(state, 0, **action)


def test_a_bots_farmer_swap_is_one_of_the_listed_moves():
    # Whatever order the hand was dealt in, the swap is listed as the hand
    # is shown, and the bot picks its three cards from that list.
    for level in ("easy", "medium", "hard"):
        state = rig(FARMER, "TH0", farmers="on")
        action = play.bot_move(euchre, state, 0, level, random.Random(0))
        assert action in rules.legal(state, 0)
        assert sorted(action["cards"]) == ["9C0", "9S0", "TD0"]


# -- one list of moves, and each in words ---------------------------------------------

EVERY_RULE = {"stick_dealer": "off", "alone": "on", "defend_alone": "on", "farmers": "on", "canadian": "on"}


def positions():
    """Seeded moments of every kind: whole games of bots (with every house
    rule flipped, and with the defaults), a farmer's hand, a stuck dealer
    and a defender asked whether to go alone. Each test gets its own copy
    of the moments, played once a run."""
    return copy.deepcopy(_played_positions())


@functools.cache
def _played_positions():
    out = []
    # The moments are what matter, not how well the hard seat plays to them:
    # two worlds a decision, as in the contract suite.
    with pytest.MonkeyPatch.context() as patch:
        two_worlds(patch)
        for seed, settings in (("words-0", EVERY_RULE), ("words-1", None), ("words-2", {"defend_alone": "on"})):
            levels = ["easy", "medium", "hard", "medium"]
            play.play(euchre, levels, seed, settings, watch=lambda state, _seat, _action, _k: out.append(copy.deepcopy(state)))
    out.append(rig(FARMER, "TH0", farmers="on"))
    stuck = rig(MONSTER, "9H0")
    for seat in (0, 1, 2, 3, 0, 1, 2):
        move(stuck, seat, type="pass")
    out.append(stuck)
    defend = rig(MONSTER, "9H0", defend_alone="on")
    move(defend, 0, type="order", alone=True)
    move(defend, 3, type="discard", card="9D0")
    out.append(defend)
    return out


def test_legal_the_views_offer_and_the_bots_options_are_one_list():
    kinds = set()
    searched = set()  # the kinds of decision the hard bot has been asked (its search is the slow part)
    for state in positions():
        deciders = moves.deciders(euchre, state)
        for seat in range(4):
            listed = rules.legal(state, seat)
            v = rules.view(state, seat)
            assert rules.moves_in(v) == listed
            assert v["can"] == list(dict.fromkeys(m["type"] for m in listed))
            assert v["legal"] == [m["card"] for m in listed if m["type"] == "play"]
            assert v["suits"] == list(dict.fromkeys(m["suit"] for m in listed if m["type"] == "call"))
            assert bool(listed) == (seat in deciders)
            if seat in deciders:
                assert rules.fallback(state, seat) in listed
                asked = tuple(sorted({m["type"] for m in listed}))
                levels = ("easy", "medium") if asked in searched else ("easy", "medium", "hard")
                searched.add(asked)
                for level in levels:
                    assert play.bot_move(euchre, state, seat, level, random.Random(seat)) in listed
            kinds |= {m["type"] for m in listed}
    assert kinds == set(rules.MOVES)
    assert rules.moves_in(rules.view(state, None)) == []


def test_every_listed_move_says_itself_in_a_plain_sentence():
    raw = re.compile(r"[9TJQKA][CDHS]0|\{|True|False|None|_")
    said = set()
    for state in positions():
        for seat in sorted(moves.deciders(euchre, state)):
            words = [euchre.say(m) for m in rules.legal(state, seat)]
            assert all(w and w[0].isupper() and not raw.search(w) for w in words), words
            assert len(set(words)) == len(words), f"two moves read alike: {words}"
            said |= set(words)
    assert {"Order it up", "Pass", "Next hand", "Keep your hand", "Defend with your partner"} <= said


def test_the_sentences_for_each_kind_of_move():
    say = euchre.say
    assert say({"type": "order", "alone": False}) == "Order it up"
    assert say({"type": "order", "alone": True}) == "Order it up and go alone"
    assert say({"type": "call", "suit": "H", "alone": False}) == "Call hearts"
    assert say({"type": "call", "suit": "S", "alone": True}) == "Call spades and go alone"
    assert say({"type": "pass"}) == "Pass"
    assert say({"type": "discard", "card": "9D0"}) == "Discard the 9 of diamonds"
    assert say({"type": "defend", "alone": True}) == "Defend alone"
    assert say({"type": "defend", "alone": False}) == "Defend with your partner"
    assert say({"type": "farmer", "cards": []}) == "Keep your hand"
    assert say({"type": "farmer", "cards": ["9C0", "TD0", "QS0"]}) == "Swap 9♣, 10♦, Q♠"
    assert say({"type": "play", "card": "JS0"}) == "Play the jack of spades"
    assert say({"type": "play", "card": "TH0"}) == "Play the 10 of hearts"
    assert say({"type": "ready"}) == "Next hand"
    # The generic table's offer is these words.
    state = rig(MONSTER, "9H0")
    assert contract.offered(euchre, state, 0) == [
        {"action": {"type": "order", "alone": False}, "say": "Order it up"},
        {"action": {"type": "order", "alone": True}, "say": "Order it up and go alone"},
        {"action": {"type": "pass"}, "say": "Pass"},
    ]


# -- replay ---------------------------------------------------------------------

def test_a_game_replays_from_its_seed_and_moves():
    seed, settings = "replay-7", {"defend_alone": "on", "canadian": "on", "stick_dealer": "off"}
    state = rules.new(4, seed, 0.0, settings)
    played = []
    step = 0
    while rules.result(state) is None:
        seat = rules.deciding(state)[0][0]
        action = play.bot_move(euchre, state, seat, ("easy", "medium", "hard")[step % 3], random.Random(step))
        move(state, seat, **action)
        played.append((seat, action))
        step += 1
    again = rules.new(4, seed, 0.0, settings)
    for seat, action in played:
        move(again, seat, **copy.deepcopy(action))
    assert json.dumps(again, sort_keys=True) == json.dumps(state, sort_keys=True)


def test_every_move_logs_a_line_everyone_sees_and_every_hand_keeps_its_call():
    """A replay tells each step by its log: every move, a card played and a
    "ready" between hands too, leaves a line a watcher sees; and the view
    keeps every hand's outcome (who called what, alone, how, the points),
    which the score sheet reads once the log's lines for it are long gone."""
    state = rules.new(4, "every-line", 0.0, {"defend_alone": "on", "canadian": "on"})
    step = 0
    while rules.result(state) is None:
        seat = rules.deciding(state)[0][0]
        logged = state["logged"]
        action = play.bot_move(euchre, state, seat, "medium", random.Random(step))
        move(state, seat, **action)
        seen = [e for e in rules.view(state, None)["events"] if e["n"] >= logged]
        assert seen and seen[0].get("seat") in (seat, None), (step, action, seen)
        if action["type"] == "play":
            assert {"kind": "played", "seat": seat, "card": action["card"]}.items() <= seen[0].items()
        step += 1
    for seat in (None, 0, 1, 2, 3):
        v = rules.view(state, seat)
        assert len(v["outcomes"]) == len(v["scores"]) > 3
        for number, (o, row) in enumerate(zip(v["outcomes"], v["scores"]), 1):
            assert o["hand"] == number and o["points"] == max(row) and row[o["team"]] == o["points"]
            assert o["maker"] in range(4) and o["trump"] in "CDHS" and o["how"] in ("made", "march", "euchre")


# -- secrets --------------------------------------------------------------------

def test_the_discard_is_private_twice():
    state = rig(MONSTER, "9H0")
    move(state, 0, type="order", alone=False)
    move(state, 3, type="discard", card="QD0")
    assert rules.view(state, 3)["buried"] == "QD0"
    for seat in (None, 0, 1, 2):
        v = rules.view(state, seat)
        assert v["buried"] is None and v["discarded"] and "QD0" not in json.dumps(v)
    private = [e for e in state["events"] if e["kind"] == "buried"]
    assert private == [{"n": private[0]["n"], "kind": "buried", "to": [3], "seat": 3, "card": "QD0"}]
    picked = [e for e in public(state) if e["kind"] == "picked_up"]
    assert picked == [{"n": picked[0]["n"], "kind": "picked_up", "seat": 3, "card": "9H0", "discarded": True}]
    assert "QD0" not in json.dumps(public(state))


def test_a_view_shows_only_its_own_hand():
    state = rig(MONSTER, "9H0")
    v = rules.view(state, 1)
    assert v["mine"] == ["QS0", "TS0", "9S0", "TC0", "9C0"]  # tidy: high to low, suit by suit
    assert v["sizes"] == [5, 5, 5, 5] and v["up"] == "9H0" and v["kitty_state"] == "up"
    v.pop("events")  # the rigged deal's log line names the cards first dealt
    text = json.dumps(v)
    assert not any(c in text for s in (0, 2, 3) for c in state["hands"][s])
    assert not any(c in text for c in state["kitty"])
    spectator = rules.view(state, None)
    assert spectator["mine"] is None and spectator["can"] == []
    # Once picked up, the turned card is one of the dealer's cards.
    move(state, 0, type="order", alone=False)
    assert rules.view(state, 1)["up"] is None and "9H0" in rules.view(state, 3)["mine"]


def test_the_view_names_trump_first_and_lists_the_cards_that_may_be_played():
    state = rig(MONSTER, "9H0")
    move(state, 0, type="order", alone=False)
    move(state, 3, type="discard", card="9D0")
    assert rules.view(state, 0)["mine"] == ["JH0", "JD0", "AH0", "KH0", "AS0"]
    move(state, 0, type="play", card="AS0")
    v = rules.view(state, 1)
    assert v["legal"] == ["QS0", "TS0", "9S0"] and v["led"] == "S" and v["trick"] == [{"seat": 0, "card": "AS0"}]


# -- refusals -------------------------------------------------------------------

def test_refusals_are_sentences():
    state = rig(MONSTER, "9H0")
    move(state, 0, type="order", alone=False)
    move(state, 3, type="discard", card="9D0")
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(Illegal, match="not your turn"):
        move(state, 1, type="play", card="9S0")
    with pytest.raises(Illegal, match="isn't in your hand"):
        move(state, 0, type="play", card="9S0")
    with pytest.raises(Illegal, match="isn't in your hand"):
        move(state, 0, type="play", card="ZZ9")
    with pytest.raises(Illegal, match="fit now"):
        move(state, 0, type="pass")
    move(state, 0, type="play", card="AS0")
    with pytest.raises(Illegal, match="follow suit: play one of your spades"):
        move(state, 1, type="play", card="9C0")
    assert state["trick"] == [{"seat": 0, "card": "AS0"}] and json.loads(before)["trick"] == []


def test_following_trump_names_the_left_bower():
    hands = [["AH0", "KH0", "QH0", "AS0", "KS0"], ["JD0", "9D0", "TD0", "9S0", "TS0"],
             ["9C0", "TC0", "QC0", "KC0", "AC0"], ["QS0", "QD0", "KD0", "AD0", "JC0"]]
    state = rig(hands, "9H0")
    move(state, 0, type="order", alone=False)
    move(state, 3, type="discard", card="QS0")
    move(state, 0, type="play", card="AH0")
    with pytest.raises(Illegal, match="play one of your hearts \\(the left bower counts as trump\\)"):
        move(state, 1, type="play", card="9D0")
    move(state, 1, type="play", card="JD0")


def test_discard_refuses_a_card_not_held():
    state = rig(MONSTER, "9H0")
    move(state, 0, type="order", alone=False)
    with pytest.raises(Illegal, match="from your own hand"):
        move(state, 3, type="discard", card="JH0")


# -- settings, turns and the contract's small parts --------------------------------

def test_options_keep_only_exact_values():
    assert euchre.DEFAULTS == {"stick_dealer": "on", "alone": "on", "defend_alone": "off", "farmers": "off",
                               "canadian": "off", "bot_pace": "brisk"}
    assert rules.options(None) == euchre.DEFAULTS
    got = rules.options({"alone": "off", "farmers": True, "canadian": "ON", "bot_pace": "relaxed", "joker": "on"})
    assert got == {**euchre.DEFAULTS, "alone": "off", "bot_pace": "relaxed"}
    assert rules.options(ALL_OFF) == {**ALL_OFF, "bot_pace": "brisk"}


def test_the_game_meets_the_registry_as_euchre(monkeypatch):
    assert euchre.slug == "euchre" and euchre.title == "Euchre"
    assert euchre.players == (2, 4) and euchre.sizes == (4,)
    monkeypatch.setitem(registry.REGISTERED, "euchre", "games.euchre")
    assert registry.get("euchre") is euchre


def test_bot_think_covers_every_decision_and_ready_is_instant():
    assert set(euchre.bot_think) == {"farmer", "bid", "discard", "defend", "play", "ready"}
    assert euchre.bot_think["ready"] == 0 and all(t > 0 for k, t in euchre.bot_think.items() if k != "ready")


def test_every_move_gets_a_fresh_decision_key():
    state = rules.new(4, "keys", 0.0, {"defend_alone": "on"})
    seen = set()
    while rules.result(state) is None:
        for _seat, kind, key in rules.deciding(state):
            if kind != "ready":
                assert key not in seen
            seen.add(key)
        seat = rules.deciding(state)[0][0]
        move(state, seat, **play.bot_move(euchre, state, seat, "medium", random.Random(1)))
    assert len(seen) > 100


def test_fallback_is_the_plainest_legal_move():
    state = rig(MONSTER, "9H0", defend_alone="on")
    assert rules.fallback(state, 0) == {"type": "pass"}
    move(state, 0, type="order", alone=True)
    assert rules.fallback(state, 3) == {"type": "discard", "card": state["hands"][3][0]}
    move(state, 3, **rules.fallback(state, 3))
    assert rules.fallback(state, 1) == {"type": "defend", "alone": False}
    move(state, 1, type="defend", alone=False)
    move(state, 3, type="defend", alone=False)
    assert rules.fallback(state, 0) == {"type": "play", "card": "JH0"}


# -- bots -----------------------------------------------------------------------

def test_the_strength_of_a_hand():
    assert policy._strength(["JH0", "JD0", "AH0", "KH0", "AS0"], "H") == pytest.approx(1.0 + 0.85 + 0.7 + 0.55 + 0.6 + 0.7 + 0.25 + 0.25)
    assert policy._strength(["9S0", "TS0", "QS0", "9C0", "TC0"], "H") == 0.0
    assert policy._strength(["9H0", "TH0", "AS0", "KS0", "QD0"], "H") == pytest.approx(0.35 + 0.4 + 0.7 + 0.25 + 0.25)


def test_sure_tricks_count_an_unbroken_line_of_trump():
    assert policy._sure_tricks(["JH0", "JD0", "AH0", "AS0", "9C0"], "H") == 4
    assert policy._sure_tricks(["JD0", "AH0", "KH0", "AS0", "9C0"], "H") == 0  # the right bower is out
    assert policy._sure_tricks(["JH0", "AH0", "KH0", "AS0", "9C0"], "H") == 1


def test_the_dealer_never_buries_trump_when_it_has_a_choice():
    assert policy._bury(["JH0", "AH0", "9H0", "QS0", "AS0", "KC0"], "H") == "KC0"  # a lone card, to ruff
    assert policy._bury(["JH0", "AH0", "9H0", "TH0", "AS0", "AC0"], "H") == "AC0"
    assert policy._bury(["JH0", "AH0", "9H0", "TH0", "QH0", "KH0"], "H") == "9H0"


def test_easy_throws_its_lowest_card_by_rank():
    # Seat 1 can't follow hearts or win; its lowest card is the 10, not the ace.
    state = last_trick(["AH0", None, None, None], leader=0, trump="S", maker=0)
    state["hands"] = [["AH0", "9H0"], ["AC0", "TD0"], ["QH0", "KH0"], ["JH0", "TH0"]]
    state["done"] = state["done"][:3]
    state["taken"] = [1, 1, 1, 0]
    move(state, 0, type="play", card="AH0")
    assert play.bot_move(euchre, state, 1, "easy", random.Random(0)) == {"type": "play", "card": "TD0"}
    assert policy._lowest(["AS0", "QD0", "9H0"], "C") == "9H0"
    assert policy._lowest(["AS0", "QD0", "KH0"], "C") == "QD0"
    assert policy._lowest(["9C0", "KD0"], "C") == "KD0"  # trump is kept


def test_a_sure_winner_allows_for_a_player_known_to_be_void():
    # Clubs are trump. Seats 1 and 3 showed out of hearts on the first
    # trick, so seat 0's ace of hearts, the best heart left, isn't a sure
    # winner: either may trump it. Its ace of diamonds is.
    hands = [["KH0", "AH0", "AD0", "TS0", "JC0"], ["9D0", "TD0", "QD0", "9C0", "TC0"],
             ["9S0", "QS0", "KS0", "TH0", "QH0"], ["KD0", "QC0", "KC0", "AC0", "JS0"]]
    state = rig(hands, "JD0")
    for seat in (0, 1, 2, 3):
        move(state, seat, type="pass")
    move(state, 0, type="call", suit="C", alone=False)
    for seat, card in ((0, "KH0"), (1, "9D0"), (2, "TH0"), (3, "KD0")):
        move(state, seat, type="play", card=card)
    assert state["turn"] == 0
    v = rules.view(state, 0)
    for level in ("medium", "hard"):
        k = policy._Knows(v, level)
        assert k.boss("AH0") and not k.holds("AH0", [1, 3])
        assert k.holds("AD0", [1, 3])
        assert play.bot_move(euchre, state, 0, level, random.Random(0)) != {"type": "play", "card": "AH0"}


def test_bots_decide_from_the_view_alone():
    state = rules.new(4, "view-alone", 0.0)
    seat = state["turn"]
    a = play.bot_move(euchre, copy.deepcopy(state), seat, "hard", random.Random(3))
    other = copy.deepcopy(state)
    other["kitty"], other["hands"][(seat + 1) % 4] = other["hands"][(seat + 1) % 4][:3], other["kitty"] + other["hands"][(seat + 1) % 4][3:]
    assert play.bot_move(euchre, other, seat, "hard", random.Random(3)) == a


def test_a_canadian_loner_bot_orders_only_a_lone_hand():
    hands = [MONSTER[1], MONSTER[0], MONSTER[2], MONSTER[3]]
    for level in ("easy", "medium", "hard"):
        state = rig(hands, "9H0", dealer=3, canadian="on")
        move(state, 0, type="pass")
        assert play.bot_move(euchre, state, 1, level, random.Random(0)) == {"type": "order", "alone": True}
    weak = [MONSTER[0], MONSTER[2], MONSTER[1], MONSTER[3]]  # seat 1: no lone hand
    state = rig(weak, "9H0", dealer=3, canadian="on")
    move(state, 0, type="pass")
    assert play.bot_move(euchre, state, 1, "hard", random.Random(0)) == {"type": "pass"}


def test_bots_go_alone_with_a_lone_hand_and_defend_alone_with_four_sure_tricks():
    state = rig(MONSTER, "9H0")
    assert play.bot_move(euchre, state, 0, "medium", random.Random(0)) == {"type": "order", "alone": True}
    assert play.bot_move(euchre, state, 0, "easy", random.Random(0)) == {"type": "order", "alone": False}
    state = rig(MONSTER, "9H0", alone="off")
    assert play.bot_move(euchre, state, 0, "hard", random.Random(0)) == {"type": "order", "alone": False}


def duplicate(a, b, deals):
    """Level a's net points a hand against level b over the same deals, each
    played twice with the partnerships swapped (so the cards even out). The
    deals are independent, so they are shared out over the machine's cores."""
    context = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(min(2, os.cpu_count() or 1), mp_context=context) as pool:
        nets = pool.map(_duplicate_deal, [a] * deals, [b] * deals, range(deals))
        return sum(nets) / (2 * deals)


def _duplicate_deal(a, b, i):
    """Level a's net points over deal ``i`` played both ways round."""
    net = 0
    for first in (0, 1):
        levels = [a if s % 2 == first else b for s in range(4)]
        state = rules.new(4, f"dup-{i}", 0.0)
        step = 0
        while state["phase"] not in ("scored", "over"):
            seat = state["turn"]
            action = play.bot_move(euchre, state, seat, levels[seat], random.Random(f"{i}:{step}"))
            rules.MOVES[action["type"]](state, seat, action, 0.0)
            step += 1
        row = state["scores"][-1]
        net += row[first] - row[1 - first]
    return net


def test_medium_clearly_beats_easy_and_hard_holds_its_own_against_medium():
    assert duplicate("medium", "easy", 60) > 0.2
    # (Hard's search is the slow part: its figure with an interval is the strength tool's.)
    assert duplicate("hard", "medium", 30) >= 0


# -- the engine contract -----------------------------------------------------------

def euchre_ruled_out(state, keep):
    """Where the view rules cards out, from the real state: a suit shown out
    of (not followed when led), the turned card anywhere but the dealer's
    hand or the buried card once picked up, and with the farmer's hand a
    kept farmer's hand (or one being decided) holding only 9s and 10s, the
    kitty after a swap its swapper's 9s and 10s, and this seat's own swapped
    cards only where they went."""
    trump, dealer = state["trump"], state["dealer"]
    every = rules.cards()
    places = ["kitty", "buried"] + [f"hand {s}" for s in range(4) if s != keep]
    out = {p: set() for p in places}
    for t in [d["cards"] for d in state["done"]] + [state["trick"]]:
        if t:
            led = rules.suit_of(t[0]["card"], trump)
            for p in t[1:]:
                if rules.suit_of(p["card"], trump) != led and p["seat"] != keep:
                    out[f"hand {p['seat']}"] |= {c for c in every if rules.suit_of(c, trump) == led}
    if state["kitty_state"] == "picked" and keep != dealer:
        for p in places:
            if p not in (f"hand {dealer}", "buried"):
                out[p].add(state["up"])
    deal = max(i for i, e in enumerate(state["events"]) if e["kind"] == "deal")
    lines = state["events"][deal:]
    low = {c for c in every if c[0] in "9T"}
    kept = {e["seat"] for e in lines if e["kind"] == "farmer" and not e["swapped"]}
    swappers = [e["seat"] for e in lines if e["kind"] == "farmer" and e["swapped"]]
    if state["phase"] == "farmer":
        kept.add(state["turn"])
    for s in kept - {keep}:
        out[f"hand {s}"] |= set(every) - low
    if swappers:
        out["kitty"] |= set(every) - low
    gave = [e["gave"] for e in lines if e["kind"] == "swapped" and e["seat"] == keep]
    if gave:
        later = swappers[swappers.index(keep) + 1:]
        home = f"hand {later[0]}" if later else "kitty"
        for p in places:
            if p != home:
                out[p] |= set(gave[0])
    return out


@pytest.fixture
def quick_search(monkeypatch):
    """The contract checks what a bot may see and do, not how well it plays:
    a hard bot dealing two worlds a decision keeps the module quick."""
    two_worlds(monkeypatch)


def two_worlds(patch):
    """Hard deals two worlds a decision, for as long as ``patch`` lasts."""
    patch.setattr(hard, "WORLDS", dict.fromkeys(hard.WORLDS, 2))


@pytest.mark.usefixtures("quick_search")
class TestEuchreContract(TableGameContract):
    # A game to 10 is long (about 380 moves): two a level by default keeps
    # the module near a minute; PARLOR_CONTRACT_GAMES plays more.
    game = euchre
    games_per_level = int(os.environ.get("PARLOR_CONTRACT_GAMES", "2"))
    check_every = 4
    refused_games = 12  # random hands are quick; a run of four passes, which the second round needs, is rare

    def scramble(self, state, keep, rng):
        # Other hands (a lone maker's partner's too), the kitty's face-down
        # cards and, unless `keep` dealt, the card the dealer buried: deal
        # them out again, each pile its own size.
        others = [s for s in range(4) if s != keep]
        secret_buried = state["buried"] is not None and keep != state["dealer"]
        pool = [c for s in others for c in state["hands"][s]] + state["kitty"] + ([state["buried"]] if secret_buried else [])
        rng.shuffle(pool)
        for s in others:
            size = len(state["hands"][s])
            state["hands"][s], pool = pool[:size], pool[size:]
        state["kitty"], pool = pool[:len(state["kitty"])], pool[len(state["kitty"]):]
        if secret_buried:
            state["buried"] = pool.pop()

    def hidden(self, state, seat):
        secret = {c for s in range(4) if s != seat for c in state["hands"][s]} | set(state["kitty"])
        if state["buried"] is not None and seat != state["dealer"]:
            secret.add(state["buried"])
        return secret

    def places(self, state, keep):
        out = {f"hand {s}": list(state["hands"][s]) for s in range(4) if s != keep}
        out["kitty"] = list(state["kitty"])
        if state["buried"] is not None and keep != state["dealer"]:
            out["buried"] = [state["buried"]]
        return out

    def ruled_out(self, state, keep):
        return euchre_ruled_out(state, keep)


class TestEuchreHouseRulesContract(TestEuchreContract):
    """The same checks with every house rule flipped from its default."""

    settings = [{"stick_dealer": "off", "alone": "on", "defend_alone": "on", "farmers": "on", "canadian": "on"}]
    games_per_level = 1
    check_every = 6
    refused_games = 24  # enough hands for a farmer's hand to come up


# -- a world dealt from a seat's view (determinize) --------------------------------

def _picked_up_and_shown_out():
    """A hand where the first seat ordered the turned card up, the dealer
    buried a card, and someone has shown out of a suit: the first seed that
    gives one, played with everyone's first legal card."""
    for k in range(200):
        state = rules.new(4, f"worlds-{k}", 0.0)
        move(state, state["turn"], type="order", alone=False)
        dealer = state["dealer"]
        buried = next(c for c in state["hands"][dealer] if c != state["up"])
        move(state, dealer, type="discard", card=buried)
        while state["phase"] == "play" and len(state["done"]) < 3:
            move(state, state["turn"], **rules.legal(state, state["turn"])[0])
            shown = {s: suits for s, suits in policy._voids(rules.view(state, 0)).items() if suits}
            if shown and state["phase"] == "play" and any(s != dealer for s in shown):
                return state, buried, shown
    raise AssertionError("no seed gave a void")


def test_a_world_keeps_the_turned_card_with_the_dealer_and_deals_the_buried_one_only_to_others():
    state, buried, _shown = _picked_up_and_shown_out()
    dealer, up = state["dealer"], state["up"]
    other = next(s for s in range(4) if s != dealer)
    seen_buried = set()
    for k in range(120):
        mine = euchre.determinize(rules.view(state, dealer), random.Random(k))
        assert mine["buried"] == buried and all(buried not in h for h in mine["hands"])
        world = euchre.determinize(rules.view(state, other), random.Random(k))
        played = {p["card"] for t in state["done"] for p in t["cards"]} | {p["card"] for p in state["trick"]}
        assert world["buried"] not in played | set(state["hands"][other])
        if up not in played:
            assert up in world["hands"][dealer] or world["buried"] == up
        seen_buried.add(world["buried"])
    # The dealer's own discard is its secret: another seat's worlds bury
    # many different cards, the real one no more often than the rest.
    assert len(seen_buried) >= 6


def test_a_world_deals_no_card_of_a_suit_to_a_seat_that_showed_out_of_it():
    state, _buried, shown = _picked_up_and_shown_out()
    trump = state["trump"]
    for keep in range(4):
        for k in range(60):
            world = euchre.determinize(rules.view(state, keep), random.Random(k))
            for s, suits in shown.items():
                if s != keep:
                    assert not [c for c in world["hands"][s] if rules.suit_of(c, trump) in suits]
