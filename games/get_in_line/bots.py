"""Get In Line's bots: easy, medium and hard, each deciding from its own
seat's view alone. Easy and medium play the best card by their level's
weights (``policy``); hard makes medium's move unless its search of
medium's next best clearly beats it (``hard``). ``decide``
gives the move with, for hard, the sentence saying why."""

from __future__ import annotations

from . import hard, policy, why


def choose(v: dict, level: str, rng) -> dict:
    """The bot's move, from its seat's view ``v`` alone."""
    return decide(v, level, rng)[0]


def decide(v: dict, level: str, rng) -> tuple[dict, str | None]:
    """The bot's move and, for hard, the hint's sentence saying what it
    does for the seat (``why``); None for the other levels."""
    forced = policy.forced(v, level, rng)
    if forced is not None:
        return forced, (why.reason(v, forced) if level == "hard" else None)
    if level == "hard":
        found = hard.think(v, rng)
        return found.move, found.reason
    return policy.best(v, level, rng), None
