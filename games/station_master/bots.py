"""Station Master's bots, deciding from ``view(state, seat)`` alone.

easy: a player still learning: couples cars to a train standing at its
Office when it sees one and switches cars off the house track, without
checking which cars are worth more or whether the train gets them there in
time; otherwise it draws, holds, runs Extras and plays cards at random, and
often just ends its turn.
medium: ships every car it can on a train that will get it there before the
day ends, runs an Extra when it has a cut worth running, draws otherwise,
and lays track cards where they speed the Division.
hard: medium's reasoning, plus it switches the cars a standing train could
take before coupling, weighs which train gets each car home soonest, holds a
train for a Stage when that lets it ship more, and spends Train Orders. Then
it looks ahead (``lookahead``): it plays the rest of the day out on a
picture built from its own view, once after the move medium's reasoning
chose and once after each other move that commits cars or trains (each
train's best cut, each Extra, each hold, each Train Order), and makes
whichever comes out best, if by at least a point. Scoring alone, a move
is worth its own points less the best other Office's; scoring together,
the table's points.
Both medium and hard aim hindering cards at the leading Office.
"""

from __future__ import annotations

from . import estimates, lookahead, why

# Points by which a move must beat medium's choice in hard's played-out day
# before hard makes it instead (the picture's loads are only likely ones).
MARGIN = 1.0


def choose(v, level, rng):
    """The bot's move, from its seat's view ``v`` alone."""
    return decide(v, level, rng)[0]


def decide(v, level, rng):
    """The bot's move and, for hard, the hint's sentence saying what it does
    for the seat (``why``); None for the other levels."""
    seat = v["seat"]
    can = v.get("can") or {}
    if v["phase"] == "lay":
        move = _lay(v, can, level, rng)
    elif level == "easy":
        move = _easy(v, can, rng)
    else:
        move = _work(v, can, seat, level, rng)
        if level == "hard":
            move = _look_ahead(v, seat, move, _candidates(v, can, seat))
    return move, (why.reason(v, move) if level == "hard" else None)


# -- easy ---------------------------------------------------------------------------

def _easy(v, can, rng):
    # A beginner first sees the obvious: a train standing here that will
    # take cars, and cars waiting on the house track. It does not check
    # whether the train gets them there in time, nor which cars are worth
    # more.
    if can.get("couple") and rng.random() < 0.75:
        kind = "couple"
    elif can.get("switch") and rng.random() < 0.6:
        kind = "switch"
    else:
        kinds = [k for k in ("switch", "couple", "hold", "extra", "play") if can.get(k)]
        if can.get("draw"):
            kinds.append("draw")
        if not kinds or rng.random() < 0.4:
            return {"type": "done"}
        kind = rng.choice(kinds)
    if kind == "draw":
        return {"type": "draw"}
    if kind == "switch":
        return {"type": "switch", "cars": _some_switch(v, can, rng)}
    if kind == "hold":
        return {"type": "hold", "train": rng.choice(can["hold"])}
    if kind == "couple":
        opt = rng.choice(can["couple"])
        cars = list(opt["cars"])
        rng.shuffle(cars)
        return {"type": "couple", "train": opt["train"], "cars": cars[: rng.randint(1, min(opt["room"], len(cars)))]}
    if kind == "extra":
        opt = rng.choice(can["extra"])
        cars = opt["cars"][: opt["room"]]
        return {"type": "extra", "card": opt["card"], "at": opt["at"], "dir": opt["dir"], "cars": cars}
    opt = rng.choice(can["play"])
    if "offices" not in opt and "trains" not in opt:
        return {"type": "play", "card": opt["card"]}
    if "offices" in opt:
        return {"type": "play", "card": opt["card"], "office": rng.choice(opt["offices"])}
    return {"type": "play", "card": opt["card"], "train": rng.choice(opt["trains"])}


def _some_switch(v, can, rng) -> list:
    """One or two cars off the house track, picked at random, that fit."""
    seat = v["seat"]
    room = dict(v["offices"][seat]["room"])
    yard = estimates.yard(v, seat)
    ids = list(can["switch"])
    rng.shuffle(ids)
    picked = []
    for i in ids[:2]:
        track = "west" if yard[i]["to"] < seat + 1 else "east"
        if room[track] > 0:
            picked.append(i)
            room[track] -= 1
    return picked


# -- medium and hard ----------------------------------------------------------------

def _work(v, can, seat, level, rng):
    trains = estimates.trains(v)
    yard = estimates.yard(v, seat)
    crew = [o["card"] for o in can.get("play", []) if o["card"].startswith("ExtraCrew")]
    if crew and (len(can.get("switch", [])) >= 2 or len(can.get("couple", [])) >= 1) and v["movesLeft"] <= 2:
        return {"type": "play", "card": crew[0]}
    if level == "hard":
        move = _switch_for_train(v, can, seat, trains, yard)
        if move:
            return move
    best = None
    for opt in can.get("couple", []):
        t = trains[opt["train"]]
        cars = [yard[i] for i in opt["cars"] if estimates.home(v, yard[i], t, level)]
        cars.sort(key=lambda c: (-estimates.car_value(v, c), estimates.eta(v, t, c["to"], level), c["id"]))
        cars = cars[: opt["room"]]
        if not cars:
            continue
        worth = sum(estimates.car_value(v, c) for c in cars)
        if level == "hard":
            worth -= 0.1 * sum(estimates.eta(v, t, c["to"], level) for c in cars) / len(cars)
        if best is None or worth > best[0]:
            best = (worth, {"type": "couple", "train": t["no"], "cars": [c["id"] for c in cars]})
    if best is not None:
        return best[1]
    move = _extra(v, can, seat, level)
    if move:
        return move
    if can.get("switch"):
        cars = sorted((yard[i] for i in can["switch"]), key=lambda c: (-estimates.car_value(v, c), c["id"]))
        picked, room = [], dict(v["offices"][seat]["room"])
        for c in cars:
            track = "west" if c["to"] < seat + 1 else "east"
            if room[track] > 0 and len(picked) < 2:
                picked.append(c["id"])
                room[track] -= 1
        return {"type": "switch", "cars": picked}
    move = _cards(v, can, seat, trains, level)
    if move:
        return move
    if level == "hard":
        move = _hold_for_room(v, can, seat, trains, yard)
        if move:
            return move
    if can.get("draw"):
        return {"type": "draw"}
    return {"type": "done"}


def _switch_for_train(v, can, seat, trains, yard):
    """With a train standing here that has room, switch the house-track
    cars it could take first, so one more move couples them all."""
    if v["movesLeft"] < 2 or not can.get("switch"):
        return None
    home = seat + 1
    room = v["offices"][seat]["room"]
    for t in sorted((t for t in v["trains"] if t["status"] == "standing" and t["place"] == home
                     and t["cap"] > 0 and (t["kind"] != "extra" or t["owner"] == seat)),
                    key=lambda t: -(t["cap"] - len(t["cars"]))):
        sorted_here = len(v["offices"][seat]["yard"][t["dir"]])
        space = t["cap"] - len(t["cars"]) - sorted_here
        if space <= 0:
            continue
        going = [yard[i] for i in can["switch"]
                 if ((yard[i]["to"] < home) == (t["dir"] == "west")) and estimates.home(v, yard[i], t, "hard")]
        going.sort(key=lambda c: (-estimates.car_value(v, c), c["id"]))
        going = going[: min(2, space, room[t["dir"]])]
        if going:
            return {"type": "switch", "cars": [c["id"] for c in going]}
    return None


def _extra(v, can, seat, level):
    best = None
    for opt in can.get("extra", []):
        probe = {"dir": opt["dir"], "cls": "Slow", "coaches": 0, "status": "standing",
                 "place": seat + 1, "left": 0, "card": None, "yard": None}
        if opt["at"] == "interchange":
            probe.update(status="yard", yard=v["interchange"]["card"])
            pool = {c["id"]: c for c in v["interchange"]["cars"]}
        else:
            pool = estimates.yard(v, seat)
        cars = [pool[i] for i in opt["cars"] if estimates.eta(v, probe, pool[i]["to"], level) <= v["stages"]]
        cars.sort(key=lambda c: (-estimates.car_value(v, c), c["id"]))
        if opt["at"] == "interchange":
            cars = [pool[i] for i in opt["cars"]]
            if any(estimates.eta(v, probe, c["to"], level) > v["stages"] for c in cars):
                continue
        cars = cars[: opt["room"]]
        worth = sum(estimates.car_value(v, c) for c in cars)
        late = v["stage"] >= v["stages"] - 6
        needed = 3 if not late else 2
        if worth >= needed and (best is None or worth > best[0]):
            best = (worth, {"type": "extra", "card": opt["card"], "at": opt["at"], "dir": opt["dir"],
                            "cars": [c["id"] for c in cars]})
    return best[1] if best else None


def _cards(v, can, seat, trains, level):
    """Hindering cards against the leading Office (when each Office scores
    for itself); hard also spends Train Orders."""
    for opt in can.get("play", []):
        name = opt["card"].rsplit("-", 1)[0]
        if name == "TrainOrder" and level != "hard":
            continue
        if name == "TrainOrder" and v["scoring"] == "each":
            # Scoring alone: push its own Extra through.
            mine = [trains[no] for no in opt["trains"]
                    if any(c.get("for") == seat for c in trains[no]["cars"]) and trains[no]["kind"] == "extra"]
            if mine:
                return {"type": "play", "card": opt["card"], "train": mine[0]["no"]}
        if name == "TrainOrder" and v["scoring"] == "together":
            # Together: keep a scheduled train that is running late on time.
            late = [trains[no] for no in opt["trains"] if trains[no]["kind"] != "extra" and trains[no].get("late", 0) >= 1]
            if late:
                return {"type": "play", "card": opt["card"], "train": max(late, key=lambda t: (t["late"], -t["no"]))["no"]}
        if v["scoring"] != "each":
            continue
        leader = _leader(v, seat)
        if name == "Tie-up" and leader is not None:
            return {"type": "play", "card": opt["card"], "office": leader}
        if name == "RedFlag":
            hits = [trains[no] for no in opt["trains"]
                    if sum(1 for c in trains[no]["cars"] if c.get("for") not in (seat, None)) >= 2]
            if hits:
                return {"type": "play", "card": opt["card"], "train": hits[0]["no"]}
    return None


def _leader(v, seat):
    others = [o for o in v["offices"] if o["seat"] != seat]
    if not others:
        return None
    return max(others, key=lambda o: (o["points"], -o["seat"]))["seat"]


def _hold_for_room(v, can, seat, trains, yard):
    """Hold a train with room when cars for it wait on the house track:
    next Stage they can be switched and coupled. Only while the day has
    time to spare."""
    if v["stage"] > v["stages"] - 6:
        return None
    house = v["offices"][seat]["yard"]["house"]
    for no in can.get("hold", []):
        t = trains[no]
        going = [c for c in house if (c["to"] < seat + 1) == (t["dir"] == "west")]
        if t["cap"] - len(t["cars"]) >= 2 and t["kind"] != "extra" and len(going) >= 2:
            return {"type": "hold", "train": no}
    return None


def _lay(v, can, level, rng):
    lays = can.get("lay", [])
    if level == "easy":
        if lays and rng.random() < 0.5:
            opt = rng.choice(lays)
            return {"type": "lay", "card": opt["card"], "on": rng.choice(opt["on"])}
        return {"type": "keep"}
    scored = []
    for opt in lays:
        name = opt["card"].rsplit("-", 1)[0]
        for j in opt["on"]:
            scored.append((_lay_worth(v, name, j), opt["card"], j))
    scored = [s for s in scored if s[0] > 0]
    if scored:
        scored.sort(key=lambda s: (-s[0], s[1], s[2]))
        return {"type": "lay", "card": scored[0][1], "on": scored[0][2]}
    hand = v.get("hand", [])
    if len(hand) >= 4:
        dead = [h["card"] for h in hand if _dead(v, h, lays)]
        if dead:
            return {"type": "scrap", "card": dead[0]}
    return {"type": "keep"}


def _dead(v, h, lays) -> bool:
    """A card this bot will never find a use for today."""
    if h["name"] in ("Red Flag", "Tie-up", "Slow Order") and (v["scoring"] == "together" or v["n"] == 1):
        return True
    if h["track"]:
        opt = next((o for o in lays if o["card"] == h["card"]), None)
        short = h["card"].rsplit("-", 1)[0]
        return opt is None or all(_lay_worth(v, short, j) <= 0 for j in opt["on"])
    return False


def _lay_worth(v, name, j) -> float:
    card = v["cards"][j]
    if name in ("Brakeman", "Airbrakes", "Helpers"):
        return 2.0
    if name == "Realignment":
        return {"Curves": 3.0, "Plains": 2.5, "Trestle": 1.5, "Uncontrolled Siding": 1.0}.get(card["name"], 0.0)
    if name == "SlowOrder":
        if v["scoring"] != "each":
            return 0.0
        mine = v["seat"] + 1
        # Far from home, where it slows others' trains more than ours.
        return 1.0 if abs(j + 0.5 - mine) > 1 else 0.0
    return 0.0


# -- hard: looking ahead ---------------------------------------------------------

def _candidates(v, can, seat) -> list[dict]:
    """The moves worth looking ahead at: each train's best cut, each Extra,
    each hold and each Train Order."""
    trains = estimates.trains(v)
    yard = estimates.yard(v, seat)
    out = []
    for opt in can.get("couple", []):
        t = trains[opt["train"]]
        cars = [yard[i] for i in opt["cars"] if estimates.home(v, yard[i], t, "hard")]
        cars.sort(key=lambda c: (-estimates.car_value(v, c), estimates.eta(v, t, c["to"], "hard"), c["id"]))
        if cars:
            out.append({"type": "couple", "train": t["no"], "cars": [c["id"] for c in cars[: opt["room"]]]})
    for opt in can.get("extra", []):
        if opt["at"] == "interchange":
            cars = list(opt["cars"])
        else:
            cars = sorted((yard[i] for i in opt["cars"]), key=lambda c: (-estimates.car_value(v, c), c["id"]))
            cars = [c["id"] for c in cars[: opt["room"]]]
        out.append({"type": "extra", "card": opt["card"], "at": opt["at"], "dir": opt["dir"], "cars": cars})
    for no in can.get("hold", []):
        out.append({"type": "hold", "train": no})
    for opt in can.get("play", []):
        if opt["card"].startswith("TrainOrder"):
            for no in opt["trains"]:
                out.append({"type": "play", "card": opt["card"], "train": no})
    return out


def _look_ahead(v, seat, plain_move, moves):
    """Weigh the move medium's reasoning chose against the other moves that
    commit cars or trains, each followed by the rest of the day
    played out on a picture built from this seat's view: another move is
    made only if it comes out at least a point better."""
    moves = [m for m in moves if m != plain_move]
    if not moves:
        return plain_move
    pic = lookahead.picture(v)
    best, bar = plain_move, lookahead.value_of(pic, seat, plain_move) + MARGIN
    for move in moves:
        worth = lookahead.value_of(pic, seat, move)
        if worth > bar:
            best, bar = move, worth
    return best
