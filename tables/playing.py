"""A game at the table: starting it (and playing again), people's moves,
the host's "start without waiting", a bot covering a person's seat and the
person taking it back, and the host ending it early."""

from __future__ import annotations

import secrets
import time

from django.db import transaction

from engine import moves
from engine.contract import Illegal

from . import bots, hold, rows, telling
from .asking import Refused, Visitor
from .models import Seat, Table


def start(code, who: Visitor) -> None:
    with transaction.atomic():
        table, seats = hold.locked_with_seats(code)
        hold.host_only(table, who, "start the game")
        hold.waiting(table, "start the game")
        _begin(table, seats)


def again(code, who: Visitor) -> None:
    """Play again: a new seed, the same seats."""
    with transaction.atomic():
        table, seats = hold.locked_with_seats(code)
        hold.host_only(table, who, "start another game")
        if table.status not in (Table.OVER, Table.ENDED):
            raise Refused("The game is still going; finish it or end it first.", 409)
        _begin(table, seats)


def _begin(table: Table, seats: list[Seat]) -> None:
    game = hold.game_of(table)
    seed = secrets.token_hex(8)
    now = time.time()
    try:
        state = game.new(len(seats), seed, now, table.settings)
    except Illegal as refused:
        raise Refused(refused.sentence, 409) from None
    for seat in seats:
        if seat.was_covered != seat.covered:  # (most games start with no seat covered, as the last ended)
            seat.was_covered = seat.covered
            seat.save(update_fields=["was_covered"])
    table.seed, table.state, table.seq, table.clocks, table.due_at = seed, state, state.get("seq", 0), {}, None
    table.number += 1
    table.status = Table.PLAYING
    bots.advance(table, game, seats, now)
    rows.save(table)
    telling.tell(table, seats)


def move(code, who: Visitor, seq, action) -> None:
    """A person's move, made against the state numbered ``seq``. A stale or
    repeated move is refused; nothing is ever applied twice."""
    refused = move_all([(code, who, seq, action)])[0]
    if refused is not None:
        raise refused


def move_all(asked: list[tuple]) -> list[Refused | None]:
    """People's moves, each ``(code, who, seq, action)``, at one or more
    tables in one transaction: on PostgreSQL the round trips, not the moves,
    are most of a move's time, so a busy process makes every move waiting
    in one read and one write. Each is made or refused on its own, in the
    order asked; a refused move changes nothing of its own (bots that were
    due by then still move). Returns, for each, its refusal or None."""
    outcomes: list[Refused | None] = []
    with transaction.atomic():
        held = {table.code: (table, seats)
                for table, seats in rows.locked_with_seats(sorted({hold.normal_code(code) for code, *_ in asked}))}
        was = {code: table.state and table.state["seq"] for code, (table, _seats) in held.items()}
        for code, who, seq, action in asked:
            try:
                if hold.normal_code(code) not in held:
                    raise Refused(hold.NO_SUCH_TABLE, 404)
                _move_at(*held[hold.normal_code(code)], who, seq, action)
                outcomes.append(None)
            except Refused as refused:
                outcomes.append(refused)
        moved = [(table, seats) for code, (table, seats) in held.items() if table.state and table.state["seq"] != was[code]]
        for table, seats in moved:
            telling.tell(table, seats)
        rows.save_plays([table for table, _seats in moved], last=True)
    return outcomes


def _move_at(table: Table, seats: list[Seat], who: Visitor, seq, action) -> None:
    """One person's move at a table already locked; raises Refused."""
    seat = hold.mine(seats, who)
    if seat is None:
        raise Refused("You're watching this table; only players can move.", 403)
    if table.status != Table.PLAYING:
        raise Refused("There's no game under way at this table.", 409)
    if seat.covered:
        raise Refused("A bot is playing your seat for now. Take your seat back to play.", 409)
    if not isinstance(seq, int) or isinstance(seq, bool):
        raise Refused("Your move didn't say which turn it was made on; reload to see the table.")
    game = hold.game_of(table)
    now = time.time()
    bots.advance(table, game, seats, now)
    if seq != table.state["seq"]:
        raise Refused("The table moved on before your move arrived. Here is where it stands now.", 409)
    try:
        moves.dispatch(game, table.state, seat.index, action, now)
    except Illegal as refused:
        raise Refused(refused.sentence) from None
    rows.record(table, seq, seat.index, action, now, "person")
    bots.sync_clocks(table, game, now)
    bots.advance(table, game, seats, now)


def hurry(code, who: Visitor) -> None:
    """Start without waiting: between rounds, the host says everyone is
    ready (once the host is)."""
    with transaction.atomic():
        table, seats = hold.locked_with_seats(code)
        hold.host_only(table, who, "start without waiting")
        game = hold.game_of(table)
        if table.status != Table.PLAYING:
            raise Refused("There's no game under way at this table.", 409)
        waiting = [(s, k) for s, k, _ in game.deciding(table.state) if k == "ready"]
        if not waiting:
            raise Refused("Nobody is waiting to be ready right now.", 409)
        me = hold.mine(seats, who)
        if me is not None and any(s == me.index for s, _ in waiting):
            raise Refused("Say you're ready yourself first.", 409)
        now = time.time()
        for seat, _kind in waiting:
            seq = table.state["seq"]
            moves.dispatch(game, table.state, seat, {"type": "ready"}, now)
            rows.record(table, seq, seat, {"type": "ready"}, now, "host")
        bots.sync_clocks(table, game, now)
        bots.advance(table, game, seats, now)
        rows.save(table)
        telling.tell(table, seats)


def cover(code, who: Visitor, index, level="medium") -> None:
    """A bot covers a person's seat: the host at any time, anyone once the
    person has kept the table waiting longer than the idle time."""
    with transaction.atomic():
        table = hold.locked(code)
        if table.status != Table.PLAYING:
            raise Refused("Seats are covered only during a game.", 409)
        seat = hold.seat_at(table, index)
        if seat.kind != Seat.PERSON or seat.covered:
            raise Refused("A bot is already playing that seat.", 409)
        now = time.time()
        if table.host != who.browser and not bots.idle(table, seat.index, now):
            raise Refused("Only the host can cover a seat before its player has been away a while.", 403)
        seat.covered, seat.was_covered, seat.level = True, True, bots.level(level)
        seat.save(update_fields=["covered", "was_covered", "level"])
        bots.advance_and_save(table, now)
        telling.tell(table)


def take_back(code, who: Visitor) -> None:
    """A person takes their seat back from the bot covering it."""
    with transaction.atomic():
        table, seats = hold.locked_with_seats(code)
        seat = hold.mine(seats, who)
        if seat is None:
            raise Refused("You don't have a seat at this table.", 403)
        if not seat.covered:
            raise Refused("Your seat is already yours to play.", 409)
        seat.covered = False
        seat.save(update_fields=["covered"])
        bots.advance_and_save(table, time.time())
        telling.tell(table)


def end(code, who: Visitor) -> None:
    """The host ends the game early: it is not kept."""
    with transaction.atomic():
        table = hold.locked(code)
        hold.host_only(table, who, "end the game")
        if table.status != Table.PLAYING:
            raise Refused("There's no game under way to end.", 409)
        table.status, table.due_at = Table.ENDED, None
        rows.save(table)
        telling.tell(table)
