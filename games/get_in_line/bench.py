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
import sys

from engine import registry
from tools.bench import _play

GAME = registry.get("get-in-line")


def random_games(seconds: float, players: int = 2) -> tuple[int, float, int]:
    """Random-legal games played in about `seconds`: (games, time, moves)."""
    return _play.random_games(seconds, GAME, players)


def bot_games(seconds: float, level: str, players: int = 2, timings: list[float] | None = None,
              label: str = "bench") -> tuple[int, float, int]:
    """Bot games at one level played in about `seconds`: (games, time,
    moves); with `timings`, each decision's time is appended to it."""
    return _play.bot_games(seconds, GAME, level, players, timings, label)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run (a few seconds), for CI and a smoke check")
    args = parser.parse_args(argv)
    budget = 2.0 if args.quick else 15.0
    print(f"Get In Line benchmark ({'quick' if args.quick else 'full'} run, one process on one core, "
          f"Python {sys.version.split()[0]})")

    for line in _play.figures(budget, GAME, "game", 1, ", two seats", ", medium against medium one against one",
                              "seats"):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
