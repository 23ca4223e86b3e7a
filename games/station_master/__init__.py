"""Station Master: each player runs an Office on one shared single-track
Division while the day's trains run through it on a timetable. The rules
page is games/station_master/README.md; this package follows it line for line.

This module is the contract surface; the rules live in small modules:
division (the Mainline deck and the Division), timetable (the day),
traffic (right to the track), rules (the moves, and legal), presets (the
questions), scoring, board (the view), reading (the board in words), words (a
move's sentence) and bots.
"""

from __future__ import annotations

from engine.contract import Illegal

from . import bots, presets, rules, scoring  # noqa: F401 (bots is the contract's bots module)
from .board import view  # noqa: F401
from .unseen import determinize  # noqa: F401 (a world the seat could be looking at, for the search)
from .words import say  # noqa: F401 (a move's sentence, for the generic table)

slug = "station-master"
title = "Station Master"
# How the lobby shows the game: what kind of game it is, and one line about it.
kicker = "Railroad game"
blurb = "Run an Office on a single-track Division and keep the trains moving on time."
players = (1, 4)
sizes = (1, 2, 3, 4)

PRESETS = presets.PRESETS
QUESTIONS = presets.QUESTIONS
DEFAULTS = presets.DEFAULTS
options_schema = presets.SCHEMA
opening = presets.opening
team_of = presets.team_of
MOVES = rules.MOVES
legal = rules.legal

# What a bot at each level does, as the waiting room says it (bots.py in full).
levels = {
    "easy": "Still learning: ships cars without checking their worth or timing, and often just ends its turn.",
    "medium": "Ships every car a train can get home in time, and runs Extras worth running.",
    "hard": "Medium's reasoning, plus Train Orders, and it plays the day through before each big move.",
}

# Seconds a bot "thinks" per decision kind: a move at its Office, and the
# short choice that closes a Draw option.
bot_think = {"work": 2.0, "lay": 1.2}


def options(raw) -> dict:
    return presets.options(raw)


def new(n: int, seed: str, now: float, settings=None) -> dict:
    if not isinstance(n, int) or n not in sizes:
        raise Illegal("Station Master needs one to four Offices: add a bot or remove a seat.")
    return rules.new(n, seed, options(settings))


def deciding(state: dict) -> list[tuple[int, str, str]]:
    if state["phase"] == "over":
        return []
    seat = state["turn"]
    kind = "lay" if state["phase"] == "lay" else "work"
    return [(seat, kind, f"{state['stage']}-{seat}-{state['moveNo']}-{kind}")]


def fallback(state: dict, seat: int) -> dict:
    """Always legal for the deciding seat: close a Draw option, or end the turn."""
    return {"type": "keep"} if state["phase"] == "lay" else {"type": "done"}


def hand(seen: dict) -> list:
    """The Home Office cards in the hand of the view's seat, each with its name."""
    return seen.get("hand", [])


def result(state: dict):
    return scoring.result(state)
