"""The hard bot's look ahead: a picture of the Division built from one
seat's view alone, and the rest of the day played out on it by the rules'
own moves.

The picture holds what the seat can see: the Mainline cards, every train and
what it carries, every Small Yard, the Interchange yard, the points, and the
seat's own Home Office cards. What it cannot see stays out of it: other
hands are empty and the Home Office deck is empty. The waybill pile is face
down too, so the loads still to come are likely ones: as many as the pile
holds, billed by the public mix, never the pile itself.

In the played-out day every Office works its own yard the plain way
(``plain``): couple the cars a standing train can still deliver, the ones
worth most first, then switch cars off the house track. Nobody plays a Home
Office card, so what a move is worth shows in the cars it gets home (and,
when each Office scores for itself, in the cars the others do not).
"""

from __future__ import annotations

from engine import deck

from . import division, rules, scoring, timetable
from .unseen import seen_by_all

# The seed a picture carries, so it is never taken for a game.
SEED = "look-ahead"


def picture(v: dict) -> dict:
    """A state the rules can play on, made from ``view(state, seat)``."""
    n, seat = v["n"], v["seat"]
    hands = [[] for _ in range(n)]
    hands[seat] = [h["card"] for h in v.get("hand", [])]
    return {
        **seen_by_all(v), "game": "station-master", "seed": SEED, "seq": 0, "logged": 0, "events": [], "moveNo": 0,
        "waybills": likely_waybills(v), "deck": [], "discard": [], "reshuffles": 0, "hands": hands, "drawn": [None] * n,
        "goal": v["goal"] or 0,
    }


def likely_waybills(v: dict) -> list[str]:
    """A stand-in for the face-down waybill pile: as many waybills as the
    pile holds, each billed by the public mix (four in ten to each Division
    Point, one in ten to the nearest stop either way), drawn the same way
    for every move weighed at one decision."""
    bag = [to for to, k in timetable.WAYBILL_MIX for _ in range(k)]
    roll = deck.Stream(f"{SEED}:{v['stage']}:{v['seat']}")
    return [f"la{i}:{bag[roll.below(len(bag))]}" for i in range(v["waybills"])]


def clone(s: dict) -> dict:
    """A copy deep enough for the moves to change freely."""
    c = dict(s)
    c["trains"] = [dict(t, cars=[dict(x) for x in t["cars"]], heldAt=list(t["heldAt"])) for t in s["trains"]]
    c["yards"] = [{k: list(cars) for k, cars in y.items()} for y in s["yards"]]
    c["cards"] = [dict(card, mods=list(card["mods"])) for card in s["cards"]]
    if s["interchange"] is not None:
        c["interchange"] = {"card": s["interchange"]["card"], "cars": [dict(x) for x in s["interchange"]["cars"]]}
    c["hands"] = [list(h) for h in s["hands"]]
    for key in ("points", "delivered", "tieups", "order", "drawn", "deck", "discard", "waybills"):
        c[key] = list(s[key])
    c["extraNo"] = dict(s["extraNo"])
    c["events"] = []
    return c


def arrival(s: dict, train: dict, place: int) -> int:
    """The Stage by whose movement a train should reach a place if nothing
    stops it on the way (a very large number if it never will)."""
    cards = s["cards"]
    if train["status"] == "running":
        here, stage = division.place_beyond(train["card"], train["dir"]), s["stage"] + train["left"] - 1
    elif train["status"] == "yard":
        j = train["yard"]
        here, stage = division.place_beyond(j, train["dir"]), s["stage"] + division.crossing(cards[j], train) - 1
    else:
        here, stage = train["place"], s["stage"] - 1
    if not rules.billed_ahead(here, train["dir"], {"to": place}) and here != place:
        return 10 ** 6
    while here != place:
        j = division.card_ahead(here, train["dir"])
        stage += division.crossing(cards[j], train)
        here = division.place_beyond(j, train["dir"])
    return stage


def plain(s: dict, seat: int) -> dict:
    """The plain way to work an Office, as one move: couple what a standing
    train can still deliver, else switch cars off the house track, else end
    the turn."""
    if s["phase"] == "lay":
        return {"type": "keep"}
    home = seat + 1
    yard = s["yards"][seat]
    best = None
    for t in s["trains"]:
        if t["status"] != "standing" or t["place"] != home or t["cap"] <= 0:
            continue
        if t["kind"] == "extra" and t["owner"] != seat:
            continue
        space = t["cap"] - len(t["cars"])
        if space <= 0:
            continue
        cars = [c for c in yard[t["dir"]] if arrival(s, t, c["to"]) <= s["stages"]]
        if not cars:
            continue
        cars.sort(key=lambda c: -scoring.value(s["n"], c["to"]))
        cars = cars[:space]
        worth = sum(scoring.value(s["n"], c["to"]) for c in cars)
        if best is None or worth > best[0]:
            best = (worth, {"type": "couple", "train": t["no"], "cars": [c["id"] for c in cars]})
    if best is not None:
        return best[1]
    room = {k: rules.TRACKS[k] - len(yard[k]) for k in ("west", "east")}
    picked = []
    for c in sorted(yard["house"], key=lambda c: -scoring.value(s["n"], c["to"])):
        track = "west" if c["to"] < home else "east"
        if room[track] > 0 and len(picked) < rules.SWITCH_CARS:
            picked.append(c["id"])
            room[track] -= 1
    if picked:
        return {"type": "switch", "cars": picked}
    return {"type": "done"}


def play_out(s: dict) -> dict:
    """Play the picture on to the end of the day, every Office working the
    plain way. Changes ``s``."""
    while s["phase"] != "over":
        seat = s["turn"]
        action = plain(s, seat)
        rules.MOVES[action["type"]](s, seat, action, 0.0)
    return s


def worth(s: dict, seat: int) -> float:
    """What the played-out day is worth to this seat: the table's points
    when the table scores together, else its own points less the best of
    the others'."""
    if s["rules"]["scoring"] == "together":
        return float(s["table"])
    others = [p for k, p in enumerate(s["points"]) if k != seat]
    return float(s["points"][seat] - (max(others) if others else 0))


def value_of(s: dict, seat: int, action: dict | None) -> float:
    """This move now (None: end the turn), then the rest of the day played
    out plainly: what the day is then worth to the seat."""
    c = clone(s)
    if action is None:
        action = {"type": "done"}
    if action["type"] == "draw":
        # The card it would draw is face down: the move is simply spent.
        rules.spend(c)
    else:
        rules.MOVES[action["type"]](c, seat, action, 0.0)
    play_out(c)
    return worth(c, seat)
