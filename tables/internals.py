"""Half-sent requests are dropped: uvicorn waits for a request's headers and
body as long as a client cares to take, so a few hundred connections that
send a byte now and then would hold the server's sockets for good. Here a
connection has REQUEST_SECONDS from its first byte (or from opening, if it
sends none) to finish sending its request, headers and body; a socket's
upgrade and the answer itself are not timed, and between requests uvicorn's
own keep-alive timeout holds."""

from __future__ import annotations

import os

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

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
