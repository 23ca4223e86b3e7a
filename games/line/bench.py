"""Line's benchmark: how fast the rules play, and how long the hard bot thinks.

    .venv/bin/python -m games.line.bench            # about a minute
    .venv/bin/python -m games.line.bench --quick    # a few seconds

Prints random-legal games per second on one core, and the hard bot's
decision time, median and 95th percentile, over every decision it made in
hard-against-medium games, and over the decisions where it had a real choice
(more than one distinct move). Every game is played by the one play loop
(``engine/play.py``), every move through ``moves.dispatch``, the one door a
table uses.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from engine import play, registry
from tools.bench._play import Timed

GAME = registry.get("line")


def random_games(count: int) -> tuple[float, int]:
    """Play ``count`` games of uniformly random legal moves at 2, 3 and 4
    seats in turn; returns (seconds, moves)."""
    made = 0
    start = time.perf_counter()
    for k in range(count):
        made += len(play.play(GAME, ["random"] * (2 + k % 3), f"bench:{k}", {}, bot=play.random_move).moves)
    return time.perf_counter() - start, made


def real_choice(game, state: dict, seat: int) -> bool:
    """Whether the seat has more than one distinct move to choose from."""
    bots = game.bots
    v = game.view(state, seat)
    return len(bots.distinct(v, game.legal(state, seat))) > 1


def hard_times(count: int) -> tuple[list[float], list[float]]:
    """The hard bot's decision times (seconds) over ``count`` games against
    medium at two seats: every decision, and the ones with a real choice."""
    timed, chosen = Timed(levels={"hard"}), []

    def bot(game, state, seat, level, rng):
        real = level == "hard" and real_choice(game, state, seat)
        action = timed(game, state, seat, level, rng)
        if real:
            chosen.append(timed.took[-1])
        return action

    for k in range(count):
        levels = ["hard", "medium"] if k % 2 == 0 else ["medium", "hard"]
        play.play(GAME, levels, f"bench-hard:{k}", {}, bot=bot)
    return timed.took, chosen


def _ms(values: list[float]) -> str:
    if not values:
        return "no decisions"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return f"median {statistics.median(ordered) * 1000:.1f} ms, 95th percentile {p95 * 1000:.1f} ms over {len(ordered)}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Line's benchmark.")
    parser.add_argument("--quick", action="store_true", help="a short run (a few seconds)")
    args = parser.parse_args(argv)
    games, hard = (30, 2) if args.quick else (300, 16)
    print("Line benchmark" + (" (quick)" if args.quick else ""))
    spent, made = random_games(games)
    print(f"  random legal games through moves.dispatch: {games / spent:.1f} games/s on one core "
          f"({made / spent:.0f} moves/s, {made / games:.0f} moves a game)")
    every, chosen = hard_times(hard)
    print(f"  hard bot decision time, every decision: {_ms(every)}")
    print(f"  hard bot decision time, real choices only: {_ms(chosen)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
