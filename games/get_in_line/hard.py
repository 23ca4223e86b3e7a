"""Get In Line's hard bot: medium's move unless its search (engine/search.py,
decision 28) clearly beats it. It takes medium's move and medium's next
best plays near it by medium's scoring, deals the unseen cards again in
ways its view allows, plays each move on a few turns with medium in every
seat, and scores the position: lines made, then the fours left open (a four
is a line one card away), ours against the best other team's. Another
move than medium's is made only where it scored more by over MARGIN
standard errors over the same deals."""

from __future__ import annotations

import dataclasses

from engine import registry, search

from . import policy, why
from .board import two_eyed
from .rules import counts

TRIED = 2       # medium's best moves, its own first, the ones searched at the most
WORLDS = 20     # deals a decision at the most
LEAST = 4       # deals before the search may stop early
CLOSE = 40      # how far under medium's move by its own scoring a move may be and still be searched
MARGIN = 2.0    # standard errors by which a move must beat medium's to be made
AHEAD = 4       # turns each deal is played on after the move
LINE = 10.0     # a line made, in fours
THEIRS = 1.25   # a four of theirs counts this much against one of ours
WON = 100.0     # the game won (or lost)
# A jack still in hand, in fours: it can finish (or break) a four anywhere,
# so spending one for a little is a loss the few turns played on don't show.
JACK = {"two": 4.0, "one": 3.0}


def stop(state: dict, start: dict) -> bool:
    """Play on AHEAD turns from the move, or to the game's end."""
    return state["turns"] - start["turns"] > AHEAD


def fours(state: dict) -> list[int]:
    """Per team, the open spaces that would finish one of its runs."""
    b = policy.Board({"team": 0, "teams": state["teams"], "target": state["target"], "made": counts(state),
                    "chips": state["chips"], "lines": state["lines"]})
    return [len(set(g.values())) for g in b.gaps()]


def value(state: dict, seat: int) -> float:
    """What a played-on deal is worth to the seat's team."""
    mine = seat % state["teams"]
    if state["winner"] is not None:
        return WON if state["winner"] == mine else -WON
    made, open_ = counts(state), fours(state)
    others = [t for t in range(state["teams"]) if t != mine]
    theirs = max(LINE * made[t] + THEIRS * open_[t] for t in others)
    held = sum(JACK["two"] if two_eyed(c) else JACK["one"] for c in state["hands"][seat] if c[0] == "J")
    return LINE * made[mine] + open_[mine] + held - theirs


PLAN = search.Plan(worlds=WORLDS, value=value, stop=stop, policy=policy.quick, reason=why.reason, margin=MARGIN,
                   least=LEAST)


def think(v: dict, rng) -> search.Choice:
    """Hard's card play, with its reason: medium's very move (the same
    draws of the bot's stream medium would make), unless the search finds
    another clearly better."""
    pick = policy.best(v, "medium", rng)
    scored = policy.ranked(v, "medium", rng)
    others = [m for s, m in scored if s >= scored[0][0] - CLOSE and m != pick][:TRIED - 1]
    if not others:  # (medium's move is far the best by its own judgement: nothing to search)
        return search.Choice(pick, why.reason(v, pick), [(pick, None)], 0, True)
    plan = dataclasses.replace(PLAN, moves=lambda view, legal, r: [pick, *others])
    return search.choose(registry.get("get-in-line"), v, rng, plan)
