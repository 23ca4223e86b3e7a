"""The places Parlor leans on a library's internals, each kept because it
is worth it, in one module so an upgrade is a decision: the test beside it
(tests/tables/test_internals.py) fails when a library here changes version,
and whoever upgrades checks each place against the new code.

- ``DeadlineProtocol`` (uvicorn): half-sent requests are dropped. uvicorn
  waits for a request's headers and body as long as a client cares to take,
  so a few hundred connections that send a byte now and then would hold the
  server's sockets for good. Here a connection has REQUEST_SECONDS from its
  first byte (or from opening, if it sends none) to finish sending its
  request, headers and body; a socket's upgrade and the answer itself are
  not timed, and between requests uvicorn's own keep-alive timeout holds.
  uvicorn has no such setting of its own.
- ``connections_by_thread`` (Django): one database connection for the
  event loop's calls, not one per socket's task.
- ``SweptOnceASecond`` (Channels): the in-memory layer's sweep for expired
  messages, at most once a second instead of on every send and receive.
  Measured without it, the server's instructions a move rise 0.7% at one
  table and 5.8% at forty, growing with the sockets held.
- ``built`` (Django): a model instance from a whole row without
  ``__init__`` going through every field (without it, 3.0% more
  instructions a move at one table, 5.9% at forty).
- ``HandedChanges`` (Channels): a socket's consumer with the page's frames
  its only source (changes are handed to it by the layer) and no hop to a
  database thread on every message (without the hop, 6.2% fewer
  instructions a move at one table, 12.0% at forty; without the single
  source, 1.4% and 2.4%)."""

from __future__ import annotations

import os
import threading
import time

from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from channels.layers import get_channel_layer
from django.db.models.base import ModelState
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

# The versions these places were written against and checked with.
CHECKED_WITH = {"uvicorn": "0.54.0", "django": "5.2.19", "channels": "4.3.2"}

REQUEST_SECONDS = float(os.environ.get("PARLOR_REQUEST_SECONDS", "10"))


class DeadlineProtocol(HttpToolsProtocol):
    """uvicorn's HTTP protocol, with a deadline on receiving each request."""

    unfinished = None  # the timer of the request being received

    def connection_made(self, transport):
        super().connection_made(transport)
        self._start_clock()

    def on_message_begin(self):
        super().on_message_begin()
        self._start_clock()

    def on_message_complete(self):
        super().on_message_complete()
        self._stop_clock()

    def handle_websocket_upgrade(self):
        self._stop_clock()  # the socket's own pings take over
        super().handle_websocket_upgrade()

    def connection_lost(self, exc):
        self._stop_clock()
        super().connection_lost(exc)

    def _start_clock(self):
        if self.unfinished is None:
            self.unfinished = self.loop.call_later(REQUEST_SECONDS, self._too_slow)

    def _stop_clock(self):
        if self.unfinished is not None:
            self.unfinished.cancel()
            self.unfinished = None

    def _too_slow(self):
        self.unfinished = None
        if not self.transport.is_closing():
            self.transport.close()  # (a view waiting on the body hears the client went away)


def connections_by_thread() -> None:
    """Keep each thread's database connections in a plain thread-local.
    Django keeps them in asgiref's Local, which on a thread running an event
    loop keeps them per asyncio context as well, so that every socket's task
    would open its own; and every lookup of a connection, several a
    transaction, asks for the running loop, a thread-local and a context
    variable. The loop's calls share its one connection (tables/db.py), and
    a thread-local keeps it so at a fraction of the cost (without it, 2.6 to
    2.9% more instructions a move). The connections this thread opened
    already are carried over."""
    from django.db import connections

    held = connections._connections
    if isinstance(held, threading.local):
        return
    plain = threading.local()
    for alias in connections.settings:
        if hasattr(held, alias):
            setattr(plain, alias, getattr(held, alias))
    connections._connections = plain


SWEEP_SECONDS = 1.0


class SweptOnceASecond:
    """For a subclass of Channels' InMemoryChannelLayer: its sweep of every
    channel and group, at most once a second."""

    _swept = 0.0

    def _clean_expired(self):
        now = time.monotonic()
        if now - self._swept < SWEEP_SECONDS:
            return
        self._swept = now
        super()._clean_expired()


def built(model, alias: str, columns, values):
    """An instance of ``model`` from a whole row, as ``from_db`` makes it but
    without ``__init__`` going through every field (four times as long, and
    every move and bot turn reads a table and its seats; the models have no
    ``post_init`` hooks)."""
    made = model.__new__(model)
    state = made._state = ModelState()
    state.adding, state.db = False, alias
    made.__dict__.update(zip(columns, values))
    return made


class HandedChanges:
    """For a subclass of Channels' AsyncConsumer whose changes are handed to
    it by the layer (``listen``), not received from its channel."""

    async def __call__(self, scope, receive, send):
        """As channels' consumer does, less its wait on two sources at once:
        that takes a task and two futures a frame, which live until the
        socket's next frame and are what the collector's middle passes walk.
        A change reaches this socket from the layer directly, so the page's
        frames are its only source."""
        self.scope = scope
        self.channel_layer = get_channel_layer(self.channel_layer_alias)
        self.channel_name = await self.channel_layer.new_channel()
        self.base_send = scope.get("parlor.send", send)  # (the server's own: parlor/asgi.py)
        try:
            while True:
                await self.dispatch(await receive())
        except StopConsumer:
            pass

    async def dispatch(self, message):
        """As channels does, less its hop to a database thread on every
        message to close stale connections: each change reaching each socket
        queued behind the moves. The loop keeps its one connection for good
        (``db.call`` drops a broken one)."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)
