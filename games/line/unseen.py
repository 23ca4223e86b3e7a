"""What a seat has not seen, dealt again: ``determinize(view, rng)`` builds a
whole state from one seat's view for the hard bot's search
(engine/search.py), the other hands and the draw pile dealt at random from
the cards the seat cannot see. The contract test's ``scramble`` is its
inverse.

The unseen cards are the deck and its four jokers but those on the grid,
in the seat's hand, on the discard and the card just taken or drawn (face
up while it waits to go down). What the view rules out, no deal does:

- a joker a seat took back into its hand with an upgrade (the log names
  it) is still in that hand, if the seat has not played it since;
- a seat's latest forced draw says it held nothing that could go down on
  the grid of that moment (``barred``, the hard bot's reading of the log):
  it holds none of those faces now, unless a joker came back to it since.

The rest is dealt at random, every fitting deal equally likely; the seed is
the world's own, so the draws to come are fresh.
"""

from __future__ import annotations

from engine import deck
from engine.moves import plain_copy

from . import rules
from .rules import SIZE

PRIVATE = ("dealt", "drew")  # log lines only their seat sees


def barred(v: dict) -> dict:
    """What the log says the other seats cannot hold. A seat that had to
    draw held no card with a place, an upgrade or a shift on the grid of
    that moment, and it still holds those cards unless it has played them:
    so each seat's latest draw bars every face that could act on the grid
    then (unless a joker came back into its hand since). Returns {seat:
    barred faces}; the grid of each moment is rebuilt by undoing the
    logged moves from the present one."""
    grid = list(v["grid"])
    barred, done = {}, set()
    for e in reversed(v.get("events") or []):
        kind, seat = e.get("kind"), e.get("seat")
        if kind == "deal":
            break
        if kind == "upgrade" and e.get("joker_to") is None:
            done.add(seat)                   # a joker came back into that hand
        if kind == "draw" and seat != v["seat"] and seat not in done:
            done.add(seat)
            faces = set()
            for r in range(SIZE):
                held = rules.row_cards(grid, r)
                if len(held) < SIZE:
                    faces |= rules.addable(held)
            barred[seat] = faces
        elif kind == "place":
            grid[e["square"]] = None
        elif kind == "upgrade":
            grid[e["square"]] = e["joker"]
            if e.get("joker_to") is not None:
                grid[e["joker_to"]] = None
        elif kind == "shift":
            grid[e["square"]] = e["out"]
    return barred


def pinned(v: dict) -> dict[str, int]:
    """Jokers the log puts in another seat's hand: taken back with an
    upgrade and not played since (nor seen anywhere)."""
    held: dict[str, int] = {}
    for e in v.get("events") or []:
        if e.get("kind") == "upgrade" and e.get("joker_to") is None:
            held[e["joker"]] = e["seat"]
        elif e.get("kind") in ("place", "shift", "discard") and e.get("card") in held:
            del held[e["card"]]
    seen = {c for c in v["grid"] if c is not None} | set(v["mine"]) | set(v["discards"]) | {v["drawn"]}
    return {j: s for j, s in held.items() if j not in seen and s != v["seat"]}


def determinize(v: dict, rng) -> dict:
    """A whole state that ``v``'s seat could be looking at; its view of the
    state is ``v``."""
    n, me = v["n"], v["seat"]
    seen = {c for c in v["grid"] if c is not None} | set(v["mine"]) | set(v["discards"])
    if v["drawn"]:
        seen.add(v["drawn"])
    unseen = [c for c in deck.build(1, jokers=4) if c not in seen]
    sizes = {s: v["sizes"][s] for s in range(n) if s != me}
    sizes["pile"] = v["pile"]
    jokers = pinned(v)
    bars = barred(v)

    def allowed(card):
        if card in jokers:
            return [jokers[card]]
        face = card[:2]
        return [p for p in sizes if p not in bars or face not in bars[p]]

    try:
        dealt = deck.deal(unseen, sizes, rng, allowed)
    except ValueError:
        # (The draws' reading of the log found no deal: keep to the jokers.)
        dealt = deck.deal(unseen, sizes, rng, lambda c: [jokers[c]] if c in jokers else sizes)
    events = [dict(e, to=[me]) if e["kind"] in PRIVATE else dict(e) for e in v["events"]]
    state = {
        "game": v["game"], "n": n, "seed": f"unseen-{rng.getrandbits(64):016x}", "rules": dict(v["rules"]),
        "seq": v["seq"], "logged": events[-1]["n"] + 1 if events else 0, "events": events, "phase": v["phase"],
        "grid": list(v["grid"]), "hands": [list(v["mine"]) if s == me else dealt[s] for s in range(n)],
        "pile": dealt["pile"], "discard": list(v["discards"]),
        "first": v["first"], "turn": v["turn"], "bonus": v["bonus"], "stage": v["stage"],
        "drawn": v["drawn"], "drawn_from": v["drawn_from"],
        # (Every move counts one step, so the steps are the moves made.)
        "steps": v["seq"], "turns": v["turns"],
        "last": plain_copy(v["last"]), "outcome": plain_copy(v["outcome"]),
    }
    if v["outcome"]:
        state["totals"] = list(v["outcome"]["totals"])
    return state
