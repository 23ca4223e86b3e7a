"""Measure each game's bot levels against each other and write the rating
anchors (each game's ``anchors.json``, in its own folder).

For each game (any registered in ``engine.registry``, or ``slug=module`` for one
that isn't registered yet) it takes the smallest table that splits into two
equal sides (``ratings.tables.teams_of``: one against one in Get In Line,
two against two in Euchre), seats one level on one side and the other level
on the other (partners matched), and plays every deal twice with the sides'
levels swapped, so the seats swap every other game. The games are played by
the one play loop (``engine/play.py``): every move through ``moves.dispatch``
and a bot's refused move replaced by the game's fallback, as at a table, with
no server.

It prints each pairing's win share (a draw counts half) with a 95% Wilson
interval and the rating gap it implies (``ratings.model.gap_from_share``),
then the anchors: medium is 1500 by definition; hard is medium plus the
hard-over-medium gap, easy medium minus the medium-over-easy gap; a gap
between sides of several bots is split between the side's members, and a
weak level is capped at 400 below medium. ``--write`` writes each game's
into its folder's anchors.json, with a note of the run that produced them.

    .venv/bin/python -m tools.ratings.anchors --game get-in-line --games 150 --jobs 2 --write
    .venv/bin/python -m tools.ratings.anchors --game euchre=games.euchre --games 300 --write
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from tools.stats import gap, interval

PAIRS = (("easy", "medium"), ("medium", "hard"), ("easy", "hard"))


def _game(slug: str):
    from engine import registry

    game = registry.get(slug)
    if game is None:
        raise SystemExit(f"no game {slug!r}: registered are {', '.join(registry.REGISTERED)}")
    return game


def table_for(slug: str, settings: dict | None = None) -> tuple[int, list[int]]:
    """The smallest table size of this game that splits into exactly two
    sides of equal size, and which side each seat is on."""
    from ratings.tables import teams_of

    game = _game(slug)
    for n in sorted(game.sizes):
        teams = teams_of(slug, n, game.options(settings or {}))
        sides = sorted(set(teams))
        if len(sides) == 2 and teams.count(sides[0]) == teams.count(sides[1]):
            return n, [sides.index(t) for t in teams]
    raise SystemExit(f"{slug}: no table size splits into two equal sides")


def play_game(slug: str, levels: list[str], seed: str, settings: dict | None = None) -> list[int]:
    """One game by bots at these levels, one a seat, through the one play
    loop; the places."""
    from engine import play

    game = _game(slug)
    final = play.play(game, levels, seed, game.options(settings or {})).final
    return list(game.result(final)["places"])


def _deal(job) -> list[float]:
    """One deal played twice, the sides' levels swapped: side 0's share of
    each game (1 a win, ½ a draw, 0 a loss)."""
    slug, module, a, b, deal, settings = job
    if module:  # a game not registered yet (a worker process registers it too)
        from engine import registry

        registry.register(slug, module)
    n, sides = table_for(slug, settings)
    out = []
    for first, second in ((a, b), (b, a)):
        levels = [(first, second)[side] for side in sides]
        places = play_game(slug, levels, f"anchors:{slug}:{n}:{deal}", settings)
        best = [min(p for p, side in zip(places, sides) if side == k) for k in (0, 1)]
        share_first = 1.0 if best[0] < best[1] else 0.5 if best[0] == best[1] else 0.0
        out.append(share_first if first == a else 1.0 - share_first)
    return out


def measure(slug: str, a: str, b: str, deals: int, procs: int, settings: dict | None = None, module: str = "") -> dict:
    """a's share of the wins against b over ``deals`` deals played twice."""
    jobs = [(slug, module, a, b, d, settings) for d in range(deals)]
    if procs > 1:
        with ProcessPoolExecutor(procs) as pool:
            shares = [s for pair in pool.map(_deal, jobs, chunksize=2) for s in pair]
    else:
        shares = [s for job in jobs for s in _deal(job)]
    n = len(shares)
    share = sum(shares) / n
    low, high = interval(share, n)
    return {"a": a, "b": b, "games": n, "share": share, "low": low, "high": high,
            "drawn": sum(1 for s in shares if s == 0.5), "gap": gap(share), "gap_low": gap(low), "gap_high": gap(high)}


def anchors_for(slug: str, deals: int, procs: int, out=print, module: str = "") -> dict:
    """Play the pairings, print them, and return the game's anchors entry."""
    from ratings.tables import anchors_from_gaps

    n, sides = table_for(slug)
    per_side = sides.count(0)
    shape = "one against one" if per_side == 1 else f"{per_side} against {per_side}, partners matched"
    out(f"{slug}: {n} seats, {shape}; {deals} deals a pairing, each played twice with the sides' levels swapped")
    found = {}
    for a, b in PAIRS:
        start = time.time()
        m = measure(slug, a, b, deals, procs, module=module)
        found[(a, b)] = m
        out(f"  {b} vs {a}: {b} {1 - m['share']:.1%} [{1 - m['high']:.1%}, {1 - m['low']:.1%}] over {m['games']} games"
            f" ({m['drawn']} drawn), a side gap of {0.0 - m['gap']:+.0f} [{0.0 - m['gap_high']:+.0f}, {0.0 - m['gap_low']:+.0f}];"
            f" {time.time() - start:.0f} s")
    weak = -found[("easy", "medium")]["gap"]  # medium over easy
    strong = -found[("medium", "hard")]["gap"]  # hard over medium
    levels = anchors_from_gaps(weak, strong, per_side)
    em, mh = found[("easy", "medium")], found[("medium", "hard")]
    note = (f"tools/ratings/anchors.py, {datetime.date.today().isoformat()}: {em['games']} games a pairing, {shape}; "
            f"medium over easy {1 - em['share']:.1%} ({weak:+.0f}), hard over medium {1 - mh['share']:.1%} ({strong:+.0f})"
            + (f", each side gap split between its {per_side} members" if per_side > 1 else "")
            + (f"; easy capped at {400:.0f} below medium" if weak / per_side > 400 else ""))
    out(f"  anchors: easy {levels['easy']:.0f}, medium {levels['medium']:.0f}, hard {levels['hard']:.0f}")
    return {**levels, "from": note}


def write(entries: dict, path=None) -> None:
    """Write each game's anchors into its own folder (``anchors.json``), or
    merge them all into one file (``path``; the others there are kept)."""
    from engine import registry
    from ratings import tables as rt

    if path is not None:
        _write(path, dict(sorted({**rt.load_anchors(path), **entries}.items())))
    else:
        for slug, entry in entries.items():
            _write(registry.folder(slug) / rt.ANCHORS, entry)
    rt.reload()


def _write(path, data: dict) -> None:
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", default=None,
                        help="a game's slug, or slug=module for one not registered yet (default: every registered game)")
    parser.add_argument("--games", type=int, default=150, help="deals a pairing (each played twice, sides swapped)")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in")
    parser.add_argument("--write", action="store_true", help="write each game's anchors into its folder's anchors.json")
    args = parser.parse_args(argv)
    from engine import registry

    wanted = []
    for item in args.game or list(registry.REGISTERED):
        slug, _, module = item.partition("=")
        if module:
            registry.register(slug, module)
        wanted.append((slug, module))
    entries = {slug: anchors_for(slug, args.games, args.jobs, module=module) for slug, module in wanted}
    if args.write:
        write(entries)
        print(f"wrote the anchors of {', '.join(entries)}, each in its game's folder")
    return 0


if __name__ == "__main__":
    sys.exit(main())
