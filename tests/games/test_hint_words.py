"""Every game's hint says why in the game's own words: one sentence that
starts with the move as its table shows it (the button's label, or the card
and the square), then says, to the player, what the move does for them,
with none of the search's numbers ("+3.4", "−0.6 points a deal") and never
in the bot's first person. Checked for every move each seat could make, at
every decision of games played through from many seeds and settings, and
for the hard bot's own move (the one a hint shows) at some of them."""

import importlib
import random
import re

import pytest

from engine import play, registry

SIGNED_NUMBER = re.compile(r"[+\-−±]\s*\d")  # the search's numbers, "+3.4", "−0.6"
SPOKEN_TO = re.compile(r"\b(you|your|you're|you'll|you'd)\b", re.I)
FIRST_PERSON = re.compile(r"\b(I|I'm|I've|me|my)\b")
TWO_SENTENCES = re.compile(r"[.!?]\s+[A-Z]")  # ("No. 51" runs on with a number: one sentence)

# Each game's tables, from many seeds: (seats, settings).
TABLES = {
    "euchre": [(4, {}), (4, {"defend_alone": "on"}), (4, {"farmers": "on", "canadian": "on"}),
               (4, {"stick_dealer": "off", "alone": "off"})],
    "line": [(2, {}), (3, {}), (4, {})],
    "get-in-line": [(2, {}), (3, {}), (6, {"teams": 3})],
    "station-master": [(2, {"preset": "competitive"}), (3, {"preset": "cutthroat"}), (2, {"preset": "co-op"}),
                       (1, {"preset": "solitaire"})],
}
SEEDS = 2  # games played through for each table
HARD_EVERY = 37  # the hard bot's own move and sentence, at every so many decisions
DECISIONS = 2500  # a game's decisions at most (Station Master's day is the longest)


def positions(slug):
    """(view, moves) at every decision of the games played through."""
    game = registry.get(slug)
    for seats, settings in TABLES[slug]:
        for k in range(SEEDS):
            state = game.new(seats, f"hint-words-{slug}-{seats}-{k}", 0.0, settings)
            rng = random.Random(k)
            for _ in range(DECISIONS):
                if game.result(state) is not None:
                    break
                deciding = game.deciding(state)
                seat, kind, _key = next((d for d in deciding if d[1] != "ready"), deciding[0])
                if kind != "ready":
                    yield game.view(state, seat), game.legal(state, seat)
                move = play.bot_move(game, state, seat, "medium", rng)
                game.MOVES[move["type"]](state, seat, move, 0.0)


def check(said: str, words: str) -> None:
    assert said.startswith(words.rstrip(".")), (said, words)
    assert said.endswith(".") and not TWO_SENTENCES.search(said), said
    assert not SIGNED_NUMBER.search(said), said
    assert SPOKEN_TO.search(said) and not FIRST_PERSON.search(said), said


@pytest.mark.parametrize("slug", list(TABLES))
def test_every_hint_is_one_sentence_in_the_games_words_spoken_to_you(slug):
    game = registry.get(slug)
    why = importlib.import_module(f"{game.__name__}.why")
    decisions = hard = 0
    for v, moves in positions(slug):
        decisions += 1
        for move in moves:
            check(why.reason(v, move), why.label(v, move))
        if decisions % HARD_EVERY == 0:
            # The hint itself: the hard bot's move with its sentence.
            move, said = game.bots.decide(v, "hard", random.Random(decisions))
            assert move in moves and said == why.reason(v, move)
            hard += 1
    assert decisions > 100 and hard > 3
