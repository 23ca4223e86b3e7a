"""How strong each game's bot levels are, measured by playing them against each other."""

import sys

from tools.stats import interval


def running(results, share_of, label: str, every: int):
    """Pass ``results`` through, printing the share so far (with its 95%
    interval and count) every ``every`` results, so a long run on a busy
    machine shows what it has measured before it ends. ``share_of(result)``
    is one result's share of a win (0, ½ or 1)."""
    won = n = 0
    for r in results:
        won, n = won + share_of(r), n + 1
        if every and n % every == 0:
            low, high = interval(won / n, n)
            print(f"    ({label}: {won / n:.1%} [{low:.1%}, {high:.1%}] after {n} games)", file=sys.stderr, flush=True)
        yield r


def first_deal(parser) -> None:
    """The ``--first`` option: the deal a run begins at, so one long run
    can be split between processes, each playing its own deals."""
    parser.add_argument("--first", type=int, default=0,
                        help="the first deal to play (default 0): a long run split between processes, each its own deals")


def share_of(level: str, levels: list[str], places: list[int]) -> float:
    """A level's share of one game's win: the part of the first places its
    seats hold (1 when they alone win, ½ when two levels share first)."""
    firsts = [levels[s] for s, p in enumerate(places) if p == 1]
    return firsts.count(level) / len(firsts)
