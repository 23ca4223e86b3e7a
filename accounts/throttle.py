"""How often signing in may fail, and a reset mail be asked for: per
account (the username typed, or the e-mail address) and per address the
request came from, as PARLOR_ACCOUNT_LIMITS says.

Counted as the site's other limits count (``web.limits``: in Redis when
the site scales out, so every process counts together, else in the
process's memory), in windows of the limit's length: this window's count,
and the last one's weighed by how much of it still lies within the length
of now. A try is counted before the password is checked, so tries sent all at once are
counted one by one and none slips past; a sign-in that succeeds is taken
back from its address's count, and clears its account's. Every password
check passes through here (``backends.LimitedBackend``).

Who sent a request is counted as the table limits count it
(``web.visitors.address``: behind a proxy, the address the proxy reports;
an IPv6 address by its /64). What is counted is a digest of the name or
address, never the name."""

from __future__ import annotations

import hashlib
import logging
import time
import unicodedata

from django.conf import settings

from web import limits
from web.visitors import address

log = logging.getLogger(__name__)
_now = time.time


def wait(kind: str) -> str:
    """How long a limit's window is, in words: what a refusal says to wait."""
    minutes = max(1, settings.PARLOR_ACCOUNT_LIMITS[kind][1] // 60)
    if minutes % 60 == 0:
        return "an hour" if minutes == 60 else f"{minutes // 60} hours"
    return f"{minutes} minutes"


def account(username: str) -> str:
    """The account a typed username tries, however it is typed."""
    return unicodedata.normalize("NFKC", username).strip().casefold()


def check_in(request, username: str) -> str | None:
    """Count a sign-in about to check its password, against its account and
    its address: the sentence that refuses it, or None to go on."""
    name, where = account(username), address(request)
    if not take("signin-account", name):
        return (f"That's too many wrong passwords for this account in a short time. Wait {wait('signin-account')}, "
                "then try again, or set a new password with the link below.")
    if not take("signin-address", where):
        give_back("signin-account", name)
        return f"That's too many failed sign-ins from your address in a short time. Wait {wait('signin-address')}, then try again."
    return None


def signed_in(request, username: str) -> None:
    """The password was right: the account's count is cleared, and the try
    is taken back from the address's."""
    forget("signin-account", account(username))
    give_back("signin-address", address(request))


def take(kind: str, who: str) -> bool:
    """Count one try of ``kind`` by ``who``. False once over the limit (and
    that try is not counted: a refused try checks no password)."""
    found = _window(kind, who)
    try:
        ((count, before),) = limits.count([found])
    except Exception:  # no cache (Redis away): sign-ins go on uncounted rather than stop
        log.warning("could not count a try for the sign-in limits", exc_info=True)
        return True
    if found.over(count, before):
        give_back(kind, who)
        return False
    return True


def give_back(kind: str, who: str) -> None:
    """Take one try back from this window's count."""
    try:
        limits.give_back(_window(kind, who))
    except Exception:
        log.warning("could not take a try back from the sign-in limits", exc_info=True)


def forget(kind: str, who: str) -> None:
    """Clear every try of ``kind`` by ``who``."""
    try:
        limits.clear(_window(kind, who))
    except Exception:
        log.warning("could not clear the sign-in limits", exc_info=True)


def _window(kind: str, who: str) -> limits.Window:
    digest = hashlib.sha256(f"{kind}:{who}".encode()).hexdigest()[:32]
    return limits.window(kind, settings.PARLOR_ACCOUNT_LIMITS[kind], f"accounts:{kind}:{digest}", _now())
