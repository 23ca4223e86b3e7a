"""Plays due bot moves in the background, in every server process. A bot
moves when its alarm rings (set by the change that started it thinking);
every few moments the ticker also polls the database for tables that are
overdue, the net for alarms set in another process or lost with one. Each
table is ticked under its row lock (skipped when another process holds it),
so a bot's move is played exactly once however many processes run. A turn
at several tables is one transaction (``tick``). The ticker also keeps the
process's bot workers (``workers``), whose answers ring it like alarms."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from datetime import UTC, datetime

from django.conf import settings
from django.db import transaction
from django.db.models import Q

from engine import registry

from . import alarms, bots, db, rows, telling, turnmail, workers
from .hold import Held, save_plays
from .models import Seat, Table

log = logging.getLogger(__name__)


# A table whose bot's turn failed on its own, by code: when the poll may try
# it again, and the wait after that one (doubling up to LONGEST_WAIT), so a
# table whose game's code fails every time costs the others a try now and
# then, not one every poll. A change at the table rings its alarm, which is
# always answered.
_failing: dict[str, tuple[float, float]] = {}
LONGEST_WAIT = 300.0


def overdue(now: float, limit: int = 100) -> list[str]:
    """The poll's tables: overdue by a whole poll (a table whose alarm rings
    on time is left to the process that set it, not raced for), less those
    whose failed turn is not yet to be tried again. A failed table not
    tried again for a whole LONGEST_WAIT past its time (it ended, was
    deleted, or its bot is no longer due) is forgotten, so broken tables
    don't pile up in a long-running process."""
    for code in [code for code, (again_at, _) in _failing.items() if again_at < now - LONGEST_WAIT]:
        del _failing[code]
    waiting = [code for code, (again_at, _) in _failing.items() if again_at > now]
    due = Table.objects.filter(status=Table.PLAYING, due_at__lte=now - settings.PARLOR_TICK_SECONDS).exclude(code__in=waiting)
    return list(due.order_by("due_at").values_list("code", flat=True)[:limit])


def stuck(now: float) -> list[str]:
    """Tables under way whose turn is a bot's (a bot's seat, or a person's a
    bot covers) with no bot due: nothing would ever move them. Each is
    logged; ``play`` repairs it, since a turn works out who is due from the
    seats as they stand. Only tables left alone for a whole poll are looked
    at, so an action still on its way is not taken for one."""
    bots_seated = Seat.objects.filter(Q(kind=Seat.BOT) | Q(covered=True)).values("table_id")
    quiet = Table.objects.filter(status=Table.PLAYING, due_at__isnull=True, pk__in=bots_seated,
                                 updated__lt=datetime.fromtimestamp(now - settings.PARLOR_TICK_SECONDS, UTC))
    found = []
    for table in quiet.only("code", "game", "state").prefetch_related("seats"):
        game, seats = registry.get(table.game), {seat.index: seat for seat in table.seats.all()}
        on_turn = [s for s, _kind, _key in (game.deciding(table.state) if game and table.state else [])
                   if s in seats and seats[s].plays_as_bot]
        if on_turn:
            log.error("table %s was stuck: seat %s is a bot's turn with no bot due; playing it now",
                      table.code, ", ".join(map(str, on_turn)))
            found.append(table.code)
    return found


def _failed(code: str, now: float) -> None:
    wait = min(LONGEST_WAIT, 2 * _failing[code][1]) if code in _failing else settings.PARLOR_TICK_SECONDS
    _failing[code] = (now + wait, wait)


def resume_all() -> int:
    """After a start or restart: bring every game under way up to date, so
    bots whose turn came while no process ran carry on."""
    codes = list(Table.objects.filter(status=Table.PLAYING).values_list("code", flat=True))
    for some in _turns(codes):
        play(some)
    return len(codes)


def tick(codes: list[str]) -> list[str]:
    """Play the bot moves that are due at these tables, all in one
    transaction (on PostgreSQL its round trips, not the bots, are most of a
    turn's time); returns the codes of the tables that moved. Several
    processes may tick at once: the one holding a table's row plays it,
    others pass it over."""
    moved = []
    with transaction.atomic():
        for table, seats in rows.playing_unlocked(codes):
            held, was_due = Held(table, seats), table.due_at
            if bots.advance(held, time.time()):
                turnmail.note(held)
                telling.tell(held)
                moved.append(held)
            elif table.due_at != was_due:
                held.save(["due_at", "clocks"])
                _set_alarm(table)
            elif table.due_at is not None and table.due_at > time.time():
                _set_alarm(table)  # rung early: ring again when the bot is due
        save_plays(moved)
    for held in moved:
        _failing.pop(held.table.code, None)
    return [held.table.code for held in moved]


def _set_alarm(table: Table) -> None:
    """Once committed, wake this process's ticker when the next bot is due."""
    if table.status == Table.PLAYING and table.due_at is not None:
        code, at = table.code, table.due_at
        transaction.on_commit(lambda: alarms.set_for(code, at))


def play(codes: list[str]) -> list[str]:
    """One bot turn at these tables; the codes of those that moved. A turn
    that fails is played again table by table, so one table's trouble never
    holds up the others' bots."""
    try:
        return tick(codes)
    except Exception:
        log.exception("the ticker failed at %s; %s", ", ".join(codes),
                      "the poll tries again later" if len(codes) == 1 else "trying each table alone")
        if len(codes) == 1:
            _failed(codes[0], time.time())
            return []
    return [code for alone in codes for code in play([alone])]


def _turns(codes: list[str]) -> list[list[str]]:
    """The codes in groups of at most TABLES_A_TURN, one group a turn."""
    return [codes[i:i + db.TABLES_A_TURN] for i in range(0, len(codes), db.TABLES_A_TURN)]


def gather() -> float:
    """How long a due bot waits for others to fall due: scaled like every
    think time, so bots that answer at once (tests) wait for nothing."""
    return settings.PARLOR_BOT_GATHER * settings.PARLOR_BOT_THINK


def start_workers() -> None:
    """This process's pool for the bots that think in workers, sized by
    PARLOR_BOT_WORKERS (by default one worker a core), its workers loaded
    with every game."""
    size = settings.PARLOR_BOT_WORKERS if settings.PARLOR_BOT_WORKERS > 0 else workers.machine_size()
    workers.start(size, list(registry.REGISTERED.values()))


async def _looked_for(finding, what: str) -> list[str]:
    """The codes ``finding`` gives now, or none if the database failed
    (the next poll looks again)."""
    try:
        return await db.call(finding, time.time())
    except Exception:
        log.exception("could not look for %s; trying again", what)
        return []


async def run(stop: asyncio.Event) -> None:
    ringing = alarms.listen()
    start_workers()
    try:
        await db.call(telling.act, resume_all, then=telling.send_done)
    except Exception:
        log.exception("could not resume the games under way")
    poll_at = time.time() + settings.PARLOR_TICK_SECONDS
    check_at = time.time() + settings.PARLOR_STUCK_SECONDS
    loop = asyncio.get_running_loop()
    mailing = asyncio.ensure_future(turnmail.run(stop))  # the turn mails kept with the moves, sent on a thread of their own
    stopping = asyncio.ensure_future(stop.wait())
    stopping.add_done_callback(lambda _: ringing.set())
    try:
        while not stop.is_set():
            # A bot that falls due waits a moment (the gather) for the others
            # falling due after it, and they move in one turn: on a busy
            # server that is a transaction for several bots, not for each.
            ring_at = alarms.next_at()
            wake_at = poll_at if ring_at is None else min(poll_at, ring_at + gather())
            # One timer a wait, not a task for each thing waited on: the
            # ticker wakes for each turn of due bots. The loop's timers count
            # whole milliseconds and can ring up to one early, before
            # anything is due, so the wait is rounded up.
            wait = wake_at - time.time()
            timer = loop.call_later(wait + 0.001 if wait > 0 else 0.0, ringing.set)
            await ringing.wait()
            timer.cancel()
            ringing.clear()
            if stop.is_set():
                break
            codes = alarms.due()
            if time.time() >= poll_at:
                poll_at = time.time() + settings.PARLOR_TICK_SECONDS
                late = await _looked_for(overdue, "overdue bots")
                if time.time() >= check_at:
                    check_at = time.time() + settings.PARLOR_STUCK_SECONDS
                    late += await _looked_for(stuck, "stuck tables")
                codes += [code for code in dict.fromkeys(late) if code not in codes]
            for some in _turns(codes):
                # The same call as a person's move: the turn, then its views to the sockets.
                await db.call(telling.act, play, some, then=telling.send_done)
                # Between turns, let the loop read what arrived meanwhile, so
                # a person's move never waits behind a crowd of due bots.
                await asyncio.sleep(0)
    finally:
        stopping.cancel()
        mailing.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await mailing  # (its thread lets its connection go)
        alarms.stop_listening()
        workers.stop()
