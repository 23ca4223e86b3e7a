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
            try:
                codes = alarms.due()
                if time.time() >= poll_at:
                    poll_at = time.time() + settings.PARLOR_TICK_SECONDS
                    codes += [code for code in await db.call(due_codes, time.time()) if code not in codes]
                # One table at a time, so a person's move waits behind one
                # bot's turn, never behind every bot due at once.
                for code in codes:
                    await db.call(service.tick, code)
            except Exception:
                log.exception("the ticker failed; trying again")
    finally:
        alarms.stop_listening()
