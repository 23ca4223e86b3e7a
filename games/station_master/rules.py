"""The day's flow and the moves a player makes at their Office (all ours).

Each Stage: the timetable (trains come on, loads come in), Local Operations
(every player takes a turn at their Office, the Superintendent first), then
movement. A turn is two moves, three for the Superintendent; a move is one
of: switch cars in the Small Yard, couple cars to a train, hold a train, the
Draw option, run an Extra, or play a Home Office card. Each check below is
the one definition of a rule: the moves, the view's "can" (and so
``legal``) and the bots all use it.
"""

from __future__ import annotations

from itertools import permutations

from engine import deck, log
from engine.contract import Illegal

from . import division, homeoffice, presets, scoring, timetable, traffic

MOVES_PER_TURN = 2
SUPERINTENDENT_BONUS = 1
HAND_LIMIT = 4
FIRST_HAND = 2
EXTRA_ROOM = 4
FIRST_EXTRA = {"west": 101, "east": 102}
CREW_MOVES = 2
INTERCHANGE_ROOM = 6
SWITCH_CARS = 2

# The Small Yard's three tracks and the cars each holds (ours): loads come in
# on the house track and are switched to the track for the way they go.
TRACKS = {"house": 4, "west": 3, "east": 3}


# -- setting up --------------------------------------------------------------

def new(n: int, seed: str, rules: dict) -> dict:
    why = presets.refusal(rules, n)
    if why:
        raise Illegal(why)
    stages = timetable.stages(n, rules["day"])
    cards = division.deal(n, seed)
    j = division.interchange(cards)
    hinder = rules["hinder"] == "yes"
    stock = homeoffice.shuffled(n, hinder, seed)
    hands = [[stock.pop() for _ in range(FIRST_HAND)] for _ in range(n)]
    state = {
        "game": "station-master", "n": n, "seed": seed, "rules": rules, "seq": 0, "logged": 0, "events": [],
        "stage": 0, "stages": stages, "phase": "work",
        "superintendent": deck.Stream(f"{seed}:superintendent").below(n),
        "order": [], "turn": None, "movesLeft": 0, "moveNo": 0, "tieups": [0] * n,
        "cards": cards, "trains": timetable.make_trains(n, seed, cards, stages),
        "extraNo": dict(FIRST_EXTRA),
        "yards": [{track: [] for track in TRACKS} for _ in range(n)],
        "interchange": {"card": j, "cars": []} if j is not None else None,
        "waybills": timetable.waybills(n, seed, stages, j is not None),
        "deck": stock, "discard": [], "reshuffles": 0, "hands": hands, "drawn": [None] * n,
        "points": [0] * n, "delivered": [0] * n, "table": 0, "lost": 0,
        "goal": scoring.goal(n, stages, rules["goal"]),
    }
    log.event(state, "day", text=f"The day begins: {stages} Stages. {division.TOWNS[state['superintendent']]} holds the "
              "Superintendent's badge.")
    for s in range(n):
        log.event(state, "dealt", to=[s], cards=list(hands[s]), text="Your Home Office cards are dealt.")
        for _ in range(timetable.FIRST_LOADS):
            _load_office(state, s)
    begin_stage(state)
    return state


def office(seat: int) -> int:
    """The place of a seat's Office on the Division."""
    return seat + 1


# -- the flow of a Stage -----------------------------------------------------------

def begin_stage(state: dict) -> None:
    state["stage"] += 1
    stage, n = state["stage"], state["n"]
    log.event(state, "stage", stage=stage, superintendent=state["superintendent"],
              text=f"Stage {stage} of {state['stages']}.")
    for t in state["trains"]:
        if t["status"] == "due" and t["start"] == stage:
            place = timetable.origin(n, t["dir"])
            t.update(status="standing", place=place, since=stage)
            log.event(state, "timetable", train=t["no"],
                      text=f"{traffic.label(t)} is on the timetable at the {division.place_name(n, place)}.")
    sup = state["superintendent"]
    state["order"] = [(sup + k) % n for k in range(n)]
    if timetable.loads_today(stage, state["stages"]):
        _loads(state)
    begin_turn(state, state["order"][0])


def begin_turn(state: dict, seat: int) -> None:
    moves = MOVES_PER_TURN + (SUPERINTENDENT_BONUS if seat == state["superintendent"] else 0)
    moves = max(1, moves - state["tieups"][seat])
    state.update(turn=seat, movesLeft=moves, moveNo=0, phase="work")
    state["tieups"][seat] = 0
    state["drawn"][seat] = None


def spend(state: dict) -> None:
    """One move used; the turn ends when none are left (and no Draw option is open)."""
    state["movesLeft"] -= 1
    state["moveNo"] += 1
    if state["movesLeft"] <= 0 and state["phase"] == "work":
        end_turn(state)


def end_turn(state: dict) -> None:
    order = state["order"]
    k = order.index(state["turn"]) + 1
    if k < len(order):
        begin_turn(state, order[k])
        return
    traffic.movement(state)
    if state["stage"] >= state["stages"]:
        state.update(phase="over", turn=None, movesLeft=0)
        log.event(state, "over", text="The day is over.")
        return
    state["superintendent"] = (state["superintendent"] + 1) % state["n"]
    begin_stage(state)


def _load_office(state: dict, seat: int) -> dict | None:
    """A load comes in on the seat's house track; None if there was none,
    or it went by truck because the house track was full."""
    if not state["waybills"]:
        return None
    number, to = state["waybills"].pop().split(":")
    place = office(seat)
    car = {"id": number, "to": timetable.resolve(state["n"], place, to), "for": seat, "from": place}
    house = state["yards"][seat]["house"]
    if len(house) >= TRACKS["house"]:
        state["lost"] += 1
        log.event(state, "lost", seat=seat, text=f"{division.TOWNS[seat]}'s house track is full: a load goes by truck instead.")
        return None
    house.append(car)
    return car


def _load_interchange(state: dict) -> dict | None:
    if not state["waybills"]:
        return None
    number, to = state["waybills"].pop().split(":")
    j = state["interchange"]["card"]
    car = {"id": number, "to": timetable.resolve(state["n"], None, to, j), "for": None, "from": None}
    if len(state["interchange"]["cars"]) >= INTERCHANGE_ROOM:
        state["lost"] += 1
        log.event(state, "lost", text="The Interchange yard is full: a load goes by truck instead.")
        return None
    state["interchange"]["cars"].append(car)
    return car


def _loads(state: dict) -> None:
    """This Stage's loads, dealt one at a time round the Offices from the
    Superintendent's, and told in one line."""
    n, parts = state["n"], []
    for k in range(timetable.LOADS_PER_STAGE):
        s = state["order"][k % n]
        car = _load_office(state, s)
        if car:
            parts.append(f"{division.TOWNS[s]} (to {division.place_name(n, car['to'])})")
    if state["interchange"] is not None:
        car = _load_interchange(state)
        if car:
            parts.append(f"the Interchange (to {division.place_name(n, car['to'])})")
    if parts:
        log.event(state, "loads", text="Loads come in at " + ", ".join(parts) + ".")


# -- what is where ------------------------------------------------------------------

def train(state: dict, no) -> dict:
    for t in state["trains"]:
        if t["no"] == no and not isinstance(no, bool):
            return t
    raise Illegal("There is no train with that number on the timetable.")


def room(t: dict) -> int:
    return t["cap"] - len(t["cars"])


def billed_ahead(place: int, direction: str, car: dict) -> bool:
    """Whether a train running this way from this place passes the car's destination."""
    return car["to"] < place if direction == "west" else car["to"] > place


def at_office(state: dict, seat: int) -> list[dict]:
    return traffic.standing_at(state["trains"], office(seat))


def couplable(state: dict, seat: int, t: dict) -> list[dict]:
    """The cars in this seat's Small Yard that may go on this train."""
    if t["kind"] == "extra" and t["owner"] != seat:
        return []
    if room(t) <= 0:
        return []
    return list(state["yards"][seat][t["dir"]])


def way(seat: int, car: dict) -> str:
    """The track of the Small Yard a car is switched to: the way it goes."""
    return "west" if car["to"] < office(seat) else "east"


def switchable(state: dict, seat: int) -> list[dict]:
    """Cars on the house track whose track has room for them."""
    yard = state["yards"][seat]
    return [c for c in yard["house"] if len(yard[way(seat, c)]) < TRACKS[way(seat, c)]]


def interchange_cut(state: dict, direction: str) -> list[dict]:
    """The cars an Extra made up at the Interchange takes: the first ones
    in its yard billed the way it runs (no sorting happens there)."""
    x = state["interchange"]
    if x is None:
        return []
    j = x["card"]
    ahead = [c for c in x["cars"] if (c["to"] <= j if direction == "west" else c["to"] >= j + 1)]
    return ahead[:EXTRA_ROOM]


def running_extra(state: dict, seat: int) -> dict | None:
    for t in state["trains"]:
        if t["kind"] == "extra" and t["owner"] == seat and t["status"] != "gone":
            return t
    return None


def lay_targets(state: dict, card: str) -> list[int]:
    """The Mainline cards a track card may be laid on now."""
    name = homeoffice.name(card)
    out = []
    for j, c in enumerate(state["cards"]):
        if name in ("Brakeman", "Helpers") and c["name"] == "Heavy Grade" and name not in c["mods"]:
            out.append(j)
        elif name == "Airbrakes" and c["name"] == "Heavy Grade" and "Brakeman" in c["mods"] and name not in c["mods"]:
            out.append(j)
        elif name == "Realignment" and c["name"] in division.REALIGNED and not traffic.on_card(state["trains"], j):
            out.append(j)
        elif name == "Slow Order" and name not in c["mods"]:
            out.append(j)
    return out


# -- checks (each raises Illegal with a sentence) -----------------------------------

def _working(state: dict, seat: int) -> None:
    if state["phase"] != "work" or state["turn"] != seat:
        raise Illegal("Finish your Draw option first: lay a track card, scrap a card or keep them.")


def _in_hand(state: dict, seat: int, card, names) -> str:
    if not homeoffice.is_card(card) or card not in state["hands"][seat]:
        raise Illegal("Play a Home Office card from your own hand.")
    if homeoffice.name(card) not in names:
        called = homeoffice.called(card)
        raise Illegal(f"{called[0].upper()}{called[1:]} cannot be played that way.")
    return card


def _car_ids(action) -> list:
    cars = action.get("cars")
    if not isinstance(cars, list) or not cars or not all(isinstance(c, str) for c in cars) or len(set(cars)) != len(cars):
        raise Illegal("Choose one or more cars, each once.")
    return cars


def check_couple(state: dict, seat: int, action: dict):
    _working(state, seat)
    t = train(state, action.get("train"))
    if t["status"] != "standing" or t["place"] != office(seat):
        raise Illegal(f"{traffic.label(t)} is not standing at your Office.")
    if t["kind"] == "extra" and t["owner"] != seat:
        raise Illegal(f"{traffic.label(t)} belongs to another Office: only its owner's cars ride it.")
    if t["cap"] == 0:
        raise Illegal(f"{traffic.label(t)} is a passenger train: it carries coaches only.")
    ids = _car_ids(action)
    track = {c["id"]: c for c in state["yards"][seat][t["dir"]]}
    if any(i not in track for i in ids):
        if any(i in {c["id"] for c in state["yards"][seat]["house"]} for i in ids):
            raise Illegal("Switch a car off the house track before you couple it to a train.")
        raise Illegal(f"{traffic.label(t)} runs {t['dir']}: couple only cars from your {t['dir']} track.")
    if len(ids) > room(t):
        raise Illegal(f"{traffic.label(t)} has room for {room(t)} more car{'s' if room(t) != 1 else ''}.")
    return t, [track[i] for i in ids]


def check_switch(state: dict, seat: int, action: dict) -> list[dict]:
    _working(state, seat)
    ids = _car_ids(action)
    house = {c["id"]: c for c in state["yards"][seat]["house"]}
    if any(i not in house for i in ids):
        raise Illegal("Switch only cars standing on your house track.")
    if len(ids) > SWITCH_CARS:
        raise Illegal(f"A switching move handles at most {SWITCH_CARS} cars.")
    cars = [house[i] for i in ids]
    yard = state["yards"][seat]
    for track in ("west", "east"):
        going = sum(1 for c in cars if way(seat, c) == track)
        if going and len(yard[track]) + going > TRACKS[track]:
            raise Illegal(f"Your {track} track has room for {TRACKS[track] - len(yard[track])} more car(s).")
    return cars


def check_hold(state: dict, seat: int, action: dict) -> dict:
    _working(state, seat)
    t = train(state, action.get("train"))
    if t["status"] != "standing" or t["place"] != office(seat):
        raise Illegal(f"{traffic.label(t)} is not standing at your Office.")
    if office(seat) in t["heldAt"]:
        raise Illegal(f"{traffic.label(t)} has already been held here once today: it must be let go.")
    return t


def check_draw(state: dict, seat: int) -> None:
    _working(state, seat)
    if not state["deck"] and not state["discard"]:
        raise Illegal("Every Home Office card is in a hand or on the Division: there is nothing to draw.")
    if len(state["hands"][seat]) >= HAND_LIMIT:
        raise Illegal(f"You hold {HAND_LIMIT} cards already: play one before you draw.")


def check_lay(state: dict, seat: int, action: dict):
    if state["phase"] != "lay" or state["turn"] != seat:
        raise Illegal("Track cards are laid during your Draw option, just after you draw.")
    card = _in_hand(state, seat, action.get("card"), homeoffice.TRACK)
    j = action.get("on")
    if not isinstance(j, int) or isinstance(j, bool) or not 0 <= j < len(state["cards"]):
        raise Illegal("Lay the card on one of the Mainline cards.")
    if j not in lay_targets(state, card):
        raise Illegal(_lay_refusal(state, card, j))
    return card, j


def _lay_refusal(state: dict, card: str, j: int) -> str:
    name, target = homeoffice.name(card), state["cards"][j]
    if name in ("Brakeman", "Helpers", "Airbrakes") and target["name"] != "Heavy Grade":
        return f"{name} goes only on the Heavy Grade."
    if name == "Airbrakes" and "Brakeman" not in target["mods"]:
        return "Airbrakes go on the Heavy Grade only once a Brakeman is there."
    if name == "Realignment" and target["name"] not in division.REALIGNED:
        return f"A Realignment cannot change the {target['name']}: only Plains, Curves, Uncontrolled Siding and Trestle."
    if name == "Realignment":
        return f"A Realignment goes only on an empty Mainline card: a train is on the {target['name']}."
    return f"That Mainline card already has {name} on it."


def check_scrap(state: dict, seat: int, action: dict) -> str:
    if state["phase"] != "lay" or state["turn"] != seat:
        raise Illegal("You may scrap a card only during your Draw option.")
    return _in_hand(state, seat, action.get("card"), homeoffice.TEXT)


def check_extra(state: dict, seat: int, action: dict):
    _working(state, seat)
    card = _in_hand(state, seat, action.get("card"), ("Extra",))
    direction, at = action.get("dir"), action.get("at")
    if direction not in ("west", "east"):
        raise Illegal("Say which way the Extra runs: west or east.")
    if running_extra(state, seat) is not None:
        raise Illegal("You already have an Extra on the Division: one at a time.")
    if at == "interchange":
        if state["interchange"] is None:
            raise Illegal("There is no Interchange on this Division: make up your Extra at your Office.")
        cars = interchange_cut(state, direction)
        if not cars:
            raise Illegal(f"No car in the Interchange yard is billed {direction}.")
        return card, direction, at, cars
    if at != "office":
        raise Illegal("Make up the Extra at your Office or at the Interchange.")
    ids = _car_ids(action)
    track = {c["id"]: c for c in state["yards"][seat][direction]}
    if any(i not in track for i in ids):
        raise Illegal(f"An Extra running {direction} is made up from the cars on your {direction} track.")
    if len(ids) > EXTRA_ROOM:
        raise Illegal(f"An Extra has room for {EXTRA_ROOM} cars.")
    return card, direction, at, [track[i] for i in ids]


def check_play(state: dict, seat: int, action: dict):
    _working(state, seat)
    card = _in_hand(state, seat, action.get("card"), ("Train Order", "Red Flag", "Tie-up", "Extra Crew"))
    name = homeoffice.name(card)
    if name == "Extra Crew":
        return card, None
    if name == "Tie-up":
        other = action.get("office")
        if not isinstance(other, int) or isinstance(other, bool) or not 0 <= other < state["n"] or other == seat:
            raise Illegal("Name another Office to tie up.")
        return card, other
    t = train(state, action.get("train"))
    if name == "Train Order":
        mine = t["status"] == "standing" and t["place"] == office(seat)
        yard = t["status"] == "yard" and t["owner"] == seat
        if not (mine or yard):
            raise Illegal("A Train Order goes to a train standing at your Office, or your own Extra in the Interchange yard.")
        if t["order"]:
            raise Illegal(f"{traffic.label(t)} already holds a Train Order.")
        return card, t
    if t["status"] != "standing" or t["place"] in (0, state["n"] + 1, office(seat)):
        raise Illegal("A Red Flag holds a train standing at another Office.")
    if t["place"] in t["heldAt"]:
        raise Illegal(f"{traffic.label(t)} has already been held at that Office once today.")
    return card, t


# -- the moves --------------------------------------------------------------------

def _from_hand(state: dict, seat: int, card: str) -> None:
    """A card leaves a hand; the just-drawn mark goes with it."""
    state["hands"][seat].remove(card)
    if state["drawn"][seat] == card:
        state["drawn"][seat] = None


def couple(state, seat, action, now):
    t, cars = check_couple(state, seat, action)
    for car in cars:
        state["yards"][seat][t["dir"]].remove(car)
        t["cars"].append(car)
    log.event(state, "couple", seat=seat, train=t["no"], cars=[c["id"] for c in cars],
              text=f"{division.TOWNS[seat]} couples {len(cars)} car{'s' if len(cars) > 1 else ''} to {traffic.label(t)}.")
    spend(state)


def switch(state, seat, action, now):
    cars = check_switch(state, seat, action)
    yard = state["yards"][seat]
    for car in cars:
        yard["house"].remove(car)
        yard[way(seat, car)].append(car)
    log.event(state, "switch", seat=seat, cars=[c["id"] for c in cars],
              text=f"{division.TOWNS[seat]} switches {len(cars)} car{'s' if len(cars) > 1 else ''} in its Small Yard.")
    spend(state)


def hold(state, seat, action, now):
    t = check_hold(state, seat, action)
    t["held"] = state["stage"]
    t["heldAt"].append(office(seat))
    log.event(state, "hold", seat=seat, train=t["no"], text=f"{division.TOWNS[seat]} holds {traffic.label(t)} for a Stage.")
    spend(state)


def draw(state, seat, action, now):
    check_draw(state, seat)
    if not state["deck"]:
        # The discards are shuffled into a new deck, from the seed.
        state["reshuffles"] += 1
        state["deck"] = deck.shuffled(sorted(state["discard"]), f"{state['seed']}:reshuffle:{state['reshuffles']}")
        state["discard"] = []
        log.event(state, "reshuffle", text="The Home Office deck is made up again from the discards.")
    card = state["deck"].pop()
    state["hands"][seat].append(card)
    state["drawn"][seat] = card
    state["phase"] = "lay"
    log.event(state, "drew", seat=seat, text=f"{division.TOWNS[seat]} takes the Draw option.")
    log.event(state, "drawn", to=[seat], card=card, text=f"You draw {homeoffice.called(card)}.")
    state["movesLeft"] -= 1
    state["moveNo"] += 1


def _close_draw(state: dict) -> None:
    state["phase"] = "work"
    state["moveNo"] += 1
    if state["movesLeft"] <= 0:
        end_turn(state)


def lay(state, seat, action, now):
    card, j = check_lay(state, seat, action)
    _from_hand(state, seat, card)
    target, name = state["cards"][j], homeoffice.name(card)
    if name == "Realignment":
        was = target["name"]
        target["name"] = division.REALIGNED[was]
        text = f"{division.TOWNS[seat]} realigns the {was}: it is now {target['name']}."
    else:
        target["mods"].append(name)
        text = f"{division.TOWNS[seat]} lays {name} on the {target['name']}."
    log.event(state, "lay", seat=seat, card=card, on=j, text=text)
    _close_draw(state)


def scrap(state, seat, action, now):
    card = check_scrap(state, seat, action)
    _from_hand(state, seat, card)
    log.event(state, "scrap", seat=seat, card=card, text=f"{division.TOWNS[seat]} scraps {homeoffice.called(card)}: it is out of the day.")
    _close_draw(state)


def keep(state, seat, action, now):
    if state["phase"] != "lay" or state["turn"] != seat:
        raise Illegal("There is no Draw option to finish.")
    _close_draw(state)


def extra(state, seat, action, now):
    card, direction, at, cars = check_extra(state, seat, action)
    _from_hand(state, seat, card)
    state["discard"].append(card)
    no = state["extraNo"][direction]
    state["extraNo"][direction] = no + 2
    t = timetable.new_train(no, direction, "extra", state["stage"], owner=seat)
    t["cap"] = EXTRA_ROOM
    if at == "interchange":
        x = state["interchange"]
        for car in cars:
            x["cars"].remove(car)
            car["for"] = seat
        t.update(status="yard", yard=x["card"], since=state["stage"])
        where = "in the Interchange yard"
    else:
        for car in cars:
            state["yards"][seat][direction].remove(car)
        t.update(status="standing", place=office(seat), since=state["stage"])
        where = f"at {division.TOWNS[seat]}"
    t["cars"] = list(cars)
    state["trains"].append(t)
    log.event(state, "extra", seat=seat, train=no,
              text=f"{division.TOWNS[seat]} makes up {traffic.label(t)} {where} with {len(cars)} car{'s' if len(cars) > 1 else ''}.")
    spend(state)


def play(state, seat, action, now):
    card, target = check_play(state, seat, action)
    name = homeoffice.name(card)
    _from_hand(state, seat, card)
    if name != "Extra Crew":
        # A called crew is spent for the day: it never comes back in a reshuffle.
        state["discard"].append(card)
    if name == "Extra Crew":
        state["movesLeft"] += CREW_MOVES
        text = f"{division.TOWNS[seat]} calls an Extra Crew: two more moves this turn."
    elif name == "Tie-up":
        state["tieups"][target] += 1
        text = f"{division.TOWNS[seat]} plays a Tie-up on {division.TOWNS[target]}: one move fewer next turn."
    elif name == "Train Order":
        target["order"] = True
        text = f"{division.TOWNS[seat]} gives {traffic.label(target)} a Train Order: it has the right over every other train."
    else:
        target["held"] = state["stage"]
        target["heldAt"].append(target["place"])
        text = f"{division.TOWNS[seat]} shows {traffic.label(target)} a Red Flag: it is held this Stage."
    log.event(state, "play", seat=seat, card=card, text=text)
    spend(state)


def done(state, seat, action, now):
    _working(state, seat)
    end_turn(state)


MOVES = {
    "switch": switch, "couple": couple, "hold": hold, "draw": draw, "lay": lay, "scrap": scrap, "keep": keep,
    "extra": extra, "play": play, "done": done,
}


# -- what a seat may do now (the view's "can") ------------------------------------

def _legal(fn, *args) -> bool:
    try:
        fn(*args)
    except Illegal:
        return False
    return True


def can(state: dict, seat) -> dict:
    """Every move this seat may make now, built from the same checks the
    moves use."""
    if seat is None or state["phase"] == "over" or state["turn"] != seat:
        return {}
    hand = state["hands"][seat]
    if state["phase"] == "lay":
        lays = [{"card": c, "on": lay_targets(state, c)} for c in hand if homeoffice.name(c) in homeoffice.TRACK]
        return {"lay": [x for x in lays if x["on"]], "scrap": list(hand), "keep": True}
    here = at_office(state, seat)
    out = {"switch": [c["id"] for c in switchable(state, seat)], "couple": [], "hold": [],
           "draw": _legal(check_draw, state, seat), "extra": [], "play": [], "done": True}
    for t in here:
        cars = couplable(state, seat, t)
        if cars and _legal(check_couple, state, seat, {"train": t["no"], "cars": [cars[0]["id"]]}):
            out["couple"].append({"train": t["no"], "room": room(t), "cars": [c["id"] for c in cars]})
        if _legal(check_hold, state, seat, {"train": t["no"]}):
            out["hold"].append(t["no"])
    extras = [c for c in hand if homeoffice.name(c) == "Extra"]
    if extras and running_extra(state, seat) is None:
        for direction in ("west", "east"):
            cars = [c["id"] for c in state["yards"][seat][direction]]
            if cars:
                out["extra"].append({"card": extras[0], "at": "office", "dir": direction, "cars": cars, "room": EXTRA_ROOM})
            cut = [c["id"] for c in interchange_cut(state, direction)]
            if cut:
                out["extra"].append({"card": extras[0], "at": "interchange", "dir": direction, "cars": cut, "room": EXTRA_ROOM})
    for c in hand:
        name = homeoffice.name(c)
        if name == "Tie-up" and state["n"] > 1:
            out["play"].append({"card": c, "offices": [s for s in range(state["n"]) if s != seat]})
        elif name == "Extra Crew":
            out["play"].append({"card": c})
        elif name in ("Train Order", "Red Flag"):
            trains = [t["no"] for t in state["trains"] if _legal(check_play, state, seat, {"card": c, "train": t["no"]})]
            if trains:
                out["play"].append({"card": c, "trains": trains})
    return out


# -- every move a seat may make now (the contract's legal) ---------------------------

def selections(ids: list, most: int) -> list[list]:
    """Every choice of one to ``most`` of these cars, each once and in each
    order, fewest first: a couple, a switch or an Extra takes its cars in the
    order named, and that is the order they then stand on the train or
    track. (A track holds three cars at most, so a train's list is 15 at the
    most.)"""
    return [list(p) for k in range(1, min(most, len(ids)) + 1) for p in permutations(ids, k)]


def legal(state: dict, seat) -> list[dict]:
    """Every move this seat may make now, each as ``MOVES`` takes it, built
    from ``can`` (and so from the checks the moves make): at its Office each
    switch, couple, hold, the Draw option, each Extra, each card played and
    done; during a Draw option each track card laid where it may go, each
    card scrapped, and keep. Cars are named in every order they may be taken
    (``selections``); an Extra is made up with the first Extra card in hand,
    as its copies are alike."""
    c = can(state, seat)
    if not c:
        return []
    if state["phase"] == "lay":
        out = [{"type": "lay", "card": x["card"], "on": j} for x in c["lay"] for j in x["on"]]
        out += [{"type": "scrap", "card": card} for card in c["scrap"]]
        return out + [{"type": "keep"}]
    out = [{"type": "switch", "cars": ids} for ids in selections(c["switch"], SWITCH_CARS)
           if len(ids) == 1 or _legal(check_switch, state, seat, {"cars": ids})]
    for x in c["couple"]:
        out += [{"type": "couple", "train": x["train"], "cars": ids} for ids in selections(x["cars"], x["room"])]
    out += [{"type": "hold", "train": no} for no in c["hold"]]
    if c["draw"]:
        out.append({"type": "draw"})
    for x in c["extra"]:
        # (At the Interchange the cut is the first cars billed its way: nobody chooses them.)
        cuts = [x["cars"]] if x["at"] == "interchange" else selections(x["cars"], x["room"])
        out += [{"type": "extra", "card": x["card"], "at": x["at"], "dir": x["dir"], "cars": ids} for ids in cuts]
    for x in c["play"]:
        if "offices" in x:
            out += [{"type": "play", "card": x["card"], "office": o} for o in x["offices"]]
        elif "trains" in x:
            out += [{"type": "play", "card": x["card"], "train": no} for no in x["trains"]]
        else:
            out.append({"type": "play", "card": x["card"]})
    return out + [{"type": "done"}]
