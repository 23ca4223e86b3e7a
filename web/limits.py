"""The site's one way of counting how often someone does something against
a limit, and its limits on how fast one browser, and one address, may act:
moves, joining or creating tables, and talking at them. Each action counts against its
browser's limit (PARLOR_LIMITS) and its address's (PARLOR_ADDRESS_LIMITS,
higher: a household shares one), so a fresh cookie for every request gains
nothing. The sign-in limits (accounts/throttle.py) count the same way.

A limit is counted in windows of its length (``Window``): this window's
count, and the last one's weighed by how much of it still lies within the
length of now. With Redis (the site scaled out) the counts live there, so
every server process counts the same browser and address together, each
count one round trip (a socket's on the channel layer's own connection,
``tables.layer.count``); a single process keeps them in its own memory.
Why a module of our own and not a library: docs/decisions/0022."""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import logging
import threading
import time

import redis
from channels.layers import get_channel_layer
from django.conf import settings
from django.core.cache import caches

from tables import layer as layers
from tables.asking import Refused

JOINING = {"join", "create"}
TALKING = {"talk"}  # counted apart from moves: a chatty table never slows its play
TALKING_FAST = "That's a lot said in a short time; wait a moment before saying more."
log = logging.getLogger(__name__)


def check(browser: str, action: str, address: str | None = None) -> None:
    """Count one action; refuse it once the browser, or its address, is over
    its limit."""
    windows = _windows(browser, action, address)
    try:
        counts = count(windows)
    except Exception:  # no cache (Redis away): play on uncounted rather than stop the table
        log.warning("could not count actions for the rate limit", exc_info=True)
        return
    _judge(windows, counts)


async def admit(browser: str, action: str, address: str | None = None) -> None:
    """``check``, for a socket on the server's loop. With Redis, counted on
    the channel layer's own connection while the loop carries on (both
    counts in the one trip); and a browser this process has heard of, well
    within its limits by what Redis last said and what has been counted
    here since, goes ahead without waiting for the answer. Any other waits
    and is judged on Redis's count, so within one process the limit holds
    exactly, and across processes by at most a round trip's actions."""
    layer = get_channel_layer()
    if not hasattr(layer, "count"):
        check(browser, action, address)  # counted in this process's memory: no wait
        return
    windows = _windows(browser, action, address)
    named = _counter()[0].make_key
    keys = [(named(w.key), named(w.earlier)) for w in windows]
    well_within = _heard.well_within(windows, keys)
    _heard.sent(windows, keys)
    counting = asyncio.ensure_future(layer.count([(key, earlier, _lasts(w.seconds)) for w, (key, earlier) in zip(windows, keys)]))
    counting.add_done_callback(functools.partial(_heard.answered, windows, keys))
    if well_within:
        return
    try:
        counts = await counting
    except Exception:
        return  # (logged by ``answered``)
    _judge(windows, counts)


class _Heard:
    """What this process last heard from Redis of each window's count, and
    how many it has counted there since without an answer yet."""

    def __init__(self):
        self.counts: dict[str, list] = {}  # window key -> [heard, unanswered, when it lapses]
        self.sweep_at = 0.0

    def well_within(self, windows: list[Window], keys: list[tuple[str, str]]) -> bool:
        """Whether this action keeps every window at half its limit or less,
        by what is known here; never for a browser or address not heard of."""
        for window, (key, earlier) in zip(windows, keys):
            now, before = self.counts.get(key), self.counts.get(earlier)
            if now is None and before is None:
                return False
            count = (now[0] + now[1] if now else 0) + 1
            if count + (before[0] if before else 0) * window.weight > window.most / 2:
                return False
        return True

    def sent(self, windows: list[Window], keys: list[tuple[str, str]]) -> None:
        now = time.monotonic()
        if now >= self.sweep_at:
            _drop_lapsed(self.counts, now)
            self.sweep_at = now + 1.0
        for window, (key, _earlier) in zip(windows, keys):
            self._kept(key, window)[1] += 1

    def answered(self, windows: list[Window], keys: list[tuple[str, str]], counting: asyncio.Future) -> None:
        counts = None
        if not counting.cancelled():
            if counting.exception() is not None:
                log.warning("could not count actions for the rate limit", exc_info=counting.exception())
            else:
                counts = counting.result()
        for index, (window, (key, earlier)) in enumerate(zip(windows, keys)):
            kept = self._kept(key, window)
            kept[1] = max(0, kept[1] - 1)
            if counts is not None:
                count, before = counts[index]
                kept[0] = max(kept[0], count)
                kept_before = self._kept(earlier, window)
                kept_before[0] = max(kept_before[0], before)

    def _kept(self, key: str, window: Window) -> list:
        # Kept as long as Redis keeps it: through the next window, when it is the earlier one.
        kept = self.counts.get(key)
        if kept is None:
            kept = self.counts[key] = [0, 0, time.monotonic() + _lasts(window.seconds)]
        return kept

    def forget(self) -> None:
        self.counts.clear()


def _judge(windows: list[Window], counts: list[tuple[int, int]]) -> None:
    for window, (count, earlier) in zip(windows, counts):
        window.judge(count, earlier)


@dataclasses.dataclass
class Window:
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

    def over(self, count: int, earlier: int) -> bool:
        """Whether these counts (this window's, the last one's) are over the limit."""
        return count + earlier * self.weight > self.most

    def judge(self, count: int, earlier: int) -> None:
        if self.over(count, earlier):
            if self.kind == "join":
                raise Refused("That's a lot of tables in a short time; wait a minute and try again.", 429)
            if self.kind == "talk":
                raise Refused(TALKING_FAST, 429)
            raise Refused("You're going faster than the table can follow; wait a moment and try again.", 429)


def _windows(browser: str, action: str, address: str | None) -> list[Window]:
    """The browser's window, and its address's when it is known."""
    kind = "join" if action in JOINING else "talk" if action in TALKING else "act"
    found = [window(kind, settings.PARLOR_LIMITS[kind], f"{kind}:{browser}")]
    if address is not None:
        found.append(window(kind, settings.PARLOR_ADDRESS_LIMITS[kind], f"{kind}-from:{address}"))
    return found


def window(kind: str, limit: tuple[int, int], who: str, now: float | None = None) -> Window:
    """The window ``who`` counts in now (``now``: the time, if not the
    clock's), by a limit of (most, seconds)."""
    most, seconds = limit
    now = (time.time() if now is None else now) / seconds
    number = int(now)
    return Window(kind, most, seconds, f"limit:{who}:{number}", f"limit:{who}:{number - 1}", 1.0 - (now - number))


def _lasts(seconds: int) -> int:
    """How long a window's count is kept: through the next window too."""
    return 2 * seconds + 1


@functools.cache
def _counter():
    """One cache for the whole process, and with Redis one client of our
    own, at the cache's address: Django's ``cache`` is a new one in every
    thread and context (with Redis, a connection apiece), and its Redis
    backend makes a new client for every command. The keys are the
    cache's (``make_key``)."""
    cache = caches.create_connection("default")
    where = settings.CACHES["default"]
    if where["BACKEND"] != "django.core.cache.backends.redis.RedisCache":
        return cache, None
    return cache, redis.Redis.from_url(where["LOCATION"])


def count(windows: list[Window]) -> list[tuple[int, int]]:
    """Add one to each window's count; for each, this count and the last
    window's."""
    cache, redis = _counter()
    if redis is not None:
        # Redis counts in one round trip (the cache's add and incr take
        # three a window), with the commands a socket's count sends too.
        # The keys are named as the cache names them, not checked letter by
        # letter for memcached, whose limits Redis doesn't have (the check
        # only ever warns, and cost more than the count).
        together = redis.pipeline(transaction=False)
        for found in windows:
            for command in layers.counting(cache.make_key(found.key), cache.make_key(found.earlier), _lasts(found.seconds)):
                together.execute_command(*command)
        answers = together.execute()
        return [(count, int(before or 0)) for count, _expiry, before in zip(*[iter(answers)] * 3)]
    return [_count_here(found.key, found.earlier, found.seconds) for found in windows]


def give_back(found: Window) -> None:
    """Take one back from a window's count: an action counted, then not
    made after all. (A count that lapsed meanwhile has nothing to give.)"""
    cache, redis = _counter()
    if redis is not None:
        key = cache.make_key(found.key)
        if redis.exists(key):
            redis.decr(key)
        return
    with _here_lock:
        kept = _here.get(found.key)
        if kept is not None and kept[1] > time.time():
            kept[0] -= 1


def clear(found: Window) -> None:
    """Drop a window's count, and the last window's: as if ``who`` had done nothing."""
    cache, redis = _counter()
    if redis is not None:
        redis.delete(cache.make_key(found.key), cache.make_key(found.earlier))
        return
    with _here_lock:
        _here.pop(found.key, None)
        _here.pop(found.earlier, None)


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
            _drop_lapsed(_here, now)
            _sweep_at[0] = now + 1.0
        kept = _here.get(key)
        if kept is None or kept[1] <= now:
            kept = _here[key] = [0, now + _lasts(seconds)]
        kept[0] += 1
        before = _here.get(earlier)
        return kept[0], before[0] if before is not None and before[1] > now else 0


def _drop_lapsed(counts: dict[str, list], now: float) -> None:
    """Drop the counts whose windows have lapsed (each count's last item is
    when it lapses), once a second rather than at every action."""
    for lapsed in [key for key, kept in counts.items() if kept[-1] <= now]:
        del counts[lapsed]


_heard = _Heard()


def forget() -> None:
    """Drop every count this process keeps (each test starts from none)."""
    _heard.forget()
    with _here_lock:
        _here.clear()
        _sweep_at[0] = 0.0
