"""Pass and play: several people at one device. The host adds a person on
this device (a name, no account) to a seat of their own browser; of a
browser's seats, one holds the device at a time, and only that seat's view
is ever sent to it. When the device must go to another of its people, its
snapshot carries no seat's view at all until the device is handed on
(decision 15)."""

from __future__ import annotations

from .models import Seat

ANOTHER_DEVICE = "That seat is played on another device; only its own device can play it or be handed to it."


def seats_of(seats: list[Seat], browser: str) -> list[Seat]:
    """A browser's own seats, people's only (a bot has no browser)."""
    return [s for s in seats if s.held_by(browser)]


def browsers(seats: list[Seat], host: str) -> set[str]:
    """Every browser with a seat at the table, and the host's."""
    return {s.browser for s in seats if s.kind == Seat.PERSON and s.browser} | {host}


def holder(seats: list[Seat], browser: str) -> Seat | None:
    """The seat holding this browser's device: of its seats, the one handed
    it last, else its first (a browser with one seat always holds it)."""
    return holding(seats_of(seats, browser))


def holding(own: list[Seat]) -> Seat | None:
    """``holder``, of a browser's own seats (``seats_of``)."""
    return next((s for s in own if s.holds), own[0] if own else None)


def shared(seats: list[Seat], browser: str) -> bool:
    """Whether more than one person plays from this browser."""
    return len(seats_of(seats, browser)) > 1


def due(seats: list[Seat], browser: str, deciding: set[int]) -> Seat | None:
    """The seat this browser's device must be passed to before anyone at it
    sees a hand: one of its people (not a bot covering them) is deciding and
    the seat holding it is not; the next such seat after the holder's."""
    return due_of(seats_of(seats, browser), deciding)


def due_of(own: list[Seat], deciding: set[int]) -> Seat | None:
    """``due``, of a browser's own seats (``seats_of``)."""
    now = holding(own)
    if now is None or now.index in deciding:
        return None
    waiting = [s for s in own if s.index in deciding and not s.covered]
    return min(waiting, key=lambda s: (s.index < now.index, s.index), default=None)


def give(seats: list[Seat], seat: Seat) -> None:
    """Hand the device to ``seat``: the browser's other seats let it go."""
    for own in seats_of(seats, seat.browser):
        if own.holds != (own is seat):
            own.holds = own is seat
            own.save(update_fields=["holds"])
