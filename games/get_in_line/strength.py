"""How strong Get In Line's bot levels are against each other.

Plays each pairing of levels head to head, one against one and in two teams
of two: every deal is played twice, the second time with the levels swapped
(so the deal and who starts even out), bots playing through the one play
loop (engine/play.py) as at a table, with no table service. Prints each
level's share of the wins (a draw counts half) with a 95% interval and the
rating gap it implies, then how long games run in turns and how often they
are drawn with medium bots: two alone, three alone, and three teams of two.

    .venv/bin/python -m games.get_in_line.strength --games 300
    .venv/bin/python -m games.get_in_line.strength --games 20 --pairs medium:hard --jobs 2
    .venv/bin/python -m games.get_in_line.strength --games 100 --first 900 --pairs hard:medium --no-field
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from engine import play, registry
from tools.stats import gap, interval
from tools.strength import first_deal, running, share_of

GAME = registry.get("get-in-line")

PAIRS = (("easy", "medium"), ("medium", "hard"), ("easy", "hard"))


def play_game(levels: list[str], seed: str, settings: dict | None = None) -> dict:
    """One game by bots at these levels, seat by seat; its outcome and the
    places."""
    final = play.play(GAME, levels, seed, settings).final
    return {**final["outcome"], "places": GAME.result(final)["places"]}


def seatings(a: str, b: str, players: int) -> list[list[str]]:
    """A deal played twice: levels alternate round the table (so each is a
    team at four), then swap."""
    return [[(a, b)[s % 2] for s in range(players)], [(b, a)[s % 2] for s in range(players)]]


def _pairing(job) -> list[tuple[float, str, int]]:
    a, b, players, deal = job
    out = []
    for levels in seatings(a, b, players):
        o = play_game(levels, f"strength:{players}:{deal}")
        out.append((share_of(a, levels, o["places"]), o["how"], o["turns"]))
    return out


def _field(job) -> tuple[str, int, str]:
    """One game of medium bots: (how it ended, turns, 'won' or 'drawn')."""
    players, settings, deal = job
    o = play_game(["medium"] * players, f"field:{players}:{settings.get('teams', 2)}:{deal}", settings)
    return o["how"], o["turns"], "drawn" if o["winner"] is None else "won"


def _run(fn, jobs, procs: int):
    if procs > 1:
        with ProcessPoolExecutor(procs) as pool:
            yield from pool.map(fn, jobs, chunksize=1)
    else:
        yield from map(fn, jobs)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="deals per pairing (each played twice, levels swapped)")
    parser.add_argument("--pairs", default=None, help="pairings like easy:medium,medium:hard (default: all three)")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in")
    parser.add_argument("--players", default="2,4", help="table sizes to pair at (default 2,4)")
    parser.add_argument("--every", type=int, default=0, help="print the share so far every N games (default never)")
    parser.add_argument("--no-field", action="store_true", help="skip the medium-only games' lengths")
    first_deal(parser)
    args = parser.parse_args(argv)
    sizes = [int(p) for p in args.players.split(",")]
    pairs = PAIRS if not args.pairs else [tuple(p.split(":")) for p in args.pairs.split(",")]
    for pair in pairs:
        if len(pair) != 2 or not set(pair) <= {"easy", "medium", "hard"}:
            parser.error(f"not a pairing of levels: {':'.join(pair)}")
    print(f"Get In Line bot strength: {args.games} deals a pairing{f' (deals {args.first} on)' if args.first else ''}, "
          "each played twice with the levels swapped; "
          "a level's share of the wins (a draw is half), 95% interval")
    for players, label in ((2, "one against one"), (4, "two teams of two")):
        if players not in sizes:
            continue
        print(f"{label}:")
        for a, b in pairs:
            start = time.time()
            deals = range(args.first, args.first + args.games)
            played = (r for batch in _run(_pairing, [(a, b, players, d) for d in deals], args.jobs) for r in batch)
            results = list(running(played, lambda r: r[0], f"{label}, {a} vs {b}", args.every))
            n = len(results)
            share = sum(r[0] for r in results) / n
            low, high = interval(share, n)
            drawn = sum(1 for r in results if r[0] == 0.5)
            verdict = "stronger" if low > 0.5 else "weaker" if high < 0.5 else "not separated"
            print(f"  {a} vs {b}: {a} {share:.1%} [{low:.1%}, {high:.1%}] over {n} games, "
                  f"{gap(share):+.0f} points [{gap(low):+.0f}, {gap(high):+.0f}] ({a} {verdict}); "
                  f"{drawn} drawn; {time.time() - start:.0f} s", flush=True)
    if args.no_field:
        return 0
    print("medium bots only: games' length in turns and how often they're drawn")
    for players, settings, label in ((2, {}, "two alone"), (3, {}, "three alone"), (6, {"teams": 3}, "three teams of two")):
        ends = list(_run(_field, [(players, settings, d) for d in range(args.games)], args.jobs))
        turns = sorted(t for _, t, _ in ends)
        drawn = sum(1 for _, _, r in ends if r == "drawn")
        low, high = interval(drawn / len(ends), len(ends))
        how = {h: sum(1 for e in ends if e[0] == h) for h in ("lines", "full", "passed", "long")}
        tenth, ninetieth = turns[len(turns) // 10], turns[(9 * len(turns)) // 10]
        print(f"  {label}: {len(ends)} games, turns median {statistics.median(turns):.0f} (10%-90%: {tenth}-{ninetieth}, "
              f"{turns[0]}-{turns[-1]} in all); drawn {drawn / len(ends):.1%} [{low:.1%}, {high:.1%}]; "
              f"ended by lines {how['lines']}, full board {how['full']}, everyone passing {how['passed']}, ceiling {how['long']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
