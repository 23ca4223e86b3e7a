"""What every game's benchmark shares. Each plays its games through the one
play loop (``engine.play.play``), so what it measures is what a table pays:
every move through ``moves.dispatch``, every bot deciding from its seat's
view. Two helpers sit around that loop:

- ``Timed``, a ``bot=`` for ``play.play`` that times each decision it makes
  (the view, the bot's copy of it and its choice: what a table's bot turn
  costs);
- ``for_about``, which plays whole games one after another until a clock has
  run for a given time (always at least one game).

Around those, ``figures``: the lines two games' benchmarks both print,
random-legal and bot games in a time and the hard bot's decision time.
"""

from __future__ import annotations

import statistics
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


def random_games(seconds: float, game, seats: int) -> tuple[int, float, int]:
    """Games of a random legal move at every decision, ``seats`` seats, for
    about ``seconds``: (games, seconds taken, moves)."""
    played, spent = for_about(seconds, game, lambda i: ["random"] * seats, lambda i: f"bench-random:{i}",
                              bot=play.random_move)
    return len(played), spent, sum(len(p.moves) for p in played)


def bot_games(seconds: float, game, level: str, seats: int, timings: list[float] | None = None,
              label: str = "bench") -> tuple[int, float, int]:
    """Games of ``seats`` bots at one level for about ``seconds``: (games,
    seconds taken, moves); with ``timings``, each decision's time is
    appended to it."""
    timed = Timed()
    played, spent = for_about(seconds, game, lambda i: [level] * seats, lambda i: f"{label}-{level}-{seats}:{i}",
                              bot=timed)
    if timings is not None:
        timings.extend(timed.took)
    return len(played), spent, sum(len(p.moves) for p in played)


def figures(seconds: float, game, noun: str, digits: int, random_at: str, medium_at: str, seats: str):
    """A benchmark's three lines, each figure from about ``seconds`` of play:
    random-legal and medium-bot games at two seats, then the hard bot's
    decision time over hard bots at two seats and at four (half the time
    each). ``noun`` is what one game is called ("game", "day"), ``digits``
    how finely a rate is said, ``seats`` what a seat is called."""
    n, spent, made = random_games(seconds, game, 2)
    yield (f"  {f'random-legal {noun}s:':<20}{n / spent:.{digits}f} {noun}s/s{random_at} "
           f"({n} {noun}s, {made / n:.0f} moves a {noun}, {made / spent:.0f} moves/s)")
    n, spent, made = bot_games(seconds, game, "medium", 2)
    yield (f"  {f'medium-bot {noun}s:':<20}{n / spent:.{digits}f} {noun}s/s{medium_at} "
           f"({n} {noun}s, {made / n:.0f} moves a {noun}, {1000 * spent / made:.{digits}f} ms a move)")
    timings: list[float] = []
    bot_games(seconds / 2, game, "hard", 2, timings)
    bot_games(seconds / 2, game, "hard", 4, timings)
    ms = [1000 * t for t in timings]
    yield (f"  {'hard bot decision:':<20}median {statistics.median(ms):.{digits}f} ms, "
           f"95th percentile {percentile(ms, 0.95):.{digits}f} ms, "
           f"slowest {max(ms):.1f} ms ({len(ms)} decisions, at two and four {seats})")
