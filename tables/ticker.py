"""Plays due bot moves in the background, in every server process. A bot
moves when its alarm rings (set by the change that started it thinking);
every few moments the ticker also polls the database for tables that are
overdue, the net for alarms set in another process or lost with one. Each
table is ticked under its row lock (skipped when another process holds it),
so a bot's move is played exactly once however many processes run."""

from __future__ import annotations

import asyncio
import logging
import time

from django.conf import settings

from . import alarms, db, service
from .models import Table

log = logging.getLogger(__name__)


def due_codes(now: float, limit: int = 100) -> list[str]:
    return list(Table.objects.filter(status=Table.PLAYING, due_at__lte=now).order_by("due_at").values_list("code", flat=True)[:limit])


def resume_all() -> int:
    """After a start or restart: bring every game under way up to date, so
    bots whose turn came while no process ran carry on."""
    codes = list(Table.objects.filter(status=Table.PLAYING).values_list("code", flat=True))
    for some in _turns(codes):
        play(some)
    return len(codes)


def play(codes: list[str]) -> list[str]:
    """One bot turn at these tables; the codes of those that moved. A turn
    that fails is played again table by table, so one table's trouble never
    holds up the others' bots."""
    try:
        return service.tick(codes)
    except Exception:
        log.exception("the ticker failed at %s; %s", ", ".join(codes),
                      "the poll tries again" if len(codes) == 1 else "trying each table alone")
        if len(codes) == 1:
            return []
    return [code for alone in codes for code in play([alone])]


def _turns(codes: list[str]) -> list[list[str]]:
    """The codes in groups of at most TABLES_A_TURN, one group a turn."""
    return [codes[i:i + db.TABLES_A_TURN] for i in range(0, len(codes), db.TABLES_A_TURN)]


async def run(stop: asyncio.Event) -> None:
    ringing = alarms.listen()
    try:
        await db.call(resume_all)
    except Exception:
        log.exception("could not resume the games under way")
    poll_at = time.time() + settings.PARLOR_TICK_SECONDS
    try:
        while not stop.is_set():
            ring_at = alarms.next_at()
            wake_at = poll_at if ring_at is None else min(poll_at, ring_at)
            waiting = [asyncio.ensure_future(stop.wait()), asyncio.ensure_future(ringing.wait())]
            await asyncio.wait(waiting, timeout=max(0.0, wake_at - time.time()), return_when=asyncio.FIRST_COMPLETED)
            for waiter in waiting:
                waiter.cancel()
            ringing.clear()
            if stop.is_set():
                break
            codes = alarms.due()
            if time.time() >= poll_at:
                # Overdue by a whole poll: a table whose alarm rings on time
                # is left to the process that set it, not raced for.
                poll_at = time.time() + settings.PARLOR_TICK_SECONDS
                try:
                    overdue = await db.call(due_codes, time.time() - settings.PARLOR_TICK_SECONDS)
                except Exception:
                    log.exception("could not look for overdue bots; trying again")
                    overdue = []
                codes += [code for code in overdue if code not in codes]
            for some in _turns(codes):
                await db.call(play, some)
                # Between turns, let the loop read what arrived meanwhile, so
                # a person's move never waits behind a crowd of due bots.
                await asyncio.sleep(0)
    finally:
        alarms.stop_listening()
