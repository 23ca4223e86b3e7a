"""Who a request or socket comes from: a random id kept in the browser's
session (the seat token: never a guessable number), the name they gave, and
their account if signed in; and the address they came from, as the limits
count it.

A session is made only for a visitor who does something that needs one
(takes a seat or makes a table): a browser that only reads is answered as
a watcher, and leaves no session row behind."""

from __future__ import annotations

import ipaddress
import secrets

from tables import names
from tables.asking import NAME_LENGTH, Refused, Visitor


def from_request(request, name=None, *, staying: bool = False) -> Visitor:
    """The visitor of a request; ``staying`` makes them a session if they
    have none (they are taking a seat or making a table)."""
    session = request.session
    user = getattr(request, "user", None)
    user_id = user.id if user is not None and user.is_authenticated else None
    given = name if isinstance(name, str) else None
    if "browser" not in session:
        if not staying:
            return Visitor(_watcher(), given or "", user_id)
        session["browser"] = secrets.token_urlsafe(24)
    if given is not None:
        try:
            # Cleaned at the door as the table cleans it, so no page that shows
            # the session's name shows what a reader can't see.
            given = names.clean(given)
            session["name"] = given
        except Refused:
            pass  # kept out of the session; the table refuses it if it needs a name
    if user_id and not session.get("name"):
        session["name"] = user.username[:NAME_LENGTH]
    return Visitor(session["browser"], given if given is not None else session.get("name", ""), user_id)


def asker(request) -> tuple[int | None, str | None]:
    """The account signed in and the browser's id of a request, as
    ``tables.witnesses`` knows people: reading them makes no session for a
    browser that has none."""
    user = getattr(request, "user", None)
    return (user.id if user is not None and user.is_authenticated else None), request.session.get("browser")


def from_scope(scope, name=None) -> Visitor:
    session = scope.get("session")
    user = scope.get("user")
    user_id = user.id if user is not None and getattr(user, "is_authenticated", False) else None
    browser = browser_of(scope) or _watcher()
    given = name if isinstance(name, str) else (session.get("name", "") if session is not None else "")
    return Visitor(browser, given, user_id)


def browser_of(scope) -> str | None:
    """The browser id a socket's session holds; None for a socket without
    one, which can only watch."""
    session = scope.get("session")
    return (session.get("browser") if session is not None else None) or None


def _watcher() -> str:
    # No session: an id of its own, which holds no seat and never will.
    return "watcher-" + secrets.token_urlsafe(12)


def address(request) -> str:
    """Where a request came from, as the limits count it."""
    return where(request.META.get("REMOTE_ADDR") or "")


def socket_address(scope) -> str:
    """Where a socket came from, as the limits count it."""
    client = scope.get("client")
    return where(client[0] if client else "")


def where(raw: str) -> str:
    """A client's address as the limits count it: behind a proxy, the address
    the proxy reports, which uvicorn takes from X-Forwarded-For only when the
    connection comes from an address in FORWARDED_ALLOW_IPS (loopback by
    default); an IPv6 address by its /64, the block one home is given."""
    try:
        found = ipaddress.ip_address(raw)
    except ValueError:
        return raw or "unknown"
    if found.version == 6:
        if found.ipv4_mapped is not None:
            return str(found.ipv4_mapped)
        return str(ipaddress.ip_network(f"{found}/64", strict=False))
    return str(found)
