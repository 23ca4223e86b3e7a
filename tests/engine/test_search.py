"""engine/search.py: one determinized search over the contract, proven on
High Card, the test-only game (and on every game's hard bot in their own
tests)."""

import random

import tests.highcard as highcard
from engine import moves, search


def _tricks_this_deal(state, seat):
    return state["taken"][seat] if state["phase"] == "play" else state["scores"][-1][seat]


PLAN = search.Plan(worlds=12, value=_tricks_this_deal, stop=lambda state, start: state["phase"] != "play")


def _position(seed="search", k=4):
    state = highcard.new(3, seed, 0.0)
    for step in range(k):
        seat = state["turn"]
        moves.dispatch(highcard, state, seat, highcard.legal(state, seat)[0], float(step + 1))
    return state


def test_the_search_is_deterministic_for_a_fixed_stream_and_budget():
    state = _position()
    seat = state["turn"]
    view = highcard.view(state, seat)
    a = search.choose(highcard, moves.plain_copy(view), random.Random(5), PLAN)
    b = search.choose(highcard, moves.plain_copy(view), random.Random(5), PLAN)
    assert (a.move, a.reason, a.tried, a.worlds) == (b.move, b.reason, b.tried, b.worlds)
    assert a.worlds == PLAN.worlds and a.move in highcard.legal(state, seat)
    assert a.reason.endswith(".") and len(a.tried) == len(highcard.legal(state, seat))


def test_the_search_plays_what_wins_the_trick_it_can_and_says_so():
    # Last to a trick, it takes it with its lowest winner when that is best
    # on average; it never changes the state it was shown.
    state = highcard.new(2, "search-2", 0.0)
    state["hands"] = [["2C0", "KC0", "5H0"], ["3S0", "AD0", "4D0"]]
    state["trick"], state["turn"] = [{"seat": 0, "card": "KC0"}], 1
    state["hands"][0].remove("KC0")
    before = moves.plain_copy(state)
    choice = search.choose(highcard, highcard.view(state, 1), random.Random(1), PLAN)
    assert choice.move == {"type": "play", "card": "AD0"}
    assert state == before
    assert "AD0" in choice.reason


def test_a_plan_may_narrow_the_moves_tried_and_one_move_needs_no_search():
    state = _position()
    seat = state["turn"]
    plan = search.Plan(worlds=6, value=_tricks_this_deal, moves=lambda v, legal, rng: legal[-1:])
    choice = search.choose(highcard, highcard.view(state, seat), random.Random(2), plan)
    assert choice.move == highcard.legal(state, seat)[-1] and choice.worlds == 0
    assert "only move" in choice.reason


def test_a_play_out_goes_through_the_rules_to_its_horizon():
    state = _position(k=1)
    world = highcard.determinize(highcard.view(state, 1), random.Random(3))
    start = moves.plain_copy(world)
    search.play_on(highcard, world, start, search.Plan(worlds=1, value=_tricks_this_deal), random.Random(4))
    assert highcard.result(world) is not None  # the default horizon is the game's end
    assert start["seq"] == world["seq"]  # (straight to the rules: no dispatch, no seq)
