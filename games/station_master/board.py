"""What a seat sees: the Division, the timetable, every train and yard, its
own Home Office cards (and which one it just drew), and what it may do.
Other hands, the Home Office deck and the waybill pile are face down: only
their sizes show. The discards and the cards out of the day are face up."""

from __future__ import annotations

from engine import log

from . import division, homeoffice, reading, rules, traffic


def _card(state: dict, j: int) -> dict:
    card = state["cards"][j]
    out = {"index": j, "name": card["name"], "printed": card["printed"], "mods": list(card["mods"]),
           "trains": [t["no"] for t in traffic.on_card(state["trains"], j)],
           "twoTracks": division.two_tracks(card)}
    if "up" in card:
        out["up"] = card["up"]
    out.update(reading.card_words(state["n"], card, j))
    return out


def _train(state: dict, t: dict) -> dict:
    out = {k: (list(v) if isinstance(v, list) else v) for k, v in t.items() if k != "cars"}
    out["cars"] = [dict(c) for c in t["cars"]]
    out["name"] = traffic.label(t)
    if t["due"] is not None and t["status"] in ("standing", "running"):
        out["late"] = _late(state, t)
    out.update(reading.train_words(state, t, out.get("late")))
    return out


def _late(state: dict, t: dict) -> int:
    """Stages behind the timetable at the place it stands at or is heading for."""
    if t["status"] == "standing":
        place, stage = t["place"], state["stage"]
    else:
        place, stage = division.place_beyond(t["card"], t["dir"]), state["stage"] + t["left"]
    due = t["due"][place]
    return max(0, stage - due) if due is not None else 0


def out_of_the_day(state: dict) -> list[str]:
    """The Home Office cards in no hand, not in the deck and not on the
    discards: each was laid, scrapped or called in the open."""
    held = {c for hand in state["hands"] for c in hand} | set(state["deck"]) | set(state["discard"])
    return [c for c in homeoffice.contents(state["n"], state["rules"]["hinder"] == "yes") if c not in held]


def view(state: dict, seat) -> dict:
    n = state["n"]
    together = state["rules"]["scoring"] == "together"
    sup = state["superintendent"]
    out = {
        "game": "station-master", "seq": state["seq"], "n": n, "seat": seat,
        "rules": dict(state["rules"]),
        "stage": state["stage"], "stages": state["stages"], "phase": state["phase"],
        "part": "The day is over" if state["phase"] == "over" else "Local Operations",
        "turn": state["turn"], "movesLeft": state["movesLeft"] if state["turn"] is not None else 0,
        "superintendent": {"seat": sup, "office": division.TOWNS[sup]},
        "places": [{"place": p, "name": division.place_name(n, p), "mark": division.place_mark(n, p),
                    "seat": p - 1 if 1 <= p <= n else None}
                   for p in range(n + 2)],
        "cards": [_card(state, j) for j in range(len(state["cards"]))],
        "trains": [_train(state, t) for t in state["trains"]],
        "offices": [
            {"seat": s, "name": division.TOWNS[s], "place": rules.office(s),
             "yard": {k: [dict(c) for c in cars] for k, cars in state["yards"][s].items()},
             "room": {k: rules.TRACKS[k] - len(cars) for k, cars in state["yards"][s].items()},
             "hand": len(state["hands"][s]), "tieups": state["tieups"][s],
             "points": state["points"][s], "delivered": state["delivered"][s]}
            for s in range(n)
        ],
        "interchange": None if state["interchange"] is None else {
            "card": state["interchange"]["card"], "cars": [dict(c) for c in state["interchange"]["cars"]],
            "room": rules.INTERCHANGE_ROOM},
        "deck": len(state["deck"]), "discard": len(state["discard"]), "waybills": len(state["waybills"]),
        # Face up, so open to all: the played cards on the discards, and the
        # cards out of the day (laid on the Mainline, scrapped, a called Extra Crew).
        "discards": list(state["discard"]), "out": out_of_the_day(state), "moveNo": state["moveNo"],
        "scoring": state["rules"]["scoring"],
        "table": state["table"], "goal": state["goal"] if together else None, "lost": state["lost"],
        "events": log.recent(state, seat),
        "clock": f"Stage {state['stage']} of {state['stages']}",
        "score": reading.score_words(state),
    }
    if seat is not None:
        out["hand"] = [homeoffice.face(c) for c in state["hands"][seat]]
        if state["drawn"][seat] is not None:
            out["justDrawn"] = state["drawn"][seat]
        out["can"] = rules.can(state, seat)
    return out
