"""How fast one browser, and one address, may act: moves, and joining or
creating tables. Each action counts against its browser's limit
(PARLOR_LIMITS) and its address's (PARLOR_ADDRESS_LIMITS, higher: a
household shares one), so a fresh cookie for every request gains nothing.
With Redis (the site scaled out) the counts live there, so every server
process counts the same browser and address together; a single process
keeps them in its own memory."""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import logging
import threading
import time

from channels.layers import get_channel_layer
from django.conf import settings
from django.core.cache import caches

from tables.asking import Refused

JOINING = {"join", "create"}
log = logging.getLogger(__name__)


def check(browser: str, action: str, address: str | None = None) -> None:
    """Count one action; refuse it once the browser, or its address, is over
    its limit."""
    windows = _windows(browser, action, address)
    try:
        counts = _count(windows)
    except Exception:  # no cache (Redis away): play on uncounted rather than stop the table
        log.warning("could not count actions for the rate limit", exc_info=True)
        return
    _judge(windows, counts)


async def admit(browser: str, action: str, address: str | None = None) -> None:
    """``check``, for a socket on the server's loop: with Redis, counted on
    the channel layer's own connection while the loop carries on, instead
    of a round trip the loop waits out (both counts in the one trip)."""
    layer = get_channel_layer()
    if not hasattr(layer, "count"):
        check(browser, action, address)  # counted in this process's memory: no wait
        return
    windows = _windows(browser, action, address)
    named = _counter()[0].make_and_validate_key
    try:
        counts = await asyncio.gather(*(layer.count(named(w.key), named(w.earlier), _lasts(w.seconds)) for w in windows))
    except Exception:
        log.warning("could not count actions for the rate limit", exc_info=True)
        return
    _judge(windows, counts)


def _judge(windows: list[_Window], counts: list[tuple[int, int]]) -> None:
    for window, (count, earlier) in zip(windows, counts):
        window.judge(count, earlier)


@dataclasses.dataclass
class _Window:
    """The limit an action counts against, counted in windows of
    ``seconds``: this window's count, and the last one's weighed by how much
    of it still lies within ``seconds`` of now. So a browser can't double
    its limit across the turn of a window, and the count never drops to
    nothing at one."""

    kind: str
    most: int
    seconds: int
    key: str  # this window's count
    earlier: str  # the last window's
    weight: float  # how much of the last window still counts

    def judge(self, count: int, earlier: int) -> None:
        if count + earlier * self.weight > self.most:
            if self.kind == "join":
                raise Refused("That's a lot of tables in a short time; wait a minute and try again.", 429)
            raise Refused("You're going faster than the table can follow; wait a moment and try again.", 429)


def _windows(browser: str, action: str, address: str | None) -> list[_Window]:
    """The browser's window, and its address's when it is known."""
    kind = "join" if action in JOINING else "act"
    found = [_window(kind, settings.PARLOR_LIMITS[kind], f"{kind}:{browser}")]
    if address is not None:
        found.append(_window(kind, settings.PARLOR_ADDRESS_LIMITS[kind], f"{kind}-from:{address}"))
    return found


def _window(kind: str, limit: tuple[int, int], who: str) -> _Window:
    most, seconds = limit
    now = time.time() / seconds
    number = int(now)
    return _Window(kind, most, seconds, f"limit:{who}:{number}", f"limit:{who}:{number - 1}", 1.0 - (now - number))


def _lasts(seconds: int) -> int:
    """How long a window's count is kept: through the next window too."""
    return 2 * seconds + 1


@functools.cache
def _counter():
    """One cache for the whole process, and with Redis one client: Django's
    ``cache`` is a new one in every thread and context (with Redis, a
    connection apiece), and its Redis backend makes a new client for every
    command."""
    cache = caches.create_connection("default")
    backend = getattr(cache, "_cache", None)
    return cache, backend.get_client(write=True) if hasattr(backend, "get_client") else None


def _count(windows: list[_Window]) -> list[tuple[int, int]]:
    """Add one to each window's count; for each, this count and the last
    window's."""
    cache, redis = _counter()
    if redis is not None:
        # Redis counts in one round trip (the cache's add and incr take
        # three a window), the commands sent together rather than as a
        # transaction: a window's key is named for its window, so an expiry
        # that never came would cost a stray key, never a wrong count.
        together = redis.pipeline(transaction=False)
        for window in windows:
            full = cache.make_and_validate_key(window.key)
            together.incr(full)
            together.expire(full, _lasts(window.seconds), nx=True)
            together.get(cache.make_and_validate_key(window.earlier))
        answers = together.execute()
        return [(count, int(before or 0)) for count, _expiry, before in zip(*[iter(answers)] * 3)]
    return [_count_here(window.key, window.earlier, window.seconds) for window in windows]


# A single process's counts: window key -> [count, when it lapses]. (Django's
# local-memory cache pickled each count and checked each key letter by
# letter, three times a window: a thirtieth of a busy SQLite server's time.)
_here: dict[str, list] = {}
_here_lock = threading.Lock()  # (the database threads count HTTP actions too)
_sweep_at = [0.0]


def _count_here(key: str, earlier: str, seconds: int) -> tuple[int, int]:
    """``_count`` for one window, in this process's memory."""
    now = time.time()
    with _here_lock:
        if now >= _sweep_at[0]:
            for lapsed in [k for k, (_count, until) in _here.items() if until <= now]:
                del _here[lapsed]
            _sweep_at[0] = now + 1.0
        kept = _here.get(key)
        if kept is None or kept[1] <= now:
            kept = _here[key] = [0, now + _lasts(seconds)]
        kept[0] += 1
        before = _here.get(earlier)
        return kept[0], before[0] if before is not None and before[1] > now else 0


def forget() -> None:
    """Drop every count this process keeps (each test starts from none)."""
    with _here_lock:
        _here.clear()
        _sweep_at[0] = 0.0
