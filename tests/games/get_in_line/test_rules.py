"""Get In Line: the board, where a card can go, lines, the endings, secrets,
the bots, and the engine contract (games/get_in_line/README.md)."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
import re

import pytest

import games.get_in_line as gil
from engine import deck, moves, play, registry
from engine.contract import Illegal, missing, offered
from games.get_in_line import board, hard, policy, rules
from games.get_in_line.board import CORNERS, LAYOUT, SPACES, THROUGH, WINDOWS
from tests.table_contract import TableGameContract

# -- helpers -------------------------------------------------------------------


def fresh(n: int = 2, seed: str = "gil", **settings) -> dict:
    return rules.new(n, seed, 0.0, settings or None)


def give(state: dict, seat: int, *cards: str) -> None:
    """Put these very cards in the seat's hand, each swapped with a card of
    the hand that isn't one of them, from wherever it was (another hand, the
    stock, the discards)."""
    hand = state["hands"][seat]
    for card in cards:
        if card in hand:
            continue
        slot = next(i for i, c in enumerate(hand) if c not in cards)
        for pile in [*state["hands"], state["stock"], state["discards"]]:
            if card in pile:
                i = pile.index(card)
                pile[i], hand[slot] = hand[slot], card
                break
        else:
            raise AssertionError(f"{card} is nowhere")


def natural(state: dict, space: int) -> str:
    """A card for this space that hasn't been played yet."""
    f = LAYOUT[space]
    return next(f + d for d in "01" if f + d not in state["discards"])


def act(state: dict, seat: int, action: dict) -> dict:
    """Make it this seat's turn (a fresh one) and play the move through the
    one door."""
    state["turn"] = seat
    state["traded"] = False
    return moves.dispatch(gil, state, seat, action, 1.0)


def place(state: dict, seat: int, space: int, card: str | None = None) -> dict:
    card = card or natural(state, space)
    give(state, seat, card)
    return act(state, seat, {"type": "play", "card": card, "space": space})


def refused(state: dict, seat: int, action: dict, words: str) -> None:
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(Illegal, match=words):
        moves.dispatch(gil, state, seat, action, 1.0)
    assert json.dumps(state, sort_keys=True) == before


def kinds(state: dict, kind: str) -> list[dict]:
    return [e for e in state["events"] if e["kind"] == kind]


def row(r: int, first: int = 0, last: int = 9) -> list[int]:
    return [r * 10 + c for c in range(first, last + 1)]


def lines_of(state: dict, t: int | None = None) -> list[list[int]]:
    return [line["cells"] for line in state["lines"] if t is None or line["team"] == t]


# -- the board -----------------------------------------------------------------


def test_the_layout_is_pinned_row_by_row():
    rows = [
        "-- 2S 3S 4S 5S 6S 7S 8S 9S --",
        "6C 5C 4C 3C 2C AH KH QH TH TS",
        "7C AS 2D 3D 4D 5D 6D 7D 9H QS",
        "8C KS 6C 5C 4C 3C 2C 8D 8H KS",
        "9C QS 7C 6H 5H 4H AH 9D 7H AS",
        "TC TS 8C 7H 2H 3H KH TD 6H 2D",
        "QC 9S 9C 8H 9H TH QH QD 5H 3D",
        "KC 8S TC QC KC AC AD KD 4H 4D",
        "AC 7S 6S 5S 4S 3S 2S 2H 3H 5D",
        "-- AD KD QD TD 9D 8D 7D 6D --",
    ]
    for r, text in enumerate(rows):
        assert [f or "--" for f in LAYOUT[r * 10:(r + 1) * 10]] == text.split(), f"row {r}"
    assert len(LAYOUT) == 100 and gil.LAYOUT is LAYOUT


def test_every_face_but_the_jacks_is_on_exactly_two_spaces_and_the_corners_are_free():
    assert CORNERS == {0, 9, 90, 99} and all(LAYOUT[p] is None for p in CORNERS)
    assert len(SPACES) == 48 and all(len(ps) == 2 for ps in SPACES.values())
    assert not any(f.startswith("J") for f in SPACES)
    assert SPACES["7H"] == [48, 53] and [LAYOUT[p] for p in SPACES["7H"]] == ["7H", "7H"]


def test_a_typo_in_the_layout_is_refused():
    typo = list(LAYOUT)
    typo[1] = "2H"
    with pytest.raises(ValueError, match="exactly two spaces"):
        board.check(typo)
    jack = list(LAYOUT)
    jack[1] = "JS"
    with pytest.raises(ValueError, match="48 faces"):
        board.check(jack)
    corner = list(LAYOUT)
    corner[0] = "2S"
    with pytest.raises(ValueError, match="corners"):
        board.check(corner)


def test_there_are_192_runs_of_five_and_through_lists_each_spaces_runs():
    assert len(WINDOWS) == 192 and len(set(WINDOWS)) == 192
    by_direction = [0, 0, 0, 0]
    for i, w in enumerate(WINDOWS):
        by_direction[board.WINDOW_DIRECTION[i]] += 1
        steps = {b - a for a, b in zip(w, w[1:])}
        assert len(w) == 5 and len(steps) == 1 and steps.pop() in (1, 10, 11, 9)
    assert by_direction == [60, 60, 36, 36]
    for p in range(100):
        assert sorted(THROUGH[p]) == sorted(i for i, w in enumerate(WINDOWS) if p in w)
    assert len(THROUGH[0]) == 3 and len(THROUGH[44]) == 20
    assert board.windows_through(0) == [(0, [0, 1, 2, 3, 4]), (1, [0, 10, 20, 30, 40]), (2, [0, 11, 22, 33, 44])]


# -- the table -----------------------------------------------------------------


def test_teams_by_table_size_and_the_host_chooses_only_at_six_and_twelve():
    assert {n: rules.team_count(n) for n in gil.sizes} == {2: 2, 3: 3, 4: 2, 6: 2, 8: 2, 9: 3, 10: 2, 12: 2}
    assert {n: rules.team_count(n, 3) for n in gil.sizes} == {2: 2, 3: 3, 4: 2, 6: 3, 8: 2, 9: 3, 10: 2, 12: 3}
    assert rules.team_count(6, 7) == 2
    for n, teams, target in [(2, 2, 2), (3, 3, 1), (4, 2, 2), (9, 3, 1)]:
        state = fresh(n, teams=3)
        assert (state["teams"], state["target"]) == (teams, target)
    six = fresh(6, teams=3)
    assert six["teams"] == 3 and six["target"] == 1 and rules.view(six, 4)["team_of"] == [0, 1, 2, 0, 1, 2]
    assert rules.view(fresh(12), 0)["names"] == ["Blue", "Orange"]
    assert gil.team_of(None, 12, {"teams": 3}) == [s % 3 for s in range(12)]
    assert gil.team_of(fresh(4), 4) == [0, 1, 0, 1]


def test_options_keep_only_exact_values():
    assert gil.options(None) == gil.DEFAULTS == {"teams": 2, "bot_pace": "brisk"}
    assert gil.options({"teams": 3, "bot_pace": "relaxed"}) == {"teams": 3, "bot_pace": "relaxed"}
    assert gil.options({"teams": 4, "bot_pace": "warp"}) == gil.DEFAULTS
    assert gil.options({"teams": "3"})["teams"] == 2 and gil.options({"teams": True})["teams"] == 2
    state = fresh(6, teams=3, bot_pace="relaxed")
    assert state["rules"] == {"teams": 3} and state["_pace"] == 1.8


@pytest.mark.parametrize("n", [0, 1, 5, 7, 11, 13])
def test_a_table_that_wont_split_into_equal_teams_is_refused_with_a_sentence(n):
    with pytest.raises(Illegal) as refusal:
        rules.new(n, "s", 0.0)
    assert str(refusal.value) == ("Get In Line needs teams of the same size: play with 2, 3, 4, 6, 8, 9, 10 or 12. "
                                  "Add a bot or remove a seat.")


def test_the_contract_surface():
    assert missing(gil) == []
    assert gil.slug == "get-in-line" and gil.title == "Get In Line"
    assert gil.players == (2, 12) and gil.sizes == (2, 3, 4, 6, 8, 9, 10, 12)
    assert set(gil.MOVES) == {"play", "trade", "pass"}
    assert "counts" not in vars(gil)
    # (engine/registry.py lists the built-in games; register it here if it
    # isn't listed yet, and leave the registry as it was.)
    added = "get-in-line" not in registry.REGISTERED
    if added:
        registry.register("get-in-line", "games.get_in_line")
    try:
        assert registry.REGISTERED["get-in-line"] == "games.get_in_line" and registry.get("get-in-line") is gil
    finally:
        if added:
            registry.unregister("get-in-line")


def test_hands_are_dealt_one_at_a_time_from_the_seed_and_the_seed_picks_the_first_player():
    sizes = {2: 7, 3: 6, 4: 6, 6: 5, 8: 4, 9: 4, 10: 3, 12: 3}
    assert gil.HAND == sizes
    for n, size in sizes.items():
        state = fresh(n, seed=f"deal-{n}")
        stock = deck.shuffled(deck.build(2), f"deal-{n}:0")
        for s in range(n):
            assert state["hands"][s] == [stock[-1 - (k * n + s)] for k in range(size)]
        assert state["stock"] == stock[: 104 - n * size]
        assert state["first"] == state["turn"] == deck.seed_number(f"deal-{n}") % n
        assert state["turns"] == 0 and state["chips"] == [None] * 100
    assert fresh(4, seed="same") == fresh(4, seed="same")
    assert len({fresh(4, seed=f"s{k}")["first"] for k in range(20)}) == 4
    state = fresh(12)
    assert sorted([c for h in state["hands"] for c in h] + state["stock"]) == sorted(deck.build(2))


# -- where a card can go ---------------------------------------------------------


def test_a_natural_card_goes_on_either_of_its_two_spaces_if_open():
    state = fresh()
    assert rules.targets(state, 0, "7H0") == [48, 53] == rules.targets(state, 1, "7H1")
    state["chips"][48] = 1
    assert rules.targets(state, 0, "7H0") == [53]
    state["chips"][53] = 0
    assert rules.targets(state, 0, "7H0") == [] and rules.dead(state, "7H1")


def test_a_two_eyed_jack_goes_on_any_open_space_but_a_corner():
    state = fresh()
    state["chips"][44] = 1
    state["chips"][45] = 0
    for card in ("JC0", "JD1"):
        where = rules.targets(state, 0, card)
        assert len(where) == 94 and not CORNERS & set(where) and 44 not in where and 45 not in where


def test_a_one_eyed_jack_takes_off_another_teams_chip_not_in_a_line():
    state = fresh(3)
    assert rules.targets(state, 0, "JS0") == [] and rules.targets(state, 0, "JH1") == []
    for p in (1, 2, 3, 4):
        state["chips"][p] = 1
    state["chips"][20] = 1
    state["chips"][30] = 2
    state["chips"][40] = 0
    assert rules.targets(state, 0, "JS0") == [1, 2, 3, 4, 20, 30]
    state["lines"].append({"team": 1, "cells": [0, 1, 2, 3, 4]})
    assert rules.targets(state, 0, "JH0") == [20, 30]
    assert rules.targets(state, 1, "JH0") == [30, 40]


def test_playing_puts_a_chip_discards_the_card_draws_and_passes_the_turn():
    state = fresh(2, seed="play")
    seat = state["turn"]
    card = natural(state, 48)
    give(state, seat, card)
    top = state["stock"][-1]
    moves.dispatch(gil, state, seat, {"type": "play", "card": card, "space": 48}, 1.0)
    assert state["chips"][48] == seat % 2 and state["discards"] == [card]
    assert card not in state["hands"][seat] and top in state["hands"][seat] and len(state["hands"][seat]) == 7
    assert state["turn"] == 1 - seat and state["turns"] == 1 and state["seq"] == 1
    assert state["last"] == {"seat": seat, "card": "7H", "space": 48, "kind": "place", "team": seat % 2}
    assert kinds(state, "play") == [{"n": 1, "kind": "play", "seat": seat, "card": card, "space": 48, "team": seat % 2}]


def test_a_one_eyed_jack_lifts_the_chip_and_places_none():
    state = fresh(2, seed="lift")
    state["chips"][48] = 1
    give(state, 0, "JS1")
    act(state, 0, {"type": "play", "card": "JS1", "space": 48})
    assert state["chips"][48] is None
    assert state["last"] == {"seat": 0, "card": "JS", "space": 48, "kind": "remove", "team": 1}
    assert kinds(state, "remove")[-1]["team"] == 1


def test_every_refusal_is_a_sentence_and_changes_nothing():
    state = fresh(3, seed="refuse")
    seat = state["turn"]
    other = (seat + 1) % 3
    mine = seat % 3
    state["chips"][48] = mine
    state["chips"][1] = (mine + 1) % 3
    state["chips"][2] = mine
    for p in (11, 12, 13, 14):
        state["chips"][p] = (mine + 1) % 3
    state["chips"][10] = (mine + 1) % 3
    state["lines"].append({"team": (mine + 1) % 3, "cells": [10, 11, 12, 13, 14]})
    give(state, seat, "7H0", "9S0", "JC0", "JS0", "5C0")
    give(state, other, "3S0")
    state["chips"][SPACES["5C"][0]] = mine
    state["chips"][SPACES["5C"][1]] = mine
    cases = [
        (other, {"type": "play", "card": "3S0", "space": 3}, "not your turn"),
        (seat, {"type": "fly"}, "not a move"),
        (seat, {"type": "play", "card": "3S0", "space": 3}, "from your own hand"),
        (seat, {"type": "play", "card": None, "space": 3}, "from your own hand"),
        (seat, {"type": "play", "card": "7H0"}, "Pick a space"),
        (seat, {"type": "play", "card": "7H0", "space": 100}, "Pick a space"),
        (seat, {"type": "play", "card": "7H0", "space": True}, "Pick a space"),
        (seat, {"type": "play", "card": "7H0", "space": "53"}, "Pick a space"),
        (seat, {"type": "play", "card": "9S0", "space": 48}, "That's the 7♥, not the 9♠."),
        (seat, {"type": "play", "card": "7H0", "space": 48}, "That 7♥ already has a chip on it"),
        (seat, {"type": "play", "card": "5C0", "space": SPACES["5C"][0]}, "Both 5♣ spaces are taken"),
        (seat, {"type": "play", "card": "7H0", "space": 0}, "corners are free spaces"),
        (seat, {"type": "play", "card": "JC0", "space": 0}, "corners are free spaces"),
        (seat, {"type": "play", "card": "JC0", "space": 48}, "two-eyed jack goes on an open space"),
        (seat, {"type": "play", "card": "JS0", "space": 53}, "has none"),
        (seat, {"type": "play", "card": "JS0", "space": 2}, "your team's chip"),
        (seat, {"type": "play", "card": "JS0", "space": 12}, "part of a line, so it stays"),
        (seat, {"type": "trade", "card": "7H0"}, "Only a dead card can be traded in, and the 7♥ still has an open space"),
        (seat, {"type": "trade", "card": "JC0"}, "A jack is never dead"),
        (seat, {"type": "trade", "card": "3S0"}, "from your own hand"),
        (seat, {"type": "pass"}, "You have a card that can play"),
    ]
    for who, action, words in cases:
        refused(state, who, action, words)
    act(state, seat, {"type": "trade", "card": "5C0"})
    give(state, seat, "5C1")
    state["turn"] = seat
    refused(state, seat, {"type": "trade", "card": "5C1"}, "already traded in a card this turn")
    over = fresh(2, seed="over")
    _full_but(over, 55)
    place(over, 1, 55)
    refused(over, 0, {"type": "pass"}, "This game is over")


# -- dead cards, trades and passing ---------------------------------------------


def test_a_dead_card_is_traded_once_a_turn_for_a_new_one_and_the_turn_goes_on():
    state = fresh(2, seed="trade")
    seat = state["turn"]
    for p in SPACES["KS"]:
        state["chips"][p] = 0
    give(state, seat, "KS0")
    v = rules.view(state, seat)
    assert v["dead"] == ["KS0"] and v["where"]["KS0"] == [] and v["can"]["trade"] and v["can"]["play"]
    top = state["stock"][-1]
    moves.dispatch(gil, state, seat, {"type": "trade", "card": "KS0"}, 1.0)
    assert state["turn"] == seat and state["traded"] and state["turns"] == 0
    assert "KS0" not in state["hands"][seat] and top in state["hands"][seat] and state["discards"] == ["KS0"]
    assert kinds(state, "trade") == [{"n": 1, "kind": "trade", "seat": seat, "card": "KS0"}]
    assert gil.deciding(state) == [(seat, "play", "turn0-1")]
    give(state, seat, "KS1")
    v = rules.view(state, seat)
    assert v["dead"] == ["KS1"] and not v["can"]["trade"] and v["traded"]
    card = next(c for c in state["hands"][seat] if rules.targets(state, 0, c) and not c.startswith("J"))
    moves.dispatch(gil, state, seat, {"type": "play", "card": card, "space": rules.targets(state, 0, card)[0]}, 2.0)
    assert state["turn"] != seat and not state["traded"]
    assert not rules.dead(state, "JS0") and not rules.dead(state, "JC1")


def dead_hands(n: int = 2) -> dict:
    """A table where every card in every hand, and the top of the stock, is
    dead: the chips sit on all their spaces (set directly, so no lines)."""
    state = fresh(n, seed="dead")
    faces = sorted(SPACES)[: HAND_DEAD]
    for k, f in enumerate(faces):
        for p in SPACES[f]:
            state["chips"][p] = (k + p) % 2
    everything = deck.build(2)
    hands = [[f + str(s % 2) for f in faces[(s // 2) * 7:(s // 2) * 7 + 7]] for s in range(n)]
    held = {c for h in hands for c in h}
    spare = [f + d for f in faces[14:] for d in "01"]
    state["hands"] = hands
    state["stock"] = [c for c in everything if c not in held and c not in spare] + spare
    state["discards"] = []
    return state


HAND_DEAD = 20


def test_you_pass_only_when_nothing_can_play_and_after_trading_a_dead_card():
    state = dead_hands()
    seat = state["turn"]
    v = rules.view(state, seat)
    assert len(v["dead"]) == 7 and not v["can"]["play"] and v["can"]["trade"] and not v["can"]["pass"]
    refused(state, seat, {"type": "pass"}, "Trade in your dead card first")
    moves.dispatch(gil, state, seat, {"type": "trade", "card": v["dead"][0]}, 1.0)
    v = rules.view(state, seat)
    assert v["can"] == {"play": False, "trade": False, "pass": True}
    assert gil.fallback(copy.deepcopy(state), seat) == {"type": "pass"}
    moves.dispatch(gil, state, seat, {"type": "pass"}, 2.0)
    assert state["passes"] == 1 and state["turn"] == 1 - seat and state["turns"] == 1 and state["phase"] == "play"
    assert kinds(state, "pass") == [{"n": 2, "kind": "pass", "seat": seat}]
    # A card that plays ends the run of passes.
    give(state, 1 - seat, "JC0")
    space = rules.targets(state, 0, "JC0")[0]
    moves.dispatch(gil, state, 1 - seat, {"type": "play", "card": "JC0", "space": space}, 3.0)
    assert state["passes"] == 0


def test_a_lone_one_eyed_jack_with_nothing_to_lift_cannot_play():
    state = fresh(2, seed="lone")
    seat = state["turn"]
    state["hands"][seat] = ["JS0"]
    assert rules.targets(state, seat % 2, "JS0") == []
    v = rules.view(state, seat)
    assert v["can"] == {"play": False, "trade": False, "pass": True} and v["dead"] == []


# -- lines -------------------------------------------------------------------------


def test_five_in_a_row_is_a_line_logged_and_locked():
    state = fresh(2, seed="five")
    for p in (21, 22, 23, 24):
        state["chips"][p] = 0
    place(state, 0, 25)
    assert state["lines"] == [{"team": 0, "cells": [21, 22, 23, 24, 25]}]
    assert [(e["team"], e["cells"], e["count"]) for e in kinds(state, "line")] == [(0, [21, 22, 23, 24, 25], 1)]
    assert rules.locked(state) == {21, 22, 23, 24, 25}
    assert rules.view(state, 1)["made"] == [1, 0] and state["phase"] == "play"


def test_the_nine_in_a_row_worked_example():
    """A line on columns 2 to 6 of row 4, then two chips on the left and one
    on the right, then the ninth: two lines, laid again at the ends."""
    state = fresh(2, seed="nine")
    for p in (42, 43, 44, 45):
        state["chips"][p] = 0
    place(state, 0, 46)
    assert lines_of(state) == [[42, 43, 44, 45, 46]]
    for p in (41, 40, 47):
        place(state, 0, p)
        assert lines_of(state) == [[42, 43, 44, 45, 46]], "eight in a row is still one line"
    assert len(kinds(state, "line")) == 1
    trial = copy.deepcopy(state)
    trial["chips"][48] = 0
    made, dropped = rules._lines(trial, 0, 48)
    assert dropped == [row(4, 2, 6)]
    assert made == [row(4, 0, 4), row(4, 4, 8)]
    unlocked_before = set(range(100)) - rules.locked(state)
    place(state, 0, 48)
    assert lines_of(state) == [row(4, 0, 4), row(4, 4, 8)]
    new = kinds(state, "line")[1:]
    assert len(new) == 1 and new[0]["count"] == 2, "one new line logged"
    assert rules.locked(state) >= set(row(4, 2, 6)), "no chip unlocked"
    assert set(range(100)) - rules.locked(state) <= unlocked_before
    assert state["outcome"]["how"] == "lines" and state["winner"] == 0


def test_nine_in_a_row_built_left_to_right_is_two_lines_sharing_a_space():
    state = fresh(3, seed="straight")  # (one line wins at three; team 0 plays on by hand here)
    state["target"] = 5
    for p in row(1, 0, 8):
        place(state, 0, p)
    assert lines_of(state) == [row(1, 0, 4), row(1, 4, 8)]
    assert len(kinds(state, "line")) == 2


def test_six_in_a_row_is_one_line_however_it_is_built():
    for order in (row(2, 1, 6), [22, 23, 24, 25, 26, 21], [23, 24, 21, 22, 26, 25]):
        state = fresh(2, seed="six")
        for p in order:
            place(state, 0, p)
        assert len(lines_of(state)) == 1 and len(kinds(state, "line")) == 1, order
        assert set(lines_of(state)[0]) < set(row(2, 1, 6))


def test_a_free_corner_counts_for_every_team():
    state = fresh(2, seed="corner")
    for p in (1, 2, 3, 4):
        place(state, 0, p)
    for p in (10, 20, 30, 40):
        place(state, 1, p)
    assert state["lines"] == [{"team": 0, "cells": [0, 1, 2, 3, 4]}, {"team": 1, "cells": [0, 10, 20, 30, 40]}]


def test_two_lines_may_cross_and_a_line_in_another_direction_is_its_own():
    state = fresh(2, seed="cross")
    for p in (31, 32, 33, 34, 35, 13, 23, 43, 53):
        place(state, 1, p)
    assert lines_of(state, 1) == [row(3, 1, 5), [13, 23, 33, 43, 53]]
    assert state["winner"] == 1


# -- the end ----------------------------------------------------------------------


def test_the_first_team_to_its_target_wins_and_the_winning_turn_still_draws():
    state = fresh(3, seed="win")  # three teams: one line wins
    for p in (61, 62, 63, 64):
        state["chips"][p] = 2
    seat = 2
    before = len(state["hands"][seat])
    place(state, seat, 65)
    assert state["phase"] == "over" and state["winner"] == 2 and state["turn"] is None
    assert state["outcome"] == {"winner": 2, "how": "lines", "lines": [0, 0, 1], "turns": 1}
    assert len(state["hands"][seat]) == before
    assert gil.result(state) == {"places": [2, 2, 1], "scores": [0, 0, 1]}
    assert gil.deciding(state) == []
    assert kinds(state, "won")[-1] == {"n": kinds(state, "won")[-1]["n"], "kind": "won", "team": 2, "how": "lines",
                                        "lines": [0, 0, 1]}


def test_two_teams_need_two_lines_and_places_go_by_team():
    state = fresh(4, seed="two")
    for p in (61, 62, 63, 64):
        state["chips"][p] = 1
    place(state, 1, 65)
    assert state["phase"] == "play"
    for p in (71, 72, 73, 74):
        state["chips"][p] = 1
    place(state, 3, 75)
    assert state["winner"] == 1 and gil.result(state) == {"places": [2, 1, 2, 1], "scores": [0, 2, 0, 2]}


def _full_but(state: dict, space: int) -> None:
    for p in range(100):
        if p not in CORNERS and p != space:
            r, c = divmod(p, 10)
            state["chips"][p] = (r // 2 + c) % 2  # (no five of one team anywhere)


def test_a_full_board_ends_the_game_level_lines_draw():
    state = fresh(2, seed="full")
    _full_but(state, 55)
    place(state, 1, 55)  # (5 // 2 + 5) % 2 is team 1: no line
    assert state["lines"] == []
    assert state["outcome"] == {"winner": None, "how": "full", "lines": [0, 0], "turns": 1}
    assert gil.result(state) == {"places": [1, 1], "scores": [0, 0]}
    assert kinds(state, "drawn")[-1]["how"] == "full"


def test_a_full_board_goes_to_the_team_with_most_lines():
    state = fresh(3, seed="fuller")
    _full_but(state, 55)
    state["lines"] = [{"team": 1, "cells": [9, 18, 27, 36, 45]}]  # (as if made earlier)
    state["target"] = 2
    place(state, 1, 55)
    assert state["outcome"]["how"] == "full" and state["winner"] == 1
    assert gil.result(state)["places"] == [2, 1, 2]


def test_everyone_passing_in_turn_ends_the_game():
    state = dead_hands(2)
    state["lines"] = []
    first = state["turn"]
    for k in range(2):
        seat = (first + k) % 2
        assert state["turn"] == seat
        v = rules.view(state, seat)
        moves.dispatch(gil, state, seat, {"type": "trade", "card": v["dead"][0]}, 1.0)
        moves.dispatch(gil, state, seat, {"type": "pass"}, 1.0)
    assert state["phase"] == "over"
    assert state["outcome"] == {"winner": None, "how": "passed", "lines": [0, 0], "turns": 2}
    assert gil.result(state)["places"] == [1, 1]


def test_the_ceiling_of_1000_turns_ends_a_game_that_never_would():
    state = fresh(2, seed="long")
    state["turns"] = 999
    state["lines"] = [{"team": 0, "cells": [1, 2, 3, 4, 5]}]
    seat = state["turn"]
    card = next(c for c in state["hands"][seat] if rules.targets(state, seat % 2, c))
    moves.dispatch(gil, state, seat, {"type": "play", "card": card, "space": rules.targets(state, seat % 2, card)[0]}, 1.0)
    assert state["outcome"]["how"] == "long" and state["outcome"]["turns"] == 1000 == state["turns"]
    assert state["winner"] == 0 and rules.MAX_TURNS == 1000


# -- the stock ----------------------------------------------------------------------


def test_when_the_stock_runs_out_the_discards_are_reshuffled_with_a_derived_seed():
    def run():
        state = fresh(2, seed="shuffle")
        state["discards"], state["stock"] = state["stock"][:-1], state["stock"][-1:]
        seat = state["turn"]
        played = []
        for k in range(2):
            seat = state["turn"]
            card = next(c for c in rules.view(state, seat)["mine"] if rules.view(state, seat)["where"][c])
            space = rules.view(state, seat)["where"][card][0]
            pile = state["discards"] + [card]
            moves.dispatch(gil, state, seat, {"type": "play", "card": card, "space": space}, float(k))
            played.append(pile)
        return state, played

    state, played = run()
    assert state["shuffles"] == 1 and kinds(state, "reshuffle") == [
        {"n": kinds(state, "reshuffle")[0]["n"], "kind": "reshuffle", "shuffles": 1, "cards": len(played[1])}]
    expected = deck.shuffled(played[1], "shuffle:1")
    assert state["stock"] == expected[:-1] and expected[-1] in state["hands"][1 - state["turn"]]
    assert len(state["discards"]) == 0
    again, _ = run()
    assert json.dumps(again, sort_keys=True) == json.dumps(state, sort_keys=True)
    assert sorted([c for h in state["hands"] for c in h] + state["stock"] + state["discards"]) == sorted(deck.build(2))


# -- secrets and the view -------------------------------------------------------------


def _bot_game(n: int, seed: str, levels, settings=None, stop: int | None = None):
    state = rules.new(n, seed, 0.0, settings)
    rng = random.Random(seed)
    states = []
    while gil.result(state) is None and (stop is None or len(states) < stop):
        seat = gil.deciding(state)[0][0]
        states.append(copy.deepcopy(state))
        moves.dispatch(gil, state, seat, play.bot_move(gil, copy.deepcopy(state), seat, levels[seat % len(levels)], rng), 1.0)
    return state, states


def test_what_other_seats_hold_is_not_in_the_view():
    _, states = _bot_game(4, "secrets", ["medium"])
    for state in states[::3]:
        for seat in [None, 0, 1, 2, 3]:
            v = rules.view(state, seat)
            events = v.pop("events")
            text = json.dumps(v)
            others = [c for s, hand in enumerate(state["hands"]) if s != seat for c in hand] + state["stock"]
            assert not [c for c in others if c in text], seat
            assert all("to" not in e for e in events) and events == rules.view(state, 0)["events"]
            if seat is None:
                assert v["mine"] is None and v["where"] == {} and v["dead"] == [] and not any(v["can"].values())
            else:
                assert sorted(v["mine"]) == sorted(state["hands"][seat]) and set(v["where"]) == set(v["mine"])
            assert v["stock"] == len(state["stock"])


def test_the_view_carries_everything_the_table_draws():
    state, _ = _bot_game(6, "view", ["medium"], {"teams": 3}, stop=12)
    seat = state["turn"]
    v = rules.view(state, seat)
    assert set(v) == {
        "game", "seq", "n", "seat", "team", "teams", "team_of", "names", "target", "rules", "layout", "chips",
        "lines", "made", "phase", "turn", "turns", "first", "traded", "passes", "mine", "sizes", "stock", "discards",
        "where", "dead",
        "can", "last", "winner", "outcome", "events"}
    assert v["layout"] == LAYOUT and v["names"] == ["Blue", "Orange", "Green"] and v["team"] == seat % 3
    assert v["can"]["play"] and v["turn"] == seat and v["last"]["kind"] in ("place", "remove")
    assert v["where"] == {c: rules.targets(state, seat % 3, c) for c in v["mine"]}
    assert v["mine"] == board.sort_hand(v["mine"])
    other = rules.view(state, (seat + 1) % 6)
    assert not any(other["can"].values())


def test_a_hand_is_shown_by_suit_and_rank_with_the_jacks_last():
    assert board.sort_hand(["JS0", "KD1", "2C0", "JC1", "TD0", "AD0", "3C1"]) == ["2C0", "3C1", "AD0", "TD0", "KD1", "JC1", "JS0"]
    assert board.say("TS1") == "10♠" and board.say("7H") == "7♥"


# -- bots ------------------------------------------------------------------------------


def _turn(state: dict, seat: int, cards: list[str]) -> None:
    state["turn"] = seat
    state["traded"] = False
    give(state, seat, *cards)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_bot_takes_the_winning_line(level):
    state = fresh(3, seed="bot-win")
    for p in (61, 62, 63, 64):
        state["chips"][p] = 0
    state["chips"][60] = 1  # (so 65 is the one gap)
    _turn(state, 0, [natural(state, 65)])
    move = play.bot_move(gil, copy.deepcopy(state), 0, level, random.Random(1))
    assert move["type"] == "play" and move["space"] == 65


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_bot_blocks_a_four_and_counts_its_partners_chips_as_its_own(level):
    state = fresh(4, seed="bot-block")
    for p in (61, 62, 63, 64):
        state["chips"][p] = 1
    state["chips"][60] = 0
    _turn(state, 0, [natural(state, 65)])
    assert play.bot_move(gil, copy.deepcopy(state), 0, level, random.Random(2))["space"] == 65
    partner = fresh(4, seed="bot-partner")
    for p in (71, 72, 73, 74):
        partner["chips"][p] = 0  # (seat 2's chips, say: the team's)
    partner["chips"][70] = 1
    _turn(partner, 2, [natural(partner, 75)])
    assert play.bot_move(gil, copy.deepcopy(partner), 2, level, random.Random(3))["space"] == 75


def test_bots_trade_a_dead_card_and_pass_when_nothing_plays():
    state = dead_hands()
    seat = state["turn"]
    for level in ("easy", "medium", "hard"):
        assert play.bot_move(gil, copy.deepcopy(state), seat, level, random.Random(4))["type"] == "trade"
    moves.dispatch(gil, state, seat, {"type": "trade", "card": rules.view(state, seat)["dead"][0]}, 1.0)
    for level in ("easy", "medium", "hard"):
        assert play.bot_move(gil, copy.deepcopy(state), seat, level, random.Random(5)) == {"type": "pass"}


def test_medium_keeps_its_jacks_for_when_they_matter():
    state = fresh(2, seed="jacks")
    _turn(state, 0, ["JC0", "JS0", natural(state, 44)])
    state["chips"][48] = 1
    move = play.bot_move(gil, copy.deepcopy(state), 0, "medium", random.Random(6))
    assert move["card"][0] != "J"


def test_can_line_allows_one_shared_space_and_no_more():
    line = {40, 41, 42, 43, 44}
    assert policy.can_line((44, 45, 46, 47, 48), [line])
    assert not policy.can_line((43, 44, 45, 46, 47), [line])
    assert policy.can_line((4, 14, 24, 34, 44), [line])


# -- legal moves and their words ------------------------------------------------------------


def test_legal_lists_the_views_moves_trades_then_plays_then_the_pass():
    state = fresh(2, seed="legal")
    seat = state["turn"]
    for p in SPACES["KS"]:
        state["chips"][p] = 0
    give(state, seat, "KS0", "JC0")
    v = rules.view(state, seat)
    listed = gil.legal(state, seat)
    assert listed[0] == {"type": "trade", "card": "KS0"} and [m for m in listed if m["type"] == "trade"] == [listed[0]]
    assert [m for m in listed if m["type"] == "play"] == [
        {"type": "play", "card": c, "space": p} for c in v["mine"] for p in v["where"][c]]
    assert len([m for m in listed if m["card"] == "JC0"]) == 96 - sum(1 for c in state["chips"] if c is not None)
    assert {"type": "pass"} not in listed and gil.legal(state, 1 - seat) == [] and gil.legal(state, None) == []
    assert gil.fallback(copy.deepcopy(state), seat) == listed[0]
    moves.dispatch(gil, state, seat, listed[0], 1.0)
    assert not [m for m in gil.legal(state, seat) if m["type"] == "trade"]


def test_legal_is_only_the_pass_when_nothing_plays_and_the_trade_is_spent():
    state = dead_hands()
    seat = state["turn"]
    assert gil.legal(state, seat) == [{"type": "trade", "card": c} for c in rules.view(state, seat)["dead"]]
    moves.dispatch(gil, state, seat, gil.fallback(copy.deepcopy(state), seat), 1.0)
    assert gil.legal(state, seat) == [{"type": "pass"}] == [gil.fallback(copy.deepcopy(state), seat)]
    state["phase"] = "over"
    assert gil.legal(state, seat) == []


@pytest.mark.parametrize("n, seed, settings", [(2, "random-0", None), (3, "random-1", None), (6, "random-2", {"teams": 3})])
def test_a_whole_game_plays_to_its_end_from_legal_alone(n, seed, settings):
    played = play.play(gil, ["easy"] * n, seed, settings, bot=play.random_move)
    assert gil.result(played.final) is not None and all(by == "bot" for _s, _a, by in played.moves)
    assert {a["type"] for _s, a, _by in played.moves} >= {"play"}


def test_every_move_says_a_sentence_with_cards_and_spaces_as_a_player_reads_them():
    assert gil.say is rules.sentence and gil.say({"type": "pass"}) == "Pass: nothing in your hand can play."
    assert gil.say({"type": "trade", "card": "TC1"}) == "Trade in your dead 10♣ for a new card."
    assert gil.say({"type": "play", "card": "7H0", "space": 48}) == "Play your 7♥ on the 7♥ in row 5, column 9."
    assert gil.say({"type": "play", "card": "JD1", "space": 1}) == "Put your chip on the 2♠ in row 1, column 2 with your two-eyed jack (J♦)."
    assert gil.say({"type": "play", "card": "JS0", "space": 98}) == "Take the chip off the 6♦ in row 10, column 9 with your one-eyed jack (J♠)."
    state, _ = _bot_game(3, "words", ["medium"], stop=30)
    seat = state["turn"]
    for offer in offered(gil, state, seat):
        words = offer["say"]
        assert words.endswith(".") and words[0].isupper() and not re.search(r"[2-9TJQKA][CDHS][01]", words), words


# -- the contract -------------------------------------------------------------------------


def _scramble(state: dict, keep: int, rng: random.Random) -> None:
    others = [s for s in range(state["n"]) if s != keep]
    pool = [c for s in others for c in state["hands"][s]] + state["stock"]
    rng.shuffle(pool)
    for s in others:
        size = len(state["hands"][s])
        state["hands"][s], pool = pool[:size], pool[size:]
    state["stock"] = pool


def _hidden(state: dict, seat) -> set[str]:
    return {c for s, hand in enumerate(state["hands"]) if s != seat for c in hand} | set(state["stock"])


def _places(state: dict, keep: int) -> dict[str, list]:
    out = {f"hand {s}": list(hand) for s, hand in enumerate(state["hands"]) if s != keep}
    out["stock"] = list(state["stock"])
    return out


@pytest.fixture
def quick_search(monkeypatch):
    """The contract checks what a bot may see and do, not how well it plays:
    a hard bot dealing two worlds a decision, trying its best two moves one
    turn on, keeps the module quick (every part of the search still runs)."""
    monkeypatch.setattr(hard, "PLAN", dataclasses.replace(hard.PLAN, worlds=2))
    monkeypatch.setattr(hard, "TRIED", 2)
    monkeypatch.setattr(hard, "AHEAD", 1)


@pytest.mark.usefixtures("quick_search")
class TestGetInLineContract(TableGameContract):
    game = gil
    sizes = (2, 3, 4, 6)
    games_per_level = 2
    check_every = 2

    def scramble(self, state, keep, rng):
        _scramble(state, keep, rng)

    def hidden(self, state, seat):
        return _hidden(state, seat)

    def places(self, state, keep):
        return _places(state, keep)


@pytest.mark.usefixtures("quick_search")
class TestGetInLineContractAtLargeTables(TableGameContract):
    """The large tables, fewer games (they are slow), in three teams where
    the host may choose it."""

    game = gil
    sizes = (8, 9, 10, 12)
    settings = [{"teams": 3}]
    games_per_level = 1
    check_every = 5

    def scramble(self, state, keep, rng):
        _scramble(state, keep, rng)

    def hidden(self, state, seat):
        return _hidden(state, seat)

    def places(self, state, keep):
        return _places(state, keep)


@pytest.mark.usefixtures("quick_search")  # (the contract's games are played so)
def test_the_contract_games_reach_a_reshuffle_and_every_ending_is_sound():
    played = TestGetInLineContract().played() + TestGetInLineContractAtLargeTables().played()
    assert any(p.final["shuffles"] for p in played), "no contract game reshuffled: the secrets check missed the case"
    for p in played:
        outcome = p.final["outcome"]
        assert outcome["how"] in ("lines", "full", "passed", "long")
        assert sorted([c for h in p.final["hands"] for c in h] + p.final["stock"] + p.final["discards"]) == sorted(deck.build(2))


def test_the_bots_board_counts_runs_as_the_rules_see_them():
    final, states = _bot_game(4, "board", ["medium"])
    for state in states[::7] + [final]:
        v = rules.view(state, 0)
        b = policy.Board(v)
        for i, w in enumerate(WINDOWS):
            assert policy._counts_of(b.tallies[i], 2)[0] == [sum(1 for q in w if state["chips"][q] == t) for t in range(2)]
            for t in range(2):
                mine = [set(line["cells"]) for line in state["lines"] if line["team"] == t]
                assert b.viable[t][i] == policy.can_line(w, mine)
    assert final["lines"]


@pytest.mark.usefixtures("quick_search")  # the tools run; their figures are measured outside the suite
def test_the_strength_tool_and_the_benchmark_run():
    from games.get_in_line import bench, strength

    shares = strength._pairing(("easy", "hard", 4, 0))
    assert len(shares) == 2 and all(0.0 <= s <= 1.0 and how in ("lines", "full", "passed", "long") for s, how, _ in shares)
    assert strength._field((3, {}, 0))[2] in ("won", "drawn")
    low, high = strength.interval(0.5, 600)
    assert 0.45 < low < 0.5 < high < 0.55 and strength.gap(0.5) == 0
    assert bench.random_games(0.0)[0] == 1
    timings: list[float] = []
    assert bench.bot_games(0.0, "hard", 2, timings)[0] == 1 and timings
