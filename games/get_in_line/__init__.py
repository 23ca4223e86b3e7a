"""Get In Line: the board game played with cards, for two to twelve people in
two or three teams (games/get_in_line/README.md).

This module is the engine contract's surface (engine/contract.py). The rules
live in ``rules``, the fixed board in ``board``, the bots in ``bots``.
"""

from __future__ import annotations

from engine import moves

from . import bots  # noqa: F401 (the contract's bots module)
from .board import LAYOUT, SIZE, THROUGH, WINDOWS  # noqa: F401
from .rules import (  # noqa: F401
    DEFAULTS,
    HAND,
    MOVES,
    TEAMS,
    deciding,
    fallback,
    legal,
    new,
    options,
    result,
    sentence,
    slug,
    targets,
    team_count,
    team_of,
    title,
    view,
)
from .unseen import determinize  # noqa: F401 (a world the seat could be looking at, for the search)

# The contract's words for a move (engine.contract.offered): "Play your 7♥ on
# the 7♥ in row 5, column 9." (board.say is a card's words, "7♥".)
say = sentence

players = (2, 12)
sizes = (2, 3, 4, 6, 8, 9, 10, 12)
legal_in_snapshot = False  # the table draws the seat's moves from its view

# What a bot at each level does, as the waiting room says it (bots.py in
# full): hard is medium's judgement with a look ahead, and measures about even with it.
levels = {
    "easy": "Builds its own lines, often misses a four to block, and spends jacks on anything.",
    "medium": "Builds lines, blocks the other side's fours, and keeps its jacks for when they count.",
    "hard": "Plays like Medium unless looking a few turns ahead shows a clear gain. About as strong as Medium.",
}

# Seconds a bot thinks per decision, before the table's pace (brisk 1.0,
# relaxed 1.8). Every decision is the kind "play": a trade-in is part of a turn.
bot_think = {"play": 1.2}

# The waiting room's settings (the room kit draws these): Teams only where
# the host has a choice, and Bot speed.
# How the lobby shows the game: what kind of game it is, and one line about it.
kicker = "Board game with cards"
blurb = "Play a card, claim its space, and get five in a row before the other team."

options_schema = [
    {"key": "teams", "label": "Teams", "hint": "Six or twelve seats can play as two teams or three.",
     "choices": list(TEAMS), "labels": {2: "Two teams", 3: "Three teams"}, "default": DEFAULTS["teams"],
     "sizes": [n for n in sizes if team_count(n, 2) != team_count(n, 3)]},
    moves.pace_setting(),
]

__all__ = [
    "slug", "title", "kicker", "blurb", "players", "sizes", "DEFAULTS", "options", "new", "MOVES", "view", "deciding",
    "legal", "say", "fallback", "bots", "bot_think", "result", "determinize", "team_of", "team_count", "targets", "HAND",
    "TEAMS", "LAYOUT", "SIZE", "WINDOWS", "THROUGH", "options_schema", "levels",
]
