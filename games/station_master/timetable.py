"""The day: its length, the scheduled trains with their times, and the
waybills that bring loads to the Offices and the Interchange (all ours).

Every scheduled train enters at a Division Point: odd numbers at the East
Division Point running west, even numbers at the West running east. A
train's time at each place is the Stage it is due to stand there, worked
out from the Mainline as dealt; its time at the far Division Point has one
Stage of grace.
"""

from __future__ import annotations

from engine import deck

from . import division

DAY = {"short": -4, "standard": 0, "long": 4}
GRACE = 1            # Stages a train may run behind its time and still be on time at the far end
FIRST_LOADS = 2      # cars in each Small Yard when the day starts
LOADS_PER_STAGE = 3  # loads that come in each Stage, dealt round the Offices
LOADS_STOP = 3       # no new loads in the day's last three Stages

# Fast passenger trains carry coaches only; Slow freights carry cars only; a
# Slow mixed train carries one coach and a few cars.
KINDS = {
    "passenger": {"cls": "Fast", "coaches": 3, "cap": 0},
    "freight": {"cls": "Slow", "coaches": 0, "cap": 5},
    "mixed": {"cls": "Slow", "coaches": 1, "cap": 3},
}

# Destinations on waybills, relative to where the load appears: the far
# Division Points, or the nearest stop either way. Counts per ten waybills.
WAYBILL_MIX = (("W", 4), ("E", 4), ("w", 1), ("e", 1))



# Each pair of scheduled trains: kind, the westbound's number (the eastbound
# is one more) and the earliest start as a share of the day; each
# direction's start is then rolled up to a Stage later.
PAIRS = (
    ("passenger", 1, 0.0),
    ("freight", 51, 0.0),
    ("mixed", 21, 0.2),
    ("freight", 53, 0.3),
    ("passenger", 3, 0.45),
    ("freight", 55, 0.6),
    ("mixed", 23, 0.7),
)


def stages(n: int, day: str) -> int:
    """How many Stages the day lasts: 48 less six for every Office, since
    every Stage goes round every Office and a bigger table's Stage takes
    longer; a short day has four fewer, a long day four more."""
    return 48 - 6 * n + DAY[day]


def schedule(n: int, stages_in_day: int) -> list[tuple[str, int, int]]:
    """(kind, west number, earliest start) for each pair of scheduled trains."""
    return [(kind, no, 1 + int(share * stages_in_day)) for kind, no, share in PAIRS]


def make_trains(n: int, seed: str, cards: list[dict], stages_in_day: int) -> list[dict]:
    """The day's scheduled trains, each with its times, in timetable order."""
    roll = deck.Stream(f"{seed}:timetable")
    trains = []
    for kind, west_no, earliest in schedule(n, stages_in_day):
        for no, direction in ((west_no, "west"), (west_no + 1, "east")):
            train = new_train(no, direction, kind, earliest + roll.below(2), owner=None)
            train["due"] = times(n, cards, train)
            trains.append(train)
    trains.sort(key=lambda t: (t["start"], t["no"]))
    return trains


def new_train(no: int, direction: str, kind: str, start: int, owner) -> dict:
    spec = KINDS.get(kind, {"cls": "Slow", "coaches": 0, "cap": 4})
    return {
        "no": no, "dir": direction, "kind": kind, "cls": spec["cls"], "coaches": spec["coaches"],
        "cap": spec["cap"], "cars": [], "owner": owner, "start": start, "due": None,
        "status": "due", "place": None, "card": None, "left": 0, "yard": None,
        "held": 0, "heldAt": [], "order": False, "arrived": None, "onTime": None,
        "since": 0, "wait": None, "waitFor": None, "sided": False,
    }


def origin(n: int, direction: str) -> int:
    return n + 1 if direction == "west" else 0


def terminus(n: int, direction: str) -> int:
    return 0 if direction == "west" else n + 1


def times(n: int, cards: list[dict], train: dict) -> list:
    """The Stage the train is due to stand at each place on its run (None
    where it never goes); the far Division Point's time includes the grace."""
    due = [None] * (n + 2)
    place, stage = origin(n, train["dir"]), train["start"]
    due[place] = stage
    end = terminus(n, train["dir"])
    while place != end:
        j = division.card_ahead(place, train["dir"])
        cost = division.crossing(cards[j], train)
        place = division.place_beyond(j, train["dir"])
        stage += cost
        due[place] = stage
    due[end] = due[end] - 1 + GRACE
    return due


def loads_in_day(n: int, stages_in_day: int) -> int:
    """How many loads the Offices receive in a day."""
    return n * FIRST_LOADS + (stages_in_day - LOADS_STOP - 1) * LOADS_PER_STAGE


def waybills(n: int, seed: str, stages_in_day: int, with_interchange: bool) -> list[str]:
    """The face-down waybill pile, enough for every load of the day: each
    waybill is its car's number and where it is billed, ``"wb7:E"``."""
    loading = stages_in_day - LOADS_STOP - 1
    count = loads_in_day(n, stages_in_day) + (loading if with_interchange else 0)
    bag = [to for to, k in WAYBILL_MIX for _ in range(k)]
    roll = deck.Stream(f"{seed}:waybills")
    return [f"wb{i}:{bag[roll.below(len(bag))]}" for i in range(count)]


def resolve(n: int, place, to: str, interchange_card: int | None = None) -> int:
    """The place a waybill's destination names, read from where the load
    comes in: an Office's place, or the Interchange on card j, whose nearest
    stops are places j (west) and j + 1 (east)."""
    if interchange_card is not None:
        j = interchange_card
        return {"W": 0, "E": n + 1, "w": j, "e": j + 1}[to]
    return {"W": 0, "E": n + 1, "w": place - 1, "e": place + 1}[to]


def loads_today(stage: int, stages_in_day: int) -> bool:
    """Whether new loads come in at this Stage (not in the day's last three)."""
    return 2 <= stage <= stages_in_day - LOADS_STOP
