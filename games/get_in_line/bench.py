"""Get In Line's benchmark: how fast the rules and the bots run on one core.

Prints three figures:

- random-legal games per second: two seats each playing a move picked at
  random from every legal move (trades and passes included);
- medium-bot games per second: two medium bots, one against one, each move
  chosen by ``bots.choose`` from the seat's view;
- the hard bot's decision time: median and 95th percentile over every
  decision of hard bots in games one against one and in two teams of two.

Every game is played by the one play loop (``engine/play.py``), every move
through the one door, ``engine.moves.dispatch``, as the table service plays
it.

    .venv/bin/python -m games.get_in_line.bench            # about a minute
    .venv/bin/python -m games.get_in_line.bench --quick    # a few seconds

It runs in one process and one thread, so on one core; run it on a quiet
machine, since other work on the same core slows every figure.
"""

from __future__ import annotations

import argparse
import statistics
import sys

from engine import play, registry
from tools.bench._play import Timed, for_about, percentile

GAME = registry.get("get-in-line")


def _moves(played) -> int:
    return sum(len(p.moves) for p in played)


def random_games(seconds: float, players: int = 2) -> tuple[int, float, int]:
    """Random-legal games played in about `seconds`: (games, time, moves)."""
    played, spent = for_about(seconds, GAME, lambda i: ["random"] * players, lambda i: f"bench-random:{i}",
                              bot=play.random_move)
    return len(played), spent, _moves(played)


def bot_games(seconds: float, level: str, players: int = 2, timings: list[float] | None = None,
              label: str = "bench") -> tuple[int, float, int]:
    """Bot games at one level played in about `seconds`: (games, time,
    moves); with `timings`, each decision's time is appended to it."""
    timed = Timed()
    played, spent = for_about(seconds, GAME, lambda i: [level] * players, lambda i: f"{label}-{level}-{players}:{i}",
                              bot=timed)
    if timings is not None:
        timings.extend(timed.took)
    return len(played), spent, _moves(played)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run (a few seconds), for CI and a smoke check")
    args = parser.parse_args(argv)
    budget = 2.0 if args.quick else 15.0
    print(f"Get In Line benchmark ({'quick' if args.quick else 'full'} run, one process on one core, "
          f"Python {sys.version.split()[0]})")

    games, spent, total = random_games(budget)
    print(f"  random-legal games: {games / spent:.1f} games/s, two seats "
          f"({games} games, {total / games:.0f} moves a game, {total / spent:.0f} moves/s)")

    games, spent, total = bot_games(budget, "medium")
    print(f"  medium-bot games:   {games / spent:.1f} games/s, medium against medium one against one "
          f"({games} games, {total / games:.0f} moves a game, {1000 * spent / total:.1f} ms a move)")

    timings: list[float] = []
    bot_games(budget / 2, "hard", 2, timings)
    bot_games(budget / 2, "hard", 4, timings)
    ms = [1000 * t for t in timings]
    print(f"  hard bot decision:  median {statistics.median(ms):.1f} ms, 95th percentile {percentile(ms, 0.95):.1f} ms, "
          f"slowest {max(ms):.1f} ms ({len(ms)} decisions, at two and four seats)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
