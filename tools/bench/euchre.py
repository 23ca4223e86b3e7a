"""Euchre's speed on one core (CPU seconds, so other work on the machine
doesn't skew it): random-legal playouts in hands per second (straight
through the rules, and through moves.dispatch, the one door a table's moves
use), medium-bot games to 10 per second, and how long the hard bot takes to
decide (median and 95th percentile, searches included).

    .venv/bin/python -m tools.bench.euchre            # about half a minute
    .venv/bin/python -m tools.bench.euchre --quick    # a few seconds
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import games.euchre as euchre
from engine import moves, play
from games.euchre import rules

EVERYTHING_ON = {"stick_dealer": "off", "alone": "on", "defend_alone": "on", "farmers": "on", "canadian": "on"}


def random_hands(seconds: float, settings=None, door: bool = False) -> tuple[int, float]:
    """Play hands with a random legal move at every decision for about
    `seconds`; (hands scored, seconds taken). A finished game starts a new
    one; a thrown-in deal isn't a hand."""
    rng = random.Random(1)
    hands, games = 0, 0
    state = rules.new(4, "bench-0", 0.0, settings)
    start = time.process_time()
    while True:
        phase = state["phase"]
        if phase == "over":
            games += 1
            state = rules.new(4, f"bench-{games}", 0.0, settings)
            continue
        seat = rules.deciding(state)[0][0]
        action = rng.choice(rules.legal(state, seat))
        if door:
            moves.dispatch(euchre, state, seat, action, 0.0)
        else:
            rules.MOVES[action["type"]](state, seat, action, 0.0)
        if state["phase"] in ("scored", "over") and phase not in ("scored", "over"):
            hands += 1
            if time.process_time() - start >= seconds:
                return hands, time.process_time() - start


def bot_games(seconds: float, level: str = "medium") -> tuple[int, int, float]:
    """Whole games to 10 with four bots at `level` for about `seconds`;
    (games, hands, seconds taken)."""
    games = hands = 0
    start = time.process_time()
    while time.process_time() - start < seconds or games == 0:
        state = rules.new(4, f"bench-bots-{games}", 0.0)
        step = 0
        while rules.result(state) is None:
            seat = rules.deciding(state)[0][0]
            action = play.bot_move(euchre, state, seat, level, random.Random(step))
            rules.MOVES[action["type"]](state, seat, action, 0.0)
            step += 1
        games += 1
        hands += len(state["scores"])
    return games, hands, time.process_time() - start


def hard_decisions(seconds: float) -> list[float]:
    """Milliseconds each hard-bot decision takes, over whole games of four
    hard bots for about `seconds`."""
    took: list[float] = []
    start = time.process_time()
    games = 0
    while time.process_time() - start < seconds:
        state = rules.new(4, f"bench-hard-{games}", 0.0)
        step = 0
        while rules.result(state) is None:
            seat = rules.deciding(state)[0][0]
            t = time.process_time()
            action = play.bot_move(euchre, state, seat, "hard", random.Random(step))
            took.append((time.process_time() - t) * 1000)
            rules.MOVES[action["type"]](state, seat, action, 0.0)
            step += 1
        games += 1
    return took


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run (about 5 seconds)")
    parser.add_argument("--seconds", type=float, default=None, help="seconds per figure (default 6, quick 1)")
    args = parser.parse_args(argv)
    each = args.seconds or (1.0 if args.quick else 6.0)
    print(f"Euchre benchmark, one core, about {each:g}s a figure")
    n, took = random_hands(each)
    print(f"  random-legal playouts, default rules:   {n / took:10.0f} hands/s")
    n, took = random_hands(each, EVERYTHING_ON)
    print(f"  random-legal playouts, every house rule: {n / took:9.0f} hands/s")
    n, took = random_hands(each, door=True)
    print(f"  random-legal playouts via dispatch:      {n / took:9.0f} hands/s")
    games, hands, took = bot_games(each * 2)
    print(f"  medium-bot games to 10:                 {games / took:9.2f} games/s  ({hands / took:.0f} hands/s)")
    ms = sorted(hard_decisions(each))
    print(f"  hard-bot decision: median {statistics.median(ms):.2f} ms, 95th percentile {ms[int(len(ms) * 0.95)]:.2f} ms,"
          f" slowest {ms[-1]:.1f} ms ({len(ms)} decisions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
