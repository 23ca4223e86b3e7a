"""SQLite's write-ahead log, kept short from a thread of its own.

Every commit appends the pages it changed to the log; a checkpoint copies
them into the database file and waits for the disk. Left to SQLite, the
checkpoint runs inside whichever commit fills the log, and on a busy server
that is a move on the event loop. Here a thread checkpoints once a second,
so the loop never waits for the disk; SQLite's own checkpoint stays, at a
larger log (settings), as the net for a process that doesn't run this."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from concurrent.futures import ThreadPoolExecutor

from django.db import connection

log = logging.getLogger(__name__)

EVERY_SECONDS = 1.0


async def run(stop: asyncio.Event) -> None:
    if connection.vendor != "sqlite":
        return
    loop = asyncio.get_running_loop()
    name = connection.settings_dict["NAME"]
    with ThreadPoolExecutor(1, thread_name_prefix="checkpoint") as thread:
        keeper = await loop.run_in_executor(thread, lambda: sqlite3.connect(name, timeout=20, check_same_thread=False))
        try:
            while not stop.is_set():
                try:
                    await asyncio.wait_for(stop.wait(), EVERY_SECONDS)
                except TimeoutError:
                    pass
                try:
                    await loop.run_in_executor(thread, keeper.execute, "PRAGMA wal_checkpoint(PASSIVE)")
                except sqlite3.Error:
                    log.warning("could not checkpoint the database's log", exc_info=True)
        finally:
            await loop.run_in_executor(thread, keeper.close)
