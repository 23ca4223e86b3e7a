"""Whether a table can start, and how: the game's own sentence when it
can't as its seats stand, and how many bots Start seats in the empty seats
so that it can (the lobby promises that bots fill empty seats, and the
host's Start does so in the same action as the start)."""

from __future__ import annotations

from typing import NamedTuple

from engine.contract import Illegal


def _problem(game, n: int, settings: dict) -> str | None:
    """Why a table of ``n`` seats can't start as it is, in the game's own
    sentence: its size, or its size with these settings (a preset for one
    player at a table of three); None when it can."""
    try:
        game.new(n, "size-check", 0.0, dict(settings))
    except Illegal as refused:
        return refused.sentence
    except Exception:
        pass
    if n in game.sizes:
        return None
    sizes = ", ".join(str(s) for s in game.sizes)
    return f"{game.title} starts with {sizes} seats; add a bot or remove a seat."


class Start(NamedTuple):
    problem: str | None  # why the table can't start as its seats stand (None: it can)
    bots: int | None  # how many bots Start seats first (None: no number of bots will do)


AS_IT_IS = Start(None, 0)  # (and a game under way has nothing to start)


def start_of(game, n: int, settings: dict) -> Start:
    """How a table of ``n`` seats starts: as it is, or once Start has
    seated the fewest bots that make a table the game starts with these
    settings; or not at all, when no number of bots will do (a one-player
    preset at a table of two)."""
    now = _problem(game, n, settings)
    if now is None:
        return AS_IT_IS
    return Start(now, next((size - n for size in sorted(game.sizes) if size > n and _problem(game, size, settings) is None), None))
