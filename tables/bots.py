"""A table's bots and the clock they keep: when each open decision began
(a bot's think time and a person's idle time count from there), and every
bot move that has fallen due, each played at the moment it fell due. The
levels a host may pick for a bot are checked here too."""

from __future__ import annotations

import logging
import random

from django.conf import settings as django_settings

from engine import moves, play
from engine.contract import LEVELS, Illegal

from . import results, rows
from .asking import Refused
from .models import Seat, Table

log = logging.getLogger(__name__)

MOST_BOT_MOVES = 5000  # per action: no game needs more bot moves in a row


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


def advance(table: Table, game, seats: list[Seat], now: float) -> int:
    """Play every bot move that is due by ``now``, each at the moment it fell
    due; set ``due_at`` for the next. Returns how many were played."""
    played = 0
    pace, scale = _pace(table, game), django_settings.PARLOR_BOT_THINK
    deciding = None  # the open decisions, once the clocks hold them all
    while table.status == Table.PLAYING and played < MOST_BOT_MOVES:
        state = table.state
        if game.result(state) is not None:
            results.finish(table, game, seats)
            break
        if deciding is None:
            deciding = game.deciding(state)
            _sync(table, deciding, now)
        due = sorted(
            (table.clocks[key] + float(game.bot_think.get(kind, 1.0)) * pace * scale, seat, key)
            for seat, kind, key in deciding
            if seat < len(seats) and seats[seat].plays_as_bot
        )
        if not due:
            table.due_at = None
            break
        when, seat, _key = due[0]
        if when > now:
            table.due_at = when
            break
        _bot_move(table, game, seats[seat], when)
        # The decisions the move opened began when it was made.
        deciding = game.deciding(table.state)
        _sync(table, deciding, when)
        played += 1
    if table.status == Table.PLAYING and game.result(table.state) is not None:
        results.finish(table, game, seats)
    if table.status != Table.PLAYING:
        table.due_at = None
    table.seq = table.state["seq"] if table.state else 0
    return played


def _bot_move(table: Table, game, seat: Seat, when: float) -> None:
    state = table.state
    seq = state["seq"]
    rng = random.Random(f"{table.seed}:{seq}:{seat.index}")
    by = "bot"
    try:
        action = play.bot_move(game, state, seat.index, seat.level, rng)
        moves.dispatch(game, state, seat.index, action, when)
    except Exception as refused:  # a bot's mistake must never stall the table
        if not isinstance(refused, Illegal):
            log.exception("the %s bot failed at %s", seat.level, table.code)
        action, by = play.fallback(game, state, seat.index), "fallback"
        moves.dispatch(game, state, seat.index, action, when)
    rows.record(table, seq, seat.index, action, when, by)


def idle_seats(table: Table, deciding: list, now: float) -> set[int]:
    """The seats that have kept the table waiting longer than the idle
    time, of the decisions ``deciding`` names (the game's ``deciding``)."""
    if table.status != Table.PLAYING:
        return set()
    return {
        seat for seat, _kind, key in deciding
        if now - table.clocks.get(key, now) >= django_settings.PARLOR_IDLE_SECONDS
    }
