"""Scores, totals, places and "ready" between rounds, shared by every game
that plays in rounds (hands, deals) or as one round.

A state using it has ``scores`` (one row per round, a number per seat),
``totals``, ``ready`` (a flag per seat) and ``phase``: ``"scored"`` between
rounds, ``"over"`` at the end.
"""

from __future__ import annotations

from .contract import Illegal


def fresh(n: int) -> dict:
    """The keys a state needs for rounds."""
    return {"scores": [], "totals": [0] * n, "ready": [False] * n}


def score(state: dict, row: list) -> None:
    """Record one round's points, a number per seat."""
    state["scores"].append(list(row))
    state["totals"] = [t + p for t, p in zip(state["totals"], row)]


def end(state: dict, last: bool) -> None:
    """Close a round: wait for everyone's "ready", or end the game."""
    state["phase"] = "over" if last else "scored"
    state["ready"] = [False] * len(state["totals"])


def places(values, high_wins: bool = True) -> list[int]:
    """Competition places with ties: values 10, 7, 7, 3 give 1, 2, 2, 4."""
    sign = -1 if high_wins else 1
    keys = [sign * v for v in values]
    return [1 + sum(1 for other in keys if other < mine) for mine in keys]


def ready_deciding(state: dict) -> list[tuple[int, str, str]]:
    """Between rounds, every seat not yet ready is deciding."""
    if state["phase"] != "scored":
        return []
    r = len(state["scores"])
    return [(s, "ready", f"ready{r}-{s}") for s, done in enumerate(state["ready"]) if not done]


def ready(state: dict, seat: int, next_round) -> None:
    """A seat says it is ready; once all are, ``next_round(state)`` runs."""
    if state["phase"] != "scored":
        raise Illegal("There is no round to get ready for right now.")
    if state["ready"][seat]:
        raise Illegal("You are already ready; the next round starts when everyone is.")
    state["ready"][seat] = True
    if all(state["ready"]):
        state["ready"] = [False] * len(state["ready"])
        next_round(state)


def result(state: dict, high_wins: bool = True) -> dict | None:
    """The shared result: places from the totals once the game is over."""
    if state["phase"] != "over":
        return None
    return {"places": places(state["totals"], high_wins), "scores": list(state["totals"])}
