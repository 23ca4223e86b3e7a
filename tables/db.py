"""How the server's event loop reaches the database. SQLite takes one writer
at a time, so every call goes through one thread, in order. PostgreSQL locks
rows, so calls run side by side on a pool of threads, each with its own
connection: a move at one table never queues behind a round trip for another."""

from __future__ import annotations

from channels.db import database_sync_to_async
from django.db import connection


def call(function, *args):
    """Run ``function(*args)`` off the loop; await the result."""
    return database_sync_to_async(function, thread_sensitive=connection.vendor == "sqlite")(*args)
