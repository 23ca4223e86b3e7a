"""A table's bots and the clock they keep: when each open decision began
(a bot's think time and a person's idle time count from there), and every
bot move that has fallen due, each played at the moment it fell due. The
levels a host may pick for a bot are checked here too.

In a server, a hard bot's decision is worked out in a worker process
(``workers``), not on the event loop. The bot is asked there, from its
seat's view, as soon as its decision opens, so it searches while it is
seen thinking; its move is played when it falls due, or once the answer is
in if that is later (the table waits, still due). The answer rings the
ticker, which takes the table under its row lock and plays the move at the
moment it fell due, if the table is still where the bot was asked (the
same game, move number, seat and level); an answer for a table that has
moved on is dropped and the bot is asked again at the table as it now
stands. A bot's move is played only from the table's current state under
its lock, so it is never played twice, and a table waiting for an answer
stays due in the database, so an answer lost with its worker or its
process is asked for again.

Easy and medium bots decide in-process, in well under a millisecond: a
question to a worker costs more than that (measured with Get In Line's
medium bot: 0.08 ms in-process, 0.23 ms to a worker and back, before the
ticker's turn that plays the answer)."""

from __future__ import annotations

import logging
import random
import time
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING

from django.conf import settings as django_settings
from django.db import transaction

from engine import moves, play
from engine.contract import LEVELS, Illegal

from . import alarms, pace, results, workers
from .asking import Refused
from .models import Seat, Table

if TYPE_CHECKING:
    from .hold import Held

log = logging.getLogger(__name__)

MOST_BOT_MOVES = 5000  # per action: no game needs more bot moves in a row
IN_WORKERS = frozenset({"hard"})  # the levels that think in a worker process, when there are workers
FORGOTTEN_SECONDS = 600.0  # an answer nobody came for in this long is dropped (its table ended or moved on)


def level(level) -> str:
    if level not in LEVELS:
        raise Refused("Pick a bot level: easy, medium or hard.")
    return level


def sync_clocks(table: Table, game, at: float) -> None:
    """Open decisions keep the time they began; new ones begin ``at``."""
    _sync(table, game.deciding(table.state), at)


def _sync(table: Table, deciding: list, at: float) -> None:
    keys = {key for _seat, _kind, key in deciding}
    table.clocks = {key: table.clocks.get(key, at) for key in keys}


def _pace(table: Table, game) -> float:
    """How much longer than the game's think times this table's bots take."""
    return moves.BOT_PACE.get(game.options(table.settings).get("bot_pace", "brisk"), 1.0)


def advance(held: Held, now: float) -> int:
    """Play every bot move at the table in hand that is due by ``now``, each
    at the moment it fell due; set ``due_at`` for the next. Returns how many
    were played."""
    table, game, seats = held.table, held.game, held.seats
    played = 0
    slower, scale = _pace(table, game), django_settings.PARLOR_BOT_THINK
    deciding = None  # the open decisions, once the clocks hold them all
    while table.status == Table.PLAYING and played < MOST_BOT_MOVES:
        state = table.state
        if game.result(state) is not None:
            results.finish(held)
            break
        if deciding is None:
            deciding = game.deciding(state)
            _sync(table, deciding, now)
        due = sorted(
            (table.clocks[key] + float(game.bot_think.get(kind, 1.0)) * slower * scale, seat, key)
            for seat, kind, key in deciding
            if seat < len(seats) and seats[seat].plays_as_bot
        )
        if not due:
            table.due_at = None
            break
        when, seat, _key = due[0]
        answer = _answer(held, seats[seat], when) if _in_a_worker(seats[seat]) else None
        if when > now or (answer is not None and not answer.done()):
            table.due_at = when
            break
        if answer is not None:
            del _asked[table.code]
        _bot_move(held, seats[seat], when, answer)
        # The decisions the move opened began when it was made.
        deciding = game.deciding(table.state)
        _sync(table, deciding, when)
        played += 1
    if table.status == Table.PLAYING and game.result(table.state) is not None:
        results.finish(held)
    if table.status != Table.PLAYING:
        table.due_at = None
    table.seq = table.state["seq"] if table.state else 0
    return played


def _in_a_worker(seat: Seat) -> bool:
    return seat.level in IN_WORKERS and workers.running()


def _bot_move(held: Held, seat: Seat, when: float, answer: Future | None) -> None:
    """Play a bot's move: the worker's ``answer``, or decided here."""
    table, game = held.table, held.game
    state = table.state
    seq = state["seq"]
    by = "bot"
    try:
        if answer is not None:
            action = answer.result()[0]  # (raises the bot's own error, as it would here)
        else:
            action = play.bot_move(game, state, seat.index, seat.level, random.Random(seed_of(table, seat)))
    except Exception as failed:  # a bot's mistake must never stall the table
        if not isinstance(failed, Illegal):
            log.error("the %s bot failed at %s", seat.level, table.code, exc_info=failed)
        by = "fallback"
    if by == "bot":
        # A refused move left the state as it was. Any other error from the
        # rules goes on up: the move may be half made, and the turn's
        # transaction is what undoes it.
        try:
            moves.dispatch(game, state, seat.index, action, when)
        except Illegal:
            by = "fallback"
    if by == "fallback":
        action = play.fallback(game, state, seat.index)
        moves.dispatch(game, state, seat.index, action, when)
    held.record(seq, seat.index, action, when, by)


def reading_for(table: Table, game, seat: Seat) -> tuple[dict, str]:
    """What a bot in this seat decides from, to send to a worker: the seat's
    view (built afresh, so sent as it is: engine/play.bot_move) and the
    seed of its rng."""
    return game.view(table.state, seat.index), seed_of(table, seat)


def seed_of(table: Table, seat: Seat) -> str:
    """The bot's rng's seed: the table's seed, the move number and the seat,
    so a bot makes the same move wherever and whenever it decides."""
    return f"{table.seed}:{table.state['seq']}:{seat.index}"


# The question each table has out to a worker: table code -> (where the table
# stood when it was asked, when it was asked, the answer to come).
_asked: dict[str, tuple[tuple, float, Future]] = {}
_ASKING = Future()  # a question to be sent when the change commits: not yet answered


def _answer(held: Held, seat: Seat, when: float) -> Future | None:
    """The worker's answer to come (or in) for this bot at the table as it
    stands, asking it if nobody has; None if no worker could take the
    question, so the bot decides here after all. A question is sent once
    the change that opened the decision commits: a table that rolled back
    never sees an answer to a question about a state it never kept."""
    table, game = held.table, held.game
    where = (table.number, table.state["seq"], seat.index, seat.level)
    asked = _asked.get(table.code)
    if asked is not None and asked[0] == where:
        future = asked[2]
        if not (future.done() and workers.broken(future)):
            return future
        log.warning("the worker deciding for %s's %s bot was lost; asking again", table.code, seat.level)
        del _asked[table.code]
    if held.asking == where:
        return _ASKING
    if not workers.running():
        return None
    held.asking = where
    (view, seed), code = reading_for(table, game, seat), table.code

    def send():
        if held.asking != where:
            return  # the same change moved the table on after asking
        held.asking = None
        _forget_old(time.monotonic())
        try:
            future = workers.ask(game.__name__, view, seat.level, seed)
        except BrokenProcessPool:  # no worker to be had: the next look decides it in-process
            log.warning("no bot worker could take %s's %s bot", code, seat.level)
            alarms.set_for(code, when)
            return
        old = _asked.get(code)
        if old is not None:
            old[2].cancel()  # the table has moved on: that answer can only be dropped
        _asked[code] = (where, time.monotonic(), future)
        # The answer rings this process's ticker, to play it once it is due.
        future.add_done_callback(lambda answered: answered.cancelled() or alarms.set_for(code, when))

    transaction.on_commit(send, robust=True)  # (a question that fails must not fail the change)
    return _ASKING


def _forget_old(now: float) -> None:
    for code in [code for code, (_where, at, _f) in _asked.items() if now - at > FORGOTTEN_SECONDS]:
        _asked.pop(code)[2].cancel()


def idle_seats(table: Table, deciding: list, now: float) -> set[int]:
    """The seats that have kept the table waiting longer than they may, of
    the decisions ``deciding`` names (the game's ``deciding``): the idle
    time at a live table, the time a move has at one played over days
    (``pace``)."""
    if table.status != Table.PLAYING:
        return set()
    return {seat for seat, _kind, key in deciding if pace.waited_too_long(table, table.clocks.get(key, now), now)}
