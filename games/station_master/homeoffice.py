"""The Home Office deck: what is in it and what each card says.

A card is a string: its name with spaces removed, a dash and a copy number
(``"Realignment-1"``), so two copies are never confused.
"""

from __future__ import annotations

from engine import deck

# Track cards are laid onto a Mainline card during a Draw option.
TRACK = ("Brakeman", "Airbrakes", "Helpers", "Realignment", "Slow Order")

TEXT = {
    "Brakeman": "Lay on the Heavy Grade: a train running downhill crosses it one Stage faster.",
    "Airbrakes": "Lay on the Heavy Grade once a Brakeman is there: downhill crossings one more Stage faster.",
    "Helpers": "Lay on the Heavy Grade: a train running uphill crosses it one Stage faster.",
    "Realignment": "Lay on an empty Mainline card: Plains becomes Double Track, Curves becomes Plains, "
                   "Uncontrolled Siding becomes Double Track, Trestle becomes Uncontrolled Siding.",
    "Slow Order": "Lay on any Mainline card: every crossing of it takes one Stage more.",
    "Extra": "Run an Extra of your own, made up from your Small Yard or at the Interchange.",
    "Train Order": "Give a train at your Office the right over every other train until it reaches the next stop.",
    "Red Flag": "Hold a train standing at another Office for this Stage.",
    "Tie-up": "Another Office takes one move fewer in its next turn.",
    "Extra Crew": "Play it as a move: you then have two more moves this turn. It is then out of the day.",
}

HINDERING = ("Red Flag", "Tie-up", "Slow Order")


def contents(n: int, hinder: bool) -> list[str]:
    """The deck for n Offices, in a fixed order before shuffling: the grade
    and Realignment cards the Mainline deck needs, Extras, Train Orders and,
    when hindering cards are in play, two each of those."""
    counts = {"Brakeman": 1, "Airbrakes": 1, "Helpers": 1, "Realignment": 2, "Extra": n + 3, "Train Order": 2, "Extra Crew": 2}
    if hinder:
        counts.update({"Red Flag": 2, "Tie-up": 2, "Slow Order": 2})
    return [f"{name.replace(' ', '')}-{i}" for name, k in counts.items() for i in range(k)]


def shuffled(n: int, hinder: bool, seed: str) -> list[str]:
    return deck.shuffled(contents(n, hinder), f"{seed}:homeoffice")


def name(card: str) -> str:
    """The card's name as printed: ``"TrainOrder-0"`` -> ``"Train Order"``."""
    squashed = card.rsplit("-", 1)[0]
    for full in TEXT:
        if full.replace(" ", "") == squashed:
            return full
    raise ValueError(f"not a Home Office card: {card}")


def is_card(card) -> bool:
    if not isinstance(card, str) or "-" not in card:
        return False
    try:
        name(card)
    except ValueError:
        return False
    return True


def called(card: str) -> str:
    """The card named in a sentence: "an Extra card", "a Brakeman card"."""
    n = name(card)
    return f"{'an' if n[0] in 'AEIOU' else 'a'} {n} card"


def face(card: str) -> dict:
    """What a player sees of a card in their own hand."""
    n = name(card)
    return {"card": card, "name": n, "text": TEXT[n], "track": n in TRACK}
