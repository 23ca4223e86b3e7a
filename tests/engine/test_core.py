"""The rules plumbing every game shares: cards, seeded shuffles, the log's
privacy, rounds and places, options and the one door for moves."""

import itertools
import json
import random
import subprocess
import sys

import pytest

import tests.highcard as highcard
from engine import deck, log, moves, rounds
from engine.contract import Illegal


def test_a_deck_is_every_card_once_with_its_deck_index():
    cards = deck.build(2, jokers=4)
    assert len(cards) == 108 and len(set(cards)) == 108
    assert cards[0] == "AC0" and "7H1" in cards and cards[-1] == "XX3"
    assert deck.face("7H1") == "7H" and deck.is_joker("XX2") and not deck.is_joker("KS0")


def test_shuffles_are_pinned_to_fixed_vectors():
    # These orders are part of every saved game: a change here would deal
    # every kept game differently on replay.
    assert deck.shuffled(deck.build(), "seed:0")[:8] == ["7H0", "6C0", "2H0", "KS0", "2C0", "TC0", "9H0", "QS0"]
    assert deck.shuffled(list("abcdefghij"), "parlor:1") == ["b", "e", "a", "h", "c", "d", "g", "f", "j", "i"]
    assert deck.shuffled(deck.build(1, 4), "x:42")[-5:] == ["AH0", "KS0", "XX3", "2S0", "8D0"]
    stream = deck.Stream("abc")
    assert [stream.below(10) for _ in range(10)] == [2, 3, 9, 8, 3, 4, 4, 6, 5, 1]


def test_shuffles_do_not_depend_on_the_process():
    code = "from engine import deck; print(deck.shuffled(deck.build(), 'seed:0')[:8])"
    env = {"PYTHONHASHSEED": "12345", "PATH": ""}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=".", check=True)
    assert out.stdout.strip() == str(["7H0", "6C0", "2H0", "KS0", "2C0", "TC0", "9H0", "QS0"])


def test_a_shuffle_is_a_permutation_and_the_key_matters():
    cards = deck.build()
    a, b = deck.shuffled(cards, "s:0"), deck.shuffled(cards, "s:1")
    assert sorted(a) == sorted(cards) and a != b and cards == deck.build()


def test_deal_fills_each_place_to_its_size_with_every_card_once():
    cards = deck.build(1)[:20]
    dealt = deck.deal(cards, {"a": 5, "b": 5, "pile": 10}, random.Random(1))
    assert {k: len(v) for k, v in dealt.items()} == {"a": 5, "b": 5, "pile": 10}
    assert sorted(c for v in dealt.values() for c in v) == sorted(cards)
    assert dealt == deck.deal(cards, {"a": 5, "b": 5, "pile": 10}, random.Random(1))  # the stream decides
    with pytest.raises(ValueError):
        deck.deal(cards, {"a": 5}, random.Random(1))


def test_deal_is_uniform_over_the_deals_that_fit():
    # Seven cards in places of 2, 3 and 2: a and b may not go to z, c only
    # to z. Every fitting deal (as sets) must come up equally often, which a
    # greedy fill (the constrained cards first, then the rest) gets wrong.
    cards = list("abcdefg")
    sizes = {"x": 2, "y": 3, "z": 2}

    def allowed(card):
        return "xy" if card in "ab" else "z" if card == "c" else "xyz"

    fits = set()
    for order in itertools.permutations(cards):
        deal = (frozenset(order[:2]), frozenset(order[2:5]), frozenset(order[5:]))
        if "c" in deal[2] and not {"a", "b"} & deal[2]:
            fits.add(deal)
    rng = random.Random(7)
    seen = {}
    draws = 200 * len(fits)
    for _ in range(draws):
        d = deck.deal(cards, sizes, rng, allowed)
        key = (frozenset(d["x"]), frozenset(d["y"]), frozenset(d["z"]))
        assert key in fits
        seen[key] = seen.get(key, 0) + 1
    assert set(seen) == fits
    chi = sum((k - 200) ** 2 / 200 for k in seen.values())
    assert chi < 80  # 39 degrees of freedom: 80 is past the 0.01% point
    with pytest.raises(ValueError):
        deck.deal(cards, sizes, rng, lambda c: "z" if c in "abc" else "xyz")


def test_a_private_event_reaches_only_its_seats():
    state = {}
    log.event(state, "deal", deal=1)
    log.event(state, "buried", to=[2], card="9S0")
    log.event(state, "picked_up", seat=2)
    assert [e["kind"] for e in log.recent(state, 2)] == ["deal", "buried", "picked_up"]
    for seat in (None, 0, 1, 3):
        shown = log.recent(state, seat)
        assert [e["kind"] for e in shown] == ["deal", "picked_up"]
        assert "9S0" not in json.dumps(shown)
    assert all("to" not in e for e in log.recent(state, 2))


def test_a_log_of_shared_lines_shows_each_seat_its_latest():
    state = {}
    log.event(state, "dealt", to=[1], card="AS")  # private, and older than any seat is shown
    for k in range(2 * log.SHOWN):
        log.event(state, "step", k=k)
    for seat in (None, 0, 1):
        shown = log.recent(state, seat)
        assert [e["k"] for e in shown] == list(range(log.SHOWN, 2 * log.SHOWN))
    log.event(state, "drew", to=[0], card="KH")  # now a private line among the latest
    assert log.recent(state, 0)[-1]["kind"] == "drew" and "to" not in log.recent(state, 0)[-1]
    assert [e["k"] for e in log.recent(state, 1)] == list(range(log.SHOWN, 2 * log.SHOWN))


def test_the_log_forgets_only_what_no_seat_can_be_shown():
    rng = random.Random(7)
    state, whole = {}, []
    for k in range(1000):
        to = rng.choice([None, None, [rng.randrange(4)], [0, 2]])
        whole.append(log.event(state, "step", to=to, k=k))
        for seat in (None, 0, 1, 2, 3):
            assert log.recent(state, seat) == log.recent({"events": whole}, seat), (k, seat)
    # What is kept is about what the seats can be shown, however long the game.
    assert len(state["events"]) < 3 * log.SHOWN


def test_places_share_ties():
    assert rounds.places([10, 7, 7, 3]) == [1, 2, 2, 4]
    assert rounds.places([5, 5]) == [1, 1]
    assert rounds.places([12, 30, 12], high_wins=False) == [1, 3, 1]


def test_rounds_wait_for_everyone_ready():
    state = {"phase": "play", **rounds.fresh(3)}
    rounds.score(state, [1, 0, 2])
    rounds.end(state, last=False)
    assert state["totals"] == [1, 0, 2] and state["phase"] == "scored"
    assert [d[0] for d in rounds.ready_deciding(state)] == [0, 1, 2]
    dealt = []
    rounds.ready(state, 1, dealt.append)
    with pytest.raises(Illegal, match="already ready"):
        rounds.ready(state, 1, dealt.append)
    rounds.ready(state, 0, dealt.append)
    assert not dealt
    rounds.ready(state, 2, dealt.append)
    assert dealt == [state]


def test_choice_keeps_only_exact_allowed_values():
    assert moves.choice({"teams": 3}, "teams", (2, 3), 2) == 3
    assert moves.choice({"teams": "3"}, "teams", (2, 3), 2) == 2
    assert moves.choice({"teams": True}, "teams", (1, 2), 2) == 2
    assert moves.choice(None, "bot_pace", tuple(moves.BOT_PACE), "brisk") == "brisk"
    assert moves.BOT_PACE == {"brisk": 1.0, "relaxed": 1.8}


def test_dispatch_refuses_with_a_sentence_and_changes_nothing():
    state = highcard.new(2, "core", 0.0)
    before = json.dumps(state, sort_keys=True)
    turn = state["turn"]
    other = 1 - turn
    for seat, action, words in [
        (other, {"type": "play", "card": state["hands"][other][0]}, "not your turn"),
        (turn, {"type": "fly"}, "not a move"),
        (turn, "play", "must say what it is"),
        (turn, {"type": "play", "card": state["hands"][other][0]}, "your own hand"),
        (turn, {"type": "ready"}, "no round"),
    ]:
        with pytest.raises(Illegal, match=words):
            moves.dispatch(highcard, state, seat, action, 1.0)
        assert json.dumps(state, sort_keys=True) == before
    moves.dispatch(highcard, state, turn, {"type": "play", "card": state["hands"][turn][0]}, 1.0)
    assert state["seq"] == 1
