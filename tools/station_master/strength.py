"""How Station Master plays with bots: strength of the levels, length of a
day, and how often a table wins together.

For each preset it prints:

- Competitive and Cutthroat: each pairing of levels at two Offices, seats
  swapped every other game; the first level's share of wins (a tie counts
  half) with a 95% interval (Wilson), and its share at four Offices, two of
  each level sitting alternately.
- Co-op and Solitaire: how often a table of one level reaches the goal, with
  a 95% interval, at every Office count the preset allows.
- For every table: the day's length in Stages and the decisions made (per
  game and per player).

    .venv/bin/python -m tools.station_master.strength --games 200
    .venv/bin/python -m tools.station_master.strength --presets co-op --games 400 --jobs 2
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from tables import station_master as game
from tables.station_master import presets
from tools.stats import wilson

PAIRS = (("medium", "easy"), ("hard", "medium"), ("hard", "easy"))
TOGETHER_LEVELS = ("easy", "medium", "hard")


def play_game(levels: list[str], seed: str, settings: dict) -> tuple[dict, int]:
    """One day to the end with bots at these levels (one per seat): the
    final state and the number of decisions made."""
    state = game.new(len(levels), seed, 0.0, settings)
    step = 0
    while game.result(state) is None:
        seat = game.deciding(state)[0][0]
        action = game.bots.choose(state, seat, levels[seat], random.Random(f"{seed}:{step}"))
        game.MOVES[action["type"]](state, seat, action, float(step))
        step += 1
    return state, step


def _versus(job) -> tuple[float, int, int, int]:
    """One game of level a against level b: (a's share of the win, Stages,
    decisions, seats)."""
    a, b, n, i, tag, settings = job
    levels = [a if (s + i) % 2 == 0 else b for s in range(n)]
    state, steps = play_game(levels, f"strength-{tag}-{a}-{b}-{n}-{i}", settings)
    places = game.result(state)["places"]
    best_a = min(p for p, lv in zip(places, levels) if lv == a)
    best_b = min(p for p, lv in zip(places, levels) if lv == b)
    share = 1.0 if best_a < best_b else 0.5 if best_a == best_b else 0.0
    return share, state["stages"], steps, n


def _together(job) -> tuple[float, int, int, int]:
    level, n, i, tag, settings = job
    # Every level plays the same deals, so their win rates compare fairly.
    state, steps = play_game([level] * n, f"strength-{tag}-together-{n}-{i}", settings)
    return float(game.result(state)["won"]), state["stages"], steps, n


def _run(fn, work, jobs):
    if jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            return pool.map(fn, work, chunksize=4)
    return [fn(j) for j in work]


def _line(label: str, rows) -> str:
    games = len(rows)
    wins = sum(r[0] for r in rows)
    lo, hi = wilson(wins, games)
    stages = sum(r[1] for r in rows) / games
    decisions = sum(r[2] for r in rows) / games
    per = sum(r[2] / r[3] for r in rows) / games
    return (f"  {label:<28} {wins / games:6.1%}  [{lo:5.1%}, {hi:5.1%}]  n={games:<4}  "
            f"Stages {stages:4.1f}  decisions {decisions:6.1f} ({per:5.1f} a player)")


def report(preset: str, games: int, tag: str, jobs: int) -> list[str]:
    settings = {"preset": preset}
    answers = presets.BY_KEY[preset]["answers"]
    sizes = presets.SEATS[answers["seats"]]
    out = [f"{presets.BY_KEY[preset]['label']}:"]
    if answers["scoring"] == "each":
        for a, b in PAIRS:
            for n in (2, 4):
                if n not in sizes:
                    continue
                rows = _run(_versus, [(a, b, n, i, tag, settings) for i in range(games)], jobs)
                out.append(_line(f"{a} beats {b}, {n} Offices", rows))
    else:
        for level in TOGETHER_LEVELS:
            every = []
            for n in sizes:
                rows = _run(_together, [(level, n, i, tag, settings) for i in range(games)], jobs)
                every += rows
                out.append(_line(f"{level} table wins, {n} Office{'s' if n > 1 else ''}", rows))
            if len(sizes) > 1:
                out.append(_line(f"{level} table wins, all", every))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per line (default 200)")
    parser.add_argument("--presets", default="competitive,cutthroat,co-op,solitaire",
                        help="presets to play, comma separated")
    parser.add_argument("--seed", default="0", help="a tag that changes every deal (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in (default 1)")
    args = parser.parse_args(argv)
    began = time.time()
    for preset in args.presets.split(","):
        if preset not in presets.BY_KEY or preset == "custom":
            print(f"no such preset to measure: {preset}", file=sys.stderr)
            return 2
        for line in report(preset, args.games, args.seed, args.jobs):
            print(line, flush=True)
    print(f"({time.time() - began:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
