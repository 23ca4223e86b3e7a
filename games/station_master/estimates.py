"""How Station Master's bots read their view: when a train should reach
a place, what a car is worth, a seat's yard, whether a train gets a car
home before the day ends. The bots decide by them and the hints say why
by them."""

from __future__ import annotations

from . import division, scoring

# Stages a bot expects a Slow train to lose waiting for the track, per card.
WAIT_GUESS = {"easy": 0.0, "medium": 0.5, "hard": 0.5}


def trains(v) -> dict:
    return {t["no"]: t for t in v["trains"]}


def eta(v, train: dict, place: int, level: str = "medium") -> int:
    """The Stage by whose movement this train should reach a place, if it
    leaves on time from where it is now."""
    if train["status"] == "running":
        here = division.place_beyond(train["card"], train["dir"])
        stage = v["stage"] + train["left"] - 1
    elif train["status"] == "yard":
        j = train["yard"]
        here = division.place_beyond(j, train["dir"])
        stage = v["stage"] + division.crossing(v["cards"][j], train) - 1
    else:
        here, stage = train["place"], v["stage"] - 1
    guess = WAIT_GUESS[level] if train["cls"] == "Slow" else 0.0
    extra = 0.0
    while here != place:
        j = division.card_ahead(here, train["dir"])
        if not 0 <= j < len(v["cards"]):
            return 10 ** 6
        stage += division.crossing(v["cards"][j], train)
        extra += guess
        here = division.place_beyond(j, train["dir"])
    return stage + int(extra + 0.5)


def car_value(v, car) -> int:
    return scoring.value(v["n"], car["to"])


def yard(v, seat) -> dict:
    return {c["id"]: c for cars in v["offices"][seat]["yard"].values() for c in cars}


def home(v, car, t, level) -> bool:
    return eta(v, t, car["to"], level) <= v["stages"]
