"""How fast one browser may act: moves, and joining or creating tables. The
counts live in the cache (Redis when the site scales out), so every server
process counts the same browser together."""

from __future__ import annotations

import functools
import logging
import time

from channels.layers import get_channel_layer
from django.conf import settings
from django.core.cache import caches

from .service import Refused

JOINING = {"join", "create"}
log = logging.getLogger(__name__)


def check(browser: str, action: str) -> None:
    """Count one action; refuse it once the browser is over its limit."""
    kind, most, seconds, key = _window(browser, action)
    try:
        count = _count(key, seconds)
    except Exception:  # no cache (Redis away): play on uncounted rather than stop the table
        log.warning("could not count actions for the rate limit", exc_info=True)
        return
    _judge(kind, count, most)


async def admit(browser: str, action: str) -> None:
    """``check``, for a socket on the server's loop: with Redis, counted on
    the channel layer's own connection while the loop carries on, instead
    of a round trip the loop waits out."""
    layer = get_channel_layer()
    if not hasattr(layer, "count"):
        check(browser, action)  # counted in this process's memory: no wait
        return
    kind, most, seconds, key = _window(browser, action)
    try:
        count = await layer.count(_counter()[0].make_and_validate_key(key), seconds + 1)
    except Exception:
        log.warning("could not count actions for the rate limit", exc_info=True)
        return
    _judge(kind, count, most)


def _window(browser: str, action: str) -> tuple[str, int, int, str]:
    """The limit this action counts against, and its count's key for now."""
    kind = "join" if action in JOINING else "act"
    most, seconds = settings.PARLOR_LIMITS[kind]
    window = int(time.time() // seconds)
    return kind, most, seconds, f"limit:{kind}:{browser}:{window}"


def _judge(kind: str, count: int, most: int) -> None:
    if count > most:
        if kind == "join":
            raise Refused("That's a lot of tables in a short time; wait a minute and try again.", 429)
        raise Refused("You're going faster than the table can follow; wait a moment and try again.", 429)


@functools.cache
def _counter():
    """One cache for the whole process, and with Redis one client: Django's
    ``cache`` is a new one in every thread and context (with Redis, a
    connection apiece), and its Redis backend makes a new client for every
    command."""
    cache = caches.create_connection("default")
    backend = getattr(cache, "_cache", None)
    return cache, backend.get_client(write=True) if hasattr(backend, "get_client") else None


def _count(key: str, seconds: int) -> int:
    cache, redis = _counter()
    if redis is not None:
        # Redis counts in one round trip (the cache's add and incr take
        # three), two commands sent together rather than a transaction of
        # four: the window's key is named for its window, so an expiry that
        # never came would cost a stray key, never a wrong count.
        full = cache.make_and_validate_key(key)
        both = redis.pipeline(transaction=False)
        both.incr(full)
        both.expire(full, seconds + 1, nx=True)
        return both.execute()[0]
    if cache.add(key, 1, timeout=seconds + 1):
        return 1
    try:
        return cache.incr(key)
    except ValueError:  # the window ended between add and incr
        cache.add(key, 1, timeout=seconds + 1)
        return 1
