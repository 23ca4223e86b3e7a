"""No text holding a NUL character reaches the database. PostgreSQL can
neither keep nor compare it (asked, it fails the request), where SQLite
looks and finds nothing; so every request and socket is judged here, at the
door, before any view or session reads it, and gets the same answer on
either database.

An address (path or query) holding one leads nowhere: a request for it is
answered 404, as any address that leads nowhere is, and a socket's
handshake is refused. A cookie holding one is read as empty, so the browser
is a fresh visitor, as a cookie that names no session makes it. Bodies are
judged where they are read: a form's fields refuse NUL (Django's own
check), and so does every JSON message (``wire.parse``)."""

from __future__ import annotations

from urllib.parse import unquote_to_bytes

from asgiref.sync import iscoroutinefunction
from channels.security.websocket import WebsocketDenier
from django.http import Http404
from django.utils.decorators import sync_and_async_middleware

NUL = "\x00"
NUL_ADDRESS = "There's nothing at an address with a NUL character in it; check the link and try again."


def address_holds_nul(path: str, query: str | bytes) -> bool:
    """Whether a path (as decoded) or its query (as sent) holds NUL."""
    return NUL in path or b"\x00" in unquote_to_bytes(query)


def without_nul(cookies: dict[str, str]) -> dict[str, str]:
    """The cookies, each that holds NUL read as empty."""
    if not any(NUL in value for value in cookies.values()):
        return cookies
    return {name: "" if NUL in value else value for name, value in cookies.items()}


def _judge(request) -> None:
    if address_holds_nul(request.path_info, request.META.get("QUERY_STRING", "")):
        raise Http404(NUL_ADDRESS)
    request.COOKIES = without_nul(request.COOKIES)


@sync_and_async_middleware
def refuse_nul(get_response):
    """Django middleware, listed before the session's. It runs in whichever
    mode the middleware around it does, so it costs a request no hop
    between threads."""
    if iscoroutinefunction(get_response):
        async def judged(request):
            _judge(request)
            return await get_response(request)
    else:
        def judged(request):
            _judge(request)
            return get_response(request)
    return judged


class RefuseNulSocket:
    """ASGI middleware for websockets, between Channels' cookie middleware
    (which reads the cookies) and its session middleware (which looks the
    session up)."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if address_holds_nul(scope["path"], scope.get("query_string", b"")):
            return await WebsocketDenier()(scope, receive, send)
        cookies = scope.get("cookies", {})
        kept = without_nul(cookies)
        return await self.application(scope if kept is cookies else {**scope, "cookies": kept}, receive, send)
