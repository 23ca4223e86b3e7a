"""Whether Parlor is serving a SQLite database: each server process holds a
shared lock on a file beside the database (``parlor.sqlite3-serving``) from
its start to its end, and `manage.py restore` takes that lock alone, so it
can tell the site is serving, and no server starts serving halfway through
a restore (one that starts then waits for the restore to finish).

A lock rather than a pid file or the port: the kernel lets go of a lock the
moment its process ends, however it ends (stopped, crashed, killed, the
power cut), where a pid file outlives a killed server and its number may
come back as another program's; and a port says nothing of which database a
server serves, when a site may run on any port, or on several."""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO


class SiteServing(Exception):
    """A server process holds the database's serving lock."""


def lock_file(database: str | Path) -> Path:
    return Path(f"{database}-serving")


def hold_while_serving() -> IO | None:
    """The lock on the site's SQLite database for this server process (none
    on PostgreSQL, or for a database in memory)."""
    from django.db import connection

    if connection.vendor != "sqlite" or connection.is_in_memory_db():
        return None
    return hold(connection.settings_dict["NAME"])


def hold(database: str | Path) -> IO:
    """The shared lock, for as long as the returned file stays open (waiting
    first for a restore under way to finish)."""
    held = open(lock_file(database), "a")
    fcntl.flock(held, fcntl.LOCK_SH)
    return held


@contextmanager
def alone(database: str | Path) -> Iterator[None]:
    """The lock taken alone for the block, or SiteServing at once if any
    server process holds it."""
    with open(lock_file(database), "a") as held:
        try:
            fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise SiteServing(lock_file(database)) from None
        yield
