"""Points, the day's goal and the result, for every preset (all ours).

A car set out where it is billed scores for the Office it was forwarded by
(an Interchange car, for the owner of the Extra that carried it): 2 points to
a Division Point, 1 to an Office. When the table scores together, every
scheduled train that reaches its far Division Point on time adds 2, and the
table wins if its points reach the day's goal: so many points for every 10
loads the day brings, by the number of Offices (18 at two or three, 16 at
one, 15 at four), two fewer for a gentle goal and two more for a stiff one.
"""

from __future__ import annotations

from engine import log, rounds

from . import division, timetable

TO_POINT = 2
TO_OFFICE = 1
ON_TIME = 2

# Points the table must make for every ten loads of the day at a standard
# goal, by the number of Offices, and how the answer to "How high is the
# goal?" moves it. One Office loses loads by truck when its house track
# fills; four share the longest Division in the shortest day, so less of
# what comes in reaches its far end.
GOAL_PER_TEN_LOADS = {1: 16, 2: 18, 3: 18, 4: 15}
GOAL_STEP = {"gentle": -2, "standard": 0, "stiff": 2}


def value(n: int, place: int) -> int:
    """What a car is worth set out at this place."""
    return TO_POINT if place in (0, n + 1) else TO_OFFICE


def goal(n: int, stages: int, level: str) -> int:
    """The points the table must reach by the end of the day: so many for
    every ten loads the Offices receive (two each at the start, then three
    every Stage from the second until three before the end), by the number
    of Offices and the answer to "How high is the goal?", rounded to the
    nearest point."""
    loads = timetable.loads_in_day(n, stages)
    per_ten = GOAL_PER_TEN_LOADS[n] + GOAL_STEP[level]
    return (per_ten * loads + 5) // 10


def set_out(state: dict, train: dict, cars: list[dict], place: int) -> None:
    """Cars set out where they are billed: each scores for the Office that
    forwarded it. One line in the log for the lot."""
    n = state["n"]
    points = value(n, place)
    by_office = [0] * n
    for car in cars:
        seat = car["for"]
        state["points"][seat] += points
        state["table"] += points
        state["delivered"][seat] += 1
        by_office[seat] += points
    who = ", ".join(f"{division.TOWNS[s]} {p}" for s, p in enumerate(by_office) if p)
    total = points * len(cars)
    log.event(state, "delivered", train=train["no"], place=place, cars=len(cars), points=by_office,
              text=f"{len(cars)} car{'s' if len(cars) > 1 else ''} set out at {division.place_name(n, place)}: "
                   f"{total} point{'s' if total > 1 else ''} ({who}).")


def on_time(state: dict, train: dict) -> None:
    """A scheduled train reached its far Division Point on time."""
    if state["rules"]["scoring"] == "together":
        state["table"] += ON_TIME
        log.event(state, "on-time", train=train["no"], points=ON_TIME,
                  text=f"No. {train['no']} is in on time: {ON_TIME} points for the table.")


def result(state: dict) -> dict | None:
    if state["phase"] != "over":
        return None
    n = state["n"]
    if state["rules"]["scoring"] == "together":
        won = state["table"] >= state["goal"]
        return {"places": [1] * n, "scores": [state["table"]] * n, "won": won, "goal": state["goal"]}
    return {"places": rounds.places(state["points"]), "scores": list(state["points"])}
