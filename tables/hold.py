"""Finding the table an action is about: its code made plain, the table
under its row lock with its seats, the game it plays, and the checks of who
is asking."""

from __future__ import annotations

from engine import registry

from . import rows
from .asking import Refused, Visitor
from .models import Seat, Table

CODE_LENGTH = 5
NO_SUCH_TABLE = "There is no table with that code. Check the letters and try again."


def normal_code(code) -> str:
    if not isinstance(code, str):
        return ""
    return "".join(ch for ch in code.upper() if ch.isalpha())[:CODE_LENGTH]


def game_of(table: Table):
    return registry.get(table.game)


def locked(code) -> Table:
    return locked_with_seats(code)[0]


def locked_with_seats(code) -> tuple[Table, list[Seat]]:
    """The table under its row lock, and its seats."""
    found = rows.locked_with_seats([normal_code(code)])
    if not found:
        raise Refused(NO_SUCH_TABLE, 404)
    return found[0]


def mine(seats, who: Visitor) -> Seat | None:
    return next((s for s in seats if s.kind == Seat.PERSON and s.browser and s.browser == who.browser), None)


def host_only(table: Table, who: Visitor, doing: str) -> None:
    if table.host != who.browser:
        raise Refused(f"Only the host can {doing}.", 403)


def waiting(table: Table, doing: str) -> None:
    if table.status != Table.LOBBY:
        raise Refused(f"You can only {doing} in the waiting room, before the game starts.", 409)


def seat_at(table: Table, index) -> Seat:
    if not isinstance(index, int) or isinstance(index, bool):
        raise Refused("Pick a seat at the table.")
    seat = table.seats.filter(index=index).first()
    if seat is None:
        raise Refused("There is no such seat at this table.", 404)
    return seat
