"""Line's benchmark: how fast the rules play, and how long the hard bot thinks.

    .venv/bin/python -m tools.bench.line            # about a minute
    .venv/bin/python -m tools.bench.line --quick    # a few seconds

Prints random-legal games per second on one core (every move through
``moves.dispatch``, the one door a table uses, and again straight through the
move functions), and the hard bot's decision time, median and 95th
percentile, over every decision it made in hard-against-medium games, and
over the decisions where it had a real choice (more than one distinct move).
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import sys
import time

import games.line as game
from engine import moves, play
from games.line import bots


def random_games(count: int, through_door: bool = True) -> tuple[float, int]:
    """Play ``count`` games of uniformly random legal moves at 2, 3 and 4
    seats in turn; returns (seconds, moves)."""
    rng = random.Random(1)
    made = 0
    start = time.perf_counter()
    for k in range(count):
        state = game.new(2 + k % 3, f"bench:{k}", 0.0, {})
        while game.result(state) is None:
            seat = game.deciding(state)[0][0]
            action = rng.choice(game.legal(state, seat))
            if through_door:
                moves.dispatch(game, state, seat, action, 0.0)
            else:
                game.MOVES[action["type"]](state, seat, action, 0.0)
            made += 1
    return time.perf_counter() - start, made


def hard_times(count: int) -> tuple[list[float], list[float]]:
    """The hard bot's decision times (seconds) over ``count`` games against
    medium at two seats: every decision, and the ones with a real choice."""
    every, chosen = [], []
    for k in range(count):
        levels = ["hard", "medium"] if k % 2 == 0 else ["medium", "hard"]
        state = game.new(2, f"bench-hard:{k}", 0.0, {})
        step = 0
        while game.result(state) is None:
            seat = game.deciding(state)[0][0]
            rng = random.Random(f"{k}:{step}")
            if levels[seat] == "hard":
                v = game.view(state, seat)
                real = len(bots.distinct(v, game.legal(state, seat))) > 1
                work = copy.deepcopy(state)
                start = time.perf_counter()
                action = play.bot_move(game, work, seat, "hard", rng)
                spent = time.perf_counter() - start
                every.append(spent)
                if real:
                    chosen.append(spent)
            else:
                action = play.bot_move(game, state, seat, "medium", rng)
            moves.dispatch(game, state, seat, action, 0.0)
            step += 1
    return every, chosen


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
    spent, made = random_games(games, through_door=False)
    print(f"  random legal games straight through the rules: {games / spent:.1f} games/s ({made / spent:.0f} moves/s)")
    every, chosen = hard_times(hard)
    print(f"  hard bot decision time, every decision: {_ms(every)}")
    print(f"  hard bot decision time, real choices only: {_ms(chosen)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
