"""High Card whose settings check has a fault: a setting called ``fumble``
makes it fail as a bug would, not with a refusal. The tests register it as
"fumbling-card" to see a fault while a frame is handled cost nothing more
than that frame."""

from __future__ import annotations

from tests import highcard
from tests.highcard import *  # noqa: F403 (High Card's contract surface, its settings aside)

slug = "fumbling-card"
title = "Fumbling Card"


def options(raw):
    if isinstance(raw, dict) and "fumble" in raw:
        raise KeyError("fumble")
    return highcard.options(raw)
