"""Points, the day's goal and the result, for every preset (all ours).

A car set out where it is billed scores for the Office it was forwarded by
(an Interchange car, for the owner of the Extra that carried it): 2 points to
a Division Point, 1 to an Office. When the table scores together, every
scheduled train that reaches its far Division Point on time adds 2, and the
table wins if its points reach the day's goal: 8 points for every 5 loads
the day brings (7 for a gentle goal, 9 for a stiff one), less a point for
every Office after the first.
"""

from __future__ import annotations

from tables import log, rounds

from . import division, timetable

TO_POINT = 2
TO_OFFICE = 1
ON_TIME = 2

# Points the table must make for every five loads of the day, by the answer
# to "How high is the goal?".
GOAL_PER_FIVE_LOADS = {"gentle": 7, "standard": 8, "stiff": 9}


def value(n: int, place: int) -> int:
    """What a car is worth set out at this place."""
    return TO_POINT if place in (0, n + 1) else TO_OFFICE


def goal(n: int, stages: int, level: str) -> int:
    """The points the table must reach by the end of the day: so many for
    every five loads the Offices receive (two each at the start, then
    three every Stage from the second until three before the end), less a
    point for every Office after the first, since a longer Division with
    more Offices sharing its trains delivers a little less of what comes in."""
    loads = timetable.loads_in_day(n, stages)
    return (GOAL_PER_FIVE_LOADS[level] * loads + 2) // 5 - (n - 1)


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
