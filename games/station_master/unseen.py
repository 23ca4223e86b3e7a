"""What a seat has not seen, dealt again: ``determinize(view, rng)`` builds a
whole state from one seat's view for a search (engine/search.py), every
hidden hand, the Home Office deck and the waybill pile dealt at random. The
contract test's ``scramble`` is its inverse.

The unseen Home Office cards are the day's deck (``homeoffice.contents``)
but the seat's own hand, the discards and the cards out of the day, all
face up; each other hand gets as many as it holds and the deck the rest, in
a random order, every deal equally likely. The waybills still to come are
as many as the pile holds, numbered as the pile numbers them (the next is
the highest), each billed afresh by the public mix (``WAYBILL_MIX``), as
the day's pile was.

Ours: after a reshuffle the deck is the old discards, which a person might
remember; the view does not list them, so a world deals the deck from every
unseen card. Which card another seat has just drawn is its own: a world
marks none.
"""

from __future__ import annotations

from engine import deck
from engine.moves import plain_copy

from . import homeoffice, rules, scoring, timetable

PRIVATE = ("dealt", "drawn")  # log lines only their seat sees
_BAG = [to for to, k in timetable.WAYBILL_MIX for _ in range(k)]


def determinize(v: dict, rng) -> dict:
    """A whole state that ``v``'s seat could be looking at; its view of the
    state is ``v``."""
    n, me = v["n"], v["seat"]
    mine = [h["card"] for h in v.get("hand", [])]
    seen = set(mine) | set(v["discards"]) | set(v["out"])
    unseen = [c for c in homeoffice.contents(n, v["rules"]["hinder"] == "yes") if c not in seen]
    sizes = {s: v["offices"][s]["hand"] for s in range(n) if s != me}
    sizes["deck"] = v["deck"]
    dealt = deck.deal(unseen, sizes, rng)
    drawn = [None] * n
    if me is not None:
        drawn[me] = v.get("justDrawn")
    events = [dict(e, to=[me]) if e["kind"] in PRIVATE else dict(e) for e in v["events"]]
    return {
        **seen_by_all(v), "game": v["game"], "seed": f"unseen-{rng.getrandbits(64):016x}",
        "seq": v["seq"], "logged": events[-1]["n"] + 1 if events else 0, "events": events, "moveNo": v["moveNo"],
        "waybills": [f"wb{i}:{_BAG[rng.randrange(len(_BAG))]}" for i in range(v["waybills"])],
        "deck": dealt["deck"], "discard": list(v["discards"]), "reshuffles": 0,
        "hands": [mine if s == me else dealt[s] for s in range(n)], "drawn": drawn,
        "goal": scoring.goal(n, v["stages"], v["rules"]["goal"]),
    }


def seen_by_all(v: dict) -> dict:
    """The part of a state every seat sees, copied from a view: the Division
    (its Mainline cards, every train and what it carries, the Interchange
    yard), every Office's Small Yard, tie-ups and points, whose turn it is
    and the day's stage. A world (``determinize``) and the hard bot's
    picture (``lookahead.picture``) each add the rest in their own way."""
    n, sup = v["n"], v["superintendent"]["seat"]
    trains = [plain_copy({k: x for k, x in t.items() if k not in ("name", "late")}) for t in v["trains"]]
    numbers = dict(rules.FIRST_EXTRA)
    for t in trains:
        if t["kind"] == "extra":
            numbers[t["dir"]] = max(numbers[t["dir"]], t["no"] + 2)
    cards = []
    for c in v["cards"]:
        card = {"name": c["name"], "printed": c["printed"], "mods": list(c["mods"])}
        if "up" in c:
            card["up"] = c["up"]
        cards.append(card)
    x = v["interchange"]
    return {
        "n": n, "rules": dict(v["rules"]), "stage": v["stage"], "stages": v["stages"], "phase": v["phase"],
        "superintendent": sup, "order": [(sup + k) % n for k in range(n)],
        "turn": v["turn"], "movesLeft": v["movesLeft"], "tieups": [o["tieups"] for o in v["offices"]],
        "cards": cards, "trains": trains, "extraNo": numbers,
        "yards": [plain_copy(o["yard"]) for o in v["offices"]],
        "interchange": None if x is None else {"card": x["card"], "cars": plain_copy(x["cars"])},
        "points": [o["points"] for o in v["offices"]], "delivered": [o["delivered"] for o in v["offices"]],
        "table": v["table"], "lost": v["lost"],
    }
