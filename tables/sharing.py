"""Who played more than one seat of a game. A device passed between several
people (decision 15) lets each of them see the others' hands, and so does
one account signed in at two seats; a game any of them played isn't rated
for them (decision 20). Their seats are marked on the table when the game
starts (``Table.shared``) and stay marked to its end, whoever leaves or is
cleared meanwhile: the marks are the game's record, not the seats as they
stand at its end.

The start is the only moment sharing can begin. People sit down, and are
added to a device, only in the waiting room; once a game is under way a
seat only ever passes from its person to a bot (leaving, clearing), and
nobody sits down again, whoever left."""

from __future__ import annotations

from collections import Counter

from .models import Seat, Table


def sharers(seats) -> dict[str, list[int]]:
    """The indexes of the people's seats whose browser has another seat at
    the table (``device``: a device passed round), and of those whose
    account has (``twice``); only the kinds some seat is marked with."""
    people = [s for s in seats if s.kind == Seat.PERSON and s.browser]
    browsers = Counter(s.browser for s in people)
    accounts = Counter(s.user_id for s in people if s.user_id is not None)
    found = {"device": [s.index for s in people if browsers[s.browser] > 1],
             "twice": [s.index for s in people if s.user_id is not None and accounts[s.user_id] > 1]}
    return {how: indexes for how, indexes in found.items() if indexes}


def note(table: Table, seats: list[Seat]) -> None:
    """At a game's start: mark whoever plays more than one seat of it, in
    place of the last game's marks (saved with the table)."""
    table.shared = sharers(seats)


def marks(table: Table, index: int) -> dict[str, bool]:
    """A seat's marks as its result keeps them: ``device`` and ``twice``,
    each only if the seat was marked so."""
    return {how: True for how, indexes in table.shared.items() if index in indexes}
