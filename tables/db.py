"""How the server's event loop reaches the database.

SQLite is a library inside this process that answers in microseconds and
takes one writer at a time, so its calls run right on the loop, one after
another: handing each to a thread and back cost more than the work, and put
every move behind a queue of thread switches. PostgreSQL is across a socket
and locks rows, so its calls run side by side on a pool of threads, each with
its own connection: a move at one table never waits on a round trip for
another. (On SQLite the server allows the ORM on the loop's thread: parlor/asgi.py.)"""

from __future__ import annotations

import asyncio

from channels.db import database_sync_to_async
from django.db import connection


def call(function, *args):
    """Run ``function(*args)`` for the loop; await the result."""
    if connection.vendor == "sqlite":
        return _on_the_loop(function, *args)
    return database_sync_to_async(function, thread_sensitive=False)(*args)


async def _on_the_loop(function, *args):
    try:
        return function(*args)
    finally:
        await asyncio.sleep(0)  # let sockets and other tables have their turn between calls
