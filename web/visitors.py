"""Who a request or socket comes from: a random id kept in the browser's
session (the seat token: never a guessable number), the name they gave, and
their account if signed in."""

from __future__ import annotations

import secrets

from tables.asking import NAME_LENGTH, Visitor


def from_request(request, name=None) -> Visitor:
    session = request.session
    if "browser" not in session:
        session["browser"] = secrets.token_urlsafe(24)
    if isinstance(name, str) and name.strip():
        session["name"] = " ".join(name.split())[: NAME_LENGTH + 1]
    user = getattr(request, "user", None)
    user_id = user.id if user is not None and user.is_authenticated else None
    if user_id and not session.get("name"):
        session["name"] = user.username[:NAME_LENGTH]
    return Visitor(session["browser"], name if isinstance(name, str) else session.get("name", ""), user_id)


def from_scope(scope, name=None) -> Visitor:
    session = scope.get("session")
    browser = session.get("browser") if session is not None else None
    user = scope.get("user")
    user_id = user.id if user is not None and getattr(user, "is_authenticated", False) else None
    if not browser:
        # A socket without a session can only watch: its id is its own.
        browser = "watcher-" + secrets.token_urlsafe(12)
    given = name if isinstance(name, str) else (session.get("name", "") if session is not None else "")
    return Visitor(browser, given, user_id)
