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
import sys

from engine import registry
from tools.bench import _play

GAME = registry.get("station-master")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run (a few seconds)")
    args = parser.parse_args(argv)
    budget = 1.5 if args.quick else 10.0
    print(f"Station Master benchmark ({'quick' if args.quick else 'full'} run, one process on one core)")
    for line in _play.figures(budget, GAME, "day", 2, " at two Offices", " at two Offices", "Offices"):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
