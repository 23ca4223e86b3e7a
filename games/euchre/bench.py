"""Euchre's speed on one core (CPU seconds, so other work on the machine
doesn't skew it): random-legal playouts in hands per second (default rules,
and every house rule on), medium-bot games to 10 per second, and how long the
hard bot takes to decide (median and 95th percentile, searches included).
Every game is played by the one play loop (engine/play.py), each move through
moves.dispatch, the one door a table's moves use.

    .venv/bin/python -m games.euchre.bench            # about half a minute
    .venv/bin/python -m games.euchre.bench --quick    # a few seconds
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from engine import play, registry
from tools.bench._play import Timed, for_about, percentile

GAME = registry.get("euchre")
EVERYTHING_ON = {"stick_dealer": "off", "alone": "on", "defend_alone": "on", "farmers": "on", "canadian": "on"}


def _hands(played) -> int:
    """Hands scored over these games (a thrown-in deal isn't a hand)."""
    return sum(len(p.final["scores"]) for p in played)


def random_hands(seconds: float, settings=None) -> tuple[int, float]:
    """Whole games with a random legal move at every decision for about
    `seconds`; (hands scored, seconds taken)."""
    played, took = for_about(seconds, GAME, lambda i: ["random"] * 4, lambda i: f"bench-{i}", settings,
                             clock=time.process_time, bot=play.random_move)
    return _hands(played), took


def bot_games(seconds: float, level: str = "medium") -> tuple[int, int, float]:
    """Whole games to 10 with four bots at `level` for about `seconds`;
    (games, hands, seconds taken)."""
    played, took = for_about(seconds, GAME, lambda i: [level] * 4, lambda i: f"bench-bots-{i}",
                             clock=time.process_time)
    return len(played), _hands(played), took


def hard_decisions(seconds: float) -> list[float]:
    """Milliseconds each hard-bot decision takes, over whole games of four
    hard bots for about `seconds`."""
    timed = Timed(clock=time.process_time)
    for_about(seconds, GAME, lambda i: ["hard"] * 4, lambda i: f"bench-hard-{i}", clock=time.process_time, bot=timed)
    return [t * 1000 for t in timed.took]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run (about 5 seconds)")
    parser.add_argument("--seconds", type=float, default=None, help="seconds per figure (default 6, quick 1)")
    args = parser.parse_args(argv)
    each = args.seconds or (1.0 if args.quick else 6.0)
    print(f"Euchre benchmark, one core, about {each:g}s a figure, every move through moves.dispatch")
    n, took = random_hands(each)
    print(f"  random-legal playouts, default rules:    {n / took:9.0f} hands/s")
    n, took = random_hands(each, EVERYTHING_ON)
    print(f"  random-legal playouts, every house rule: {n / took:9.0f} hands/s")
    games, hands, took = bot_games(each * 2)
    print(f"  medium-bot games to 10:                 {games / took:9.2f} games/s  ({hands / took:.0f} hands/s)")
    ms = hard_decisions(each)
    print(f"  hard-bot decision: median {statistics.median(ms):.2f} ms, 95th percentile {percentile(ms, 0.95):.2f} ms,"
          f" slowest {max(ms):.1f} ms ({len(ms)} decisions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
