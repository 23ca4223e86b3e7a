"""The server process's event loop, so the database thread can hand it work
without waiting for it: a change's message to the sockets, an alarm for the
ticker. Outside a server (a script, a test without one) nothing is adopted
and callers do the work themselves."""

from __future__ import annotations

import asyncio

_loop: asyncio.AbstractEventLoop | None = None


def adopt() -> None:
    """Called on the server's loop as it starts."""
    global _loop
    _loop = asyncio.get_running_loop()


def forget() -> None:
    global _loop
    _loop = None


def running() -> bool:
    return _loop is not None and not _loop.is_closed()


def hand(callback, *args) -> bool:
    """Run ``callback(*args)`` on the loop soon; False if there is no loop to
    run it (then it is the caller's to do)."""
    loop = _loop
    if loop is None or loop.is_closed():
        return False
    try:
        loop.call_soon_threadsafe(callback, *args)
    except RuntimeError:  # the loop closed as we asked
        return False
    return True
