"""When this process's ticker should next look at a table. A change that
leaves a bot thinking sets an alarm for the moment its move falls due, so
bots move on time without the database being polled for them; the ticker's
slower poll stays as the net for alarms set in another process or lost with
one."""

from __future__ import annotations

import asyncio
import heapq
import time

from . import mainloop

_ringing: asyncio.Event | None = None
_alarms: list[tuple[float, str]] = []


def listen() -> asyncio.Event:
    """Called by the ticker on the server's loop: alarms ring it from now on."""
    global _ringing
    _ringing = asyncio.Event()
    _alarms.clear()
    return _ringing


def stop_listening() -> None:
    global _ringing
    _ringing = None


def set_for(code: str, at: float) -> None:
    """From any thread: look at the table ``code`` at ``at`` (a time.time())."""
    mainloop.hand(_push, code, at)


def _push(code: str, at: float) -> None:
    heapq.heappush(_alarms, (at, code))
    if _ringing is not None:
        _ringing.set()


def next_at() -> float | None:
    return _alarms[0][0] if _alarms else None


def due(now: float | None = None) -> list[str]:
    """The tables whose alarms have rung, each once."""
    now = time.time() if now is None else now
    codes = []
    while _alarms and _alarms[0][0] <= now:
        code = heapq.heappop(_alarms)[1]
        if code not in codes:
            codes.append(code)
    return codes
