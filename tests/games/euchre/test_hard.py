"""Euchre's hard bot: its search (engine/search.py) bids, buries and leads
by what each move scores over dealt-again hands, the same way for the same
stream, and says why."""

from __future__ import annotations

import copy
import random

import pytest

from games.euchre import bots, policy, rules, why
from tests.games.euchre.test_rules import MONSTER, rig

HOPELESS = [
    ["9C0", "TC0", "9S0", "TS0", "9D0"],
    ["JH0", "JD0", "AH0", "KH0", "AS0"],
    ["QH0", "AC0", "KC0", "QC0", "JC0"],
    ["TD0", "QD0", "KD0", "AD0", "QS0"],
]


def test_hard_decides_the_same_way_for_the_same_stream():
    state = rules.new(4, "hard-same", 0.0)
    seat = state["turn"]
    v = rules.view(state, seat)
    a = bots.decide(copy.deepcopy(v), "hard", random.Random(4))
    b = bots.decide(copy.deepcopy(v), "hard", random.Random(4))
    assert a == b and a[0] in rules.legal(state, seat)
    assert a[1].startswith(why.label(v, a[0])) and a[1].endswith(".")


def test_hard_orders_up_a_hand_that_cannot_lose_and_says_what_it_holds():
    state = rig(MONSTER, "9H0")
    move, reason = bots.decide(rules.view(state, 0), "hard", random.Random(1))
    assert move["type"] == "order"
    # In the dock's words ("Call ♥", Go alone first when it goes alone),
    # and what the hand holds that takes the tricks.
    assert reason.startswith(("Call ♥:", "Go alone, then Call ♥:")) and "including both bowers" in reason


def test_hard_passes_a_hand_with_nothing_in_the_turned_suit():
    state = rig(HOPELESS, "9H0")
    assert bots.decide(rules.view(state, 0), "hard", random.Random(2))[0] == {"type": "pass"}


def test_easy_and_medium_give_no_reason_and_hard_plays_the_later_tricks_face_up():
    state = rules.new(4, "hard-late", 0.0)
    seat = state["turn"]
    assert bots.decide(rules.view(state, seat), "medium", random.Random(3))[1] is None
    assert bots.decide(rules.view(state, seat), "easy", random.Random(3))[1] is None
    # From the second trick on hard's card is the face-up solver's, not the search's.
    late = {"phase": "play", "done": [1], "legal": ["AH0", "KH0"]}
    assert bots._searched(late) is None and bots._searched({**late, "done": []}) == "play"


def test_hard_deals_the_seats_that_passed_hands_too_weak_to_order_up():
    import games.euchre as euchre
    from games.euchre import hard

    state = rig(HOPELESS, "9H0")  # seat 3 deals: seats 0, 1 and 2 pass, and the dealer decides
    for seat in (0, 1, 2):
        rules.pass_bid(state, seat, {"type": "pass"}, 0.0)
    v = rules.view(state, 3)
    rng = random.Random(8)
    plain = [euchre.determinize(v, rng) for _ in range(30)]
    leaning = [hard.deal(euchre, v, rng) for _ in range(30)]

    def judged(world, seat):  # medium's judgement of ordering hearts up to an opponent (or the partner) dealing
        gift = 0.35 if seat == 1 else -0.35
        return policy._strength(world["hands"][seat], "H") + gift

    mark = policy.ORDER["medium"]
    assert any(judged(w, s) >= mark for w in plain for s in (0, 1, 2))
    # The partner passed short of medium's mark; an opponent short of it
    # with room to spare (a strong player passes a middling hand).
    assert not any(judged(w, 1) >= mark for w in leaning)
    assert not any(judged(w, s) >= mark + policy.PASS_SLACK for w in leaning for s in (0, 2))
    assert any(judged(w, s) >= mark for w in leaning for s in (0, 2))
    assert all(sorted(w["hands"][3]) == sorted(state["hands"][3]) for w in leaning)


# Hands on which hard once buried the trump it had just picked up, though it
# held cards of other suits (its partner had ordered it up): the turned card,
# then the dealer's (seat 3's) hand, then the other seats'.
BURIED_TRUMP = [
    ("QC0", ["AD0", "AS0", "KS0", "QS0", "TD0"],
     [["9H0", "TH0", "JH0", "QH0", "KH0"], ["JC0", "JS0", "AC0", "KC0", "9C0"], ["AH0", "9D0", "JD0", "QD0", "KD0"]]),
    ("TH0", ["9S0", "AC0", "AD0", "KS0", "QC0"],
     [["9C0", "TC0", "JC0", "KC0", "9D0"], ["JH0", "JD0", "AH0", "KH0", "QH0"], ["TD0", "QD0", "KD0", "TS0", "QS0"]]),
]


@pytest.mark.parametrize("up, dealer, others", BURIED_TRUMP)
def test_hard_never_buries_trump_while_it_holds_a_card_that_is_not(up, dealer, others):
    state = rig([*others, dealer], up)
    rules.MOVES["pass"](state, 0, {"type": "pass"}, 0.0)
    rules.MOVES["order"](state, 1, {"type": "order"}, 0.0)  # the dealer's partner orders it up
    assert state["phase"] == "discard" and state["turn"] == 3
    v = rules.view(state, 3)
    for stream in range(12):
        move, _reason = bots.decide(copy.deepcopy(v), "hard", random.Random(stream))
        assert move["type"] == "discard" and not rules.is_trump(move["card"], state["trump"]), (stream, move)


@pytest.mark.parametrize("seed", [f"hard-calls-{i}" for i in range(4)])
def test_hard_names_trump_only_where_its_search_shows_the_bid_clearly_beats_passing(seed):
    """Every bid of a seeded deal, hard in every seat: the bid hard makes is
    the one its search's worlds pick, and a bolder bid (naming trump over
    passing, going alone over bidding with the partner) is made only when it
    beat the safer one over the same worlds by more than the standard
    errors hard.needs (hard.CLEAR); a bid better on average that didn't is
    not made."""
    import dataclasses

    from engine import registry, search
    from games.euchre import hard

    state = rules.new(4, seed, 0.0)
    while state["phase"] in ("bid1", "bid2"):
        seat = state["turn"]
        v = rules.view(state, seat)
        seen = {}

        def record(moves, worths, seen=seen):
            seen.update(moves=moves, worths=worths)
            return hard.clearly(moves, worths)

        plan = dataclasses.replace(hard.plan(v, "bid"), pick=record)
        found = search.choose(registry.get("euchre"), copy.deepcopy(v), random.Random(seed), plan)
        move, _reason = bots.decide(copy.deepcopy(v), "hard", random.Random(seed))
        assert move == found.move
        moves, worths = seen["moves"], seen["worths"]
        means = {repr(m): sum(w) / len(w) for m, w in zip(moves, worths)}

        def clear(bold, safe, moves=moves, worths=worths):
            mean, error = search.gain(worths[moves.index(bold)], worths[moves.index(safe)])
            return mean > hard.needs(bold) * error and mean > 0

        base = hard.safer(move, moves)
        if base is not None:
            assert clear(move, base), (seed, move, base)
        for m in moves:
            if means[repr(m)] > means[repr(move)]:
                safe = hard.safer(m, moves)
                assert safe is not None and not (clear(m, safe) and (hard.safer(safe, moves) is None
                                                                       or clear(safe, hard.safer(safe, moves))))
        rules.MOVES[move["type"]](state, seat, move, 0.0)



def test_hard_plays_its_rules_card_in_the_first_trick_unless_its_worlds_score_another_higher():
    """Every card of a few seeded deals' first tricks, hard in every seat:
    where the worlds' play-outs tell two cards apart by nothing, hard plays
    the card its rules of play choose (medium's play, counting every card),
    not whichever its hand lists first."""
    from engine import play, registry
    from engine.moves import dispatch
    from games.euchre import hard

    game = registry.get("euchre")
    ties = 0
    for seed in (f"hard-first-trick-{i}" for i in range(4)):
        state = rules.new(4, seed, 0.0)
        while state["phase"] != "play":
            seat = state["turn"]
            dispatch(game, state, seat, play.bot_move(game, state, seat, "medium", random.Random(seed)), 0.0)
        while not state["done"]:
            seat = state["turn"]
            v = rules.view(state, seat)
            found = hard.think(copy.deepcopy(v), "play", random.Random(seed))
            assert found.move == bots.decide(copy.deepcopy(v), "hard", random.Random(seed))[0]
            ruled = policy.rule_move(copy.deepcopy(v), "hard", random.Random(seed))
            means = {m["card"]: mean for m, mean in found.tried}
            if found.move != ruled:
                assert means[found.move["card"]] > means[ruled["card"]], (seed, seat, found.tried, ruled)
            ties += sum(1 for card, mean in means.items()
                        if card != ruled["card"] and mean is not None and mean == means[ruled["card"]])
            dispatch(game, state, seat, found.move, 0.0)
    assert ties  # (the deals hold cards the worlds score alike, the case this is about)
