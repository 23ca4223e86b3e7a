"""How far hard's search could get if it saw more than its view: hard
against medium, one against one, as the game's strength tool pairs them
(the same deals, each played twice with the levels swapped), but with hard's
search dealt the real game in every world instead of worlds its view allows.

- ``--sees everything``: the other hands and the order of the cards to come;
- ``--sees hands``: the other hands, with the cards to come shuffled again
  in each world (what a perfect read of the other player would give);
- ``--sees view``: the view alone, as at a table (hard itself).

Nothing here is a bot a table plays: it measures how much of a game's
result lies in what a fair bot cannot know. If hard seeing the other hands
wins no more than hard seeing its view, no reading of the other player's
moves can make hard stronger. Prints hard's share of the wins with its 95%
interval.

    .venv/bin/python -m tools.strength.ceiling get-in-line --sees hands --games 100 --jobs 2
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from concurrent.futures import ProcessPoolExecutor

from engine import play, registry, search
from engine.moves import working_copy
from tools.stats import interval
from tools.strength import running, share_of

# The cards still to come, face down, in each game's state.
TO_COME = {"get-in-line": "stock", "line": "pile"}
SEES = ("view", "hands", "everything")


class Peeking:
    """A play loop's bot (``play.play``'s ``bot``) whose hard seats search
    worlds dealt from the real state, not from their view. It stands in for
    ``search.choose`` while it decides, so the game's own hard bot runs
    unchanged but for the deal."""

    def __init__(self, slug: str, sees: str):
        self.to_come, self.sees, self.state = TO_COME[slug], sees, None

    def deal(self, game, view, stream) -> dict:
        world = working_copy(self.state)
        if self.sees == "hands":
            stream.shuffle(world[self.to_come])
        return world

    def __call__(self, game, state: dict, seat: int, level: str, rng) -> dict:
        if level != "hard" or self.sees == "view":
            return play.bot_move(game, state, seat, level, rng)
        self.state, choose = state, search.choose
        search.choose = lambda game, view, rng, plan: choose(game, view, rng, dataclasses.replace(plan, deal=self.deal))
        try:
            return play.bot_move(game, state, seat, level, rng)
        finally:
            search.choose, self.state = choose, None


def one_deal(job) -> list[float]:
    """Hard's share of each of a deal's two games (a draw is half)."""
    slug, sees, deal = job
    game, out = registry.get(slug), []
    for levels in (["hard", "medium"], ["medium", "hard"]):
        final = play.play(game, levels, f"strength:2:{deal}", {}, bot=Peeking(slug, sees)).final
        out.append(share_of("hard", levels, game.result(final)["places"]))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(TO_COME))
    parser.add_argument("--sees", choices=SEES, default="hands")
    parser.add_argument("--games", type=int, default=100, help="deals (each played twice, levels swapped)")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in")
    parser.add_argument("--every", type=int, default=0, help="print the share so far every N games")
    args = parser.parse_args(argv)
    jobs = [(args.game, args.sees, d) for d in range(args.games)]
    with ProcessPoolExecutor(args.jobs) as pool:
        played = (s for pair in pool.map(one_deal, jobs, chunksize=1) for s in pair)
        shares = list(running(played, float, f"hard seeing {args.sees}", args.every))
    share = sum(shares) / len(shares)
    low, high = interval(share, len(shares))
    print(f"{args.game}: hard seeing {args.sees} against medium, one against one: hard {share:.1%} "
          f"[{low:.1%}, {high:.1%}] over {len(shares)} games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
