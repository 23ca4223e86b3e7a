"""How the server's event loop reaches the database.

Every call runs right on the loop, one after another. SQLite is a library
inside this process that answers in microseconds. PostgreSQL answers a
round trip in a fraction of a millisecond, but on threads every round trip
then waited for the interpreter behind the other busy threads (measured at
500 busy tables: ten times the round trip itself), so its calls run on the
loop too, and each action makes few round trips: the table and its seats in
one read that also opens the transaction, the moves and the new state in one
write that also commits it (tables/rows.py), the bots of every due table in
one transaction (tables/ticker.py), the people's moves that queued meanwhile
in one transaction too (web/batching.py), and the rate limit counted
beside the call, not inside it (web/limits.py). Locks never chain: a
process runs one transaction at a time, takes a batch's tables in the order
of their codes, and the ticker passes over tables another process holds.
(The server allows the ORM on the loop's thread: parlor/asgi.py.)"""

from __future__ import annotations

import asyncio
import contextvars

from django.db import connection

# How many due tables one bot turn takes, and how many people's moves one
# batch makes. On SQLite one, so a person's move waits behind one table's
# bots at most; on PostgreSQL a transaction's round trips cost more than the
# moves, so a turn takes every due table, and a batch every waiting move, up
# to this many at once.
TABLES_A_TURN = 1 if connection.vendor == "sqlite" else 10
# Django keeps a connection per asyncio context on the loop's thread, and
# every socket and request is a task with a context of its own: the calls on
# the loop share this one, so the process holds one connection, not one per
# socket (each with its own cache, and a heap the collector walks).
_loop_context = contextvars.Context()


async def call(function, *args):
    """Run ``function(*args)`` for the loop; await the result."""
    try:
        return _loop_context.run(_checked, function, *args)
    finally:
        await asyncio.sleep(0)  # let sockets and other tables have their turn between calls


def _checked(function, *args):
    try:
        return function(*args)
    finally:
        if connection.errors_occurred:
            # PostgreSQL may have gone away mid-call: drop a broken
            # connection, so the next call opens a fresh one.
            connection.close_if_unusable_or_obsolete()
