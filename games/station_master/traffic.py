"""Right to the track: who may take a Mainline card, meets and passes, the
standoff rule, and the movement that ends every Stage.

Why the Division can never lock up: an Office or a Division Point always has
room for one more train, so a train on a Mainline card always finishes its
crossing. No train follows onto single track while a train waits to come the
other way, so a busy card always comes clear; and a clear card always goes
to the most superior train waiting for it. Superiority is a strict order (two
trains never tie), so every standoff has exactly one answer.
"""

from __future__ import annotations

from engine import log

from . import division, scoring, timetable


def label(train: dict) -> str:
    """A train's name as players read it."""
    if train["kind"] == "extra":
        return f"Extra {train['no']} {train['dir'].capitalize()}"
    return f"No. {train['no']}"


def superiority(train: dict) -> tuple:
    """Sort key, most superior first: a train holding a Train Order; then
    scheduled trains before Extras; Fast before Slow; the train that has
    waited longer where it stands; westbound before eastbound; then the
    lower number. No two trains share a key, so every standoff has an answer."""
    return (
        0 if train["order"] else 1,
        1 if train["kind"] == "extra" else 0,
        0 if train["cls"] == "Fast" else 1,
        train["since"],
        0 if train["dir"] == "west" else 1,
        train["no"],
    )


def on_card(trains: list[dict], j: int) -> list[dict]:
    return [t for t in trains if t["status"] == "running" and t["card"] == j]


def standing_at(trains: list[dict], place: int) -> list[dict]:
    return [t for t in trains if t["status"] == "standing" and t["place"] == place]


def wanted_card(train: dict) -> int | None:
    """The Mainline card a waiting train will cross next."""
    if train["status"] == "yard":
        return train["yard"]
    if train["status"] == "standing":
        return division.card_ahead(train["place"], train["dir"])
    return None


def blocker(state: dict, train: dict) -> dict | None:
    """The train that keeps this one off the card it wants now, or None if
    it may go. On single track every train on the card runs one way: a
    train may follow those ahead of it, but not while a superior train waits
    to come the other way. On Double Track and Uncontrolled Siding each way
    has its own track, so nothing coming the other way stops a train."""
    j = wanted_card(train)
    if division.two_tracks(state["cards"][j]):
        return None
    there = on_card(state["trains"], j)
    against = [t for t in there if t["dir"] != train["dir"]]
    if against:
        return min(against, key=superiority)
    if there:
        mine = superiority(train)
        opposing = [t for t in waiting(state) if t["dir"] != train["dir"] and wanted_card(t) == j and superiority(t) < mine]
        if opposing:
            return min(opposing, key=superiority)
    return None


def waiting(state: dict) -> list[dict]:
    """Trains that would leave in this movement, most superior first: every
    train standing short of its last stop or in the Interchange yard, unless
    it is held this Stage."""
    n, stage = state["n"], state["stage"]
    out = []
    for t in state["trains"]:
        if t["held"] == stage:
            continue
        if t["status"] == "yard" or (t["status"] == "standing" and t["place"] != timetable.terminus(n, t["dir"])):
            out.append(t)
    return sorted(out, key=superiority)


def movement(state: dict) -> None:
    """The movement at the end of a Stage: first every waiting train, most
    superior first, takes the card ahead if it may; then every train on a
    card spends one Stage, and those that finish their crossing arrive."""
    cards, trains = state["cards"], state["trains"]
    for t in waiting(state):
        j = wanted_card(t)
        stop = blocker(state, t)
        if stop is not None:
            reason = f"waits for {label(stop)} to clear the {cards[j]['name']}"
            if stop["status"] != "running":
                reason = f"gives way to {label(stop)}, waiting to come the other way over the {cards[j]['name']}"
            if t["kind"] == "extra":
                reason = f"waits for a clear Subdivision: {label(stop)} " + (
                    f"is on the {cards[j]['name']}" if stop["status"] == "running" else "has the right to it")
            if t.get("wait") != reason:
                log.event(state, "wait", train=t["no"], text=f"{label(t)} {reason}.")
            t["wait"] = reason
            t["waitFor"] = stop["no"]
            continue
        _enter(state, t, j)
    for t in list(trains):
        if t["status"] == "running":
            t["left"] -= 1
            if t["left"] <= 0:
                _arrive(state, t)


def _enter(state: dict, train: dict, j: int) -> None:
    cards, trains = state["cards"], state["trains"]
    card = cards[j]
    there = on_card(trains, j)
    came_from = train["place"] if train["status"] == "standing" else None
    if came_from is not None:
        # A pass at an Office: this train leaves ahead of one that got there first.
        for other in standing_at(trains, came_from):
            if other is not train and other["dir"] == train["dir"] and other.get("since", 0) < train.get("since", 0):
                log.event(state, "pass", trains=[train["no"], other["no"]], where=came_from,
                          text=f"{label(train)} passes {label(other)} at {_place(state, came_from)}.")
    left = division.crossing(card, train)
    if not division.two_tracks(card) and there:
        # Following on single track: never sooner than the train ahead.
        left = max([left] + [t["left"] for t in there])
    train.update(status="running", card=j, left=left, place=None, yard=None, wait=None, waitFor=None, sided=False)
    where = _place(state, came_from) if came_from is not None else "the Interchange yard"
    log.event(state, "depart", train=train["no"], card=j,
              text=f"{label(train)} leaves {where} onto the {card['name']}.")
    for other in there:
        if other["dir"] != train["dir"]:
            log.event(state, "meet", trains=[train["no"], other["no"]], card=j,
                      text=f"{label(train)} meets {label(other)} on the {card['name']}.")
        elif train["left"] < other["left"]:
            log.event(state, "pass", trains=[train["no"], other["no"]], card=j,
                      text=f"{label(train)} passes {label(other)} on the {card['name']}.")
        if card["name"] == "Uncontrolled Siding":
            # The siding's switches are thrown by hand: the inferior train takes it and loses a
            # Stage, once in a crossing however many trains it lets by.
            slower = max((train, other), key=superiority)
            if not slower.get("sided"):
                slower["left"] += 1
                slower["sided"] = True


def _arrive(state: dict, train: dict) -> None:
    n, stage = state["n"], state["stage"]
    place = division.place_beyond(train["card"], train["dir"])
    train.update(status="standing", place=place, card=None, left=0, order=False, since=stage)
    log.event(state, "arrive", train=train["no"], place=place, text=f"{label(train)} arrives at {_place(state, place)}.")
    for other in standing_at(state["trains"], place):
        if other is not train and other.get("wait") and other.get("waitFor") == train["no"]:
            log.event(state, "meet", trains=[train["no"], other["no"]], where=place,
                      text=f"{label(train)} meets {label(other)} at {_place(state, place)}.")
    here = [c for c in train["cars"] if c["to"] == place]
    if here:
        train["cars"] = [c for c in train["cars"] if c["to"] != place]
        scoring.set_out(state, train, here, place)
    if place == timetable.terminus(n, train["dir"]):
        train.update(status="gone", arrived=stage)
        if train["due"] is not None:
            train["onTime"] = stage <= train["due"][place]
            if train["onTime"]:
                scoring.on_time(state, train)
    elif train["kind"] == "extra" and not train["cars"]:
        # An Extra ties up once its last car is set out.
        train.update(status="gone", arrived=stage)
        log.event(state, "tie-up", train=train["no"], text=f"{label(train)} has set out its last car and ties up.")


def _place(state: dict, place: int) -> str:
    return division.place_name(state["n"], place)


def locked(state: dict) -> bool:
    """Whether the Division is locked up: trains are waiting, every one of
    them is kept off its card, and no train is moving that could clear one.
    The rules make this impossible; the tests check it in every state."""
    trains = state["trains"]
    ready = waiting(state)
    if not ready:
        return False
    if any(blocker(state, t) is None for t in ready):
        return False
    return not any(t["status"] == "running" for t in trains)
