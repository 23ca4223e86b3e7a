"""The table an action is about, in hand: found by its code, locked, its
seats read with it once, the game it plays, and who is asking checked.
Every action at a table is written

    with hold(code, who, host="add bots", only=waiting("add bots")) as held:
        ...change held.table and held.seats, refusing with Refused...
        held.changed()

``host`` says the action is the host's (and what it does, for the refusal),
``only`` the states the table must be in. The action keeps ``held.seats``
as the seats now stand. On leaving, a table the action changed plays the
bots its change made due, is saved (``rows.save``) and, once the transaction
commits, each browser's view of it is built (``telling.tell``) for the
action's caller to send; a refusal raised inside rolls everything back and
tells no one.

People's moves come in batches, several tables at once (``hold_all``)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.db import transaction

from engine import registry

from . import bots, devices, rows, telling, turnmail
from .asking import Refused, Visitor
from .models import Seat, Table

CODE_LENGTH = 5
NO_SUCH_TABLE = "There is no table with that code. Check the letters and try again."


def normal_code(code) -> str:
    if not isinstance(code, str):
        return ""
    return "".join(ch for ch in code.upper() if ch.isalpha())[:CODE_LENGTH]


@dataclass(frozen=True)
class Only:
    """The states an action may happen in, and the sentence when the table
    is in another."""

    statuses: frozenset[str]
    sentence: str


def waiting(doing: str) -> Only:
    return Only(frozenset({Table.LOBBY}), f"You can only {doing} in the waiting room, before the game starts.")


def under_way(sentence: str) -> Only:
    return Only(frozenset({Table.PLAYING}), sentence)


UNDER_WAY = under_way("There's no game under way at this table.")

_WHOLE = "the whole table"  # what changed() saves when it names no fields


class Held:
    """A table under its row lock, and everything one action there carries
    until it is saved and told: the table, its seats in order, the game it
    plays, who is asking (None for a batch's tables, whose moves each say,
    and for the bots' turns), ``now``, the moment of the action; the moves
    made and not yet written, the result kept if the game ended, the
    question out to a bot worker, and whether the sockets are to be told."""

    def __init__(self, table: Table, seats: list[Seat], who: Visitor | None = None):
        self.table, self.seats, self.who = table, seats, who
        self.game = registry.get(table.game)
        self.now = time.time()
        self.seq_taken = table.state["seq"] if table.state else None
        # The decisions open when the table was taken (a turn that opens
        # since is one a mail may tell: ``turnmail``), and of which game.
        self.clocks_taken, self.number_taken = table.clocks, table.number
        self.saving: set[str] | str | None = None  # what changed() asked to save
        self.moves: list[tuple] = []  # (rows.move) written with the table's state
        self.result = None  # the Result kept, when this action ended the game
        self.asking: tuple | None = None  # the bot's decision to ask a worker about once this commits
        self.telling = False  # whether the views will be built once this commits
        self.notices: dict[str, str] = {}  # a sentence for a browser's page with this change, by browser

    def record(self, seq: int, seat: int, action, now: float, by: str) -> None:
        """Keep a move made at the table, to be written when it is saved."""
        self.moves.append(rows.move(self.table, seq, seat, action, now, by))

    def save(self, fields: list[str] | None = None) -> None:
        """Save the table (the whole row, or ``fields``) and its moves."""
        rows.save(self.table, fields, self.moves)
        self.moves = []

    def seat_of(self, who: Visitor) -> Seat | None:
        return devices.holder(self.seats, who.browser)

    @property
    def mine(self) -> Seat | None:
        """The asking browser's seat, if it has one: of a device's several,
        the one holding it."""
        return self.seat_of(self.who)

    @property
    def by_host(self) -> bool:
        return self.table.host == self.who.browser

    def host_only(self, doing: str) -> None:
        if not self.by_host:
            raise Refused(f"Only the host can {doing}.", 403)

    def only(self, allowed: Only) -> None:
        if self.table.status not in allowed.statuses:
            raise Refused(allowed.sentence, 409)

    def seat_at(self, index) -> Seat:
        if not isinstance(index, int) or isinstance(index, bool):
            raise Refused("Pick a seat at the table.")
        seat = next((s for s in self.seats if s.index == index), None)
        if seat is None:
            raise Refused("There is no such seat at this table.", 404)
        return seat

    def changed(self, *fields: str) -> None:
        """The action changed the table: on leaving, save these fields (and
        ``updated``), or with none named the whole table, and tell it."""
        if not fields or self.saving == _WHOLE:
            self.saving = _WHOLE
        else:
            self.saving = (self.saving or {"updated"}) | set(fields)

    def tell(self, browsers, sentence: str) -> None:
        """Say ``sentence`` on these browsers' pages with this change (a
        person who has left, or been taken off, the table is still told)."""
        for browser in browsers:
            if browser:
                self.notices[browser] = sentence

    @property
    def moved(self) -> bool:
        """Whether a move was made at the table since it was taken."""
        return bool(self.table.state) and self.table.state["seq"] != self.seq_taken


@contextmanager
def hold(code, who: Visitor, *, host: str | None = None, only: Only | None = None) -> Iterator[Held]:
    """The table of ``code`` in hand for one action by ``who``: refused if
    there is none, if ``host`` is named and ``who`` isn't the host ("Only the
    host can {host}."), or if the table is in none of ``only``'s states."""
    with transaction.atomic():
        found = rows.locked_with_seats([normal_code(code)])
        if not found:
            raise Refused(NO_SUCH_TABLE, 404)
        held = Held(*found[0], who)
        if host is not None:
            held.host_only(host)
        if only is not None:
            held.only(only)
        yield held
        if held.saving is None:
            return
        if held.table.status == Table.PLAYING:
            bots.advance(held, held.now)
        turnmail.note(held)
        held.save(None if held.saving == _WHOLE else sorted(held.saving))
        telling.tell(held)


@contextmanager
def hold_all(codes: list[str]) -> Iterator[dict[str, Held]]:
    """The tables of these plain codes in hand at once, by code, locked in
    the codes' order (so two processes locking the same tables never each
    hold one the other waits for): a batch of people's moves. On leaving,
    every table a move was made at is told, and all of them are saved in
    one write that commits the transaction too."""
    with transaction.atomic():
        tables = {table.code: Held(table, seats) for table, seats in rows.locked_with_seats(sorted(set(codes)))}
        yield tables
        moved = [at for at in tables.values() if at.moved]
        for at in moved:
            turnmail.note(at)
            telling.tell(at)
        save_plays(moved)


def save_plays(moved: list[Held]) -> None:
    """Write the play at these tables, their moves with them, in the one
    write that commits the transaction."""
    rows.save_plays([at.table for at in moved], [made for at in moved for made in at.moves], last=True)
    for at in moved:
        at.moves = []
