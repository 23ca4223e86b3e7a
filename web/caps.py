"""How many sockets one browser, and one address, may hold open, and how
often one socket may ask for the table afresh (PARLOR_SOCKETS,
PARLOR_REFRESHES: beyond them, the refreshes asked for meanwhile are
answered together, once one comes back). A socket lives on one server process, so each process
counts its own: nothing to tidy after a process dies, and no round trip to
count a socket."""

from __future__ import annotations

import time
from collections import Counter

from django.conf import settings

TOO_MANY_FROM_BROWSER = "This browser has too many tables open at once. Close a few tabs, then reload this one."
TOO_MANY_FROM_ADDRESS = "Too many tables are open from your address at once. Close a few, then reload this page."
TOO_MANY_REFRESHES = "The table sends every change by itself; here it is as it stands in a moment."

_open: Counter = Counter()  # ("browser" or "address", who) -> sockets open on this process


def open_socket(browser: str | None, address: str) -> list[tuple[str, str]] | str:
    """Count a socket opening for ``browser`` (None for a socket without a
    session, counted by its address alone) from ``address``: what to hand
    back to ``close_socket``, or the sentence that turns it away."""
    most = settings.PARLOR_SOCKETS
    keys = [("address", address)] + ([("browser", browser)] if browser else [])
    if browser and _open["browser", browser] >= most["browser"]:
        return TOO_MANY_FROM_BROWSER
    if _open["address", address] >= most["address"]:
        return TOO_MANY_FROM_ADDRESS
    for key in keys:
        _open[key] += 1
    return keys


def close_socket(keys: list[tuple[str, str]]) -> None:
    for key in keys:
        _open[key] -= 1
        if _open[key] <= 0:
            del _open[key]


class Refreshes:
    """One socket's allowance of refreshes: up to ``most`` at once, coming
    back at ``most`` every ``seconds``."""

    def __init__(self):
        self.most, self.seconds = settings.PARLOR_REFRESHES
        self.left = float(self.most)
        self.at = time.monotonic()

    def take(self) -> float:
        """Use one refresh: 0 if one was left, else the seconds until one
        comes back (and that one is spoken for)."""
        now = time.monotonic()
        self.left = min(self.most, self.left + (now - self.at) * self.most / self.seconds)
        self.at = now
        self.left -= 1
        if self.left >= 0:
            return 0.0
        return -self.left * self.seconds / self.most
