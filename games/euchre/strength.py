"""How strong Euchre's bot levels are against each other.

Two levels play whole games to 10, partners matched (seats 0 and 2 one
level, 1 and 3 the other), the levels swapping seats every other game so
neither side always deals first. Each pairing prints the first level's share
of the games won, with a 95% interval (Wilson), and its share of the points;
then, for each level, how often its side named trump (of all the hands
scored) and how often a call of its side was euchred, each with its 95%
interval.

    .venv/bin/python -m games.euchre.strength --games 200
    .venv/bin/python -m games.euchre.strength --pairs hard:medium --games 400 --jobs 2
"""

from __future__ import annotations

import argparse
import sys
import time

from engine import play, registry
from engine.contract import LEVELS
from tools.stats import wilson
from tools.strength import running

from .rules import team

GAME = registry.get("euchre")

PAIRS = (("medium", "easy"), ("hard", "medium"), ("hard", "easy"))


def play_game(levels: list[str], seed: str, settings: dict | None = None) -> dict:
    """One game to the end with bots at these levels (one per seat), played
    by the one play loop as a table would; the final state."""
    return play.play(GAME, levels, seed, settings).final


def _one(job) -> tuple:
    """Game `i` of a pairing: (first level won?, its points, the other's,
    and per level (first, second) the hands its side named trump and those
    of them it was euchred on, and the hands scored)."""
    a, b, i, tag, settings = job
    first_team = i % 2  # the first level sits at seats 0/2 in even games, 1/3 in odd
    levels = [a if s % 2 == first_team else b for s in range(4)]
    state = play_game(levels, f"strength-{tag}-{a}-{b}-{i}", settings)
    mine, theirs = state["totals"][first_team], state["totals"][1 - first_team]
    calls, euchred = [0, 0], [0, 0]
    for outcome in state["outcomes"]:
        side = 0 if team(outcome["maker"]) == first_team else 1
        calls[side] += 1
        euchred[side] += outcome["how"] == "euchre"
    return int(mine > theirs), mine, theirs, calls, euchred, len(state["outcomes"])


def calling(rows: list[tuple], side: int) -> dict:
    """How often a level's side named trump over a pairing's hands, and how
    often it was euchred when it did."""
    hands = sum(r[5] for r in rows)
    calls = sum(r[3][side] for r in rows)
    euchred = sum(r[4][side] for r in rows)
    return {"hands": hands, "calls": calls, "euchred": euchred,
            "call_rate": (calls / hands if hands else 0.0, *wilson(calls, hands)),
            "euchred_rate": (euchred / calls if calls else 0.0, *wilson(euchred, calls))}


def pairing(a: str, b: str, games: int, tag: str = "0", settings=None, jobs: int = 1, every: int = 0) -> dict:
    work = [(a, b, i, tag, settings) for i in range(games)]
    if jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            rows = list(running(pool.imap(_one, work, chunksize=1), lambda r: r[0], f"{a} vs {b}", every))
    else:
        rows = list(running(map(_one, work), lambda r: r[0], f"{a} vs {b}", every))
    wins = sum(r[0] for r in rows)
    lo, hi = wilson(wins, games)
    points = sum(r[1] for r in rows), sum(r[2] for r in rows)
    return {"a": a, "b": b, "games": games, "wins": wins, "share": wins / games if games else 0.0,
            "low": lo, "high": hi, "points": points, "calling": (calling(rows, 0), calling(rows, 1))}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing (default 200)")
    parser.add_argument("--pairs", default=",".join(f"{a}:{b}" for a, b in PAIRS),
                        help="pairings to play, like medium:easy,hard:medium")
    parser.add_argument("--seed", default="0", help="a tag that changes every deal (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in (default 1)")
    parser.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                        help="a house rule for every table, like farmers=on (repeatable)")
    parser.add_argument("--every", type=int, default=0, help="print the share so far every N games (default never)")
    args = parser.parse_args(argv)
    settings = dict(r.split("=", 1) for r in args.rule)
    if GAME.options(settings) != {**GAME.DEFAULTS, **settings}:
        parser.error(f"unknown house rule in {args.rule}; the settings are {GAME.DEFAULTS}")
    pairs = [tuple(p.split(":")) for p in args.pairs.split(",") if p]
    for p in pairs:
        if len(p) != 2 or not set(p) <= set(LEVELS):
            parser.error(f"a pairing is two levels out of {', '.join(LEVELS)}, like hard:medium")
    print(f"Euchre bot strength: {args.games} games a pairing, partners matched, seats swapped every other game")
    for a, b in pairs:
        start = time.perf_counter()
        r = pairing(a, b, args.games, args.seed, settings, args.jobs, args.every)
        took = time.perf_counter() - start
        print(f"  {a:>6} vs {b:<6}  {a} wins {r['share']:6.1%}  (95% {r['low']:.1%} to {r['high']:.1%};"
              f" {r['wins']}/{r['games']}; points {r['points'][0]}-{r['points'][1]}; {took:.1f}s)")
        for level, c in zip((a, b), r["calling"]):
            rate, euchred = c["call_rate"], c["euchred_rate"]
            print(f"      {level:>6} named trump {rate[0]:6.1%}  (95% {rate[1]:.1%} to {rate[2]:.1%}; {c['calls']}/{c['hands']}"
                  f" hands), euchred {euchred[0]:6.1%}  (95% {euchred[1]:.1%} to {euchred[2]:.1%};"
                  f" {c['euchred']}/{c['calls']} calls)")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
