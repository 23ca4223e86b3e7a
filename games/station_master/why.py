"""A Station Master hint in words: the move as its button says it
(``words.say``, the table's own labels), then what it does for you, read
from your Office's view with the bots' own reckoning (``estimates``): the Stage
a train should set your cars out by and the points they earn, cars sorted
for a train standing at your Office, a train held for cars still to come,
a track card that speeds the Division, a hindering card aimed at the
leading Office."""

from __future__ import annotations

from engine.why import counted, sentence

from . import division, estimates, homeoffice, words


def reason(v: dict, move: dict) -> str:
    """The hint's sentence for ``move``, one of the moves ``v`` offers."""
    does = {"couple": _couple, "switch": _switch, "hold": _hold, "draw": _draw, "lay": _lay, "scrap": _scrap,
            "keep": _keep, "extra": _extra, "play": _play, "done": _done}.get(move["type"], _done)
    return sentence(label(v, move), does(v, move))


def label(v: dict, move: dict) -> str:
    """The move as its button reads (the board's move buttons show
    ``words.say``)."""
    return words.say(move)


def _earns(v: dict, points: int) -> str:
    """"earning your Office 3 points" (or your table, scoring together)."""
    whose = "your table" if v["scoring"] == "together" else "your Office"
    return f"earning {whose} {points} point{'s' if points != 1 else ''}"


def _place(v: dict, place: int) -> str:
    """"Ashford", "the East Division Point"."""
    name = division.place_name(v["n"], place)
    return f"the {name}" if name in (division.WEST_POINT, division.EAST_POINT) else name


def _delivers(v: dict, train: dict, cars: list[dict], named: str) -> str:
    """Where and by when a train (``named``) sets these cars out, and what
    they earn."""
    them = "it" if len(cars) == 1 else "them"
    due = {c["id"]: estimates.eta(v, train, c["to"], "hard") for c in cars}
    home = sorted((c for c in cars if due[c["id"]] <= v["stages"]), key=lambda c: due[c["id"]])
    if not home:
        return f"{named} takes {them} on toward {_place(v, cars[0]['to'])}, clearing your track"
    where = " and ".join(dict.fromkeys(_place(v, c["to"]) for c in home))
    points = sum(estimates.car_value(v, c) for c in home)
    late = "" if len(home) == len(cars) else ", though not every car gets there before the day ends"
    return f"{named} should set {them} out at {where} by Stage {due[home[-1]['id']]}, {_earns(v, points)}{late}"


def _couple(v: dict, move: dict) -> str:
    yard = estimates.yard(v, v["seat"])
    train = estimates.trains(v)[move["train"]]
    return _delivers(v, train, [yard[i] for i in move["cars"]], words.train_name(train["no"]))


def _switch(v: dict, move: dict) -> str:
    seat, home = v["seat"], v["seat"] + 1
    yard = estimates.yard(v, seat)
    cars = [yard[i] for i in move["cars"]]
    ways = {"west" if c["to"] < home else "east" for c in cars}
    them = "it" if len(cars) == 1 else "them"
    for t in v["trains"]:
        if (t["status"] == "standing" and t["place"] == home and t["dir"] in ways and t["cap"] > len(t["cars"])
                and (t["kind"] != "extra" or t["owner"] == seat)):
            return f"{words.train_name(t['no'])} is standing at your Office, and you can couple {them} to it with your next move"
    they = "it" if len(cars) == 1 else "they"
    return f"{they} will be ready for the next train going {' or '.join(sorted(ways))}, and your house track gets room for new loads"


def _hold(v: dict, move: dict) -> str:
    train = estimates.trains(v)[move["train"]]
    home = v["seat"] + 1
    house = v["offices"][v["seat"]]["yard"]["house"]
    going = [c for c in house if (c["to"] < home) == (train["dir"] == "west")]
    name = words.train_name(train["no"])
    if going:
        them = "it" if len(going) == 1 else "them"
        return (f"{name} waits while you switch the {counted(len(going), 'car')} on your house track going "
                f"{train['dir']} and couple {them} to it next Stage")
    return f"{name} waits a Stage at your Office, so you can still load it before it leaves"


def _draw(v: dict, move: dict) -> str:
    return "you have a move to spare, and a Home Office card may speed your trains or carry your cars"


def _lay(v: dict, move: dict) -> str:
    name = homeoffice.name(move["card"])
    card = v["cards"][move["on"]]
    if name in ("Brakeman", "Airbrakes"):
        return "downhill crossings of the Heavy Grade take a Stage less, so your cars get through it sooner"
    if name == "Helpers":
        return "uphill crossings of the Heavy Grade take a Stage less, so your cars get through it sooner"
    if name == "Realignment":
        now = division.REALIGNED.get(card["name"], card["name"])
        return f"the {card['name']} becomes {now}, so trains carrying your cars get across it sooner"
    return "every crossing of it takes a Stage more, and it lies far from your Office, so it slows the others' trains more than yours"


def _scrap(v: dict, move: dict) -> str:
    return f"your hand is full, and you'll find no use for the {homeoffice.name(move['card'])} today"


def _keep(v: dict, move: dict) -> str:
    if not any(h["track"] for h in v.get("hand", [])):
        return "you hold no track card to lay, and every card you hold may still be of use"
    return "none of your track cards would help the Division now, so you keep them for later"


def _extra(v: dict, move: dict) -> str:
    probe = {"dir": move["dir"], "cls": "Slow", "coaches": 0,
             "status": "standing", "place": v["seat"] + 1, "left": 0, "card": None, "yard": None}
    if move["at"] == "interchange":
        probe.update(status="yard", yard=v["interchange"]["card"])
        pool = {c["id"]: c for c in v["interchange"]["cars"]}
    else:
        pool = estimates.yard(v, v["seat"])
    cars = [pool[i] for i in move["cars"]]
    return _delivers(v, probe, cars, "your own Extra")


def _play(v: dict, move: dict) -> str:
    name = homeoffice.name(move["card"])
    if name == "Extra Crew":
        return "you can switch and couple the cars waiting in your yard before your turn ends"
    if name == "Tie-up":
        return f"{division.TOWNS[move['office']]} leads, and a move fewer in its next turn lets you catch up"
    train = estimates.trains(v)[move["train"]]
    named = words.train_name(train["no"])
    if name == "Train Order":
        if v["scoring"] == "together" and train["kind"] != "extra" and train.get("late", 0) >= 1:
            return f"{named} is running late, and going first gets it to the far end on time, with 2 points for your table"
        return f"your cars on {named} get home sooner"
    return f"{named} stands a Stage longer with the other Offices' cars on it, while your cars go on"


def _done(v: dict, move: dict) -> str:
    return "none of the moves you have left would earn you anything this turn"
