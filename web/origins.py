"""Which pages may open a websocket with a player's cookie: as Django's CSRF
check judges a form, the page's exact origin (scheme, host and port) must be
the site's own, the host one the site answers to (ALLOWED_HOSTS, or on the
home network its names: web/hosts.py) and the scheme and port the socket
came in on, or one CSRF_TRUSTED_ORIGINS lists. Any other port or
scheme on the same host is another site, and turned away."""

from __future__ import annotations

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import is_same_domain, split_domain_port

from . import hosts

# A socket's scheme, as the page that opened it would spell its own.
PAGE_SCHEME = {"ws": "http", "wss": "https", "http": "http", "https": "https"}


class ExactOrigin:
    """ASGI middleware: a websocket whose Origin isn't the site's is refused
    (403) before it reaches the application."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket" and not trusted(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)


def trusted(scope) -> bool:
    headers = dict(scope.get("headers") or [])
    origin = headers.get(b"origin", b"").decode("latin1").strip().lower()
    if not origin or origin == "null":
        return False
    host = headers.get(b"host", b"").decode("latin1").strip().lower()
    domain, _port = split_domain_port(host)
    own = f"{PAGE_SCHEME.get(scope.get('scheme'), 'http')}://{host}"
    if domain and hosts.accepted(domain) and origin == own:
        return True
    return listed(origin)


def listed(origin: str) -> bool:
    """Whether CSRF_TRUSTED_ORIGINS names this origin: exactly, or, for an
    entry like https://*.example.org, by its scheme and a subdomain."""
    try:
        parsed = urlsplit(origin)
    except ValueError:
        return False
    for entry in settings.CSRF_TRUSTED_ORIGINS:
        entry = entry.lower()
        if "*" not in entry:
            if origin == entry:
                return True
            continue
        allowed = urlsplit(entry)
        if parsed.scheme == allowed.scheme and is_same_domain(parsed.netloc, allowed.netloc.lstrip("*")):
            return True
    return False

