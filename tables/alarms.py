"""When this process's ticker should next look at a table. A change that
leaves a bot thinking sets an alarm for the moment its move falls due, so
bots move on time without the database being polled for them; the ticker's
slower poll stays as the net for alarms set in another process or lost with
one."""

from __future__ import annotations

import asyncio
import heapq
import secrets
import time
import zlib

from . import mainloop

# Names this process in the changes it tells the others.
PROCESS = secrets.token_hex(6)

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
    # The ticker sleeps until the earliest alarm: only a new earliest wakes
    # it (every change sets an alarm, and most fall due after another's).
    if _ringing is not None and _alarms[0] == (at, code):
        _ringing.set()


def handed_on(code: str, seq: int) -> bool:
    """Whether the bot a change leaves thinking is played by the other
    processes holding sockets at the table rather than by the one that made
    the change: a coin on the change, the same in every process, so on a
    site of several processes each plays its share of the bots, not only
    the process a table's last mover happens to be on."""
    return zlib.crc32(f"{code}:{seq}".encode()) % 2 == 1


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
