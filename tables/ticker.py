"""Plays due bot moves in the background, in every server process. Each
table is ticked under its row lock (skipped when another process holds it),
so a bot's move is played exactly once however many processes run."""

from __future__ import annotations

import asyncio
import logging
import time

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import close_old_connections

from . import service
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


def tick_due() -> int:
    close_old_connections()
    played = 0
    for code in due_codes(time.time()):
        played += bool(service.tick(code))
    return played


async def run(stop: asyncio.Event) -> None:
    try:
        await database_sync_to_async(resume_all)()
    except Exception:
        log.exception("could not resume the games under way")
    while not stop.is_set():
        try:
            await asyncio.wait_for(stop.wait(), timeout=settings.PARLOR_TICK_SECONDS)
        except TimeoutError:
            pass
        if stop.is_set():
            break
        try:
            await database_sync_to_async(tick_due)()
        except Exception:
            log.exception("the ticker failed; trying again")
