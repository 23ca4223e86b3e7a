"""The server process's event loop, so a database thread can hand it work
without waiting for it: an alarm for the ticker, a turn mail to send.
Outside a server (a script, a test without one) nothing is adopted and
callers do the work themselves."""

from __future__ import annotations

import asyncio
import threading

_loop: asyncio.AbstractEventLoop | None = None
_thread: int | None = None


def adopt() -> None:
    """Called on the server's loop as it starts."""
    global _loop, _thread
    _loop, _thread = asyncio.get_running_loop(), threading.get_ident()


def forget() -> None:
    global _loop
    _loop = None


def loop() -> asyncio.AbstractEventLoop | None:
    return _loop


def running() -> bool:
    return _loop is not None and not _loop.is_closed()


def hand(callback, *args) -> bool:
    """Run ``callback(*args)`` on the loop soon; False if there is no loop to
    run it (then it is the caller's to do)."""
    loop = _loop
    if loop is None or loop.is_closed():
        return False
    if threading.get_ident() == _thread:  # already on the loop (SQLite's calls run there)
        loop.call_soon(callback, *args)
        return True
    try:
        loop.call_soon_threadsafe(callback, *args)
    except RuntimeError:  # the loop closed as we asked
        return False
    return True
