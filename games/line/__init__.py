"""Line: spatial rummy on one shared 4 by 4 grid, for 2 to 4 players.

Everyone builds the same grid; each row must be able to end as a run or a
set. Play a card, upgrade a joker out of a full row, or shift a completed
run; only when none of those is possible, take the top discard (if it can
go straight down) or draw. Completing a row earns one extra turn. When the
grid fills, or someone must draw from an empty pile, the lowest hand wins.
The rules page is games/line/README.md; the row rules are in ``rules``; the
turns, the view and the one list of moves a seat may make (``turn.choices``,
read by ``legal``, the view and the bots) in ``turn``; the bots in ``bots``.
"""

from __future__ import annotations

from engine import moves

from . import bots, rules, turn  # noqa: F401 (bots: the contract's bots module)
from .turn import MOVES, SIZES, deciding, fallback, legal, new, options, result, say, view  # noqa: F401
from .unseen import determinize  # noqa: F401 (a world the seat could be looking at, for the search)

slug = "line"
title = "Line"
# How the lobby shows the game: what kind of game it is, and one line about it.
kicker = "Spatial rummy"
blurb = "Build one shared 4 by 4 grid of runs and sets; hold the least when it fills."
players = (2, 4)
sizes = SIZES
DEFAULTS = {"bot_pace": "brisk"}
options_schema = [moves.pace_setting()]  # the waiting room's one setting
legal_in_snapshot = False  # the table draws the seat's moves from its view

# What a bot at each level does, as the waiting room says it (bots.py in
# full): hard is medium's judgement with a look ahead, and measures about even with it.
levels = {
    "easy": "Makes any move it can, leaning towards getting rid of high cards.",
    "medium": "Sheds its high cards, goes for bonus turns, and keeps rows open for the cards it holds.",
    "hard": "Plays like Medium unless playing the end out shows a clear gain. About as strong as Medium.",
}

# Seconds a bot "thinks" per kind of decision, before the table's pace.
bot_think = {"play": 1.4, "draw": 0.7, "place": 0.9, "discard": 0.9}
