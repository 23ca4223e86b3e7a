"""Station Master's benchmark: how fast a day plays on one core.

Prints medium-bot days per second at two Offices (the default preset), and
the hard bot's decision time, median and 95th percentile, over every
decision of hard bots at two and four Offices; and days of random legal
moves per second. Every day is played
by the one play loop (``engine/play.py``), every move through
``moves.dispatch``, as a table plays it.

    .venv/bin/python -m games.station_master.bench            # about half a minute
    .venv/bin/python -m games.station_master.bench --quick    # a few seconds
"""

from __future__ import annotations

import argparse
import statistics
import sys

from engine import play, registry
from tools.bench._play import Timed, for_about, percentile

GAME = registry.get("station-master")


def random_days(seconds: float, offices: int = 2) -> tuple[int, float, int]:
    """Days of random legal moves for about `seconds`: (days, time, moves)."""
    played, spent = for_about(seconds, GAME, lambda i: ["random"] * offices, lambda i: f"bench-random:{i}",
                              bot=play.random_move)
    return len(played), spent, sum(len(p.moves) for p in played)


def bot_days(seconds: float, level: str, offices: int = 2, timings: list[float] | None = None) -> tuple[int, float, int]:
    """Days of bots at one level for about `seconds`: (days, time, moves);
    with `timings`, each decision's time is appended to it."""
    timed = Timed()
    played, spent = for_about(seconds, GAME, lambda i: [level] * offices, lambda i: f"bench-{level}-{offices}:{i}",
                              bot=timed)
    if timings is not None:
        timings.extend(timed.took)
    return len(played), spent, sum(len(p.moves) for p in played)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run (a few seconds)")
    args = parser.parse_args(argv)
    budget = 1.5 if args.quick else 10.0
    print(f"Station Master benchmark ({'quick' if args.quick else 'full'} run, one process on one core)")
    days, spent, made = random_days(budget)
    print(f"  random-legal days:  {days / spent:.2f} days/s at two Offices "
          f"({days} days, {made / days:.0f} moves a day, {made / spent:.0f} moves/s)")
    days, spent, made = bot_days(budget, "medium")
    print(f"  medium-bot days:    {days / spent:.2f} days/s at two Offices "
          f"({days} days, {made / days:.0f} moves a day, {1000 * spent / made:.2f} ms a move)")
    timings: list[float] = []
    bot_days(budget / 2, "hard", 2, timings)
    bot_days(budget / 2, "hard", 4, timings)
    ms = [1000 * t for t in timings]
    print(f"  hard bot decision:  median {statistics.median(ms):.2f} ms, 95th percentile {percentile(ms, 0.95):.2f} ms, "
          f"slowest {max(ms):.1f} ms ({len(ms)} decisions, at two and four Offices)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
