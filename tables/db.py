"""How the server's event loop reaches the database.

SQLite is a library inside this process that answers in microseconds and
takes one writer at a time, so its calls run right on the loop, one after
another: handing each to a thread and back cost more than the work, and put
every move behind a queue of thread switches. PostgreSQL is across a socket
and locks rows, so its calls run side by side on threads, each borrowing a
connection from the pool for the call: a move at one table never waits on a
round trip for another. The bots' turns have threads of their own, so a
crowd of due bots never keeps a person's move waiting for a thread. (On
SQLite the server allows the ORM on the loop's thread: parlor/asgi.py.)"""

from __future__ import annotations

import asyncio
import contextvars
from concurrent.futures import ThreadPoolExecutor

from django.db import close_old_connections, connection

ON_THE_LOOP = connection.vendor == "sqlite"
# The bots' turns a process plays at once: one after another on SQLite;
# on PostgreSQL, a few side by side, each on its own thread.
BOTS_AT_ONCE = 1 if ON_THE_LOOP else 3
_bots = None if ON_THE_LOOP else ThreadPoolExecutor(BOTS_AT_ONCE, thread_name_prefix="bots")
# Django keeps a connection per asyncio context on the loop's thread, and
# every socket and request is a task with a context of its own: the calls on
# the loop share this one, so the process holds one SQLite connection, not
# one per socket (each with its own cache, and a heap the collector walks).
_loop_context = contextvars.Context()


def call(function, *args):
    """Run ``function(*args)`` for the loop; await the result."""
    return _run(None, function, *args)


def for_bots(function, *args):
    """``call``, on the bots' own threads."""
    return _run(_bots, function, *args)


def _run(executor, function, *args):
    if ON_THE_LOOP:
        return _on_the_loop(function, *args)
    return asyncio.get_running_loop().run_in_executor(executor, _with_connection, function, *args)


def _with_connection(function, *args):
    """On a thread: the call, with the thread's connection handed back to
    the pool after it (and a broken one dropped before it)."""
    close_old_connections()
    try:
        return function(*args)
    finally:
        close_old_connections()


async def _on_the_loop(function, *args):
    try:
        return _loop_context.run(function, *args)
    finally:
        await asyncio.sleep(0)  # let sockets and other tables have their turn between calls
