"""How strong Line's bot levels are against each other.

Plays each pairing of levels head to head: every deal is played once with
each level in each seat (so the deal and who starts even out), bots playing
through the one play loop (engine/play.py) as at a table, with no table
service. Prints each level's share of the wins (a shared win split evenly)
with a 95% interval, and how the games ended.

    .venv/bin/python -m games.line.strength --games 200
    .venv/bin/python -m games.line.strength --games 100 --players 4 --pairs medium:hard
    .venv/bin/python -m games.line.strength --games 500 --first 500 --pairs hard:medium   # deals 500 to 999

With ``--players 4`` a pairing sits two of each level, alternating round the
table; with 3, the first level takes one seat in turn against two of the
other, and its share is compared with the 1/3 an equal player would get.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from engine import play, registry
from tools.stats import interval
from tools.strength import first_deal, running, share_of

GAME = registry.get("line")

PAIRS = (("easy", "medium"), ("medium", "hard"), ("easy", "hard"))


def play_game(levels: list[str], seed: str) -> tuple[list[int], str, int]:
    """One game; returns the places, how it ended and the moves made."""
    played = play.play(GAME, levels, seed, {})
    return GAME.result(played.final)["places"], played.final["outcome"]["how"], len(played.moves)


def seatings(a: str, b: str, players: int) -> list[list[str]]:
    """The seat arrangements that even out a deal between levels a and b."""
    if players == 2:
        return [[a, b], [b, a]]
    if players == 4:
        return [[a, b, a, b], [b, a, b, a]]
    return [[a if s == k else b for s in range(players)] for k in range(players)]


def _one(job):
    a, b, players, deal = job
    out = []
    for levels in seatings(a, b, players):
        places, how, steps = play_game(levels, f"strength:{players}:{deal}")
        out.append((share_of(a, levels, places), how, steps))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="deals per pairing (each played once per seating)")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--pairs", default=None, help="pairings like easy:medium,medium:hard (default: all three)")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in")
    parser.add_argument("--every", type=int, default=0, help="print the share so far every N games (default never)")
    first_deal(parser)
    args = parser.parse_args(argv)
    pairs = PAIRS if not args.pairs else [tuple(p.split(":")) for p in args.pairs.split(",")]
    fair = 0.5 if args.players != 3 else 1 / 3
    print(f"Line bot strength: {args.games} deals a pairing at {args.players} players"
          f"{f' (deals {args.first} on)' if args.first else ''} "
          f"({len(seatings('a', 'b', args.players))} seatings each); a level's share of the wins, 95% interval")
    for a, b in pairs:
        start = time.time()
        jobs = [(a, b, args.players, deal) for deal in range(args.first, args.first + args.games)]
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                played = (r for batch in pool.map(_one, jobs) for r in batch)
                results = list(running(played, lambda r: r[0], f"{a} vs {b}", args.every))
        else:
            played = (r for job in jobs for r in _one(job))
            results = list(running(played, lambda r: r[0], f"{a} vs {b}", args.every))
        n = len(results)
        share = sum(r[0] for r in results) / n
        low, high = interval(share, n)
        ends = {how: sum(1 for r in results if r[1] == how) for how in ("full", "empty")}
        steps = sum(r[2] for r in results) / n
        verdict = "stronger" if low > fair else "weaker" if high < fair else "not separated"
        print(f"  {a} vs {b}: {a} {share:.1%} [{low:.1%}, {high:.1%}], {b} {1 - share:.1%} "
              f"over {n} games ({a} {verdict}; equal would be {fair:.0%}); "
              f"ended full {ends['full']}, empty pile {ends['empty']}; {steps:.0f} moves a game; {time.time() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
