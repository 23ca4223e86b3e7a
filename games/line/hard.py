"""Line's hard bot searches (engine/search.py, decision 28) once few squares
are open: it takes medium's move and medium's next best few, deals the
cards it cannot see again in ways its view allows (the contract's
determinize, which reads a forced draw back from the log), plays each move
out to the end of the game with medium in every seat, and scores each end:
a win (shared when tied), and a little for every point its hand is under
the best other hand. It makes another move than medium's only where that
one scored more by over CLEAR standard errors over the same deals."""

from __future__ import annotations

from engine import registry, search

from . import policy, why

WIDTH = 3        # medium's best moves that hard searches, its own first
WORLDS = 16      # deals a decision at the most, each played out for every move
LEAST = 6        # deals before the search may stop early
CLEAR = 2.0      # standard errors by which a move must beat medium's to be made
MARGIN = 0.004   # an end's worth for each point under the best other hand


def value(state: dict, seat: int) -> float:
    """What a game played out is worth to the seat (nothing if the play-out
    stopped short of the end, which the rules' ceiling never reaches)."""
    out = state["outcome"]
    if out is None:
        return 0.0
    places, totals = out["places"], out["totals"]
    win = 1.0 / places.count(1) if places[seat] == 1 else 0.0
    other = min(t for s, t in enumerate(totals) if s != seat)
    return win + MARGIN * (other - totals[seat])


def think(v: dict, ranked: list[dict], rng) -> search.Choice:
    """Hard's move among ``ranked`` (medium's own move first, then its
    order), with its reason: medium's unless another clearly wins more."""
    plan = search.Plan(worlds=WORLDS, value=value, policy=policy.quick, moves=lambda view, legal, r: ranked[:WIDTH],
                       reason=why.reason, margin=CLEAR, least=LEAST)
    return search.choose(registry.get("line"), v, rng, plan)
