"""How the server's event loop reaches the database.

SQLite is a library inside this process that answers in microseconds and
takes one writer at a time, so its calls run right on the loop, one after
another (decision 5). PostgreSQL is across a socket and locks rows, so its
calls run on a few threads of their own, each keeping its connection for
good: while one call waits on a round trip or on a row another process
holds, the loop serves every other socket and the other threads make other
tables' moves (decision 16). Each action still makes few round trips: the
table and its seats in one read that also opens the transaction, the moves
and the new state in one write that also commits it (tables/rows.py), the
bots of every due table in one transaction (tables/ticker.py), the people's
moves that queued meanwhile in one transaction too (web/batching.py), and
the rate limit counted beside the call, not inside it (web/limits.py).
Locks never chain: a transaction takes its tables in the order of their
codes, and the ticker passes over tables another process holds. (On SQLite
the server allows the ORM on the loop's thread: parlor/asgi.py.)"""

from __future__ import annotations

import asyncio
import logging
import threading
from concurrent.futures import ThreadPoolExecutor

from django.db import connection, connections

log = logging.getLogger(__name__)

ON_THE_LOOP = connection.vendor == "sqlite"
# How many due tables one bot turn takes, in one transaction. On SQLite
# three: a commit costs about as much as a bot's move, and a person's move
# waits behind three tables' bots at most; on PostgreSQL a transaction's
# round trips cost more than the moves, so a turn takes every due table, up
# to ten at once.
TABLES_A_TURN = 3 if ON_THE_LOOP else 10
# How many people's moves one batch makes, in one transaction: the moves that
# queued while the last batch was made. On both stores, as a commit and the
# transaction around it cost more than most moves (on SQLite about a fifth of
# a move's time), and a move that finds no company is made alone at once.
MOVES_A_BATCH = 10
# PostgreSQL's calls at once in a process, each on its thread with its own
# connection from the pool (settings: 16 a process). A few are enough: a
# call is two round trips and a little Python, and more threads only queue
# for the interpreter.
THREADS = 4
_threads = None if ON_THE_LOOP else ThreadPoolExecutor(THREADS, thread_name_prefix="database")


async def call(function, *args, then=None):
    """Run ``function(*args)`` for the loop; await the result. ``then(result)``
    runs on the loop the moment the result is back, before the caller (or
    anything else on the loop) resumes: the views of a change go out to the
    sockets with no turn of the loop between its commit and their sending."""
    if not ON_THE_LOOP:
        loop = asyncio.get_running_loop()
        back = loop.create_future()

        def arrived(result, failed):
            if failed is None and then is not None:
                _then(then, result)
            if back.done():
                return  # (the caller was cancelled meanwhile)
            if failed is None:
                back.set_result(result)
            else:
                back.set_exception(failed)

        def run():
            try:
                result, failed = _checked(function, *args), None
            except BaseException as error:  # handed to the caller, on the loop
                result, failed = None, error
            try:
                loop.call_soon_threadsafe(arrived, result, failed)
            except RuntimeError:  # the loop closed meanwhile
                pass

        _threads.submit(run)
        return await back
    try:
        # (One connection for every task on the loop: internals.connections_by_thread.)
        result = _checked(function, *args)
        if then is not None:
            _then(then, result)
        return result
    finally:
        await asyncio.sleep(0)  # let sockets and other tables have their turn between calls


def _then(then, result) -> None:
    try:
        then(result)
    except Exception:  # the call's own work is done and committed: its caller still hears of it
        log.exception("what follows a database call failed")


def _checked(function, *args):
    try:
        return function(*args)
    finally:
        if connection.errors_occurred:
            # The database may have gone away mid-call: drop a broken
            # connection, so the next call opens a fresh one.
            connection.close_if_unusable_or_obsolete()


async def close_all() -> None:
    """Close the connections the calls hold (a loop of a test's own ends)."""
    if ON_THE_LOOP:
        connections.close_all()
        return
    every = threading.Barrier(THREADS)  # so each thread takes one, and closes its own

    def close():
        every.wait()
        connections.close_all()

    loop = asyncio.get_running_loop()
    await asyncio.gather(*(loop.run_in_executor(_threads, close) for _ in range(THREADS)))
