"""How Station Master plays with bots: strength of the levels, length of a
day, and how often a table wins together.

For each preset it prints:

- Competitive and Cutthroat: each pairing of levels at two Offices, seats
  swapped every other game; the first level's share of wins (a tie counts
  half) with a 95% interval (Wilson), and its share at four Offices, two of
  each level sitting alternately. Then a table of medium bots at every
  Office count the preset allows, for the length of its day.
- Co-op and Solitaire: how often a table of one level reaches the goal, with
  a 95% interval, at every Office count the preset allows.
- Custom with a short day and with a long day (the table scoring together
  against the standard goal): how often a table of medium bots reaches the
  goal, at one to four Offices.
- For every line: the day's length in Stages, the decisions made (per game
  and per player) and the minutes the day would take people at a brisk pace.

The minutes are ours, estimated from the decisions: turns are taken one
after another, so a day takes the sum of every player's decisions plus the
Stages' movement. A brisk person takes 6 seconds over a move at their Office
(a switch, a couple, a hold, the Draw option, an Extra, a card played, or
ending the turn) and 3 seconds over the short choice that closes a Draw
option (lay a track card, scrap a card or keep the hand); each Stage's
timetable, loads and movement take 15 seconds to watch. The decisions are
the bots' own, so a line's minutes are those of people who make as many
decisions as its bots (medium bots play about as a brisk person does; easy
bots end their turns early and make fewer).

    .venv/bin/python -m games.station_master.strength --games 200 --jobs 2
    .venv/bin/python -m games.station_master.strength --presets co-op --games 400 --jobs 2
"""

from __future__ import annotations

import argparse
import sys
import time

from engine import play, registry
from tools.stats import wilson

game = registry.get("station-master")
presets = game.presets

PAIRS = (("medium", "easy"), ("hard", "medium"), ("hard", "easy"))
TOGETHER_LEVELS = ("easy", "medium", "hard")
DAYS = ("short", "long")

# A brisk person's seconds per decision, by the kind of decision, and the
# seconds every Stage's timetable and movement take to watch (ours).
SECONDS = {"work": 6.0, "lay": 3.0}
STAGE_SECONDS = 15.0


def minutes(stages: int, decisions: dict) -> float:
    """The minutes a day takes people at a brisk pace: their decisions one
    after another, plus every Stage's movement."""
    return (sum(SECONDS[k] * count for k, count in decisions.items()) + STAGE_SECONDS * stages) / 60


def play_game(levels: list[str], seed: str, settings: dict) -> tuple[dict, dict]:
    """One day to the end with bots at these levels (one per seat): the
    final state and the decisions made, counted by kind. The day is played
    by the one play loop, as a table would play it."""
    decisions = {kind: 0 for kind in SECONDS}

    def count(state, seat, _action, _k):
        decisions[next(kind for s, kind, _key in game.deciding(state) if s == seat)] += 1

    return play.play(game, levels, seed, settings, watch=count).final, decisions


def _row(share: float, state: dict, decisions: dict) -> tuple[float, int, int, int, float]:
    """(share of the win, Stages, decisions, seats, minutes) for one game."""
    return share, state["stages"], sum(decisions.values()), state["n"], minutes(state["stages"], decisions)


def _versus(job) -> tuple:
    """One game of level a against level b: a's share of the win."""
    a, b, n, i, tag, settings = job
    levels = [a if (s + i) % 2 == 0 else b for s in range(n)]
    state, decisions = play_game(levels, f"strength-{tag}-{a}-{b}-{n}-{i}", settings)
    places = game.result(state)["places"]
    best_a = min(p for p, lv in zip(places, levels) if lv == a)
    best_b = min(p for p, lv in zip(places, levels) if lv == b)
    share = 1.0 if best_a < best_b else 0.5 if best_a == best_b else 0.0
    return _row(share, state, decisions)


def _together(job) -> tuple:
    """One game of a table of one level: 1 if it reached the goal (0 when
    each Office scores for itself)."""
    level, n, i, tag, settings = job
    # Every level plays the same deals, so their win rates compare fairly.
    state, decisions = play_game([level] * n, f"strength-{tag}-together-{n}-{i}", settings)
    return _row(float(bool(game.result(state).get("won"))), state, decisions)


def _run(fn, work, jobs):
    if jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            return pool.map(fn, work, chunksize=4)
    return [fn(j) for j in work]


def _length(rows) -> str:
    games = len(rows)
    stages = sum(r[1] for r in rows) / games
    decisions = sum(r[2] for r in rows) / games
    per = sum(r[2] / r[3] for r in rows) / games
    mins = sum(r[4] for r in rows) / games
    return f"Stages {stages:4.1f}  decisions {decisions:6.1f} ({per:5.1f} a player)  about {mins:4.1f} min"


def _line(label: str, rows) -> str:
    games = len(rows)
    wins = sum(r[0] for r in rows)
    lo, hi = wilson(wins, games)
    return f"  {label:<30} {wins / games:6.1%}  [{lo:5.1%}, {hi:5.1%}]  n={games:<4}  {_length(rows)}"


def _plain(label: str, rows) -> str:
    return f"  {label:<30} {'':6}  {'':14}  n={len(rows):<4}  {_length(rows)}"


def _offices(n: int) -> str:
    return f"{n} Office{'s' if n > 1 else ''}"


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
        for n in sizes:
            rows = _run(_together, [("medium", n, i, tag, settings) for i in range(games)], jobs)
            out.append(_plain(f"medium table, {_offices(n)}", rows))
    else:
        for level in TOGETHER_LEVELS:
            every = []
            for n in sizes:
                rows = _run(_together, [(level, n, i, tag, settings) for i in range(games)], jobs)
                every += rows
                out.append(_line(f"{level} table wins, {_offices(n)}", rows))
            if len(sizes) > 1:
                out.append(_line(f"{level} table wins, all", every))
    return out


def report_day(day: str, games: int, tag: str, jobs: int) -> list[str]:
    """Custom with a short or long day: a table of medium bots scoring
    together against the standard goal, at one to four Offices."""
    out = [f"Custom, {day} day (the table together, standard goal):"]
    for n in (1, 2, 3, 4):
        settings = {"preset": "custom", "scoring": "together", "day": day,
                    "seats": "one" if n == 1 else "two to four"}
        rows = _run(_together, [("medium", n, i, tag, settings) for i in range(games)], jobs)
        out.append(_line(f"medium table wins, {_offices(n)}", rows))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per line (default 200)")
    parser.add_argument("--presets", default="competitive,cutthroat,co-op,solitaire,short,long",
                        help="presets to play, comma separated; short and long are Custom days (default: all)")
    parser.add_argument("--seed", default="0", help="a tag that changes every deal (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in (default 1)")
    args = parser.parse_args(argv)
    chosen = args.presets.split(",")
    for preset in chosen:
        if preset not in DAYS and (preset not in presets.BY_KEY or preset == "custom"):
            print(f"no such preset to measure: {preset}", file=sys.stderr)
            return 2
    print(f"Minutes: {SECONDS['work']:.0f} s a move, {SECONDS['lay']:.0f} s to close a Draw option, "
          f"{STAGE_SECONDS:.0f} s a Stage's movement.")
    began = time.time()
    for preset in chosen:
        lines = report_day(preset, args.games, args.seed, args.jobs) if preset in DAYS else \
            report(preset, args.games, args.seed, args.jobs)
        for line in lines:
            print(line, flush=True)
    print(f"({time.time() - began:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
