"""What a seat has not seen, dealt again: ``determinize(view, rng)`` builds a
whole state from one seat's view for the hard bot's search
(engine/search.py), the other hands and the stock dealt at random from the
cards the seat cannot see. The contract test's ``scramble`` is its inverse.

The unseen cards are both decks but the seat's own hand and the discards
(every card played or traded in is on them, face up). Each other hand gets
as many as it holds and the stock the rest, in a random order, every deal
equally likely. Nothing in the view rules a card out of a hand: a trade-in
or a pass shows only what a seat held then, and it has drawn since.

Ours: after a reshuffle the stock is the old discards, which a person might
remember; the view keeps no list of them (only the log's last sixty lines),
so a world deals the stock from every unseen card. The reshuffle count and
the seed are the world's own, so the draws to come are fresh.
"""

from __future__ import annotations

from engine import deck, rounds
from engine.moves import plain_copy


def determinize(v: dict, rng) -> dict:
    """A whole state that ``v``'s seat could be looking at; its view of the
    state is ``v``."""
    n, me = v["n"], v["seat"]
    known = list(v["mine"]) + list(v["discards"])
    unseen = [c for c in deck.build(2, 0) if c not in set(known)]
    sizes = {s: v["sizes"][s] for s in range(n) if s != me}
    sizes["stock"] = v["stock"]
    dealt = deck.deal(unseen, sizes, rng)
    shuffles = max((e.get("shuffles", 0) for e in v["events"] if e["kind"] == "reshuffle"), default=0)
    state = {
        "game": v["game"], "n": n, "seed": f"unseen-{rng.getrandbits(64):016x}", "teams": v["teams"],
        "target": v["target"], "rules": dict(v["rules"]), "_pace": 1.0,
        "seq": v["seq"], "logged": v["events"][-1]["n"] + 1 if v["events"] else 0,
        "events": [dict(e) for e in v["events"]],
        "hands": [list(v["mine"]) if s == me else dealt[s] for s in range(n)], "stock": dealt["stock"],
        "discards": list(v["discards"]), "shuffles": shuffles,
        "chips": list(v["chips"]), "lines": plain_copy(v["lines"]),
        "phase": v["phase"], "first": v["first"], "turn": v["turn"], "turns": v["turns"],
        "traded": v["traded"], "passes": v["passes"], "last": plain_copy(v["last"]),
        "winner": v["winner"], "outcome": plain_copy(v["outcome"]),
        **rounds.fresh(n),
    }
    if v["phase"] == "over" and v["outcome"]:
        # (The game's one round, as the rules scored it: each seat its team's lines.)
        rounds.score(state, [v["outcome"]["lines"][s % v["teams"]] for s in range(n)])
    return state
