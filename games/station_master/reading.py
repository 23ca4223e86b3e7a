"""The board in words: what each Mainline card does, how long each train
takes over it, where a train is and how it is running, and how the day's
points stand. The view carries these sentences so the browser only draws
them: every fact here comes from the rules' own modules.
"""

from __future__ import annotations

from . import division, scoring, traffic

# One train of each sort, to ask the rules how long a crossing takes: Fast
# passenger trains have coaches, Slow mixed trains one coach, Slow freights
# and Extras none (Hilly tells them apart).
SORTS = (
    ("Fast", {"cls": "Fast", "coaches": 3}),
    ("Slow mixed", {"cls": "Slow", "coaches": 1}),
    ("Slow freight", {"cls": "Slow", "coaches": 0}),
)

DOES = {
    "Plains": "Open running.",
    "Curves": "Slow going through the curves.",
    "Hilly": "Quicker for a train with a coach than for one with none.",
    "Heavy Grade": "Climbs one way and falls the other; Brakeman, Airbrakes and Helpers speed it up.",
    "Double Track": "Trains may meet and pass here.",
    "Uncontrolled Siding": "Trains may meet and pass here, but the one that takes the siding loses a Stage.",
    "Tunnel": "Slow going through the tunnel.",
    "Trestle": "Open running over the trestle.",
    "Interchange": "Cars come into its yard; an Extra may be made up there.",
}

MODS = {
    "Brakeman": "Brakeman: downhill one Stage quicker.",
    "Airbrakes": "Airbrakes: downhill one more Stage quicker.",
    "Helpers": "Helpers: uphill one Stage quicker.",
    "Slow Order": "Slow Order: every crossing one Stage slower.",
}


def stages(k: int) -> str:
    return f"{k} Stage{'s' if k != 1 else ''}"


def speed(card: dict) -> str:
    if card["name"] == "Hilly":
        return "60 mph with a coach, 30 mph without"
    return f"{division.SPEED[card['name']]} mph"


def limit(card: dict) -> str:
    """The card's speed as its speed board shows it: "60", or "60/30" on
    Hilly (with a coach, without)."""
    return "60/30" if card["name"] == "Hilly" else str(division.SPEED[card["name"]])


def times(card: dict) -> dict:
    """Stages each sort of train takes over the card, each way: Slow mixed
    and Slow freight as one Slow unless Hilly tells them apart."""
    ways = {}
    for direction in ("west", "east"):
        took = {label: division.crossing(card, {**train, "dir": direction}) for label, train in SORTS}
        if took["Slow mixed"] == took["Slow freight"]:
            took = {"Fast": took["Fast"], "Slow": took["Slow mixed"]}
        ways[direction] = took
    return ways


def crossing(card: dict) -> str:
    """How long each sort of train takes over the card, each way where the
    ways differ: "Fast 1 Stage · Slow 2 Stages"."""
    ways = {d: " · ".join(f"{label} {stages(k)}" for label, k in took.items()) for d, took in times(card).items()}
    if ways["west"] == ways["east"]:
        return ways["west"]
    return f"West: {ways['west']}. East: {ways['east']}."


def stage_board(card: dict) -> list[dict]:
    """The crossing times as the card's board shows them, in Stages: one
    row, or a row each way where the ways differ ("way" then names it)."""
    ways = times(card)
    rows = [{"way": d, "times": [[label, k] for label, k in took.items()]} for d, took in ways.items()]
    if ways["west"] == ways["east"]:
        return [{"way": None, "times": rows[0]["times"]}]
    return rows


def the(n: int, place: int) -> str:
    """A place in a sentence: "the West Division Point", "Ashford"."""
    name = division.place_name(n, place)
    return f"the {name}" if place in (0, n + 1) else name


def between(n: int, j: int) -> str:
    return f"between {the(n, j)} and {the(n, j + 1)}"


def card_words(n: int, card: dict, j: int) -> dict:
    out = {
        "speed": speed(card), "limit": limit(card), "crossing": crossing(card), "stageBoard": stage_board(card), "does": DOES[card["name"]],
        "between": between(n, j), "modWords": [MODS[m] for m in card["mods"]],
    }
    if card["name"] != card["printed"]:
        out["realigned"] = f"Realigned: was {card['printed']}, now {card['name']}."
    if "up" in card:
        out["uphill"] = f"Uphill to the {card['up']}"
    return out


def consist(t: dict) -> str:
    if t["cap"] == 0:
        return f"{t['coaches']} coaches, no room for cars"
    coach = f"{t['coaches']} coach, " if t["coaches"] else ""
    return f"{coach}{len(t['cars'])} of {t['cap']} cars"


KIND_WORDS = {"passenger": "passenger", "mixed": "mixed", "freight": "freight", "extra": "Extra"}


def condition(stage: int, t: dict, late: int | None) -> tuple[str, str]:
    """How the train is running, as the board says it, and which of the
    board's marks it wears: "on-time", "late", "held", "extra" (an Extra
    keeps no timetable), "due" or "gone"."""
    if t["status"] == "due":
        return "due", f"due on at Stage {t['start']}"
    if t["status"] == "gone":
        if t["kind"] == "extra":
            return "gone", "tied up"
        return "gone", "in on time" if t["onTime"] else "in late"
    if t["held"] == stage:
        return "held", "held this Stage"
    if t["kind"] == "extra":
        return "extra", "running extra"
    if late:
        return "late", f"{stages(late)} late"
    return "on-time", "on time"


def where(state: dict, t: dict) -> str:
    n = state["n"]
    if t["status"] == "standing":
        return f"at {the(n, t['place'])}"
    if t["status"] == "running":
        return f"on the {state['cards'][t['card']]['name']}, {stages(t['left'])} to go"
    if t["status"] == "yard":
        return "in the Interchange yard"
    if t["status"] == "gone":
        return "off the Division"
    return f"due on at {the(n, n + 1 if t['dir'] == 'west' else 0)}"


def train_words(state: dict, t: dict, late: int | None) -> dict:
    stage = state["stage"]
    mark, words = condition(stage, t, late)
    out = {
        "where": where(state, t),
        "way": t["dir"].capitalize(), "sort": f"{t['cls']} {KIND_WORDS[t['kind']]}", "consist": consist(t),
        "condition": words, "mark": mark,
        # The number the board writes on the train, its way shown by an arrow.
        "plate": f"Extra {t['no']}" if t["kind"] == "extra" else traffic.label(t),
        # The timetable flashes a train due somewhere this Stage (none once the day is over).
        "comingDue": state["phase"] != "over" and t["status"] != "gone" and t["due"] is not None and stage in t["due"],
    }
    if t["status"] == "running":
        out["ahead"] = f"{stages(t['left'])} to go"
    if t["owner"] is not None:
        out["ownerOffice"] = division.TOWNS[t["owner"]]
    return out


def cars_words(points: int, cars: int) -> str:
    """What cars earned, split by where they were set out: each scores 2 at
    a Division Point and 1 at an Office, so the split follows from the
    points and the count."""
    if not cars:
        return "no cars set out"
    far = points - cars * scoring.TO_OFFICE
    near = cars - far
    parts = [f"{k} at {where}" for k, where in ((far, "a Division Point"), (near, "an Office")) if k]
    return f"{cars} car{'s' if cars != 1 else ''} set out ({', '.join(parts)})"


def score_words(state: dict) -> dict:
    """How the day's points stand: the table against its goal, or each
    Office's points, best first, with what earned them."""
    n = state["n"]
    on_time = sum(1 for t in state["trains"] if t["kind"] != "extra" and t["onTime"])
    over = state["phase"] == "over"
    if state["rules"]["scoring"] == "together":
        table, goal = state["table"], state["goal"]
        by_cars = table - on_time * scoring.ON_TIME
        cars = sum(state["delivered"])
        # Only what has earned something is named ("no cars set out for 0" said nothing).
        parts = [f"{cars_words(by_cars, cars)} for {by_cars}"] if cars else []
        if on_time:
            parts.append(f"{on_time} train{'s' if on_time != 1 else ''} in on time for {on_time * scoring.ON_TIME}")
        earned = ", ".join(parts) or ("nothing earned" if over else "nothing earned yet")
        if over:
            line = (f"Won: {table} points against a goal of {goal}, {table - goal} over." if table >= goal
                    else f"Lost: {table} points against a goal of {goal}, {goal - table} short.")
        else:
            line = f"{table} of {goal} points" + (": the goal is reached." if table >= goal else f": {goal - table} to go.")
        return {"together": True, "line": line, "earned": earned, "table": table, "goal": goal,
                "won": table >= goal}
    offices = sorted(range(n), key=lambda s: -state["points"][s])
    rows = [{"seat": s, "office": division.TOWNS[s], "points": state["points"][s],
             "earned": cars_words(state["points"][s], state["delivered"][s])}
            for s in offices]
    best = rows[0]["points"]
    leaders = [r["office"] for r in rows if r["points"] == best]
    lead = " and ".join(leaders)
    if not best and not over:
        line = "No points yet."
    elif len(leaders) > 1:
        line = f"{lead} {'share the day' if over else 'share the lead'} with {best} points."
    else:
        line = f"{lead} {'wins' if over else 'leads'} with {best} points."
    return {"together": False, "line": line, "offices": rows}
