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
- ``DispatchOnTheLoop`` (Channels): a socket's consumer with no hop to a
  database thread on every message (with the hop, 6.2% more instructions
  a move at one table, 12.0% at forty)."""

from __future__ import annotations

import os
import threading

from channels.consumer import get_handler_name
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


class DispatchOnTheLoop:
    """For a subclass of Channels' AsyncConsumer on the event loop's one
    database connection."""

    async def dispatch(self, message):
        """As channels does, less its hop to a database thread on every
        message to close stale connections: each change reaching each socket
        queued behind the moves. The loop keeps its one connection for good
        (``db.call`` drops a broken one)."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)
