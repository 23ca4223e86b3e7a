"""Euchre, the family's way (games/euchre/README.md): the engine contract's surface.
The rules live in ``rules.py``, the bots in ``bots.py``."""

from __future__ import annotations

from . import bots  # noqa: F401 (the contract's bots module)
from .rules import (  # noqa: F401 (the contract's names, and the rules a caller may want)
    DEFAULTS,
    MOVES,
    OPTIONS_SCHEMA,
    TARGET,
    cards,
    deciding,
    fallback,
    farmers_hand,
    legal,
    moves_in,
    must_alone,
    new,
    options,
    playable,
    power,
    result,
    say,
    stuck,
    suit_of,
    team,
    view,
    winner,
)
from .unseen import determinize  # noqa: F401 (a world the seat could be looking at, for the search)

slug = "euchre"
title = "Euchre"
# How the lobby shows the game: what kind of game it is, and one line about it.
kicker = "Card game"
blurb = "Two teams of two, and one jack that isn't what it looks like."
players = (2, 4)  # people the catalog advertises; bots fill the rest
sizes = (4,)      # always four seats, partners across
options_schema = OPTIONS_SCHEMA
legal_in_snapshot = False  # the table draws the seat's moves from its view

# What a bot at each level does, as the waiting room says it (bots.py in full).
levels = {
    "easy": "Bids only on strong hands and grabs every trick it can, even its partner's.",
    "medium": "Plays like a steady club player: leaves its partner's tricks alone.",
    "hard": "Counts every card and thinks each bid and card through over many possible deals. The strongest.",
}

# Seconds a bot "thinks" per decision kind, before the table's pace.
bot_think = {
    "farmer": 1.2,
    "bid": 1.4,
    "discard": 1.2,
    "defend": 1.0,
    "play": 0.9,
    "ready": 0.0,
}


def team_of(state, n: int, settings=None) -> list[int]:
    """Partners are one side: seats 0 and 2 against 1 and 3."""
    return [team(s) for s in range(n)]
