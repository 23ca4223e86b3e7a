"""A move as a player reads it (the contract's ``say``): the generic table
shows one sentence for each of ``legal``'s moves.

A sentence is made from the move alone, so it names what the move names:
trains as the board does ("No. 51", "Extra 103 West"), cars by their waybill
number ("car 7"), the tracks of the Small Yard, the Offices by their towns,
Home Office cards by name, and a Mainline card by where it lies.
"""

from __future__ import annotations

from . import division, homeoffice, rules, traffic


def train_name(no: int) -> str:
    """A train's name from its number, in the board's words
    (``traffic.label``): Extras are numbered from 101, scheduled trains
    below, and odd numbers run west."""
    kind = "extra" if no >= min(rules.FIRST_EXTRA.values()) else "scheduled"
    return traffic.label({"no": no, "kind": kind, "dir": way_of(no)})


def way_of(no: int) -> str:
    """Odd-numbered trains run west, even east."""
    return "west" if no % 2 else "east"


def cars(ids: list) -> str:
    """The cars in the order the move takes them: "car 7", "cars 7, 12 and 3"."""
    names = [str(i).removeprefix("wb") for i in ids]
    if len(names) == 1:
        return f"car {names[0]}"
    return f"cars {', '.join(names[:-1])} and {names[-1]}"


def mainline(j: int) -> str:
    """Where Mainline card j lies: between place j and place j + 1, so east
    of the Office at place j (or west of Ashford for the first)."""
    return f"west of {division.TOWNS[0]}" if j == 0 else f"east of {division.TOWNS[j - 1]}"


def say(action: dict) -> str:
    kind = action.get("type")
    card = action.get("card")
    name = homeoffice.name(card) if homeoffice.is_card(card) else None
    if kind == "switch":
        ids = action["cars"]
        goes = "the track for the way it goes" if len(ids) == 1 else "the tracks for the ways they go"
        return f"Switch {cars(ids)} from your house track to {goes}."
    if kind == "couple":
        no = action["train"]
        return f"Couple {cars(action['cars'])} from your {way_of(no)} track to {train_name(no)}."
    if kind == "hold":
        return f"Hold {train_name(action['train'])} at your Office for this Stage."
    if kind == "draw":
        return "Take the Draw option: draw a Home Office card."
    if kind == "lay":
        grade = "the Heavy Grade" if name in ("Brakeman", "Airbrakes", "Helpers") else "the Mainline card"
        return f"Lay your {name} on {grade} {mainline(action['on'])}."
    if kind == "scrap":
        return f"Scrap your {name} card: it is out of the day."
    if kind == "keep":
        return "Keep your hand as it is."
    if kind == "extra":
        where = "in the Interchange yard" if action.get("at") == "interchange" else "at your Office"
        return f"Play your Extra card: run an Extra {action['dir']}, made up {where} with {cars(action['cars'])}."
    if kind == "play":
        if name == "Extra Crew":
            return "Call an Extra Crew: two more moves this turn."
        if name == "Tie-up":
            return f"Play a Tie-up on {division.TOWNS[action['office']]}: one move fewer in its next turn."
        if name == "Train Order":
            return f"Give {train_name(action['train'])} a Train Order: the right over every other train until its next stop."
        return f"Show {train_name(action['train'])} a Red Flag: it is held at that Office this Stage."
    if kind == "done":
        return "End your turn."
    return "Make this move."
