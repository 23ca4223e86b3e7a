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
    for code in codes:
        service.tick(code)
    return len(codes)


async def run(stop: asyncio.Event) -> None:
    ringing = alarms.listen()
    try:
        await db.call(resume_all)
    except Exception:
        log.exception("could not resume the games under way")
    turns = asyncio.Semaphore(db.BOTS_AT_ONCE)
    ticking: dict[str, asyncio.Task] = {}  # the tables this process is ticking now

    async def tick(code: str) -> None:
        try:
            await db.for_bots(service.tick, code)
        except Exception:
            log.exception("the ticker failed at %s; trying again", code)
        finally:
            del ticking[code]
            turns.release()

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
            # A few tables at once (one on SQLite, so a person's move waits
            # behind one bot's turn at most, never behind every bot due).
            for code in codes:
                if code in ticking:
                    continue
                await turns.acquire()
                ticking[code] = asyncio.ensure_future(tick(code))
        for _ in range(db.BOTS_AT_ONCE):  # let the ticks under way finish
            await turns.acquire()
    finally:
        alarms.stop_listening()
