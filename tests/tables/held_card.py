"""High Card whose hard bot holds its move until the test lets it go: it
writes where it is thinking (its process), then waits for the file named
``release`` in the folder PARLOR_TEST_HOLD names. The tests register it as
"held-card" to see a bot think in a worker while the site answers others."""

from __future__ import annotations

import os
import time
import types
from pathlib import Path

from tests import highcard
from tests.highcard import *  # noqa: F403 (High Card's contract surface, its bots and name aside)

slug = "held-card"
title = "Held Card"
WAIT_AT_MOST = 60.0  # seconds: a test that never lets go doesn't hold its worker for ever


def choose(seen, level, rng):
    if level == "hard":
        hold = Path(os.environ["PARLOR_TEST_HOLD"])
        (hold / f"thinking-{seen['seq']}").write_text(str(os.getpid()))
        give_up = time.monotonic() + WAIT_AT_MOST
        while not (hold / "release").exists() and time.monotonic() < give_up:
            time.sleep(0.01)
    return highcard.bots.choose(seen, level, rng)


bots = types.SimpleNamespace(choose=choose)
