"""A game at the table: starting it (and playing again), people's moves,
the host's "start without waiting", a bot covering a person's seat and the
person taking it back, and the host ending it early.

A person's move takes one way through the code, each step once: the
browser's edge parses it (``web/wire.py``) and hands it on in a batch
(``web/batching.py``); ``move_all`` takes its table and seats under the lock
(``hold_all``); ``_move_at`` plays the bots that were due, dispatches the
move (``engine.moves``), records it and plays the bots it leaves due; and on
leaving ``hold_all`` the table is saved with its moves in one write and,
once that commits, each browser's view is published (``telling``)."""

from __future__ import annotations

import logging
import secrets
import time

from django.db import DatabaseError, InterfaceError, OperationalError

from engine import moves
from engine.contract import Illegal

from . import bots, devices, pace, rows, seating, sharing
from .asking import BROKEN_TEXT, NOT_SAVED, Refused, Visitor
from .hold import NO_SUCH_TABLE, UNDER_WAY, Held, Only, hold, hold_all, normal_code, under_way, waiting
from .models import Seat, Table

log = logging.getLogger(__name__)

FINISHED = Only(frozenset({Table.OVER, Table.ENDED}), "The game is still going; finish it or end it first.")


def start(code, who: Visitor) -> None:
    """The host starts the game; bots take the empty seats it needs first."""
    with hold(code, who, host="start the game", only=waiting("start the game")) as held:
        seating.seat_bots_to_start(held)
        _begin(held)


def again(code, who: Visitor) -> None:
    """Play again: a new seed, the same seats. A finished game's table over
    days counts toward nobody's limit, so playing it again must find room
    for it with everyone seated."""
    with hold(code, who, host="start another game", only=FINISHED) as held:
        if pace.over_days(held.table):
            seating.room_for_everyone(held)
        _begin(held)


def _begin(held: Held) -> None:
    table, seats = held.table, held.seats
    seed = secrets.token_hex(8)
    try:
        state = held.game.new(len(seats), seed, held.now, table.settings)
    except Illegal as refused:
        raise Refused(refused.sentence, 409) from None
    for seat in seats:
        # (Most games start with no seat covered, as the last ended, and none hinted.)
        if seat.was_covered != seat.covered or seat.hinted:
            seat.was_covered, seat.hinted = seat.covered, False
            seat.save(update_fields=["was_covered", "hinted"])
    sharing.note(table, seats)
    table.seed, table.state, table.seq, table.clocks, table.due_at = seed, state, state.get("seq", 0), {}, None
    table.number += 1
    table.status = Table.PLAYING
    held.changed()


def move(code, who: Visitor, seq, action, seat=None) -> None:
    """A person's move, made against the state numbered ``seq``. A stale or
    repeated move is refused; nothing is ever applied twice. ``seat``, when
    named, is the seat the page played it for: on a device several people
    share, it must be the one holding the device."""
    refused = move_all([(code, who, seq, action, seat)])[0]
    if refused is not None:
        raise refused


def move_all(asked: list[tuple]) -> list[Refused | None]:
    """People's moves, each ``(code, who, seq, action[, seat])``, at one or more
    tables in one transaction: on PostgreSQL the round trips, not the moves,
    are most of a move's time, so a busy process makes every move waiting
    in one read and one write. Each is made or refused on its own, in the
    order asked; a refused move changes nothing of its own (bots that were
    due by then still move). Returns, for each, its refusal or None.

    One move that breaks the batch (a fault, not a refusal: the store
    failing on it, or a game's code) must not cost the others theirs: the
    batch rolls back and each move is made again on its own, the faulty
    one refused with a sentence. (Not when the database itself fails: the
    whole batch is refused at once, not waited out move by move.)"""
    if len(asked) > 1:
        try:
            return _move_together(asked)
        except (OperationalError, InterfaceError):
            raise  # the database itself is failing: each move alone would only wait on it again
        except Exception:
            log.exception("a batch of %d moves failed; making each on its own", len(asked))
    return [_move_alone(one) for one in asked]


def _move_alone(one: tuple) -> Refused | None:
    try:
        return _move_together([one])[0]
    except DatabaseError:
        raise  # the edge says so in its own sentence
    except Exception:
        log.exception("a move at %s failed", one[0])
        return Refused(NOT_SAVED, 503)


def _move_together(asked: list[tuple]) -> list[Refused | None]:
    codes = [normal_code(code) for code, *_ in asked]
    outcomes: list[Refused | None] = []
    with hold_all(codes) as tables:
        for code, (_as_asked, who, seq, action, *seat) in zip(codes, asked):
            try:
                if code not in tables:
                    raise Refused(NO_SUCH_TABLE, 404)
                _move_at(tables[code], who, seq, action, *seat)
                outcomes.append(None)
            except Refused as refused:
                outcomes.append(refused)
    return outcomes


def _move_at(held: Held, who: Visitor, seq, action, for_seat=None) -> None:
    """One person's move at a table in hand; raises Refused."""
    table, game = held.table, held.game
    seat = held.seat_of(who)
    if seat is None:
        raise Refused("You're watching this table; only players can move.", 403)
    held.only(UNDER_WAY)
    if for_seat is not None and for_seat != seat.index:
        _not_holding(held, who, for_seat)
    if devices.shared(held.seats, who.browser) and (due := _passing(held, who)) is not None:
        raise Refused(f"Pass the device to {due.name} first: they tap the screen once they have it.", 409)
    if seat.covered:
        raise Refused("A bot is playing your seat for now. Take your seat back to play.", 409)
    if not isinstance(seq, int) or isinstance(seq, bool):
        raise Refused("Your move didn't say which turn it was made on; reload to see the table.")
    if not rows.storable(action):
        raise Refused(BROKEN_TEXT)
    now = time.time()
    bots.advance(held, now)
    if seq != table.state["seq"]:
        raise Refused("The table moved on before your move arrived. Here is where it stands now.", 409)
    try:
        moves.dispatch(game, table.state, seat.index, action, now)
    except Illegal as refused:
        raise Refused(refused.sentence) from None
    held.record(seq, seat.index, action, now, "person")
    bots.sync_clocks(table, game, now)
    bots.advance(held, now)


def _passing(held: Held, who: Visitor) -> Seat:
    return devices.due(held.seats, who.browser, {s for s, _k, _key in held.game.deciding(held.table.state)})


def _not_holding(held: Held, who: Visitor, index) -> None:
    """A move the page made for a seat other than the one holding its device."""
    other = next((s for s in held.seats if s.index == index and not isinstance(index, bool)), None)
    if other is None or not other.held_by(who.browser):
        raise Refused(devices.ANOTHER_DEVICE, 403)
    raise Refused(f"{held.seat_of(who).name} has the device now, so this move can't be {other.name}'s; "
                  f"pass the device to {other.name} when it's their turn.", 409)


def hand(code, who: Visitor, index) -> None:
    """The device is handed to the person whose turn it is (they tapped the
    pass screen): from now on the browser is sent their view."""
    with hold(code, who, only=under_way("A device is passed only during a game.")) as held:
        seat = held.seat_at(index)
        if not seat.held_by(who.browser):
            raise Refused(devices.ANOTHER_DEVICE, 403)
        due = _passing(held, who)
        if due is not seat:
            keeps = f"the device stays with {held.mine.name}" if due is None else f"pass it to {due.name}"
            raise Refused(f"It isn't {seat.name}'s turn yet: {keeps}.", 409)
        devices.give(held.seats, seat)
        held.changed("updated")


def hurry(code, who: Visitor) -> None:
    """Start without waiting: between rounds, the host says everyone is
    ready (once the host is)."""
    with hold(code, who, host="start without waiting", only=UNDER_WAY) as held:
        table, game, now = held.table, held.game, held.now
        waiting = [(s, k) for s, k, _ in game.deciding(table.state) if k == "ready"]
        if not waiting:
            raise Refused("Nobody is waiting to be ready right now.", 409)
        me = held.mine
        if me is not None and any(s == me.index for s, _ in waiting):
            raise Refused("Say you're ready yourself first.", 409)
        for seat, _kind in waiting:
            seq = table.state["seq"]
            moves.dispatch(game, table.state, seat, {"type": "ready"}, now)
            held.record(seq, seat, {"type": "ready"}, now, "host")
        bots.sync_clocks(table, game, now)
        held.changed()


def cover(code, who: Visitor, index, level="medium") -> None:
    """A bot covers a person's seat: the host at any time, anyone seated at
    the table once the person has kept it waiting longer than the idle time
    (a stranger who knows the code, never)."""
    with hold(code, who, only=under_way("Seats are covered only during a game.")) as held:
        if not held.by_host and held.mine is None:
            raise Refused("Only the host and the people playing at this table can cover a seat.", 403)
        seat = held.seat_at(index)
        if seat.kind != Seat.PERSON or seat.covered:
            raise Refused("A bot is already playing that seat.", 409)
        if not held.by_host and seat.index not in bots.idle_seats(held.table, held.game.deciding(held.table.state), held.now):
            raise Refused("Only the host can cover a seat before its player has been away a while.", 403)
        seat.covered, seat.was_covered, seat.level = True, True, bots.level(level)
        seat.save(update_fields=["covered", "was_covered", "level"])
        held.changed()


def take_back(code, who: Visitor, index=None) -> None:
    """A person takes their seat back from the bot covering it: the seat
    holding the device, or ``index``, another of the device's own."""
    with hold(code, who) as held:
        seat = held.mine
        if seat is None:
            raise Refused("You don't have a seat at this table.", 403)
        if index is not None:
            seat = held.seat_at(index)
            if not seat.held_by(who.browser):
                raise Refused(devices.ANOTHER_DEVICE, 403)
        if not seat.covered:
            raise Refused("Your seat is already yours to play.", 409)
        seat.covered = False
        seat.save(update_fields=["covered"])
        held.changed()


def end(code, who: Visitor) -> None:
    """The host ends the game early: it is not kept."""
    with hold(code, who, host="end the game", only=under_way("There's no game under way to end.")) as held:
        held.table.status, held.table.due_at = Table.ENDED, None
        held.changed()
