"""The Mainline deck and the Division laid from it.

The Division runs West Division Point · Mainline · Office · Mainline · … ·
Office · Mainline · East Division Point. Places are numbered west to east:
place 0 is the West Division Point, place k + 1 is seat k's Office and place
N + 1 the East Division Point. Mainline card j lies between place j and place
j + 1, so a westbound train crosses card j from place j + 1 to place j.
"""

from __future__ import annotations

from engine import deck

# The ten drawable Mainline cards: Plains twice, every other card once. The
# two Division Points are not in it: they are the fixed ends of every Division.
MAINLINE_DECK = (
    "Plains", "Plains", "Curves", "Hilly", "Heavy Grade", "Double Track",
    "Uncontrolled Siding", "Tunnel", "Trestle", "Interchange",
)

# Printed speed of each card in mph. Hilly and Heavy Grade are worked out by
# crossing(): Hilly depends on the train's coaches, Heavy Grade on its modifiers.
SPEED = {
    "Plains": 60, "Double Track": 60, "Uncontrolled Siding": 60, "Trestle": 60,
    "Interchange": 60, "Curves": 30, "Tunnel": 30, "Hilly": 60, "Heavy Grade": 30,
}

# Cards where two trains may be at once, meeting or passing.
TWO_TRACKS = ("Double Track", "Uncontrolled Siding")

# What a Realignment turns each card into; no other card can be realigned.
REALIGNED = {
    "Plains": "Double Track",
    "Curves": "Plains",
    "Uncontrolled Siding": "Double Track",
    "Trestle": "Uncontrolled Siding",
}

WEST_POINT = "West Division Point"
EAST_POINT = "East Division Point"


def deal(n: int, seed: str) -> list[dict]:
    """The N + 1 Mainline cards of a Division for n Offices, dealt without
    replacement from the shuffled ten-card deck, west to east. A Heavy Grade
    gets its uphill direction rolled from the seed, never chosen by anyone."""
    stock = deck.shuffled(list(MAINLINE_DECK), f"{seed}:mainline")
    cards = []
    for _ in range(n + 1):
        name = stock.pop()
        card = {"name": name, "printed": name, "mods": []}
        if name == "Heavy Grade":
            card["up"] = uphill(seed)
        cards.append(card)
    return cards


def uphill(seed: str) -> str:
    """The direction a Heavy Grade climbs, rolled from the seed."""
    return ("west", "east")[deck.Stream(f"{seed}:grade").below(2)]


# The Offices' towns, west to east (ours): seat 0 runs Ashford, and so on.
TOWNS = ("Ashford", "Birch Creek", "Cold Spring", "Dover")


def place_name(n: int, place: int) -> str:
    """A place's name as players read it."""
    if place == 0:
        return WEST_POINT
    if place == n + 1:
        return EAST_POINT
    return TOWNS[place - 1]


def place_mark(n: int, place: int) -> str:
    """The letter a car billed to this place wears on the board: W and E
    for the Division Points, a town's first letter for its Office."""
    if place == 0:
        return "W"
    if place == n + 1:
        return "E"
    return TOWNS[place - 1][0]


def card_ahead(place: int, direction: str) -> int:
    """The Mainline card a train standing at a place crosses next."""
    return place - 1 if direction == "west" else place


def place_beyond(card: int, direction: str) -> int:
    """The place a train reaches when it has crossed a card."""
    return card if direction == "west" else card + 1


def speed(card: dict, train: dict) -> int:
    """The card's speed for this train: Hilly is 60 for a train with at least
    one coach and 30 for a train with none; every other card as printed."""
    if card["name"] == "Hilly":
        return 60 if train["coaches"] >= 1 else 30
    return SPEED[card["name"]]


def crossing(card: dict, train: dict) -> int:
    """Stages this train spends crossing this card: one at 60 mph, two at 30,
    a Heavy Grade's modifiers off, one more for a Slow train and for a Slow
    Order, and never less than one."""
    stages = 1 if speed(card, train) == 60 else 2
    mods = card["mods"]
    if card["name"] == "Heavy Grade":
        if train["dir"] == card["up"]:
            stages -= 1 if "Helpers" in mods else 0
        else:
            stages -= 1 if "Brakeman" in mods else 0
            stages -= 1 if "Airbrakes" in mods else 0
    if train["cls"] == "Slow":
        stages += 1
    if "Slow Order" in mods:
        stages += 1
    return max(1, stages)


def two_tracks(card: dict) -> bool:
    return card["name"] in TWO_TRACKS


def interchange(cards: list[dict]) -> int | None:
    """Which card is the Interchange, if one is on the board."""
    for j, card in enumerate(cards):
        if card["name"] == "Interchange":
            return j
    return None
