"""What every game's benchmark shares. Each plays its games through the one
play loop (``engine.play.play``), so what it measures is what a table pays:
every move through ``moves.dispatch``, every bot deciding from its seat's
view. Two helpers sit around that loop:

- ``Timed``, a ``bot=`` for ``play.play`` that times each decision it makes
  (the view, the bot's copy of it and its choice: what a table's bot turn
  costs);
- ``for_about``, which plays whole games one after another until a clock has
  run for a given time (always at least one game).
"""

from __future__ import annotations

import time

from engine import play


class Timed:
    """A bot that makes ``bot``'s move and keeps how long each decision took,
    in seconds of ``clock``, in ``took``. With ``levels``, only decisions of
    bots at those levels are timed."""

    def __init__(self, bot=play.bot_move, clock=time.perf_counter, levels=None):
        self.bot, self.clock, self.levels = bot, clock, levels
        self.took: list[float] = []

    def __call__(self, game, state: dict, seat: int, level: str, rng) -> dict:
        if self.levels is not None and level not in self.levels:
            return self.bot(game, state, seat, level, rng)
        start = self.clock()
        action = self.bot(game, state, seat, level, rng)
        self.took.append(self.clock() - start)
        return action


def for_about(seconds: float, game, levels_of, seed_of, settings=None, clock=time.perf_counter,
              **how) -> tuple[list, float]:
    """Play game after game through ``play.play`` until ``clock`` has run for
    ``seconds`` (and at least one game): game ``i`` with the levels
    ``levels_of(i)`` and the seed ``seed_of(i)``; ``how`` passes ``bot=``,
    ``watch=`` or ``pick=`` on. The games played and the seconds taken."""
    played = []
    start = clock()
    while clock() - start < seconds or not played:
        i = len(played)
        played.append(play.play(game, levels_of(i), seed_of(i), settings, **how))
    return played, clock() - start


def percentile(values: list[float], q: float) -> float:
    """The value a share ``q`` of ``values`` are at or under."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
