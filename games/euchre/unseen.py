"""What a seat has not seen, dealt again: ``determinize(view, rng)`` builds a
whole state from one seat's view, the cards it cannot see dealt out fairly
among the places they may be, for the hard bot's search (engine/search.py)
to play on. The contract test's ``scramble`` is its inverse: that keeps a
seat's view and re-deals the rest of a real state; this starts from the
view alone.

What the view rules out, and so no deal does:

- a card the seat holds, has seen played (this trick and the tricks done),
  or saw turned down (or left out for a dealer sitting out);
- the turned card, once the dealer picked it up, anywhere but the dealer's
  hand (or, once the dealer has discarded, the buried card), until played;
- for the dealer, its own buried card anywhere (it knows which it is); for
  everyone else the buried card is one of the unseen cards like any other;
- a card of a suit (the left bower is trump's) in the hand of a seat that
  has shown out of it, by not following when it was led;
- with the farmer's hand on: a seat keeping its farmer's hand (or deciding
  on one now) holds only 9s and 10s; after a swap the kitty holds the
  swapper's three 9s and 10s; and the cards this seat swapped away are
  where they went (the kitty, or the next swapper's hand).

What the view does not say is dealt at random, as a person at the seat
would have to guess it: the seed of the hands to come (so later deals are
fresh), and (ours) whether a seat that passed or swapped "should" have
held something else. A swapper's two kept 9s and 10s and a seat's not
having had a farmer's hand are not held to: rare, and only ever likely.
"""

from __future__ import annotations

from engine import deck
from engine.moves import plain_copy

from .rules import SEATS, cards, suit_of

PRIVATE = ("buried", "swapped")  # log lines only their seat sees
NINES_AND_TENS = frozenset(c for c in cards() if c[0] in "9T")


def _this_deal(v: dict) -> list[dict]:
    """The log's lines since this deal began (the view keeps the last
    sixty, and a deal never logs as many)."""
    events = v["events"]
    for i in range(len(events) - 1, -1, -1):
        e = events[i]
        if e["kind"] == "deal" and e.get("deal") == v["deal"]:
            return events[i:]
    return []


def turned(v: dict):
    """The card turned up this deal: on the table while it lies there, and
    in the log's deal line for everyone once the dealer has picked it up."""
    if v["up"]:
        return v["up"]
    for e in _this_deal(v):
        if e["kind"] == "deal":
            return e["up"]
    return None


def played(v: dict) -> list[dict]:
    """Every card played this hand, trick by trick, as ``{"seat", "card"}``."""
    return [p for t in v["done"] for p in t["cards"]] + list(v["trick"])


def voids(v: dict) -> dict[int, set[str]]:
    """The suits each seat has shown out of, by not following when one was
    led (under trump: the left bower follows trump)."""
    trump = v["trump"]
    out: dict[int, set[str]] = {s: set() for s in range(SEATS)}
    for t in [*[d["cards"] for d in v["done"]], v["trick"]]:
        if t:
            led = suit_of(t[0]["card"], trump)
            for p in t[1:]:
                if suit_of(p["card"], trump) != led:
                    out[p["seat"]].add(led)
    return out


def _farmers(v: dict) -> tuple[set[int], list[int], list[str] | None]:
    """From this deal's log: the seats that kept a farmer's hand, the seats
    that swapped (in order) and the three cards this seat swapped away (or
    None)."""
    kept, swapped, gave = set(), [], None
    for e in _this_deal(v):
        if e["kind"] == "farmer":
            (swapped.append(e["seat"]) if e["swapped"] else kept.add(e["seat"]))
        elif e["kind"] == "swapped" and e.get("seat") == v["seat"]:
            gave = list(e["gave"])
    return kept, swapped, gave


def _acts(v: dict) -> int:
    """The moves made this deal (the decision keys count them): farmer's
    answers, bids, the discard, defending answers, cards played."""
    n = len(v["farmed"]) + len(v["bids"]) + int(v["discarded"]) + len(played(v))
    asked = v["asked"]
    if asked:
        if v["phase"] == "defend":
            n += asked.index(v["turn"])
        elif v["defender"] is not None:
            n += asked.index(v["defender"]) + 1
        else:
            n += len(asked)
    return n


def determinize(v: dict, rng) -> dict:
    """A whole state that ``v``'s seat could be looking at, the cards it has
    not seen dealt out at random among the places they may be (each deal
    that fits equally likely). Its view of the state is ``v``."""
    me, dealer, trump = v["seat"], v["dealer"], v["trump"]
    up = turned(v)
    gone = {p["card"] for p in played(v)}
    known = set(v["mine"]) | gone
    if v["up"]:
        known.add(v["up"])  # face up on the table (turned up, down, or left out)
    buried = v["buried"]  # the dealer's own; None for everyone else
    if buried:
        known.add(buried)
    unseen = [c for c in cards() if c not in known]

    sizes = {s: v["sizes"][s] for s in range(SEATS) if s != me}
    sizes["kitty"] = len(unseen) - sum(sizes.values()) - (1 if v["discarded"] and not buried else 0)
    if v["discarded"] and not buried:
        sizes["buried"] = 1

    rules_out: dict[str, set] = {}   # card -> places it may not be
    for s, suits in voids(v).items():
        if s != me:
            for c in unseen:
                if suit_of(c, trump) in suits:
                    rules_out.setdefault(c, set()).add(s)
    pinned: dict[str, set] = {}      # card -> the only places it may be
    if v["kitty_state"] == "picked" and up in unseen:
        pinned[up] = {dealer} | ({"buried"} if "buried" in sizes else set())
    if v["rules"].get("farmers") == "on":
        kept, swapped, gave = _farmers(v)
        if v["phase"] == "farmer":
            kept.add(v["turn"])
        for s in kept - {me}:
            for c in unseen:
                if c not in NINES_AND_TENS:
                    rules_out.setdefault(c, set()).add(s)
        if swapped:
            for c in unseen:
                if c not in NINES_AND_TENS:
                    rules_out.setdefault(c, set()).add("kitty")
        if gave and me in swapped:
            later = swapped[swapped.index(me) + 1:]
            for c in gave:
                if c in unseen:
                    pinned[c] = {later[0]} if later else {"kitty"}

    def allowed(card):
        where = pinned.get(card, sizes)
        return [p for p in where if p not in rules_out.get(card, ())]

    dealt = deck.deal(unseen, sizes, rng, allowed)
    hands = [list(v["mine"]) if s == me else dealt[s] for s in range(SEATS)]
    events = [dict(e, to=[me]) if e["kind"] in PRIVATE else dict(e) for e in v["events"]]
    state = {
        "game": "euchre", "n": SEATS, "seed": f"unseen-{rng.getrandbits(64):016x}", "rules": dict(v["rules"]),
        "seq": v["seq"], "logged": events[-1]["n"] + 1 if events else 0, "events": events,
        "deals": v["deal"], "first_dealer": (dealer - v["deal"] + 1) % SEATS,
        "scores": plain_copy(v["scores"]), "totals": list(v["totals"]), "ready": list(v["ready"]),
        "phase": v["phase"], "dealer": dealer, "hands": hands, "up": up, "kitty": dealt["kitty"],
        "kitty_state": v["kitty_state"], "buried": buried or (dealt["buried"][0] if "buried" in dealt else None),
        "turn": v["turn"], "bids": plain_copy(v["bids"]), "trump": trump, "maker": v["maker"],
        "alone": v["alone"], "defender": v["defender"], "sitting": list(v["sitting"]), "asked": list(v["asked"]),
        "trick": plain_copy(v["trick"]), "leader": v["leader"], "done": plain_copy(v["done"]),
        "taken": list(v["taken"]), "farmed": list(v["farmed"]), "acts": _acts(v),
        "outcome": plain_copy(v["outcome"]), "outcomes": plain_copy(v["outcomes"]),
    }
    return state
