"""A Line hint in words: the move as the table says it (``turn.say``: "Play
7♥ on the second row, third square", "Draw", "Discard K♣"), then what it
does for you, read from your seat's view with medium's own measures
(``policy``): the points it takes out of your hand, a row it completes and
the bonus turn that earns, a joker kept for a row that needs it, a row left
one card short for the next player, the end of the game."""

from __future__ import annotations

from engine.why import sentence

from . import policy, rules
from .rules import SIZE, name
from .turn import ORDINAL, say


def reason(v: dict, move: dict) -> str:
    """The hint's sentence for ``move``, one of the moves ``v`` offers."""
    does = {"draw": _draw, "place": _place, "upgrade": _upgrade, "shift": _shift, "discard": _discard}[move["type"]]
    return sentence(label(v, move), does(v, move))


def label(v: dict, move: dict) -> str:
    """The move as the table says it: its buttons and the generic table's
    sentence are the same words."""
    return say(move)


def _row(square: int) -> str:
    return f"the {ORDINAL[rules.row_of(square)]} row"


def _the(card: str) -> str:
    """"the 7♥", "the joker"."""
    return name(card) if rules.is_joker(card) else f"the {name(card)}"


def _points(card: str) -> str:
    n = rules.points(card)
    return f"{n} point{'s' if n != 1 else ''}"


def _draw(v: dict, move: dict) -> str:
    if v.get("top_goes_down") and v.get("top"):
        return f"none of your cards has a place on the grid, so you take {_the(v['top'])} from the discard to play"
    return "none of your cards has a place on the grid, so you draw from the pile"


def _short_rows(grid: list) -> list[int]:
    """The rows one card short of full: the next player's bonus turn."""
    return [r for r in range(SIZE) if len(rules.row_cards(grid, r)) == SIZE - 1]


def _ending(v: dict, hand: list[str]) -> str:
    """The grid filled: the game ends now, with your hand as it stands."""
    others = min(size * policy.HELD for s, size in enumerate(v["sizes"]) if s != v["seat"])
    if rules.total(hand) < others:
        return "it fills the grid and ends the game now, while your hand is likely the lowest"
    return "it fills the grid and ends the game now, before your hand can grow"


def _after_note(v: dict, grid: list, hand: list[str], card: str) -> str:
    """What else the move leaves you: a joker kept back, or a row one short
    for the next player."""
    if not rules.is_joker(card) and any(rules.is_joker(c) for c in hand):
        return ", and you keep your joker for a row that needs it"
    before, after = set(_short_rows(v["grid"])), _short_rows(grid)
    if any(r not in before for r in after):
        return ", though it leaves a row one card short for the next player"
    return ""


def _place(v: dict, move: dict) -> str:
    card, square = move["card"], move["square"]
    drawn = v["drawn"] if v["must"] == "place" else None
    grid, hand, shed, done = policy._after(v["grid"], v["mine"], move, drawn)
    row = _row(square)
    if rules.full(grid):
        return _ending(v, hand)
    if done and not v["bonus"]:
        lead = f"it completes {row}, which earns you a bonus turn"
    elif done:
        lead = f"it completes {row} on your bonus turn"
    elif drawn is not None:
        taken = "took" if v.get("drawn_from") == "discard" else "drew"
        lead = f"the card you {taken} must go down, and {row} is where it does you most good"
    elif rules.is_joker(card):
        lead = f"your joker's 25 points leave your hand, standing in for the card {row} needs"
    elif not rules.row_cards(v["grid"], rules.row_of(square)):
        lead = f"it opens {row} and takes {_points(card)} out of your hand"
    elif rules.kind(rules.row_cards(grid, rules.row_of(square))) in ("run", "set"):
        made = rules.kind(rules.row_cards(grid, rules.row_of(square)))
        lead = f"it builds the {made} in {row} and takes {_points(card)} out of your hand"
    else:
        lead = f"it takes {_points(card)} out of your hand"
    return lead + _after_note(v, grid, hand, card)


def _upgrade(v: dict, move: dict) -> str:
    card, to = move["card"], move["joker_to"]
    grid, hand, _shed, done = policy._after(v["grid"], v["mine"], move)
    lead = f"it takes {_points(card)} out of your hand into {_row(move['square'])}"
    if to is None:
        return lead + ", and you take the joker back for a row that needs it"
    if rules.full(grid):
        return _ending(v, hand)
    if done:
        bonus = ", earning you a bonus turn" if not v["bonus"] else ""
        return lead + f", and the joker completes {_row(to)}{bonus}"
    return lead + f", and the joker moves on to {_row(to)}"


def _shift(v: dict, move: dict) -> str:
    return f"it takes {_points(move['card'])} out of your hand without filling a square, so the end comes no nearer"


def _discard(v: dict, move: dict) -> str:
    card = move["card"]
    if not policy._playable(v["grid"], card):
        return f"{_the(card)} has nowhere to go on the grid, and its {_points(card)} would count against you"
    if rules.points(card) >= max(rules.points(c) for c in v["mine"]):
        return f"its {_points(card)} are the most in your hand, and you let them go"
    return "you keep the cards likelier to find a place on the grid"
