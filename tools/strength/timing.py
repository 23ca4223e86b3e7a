"""How long a hard bot takes to decide: ``python -m tools.strength.timing
GAME [--games N] [--players N]`` plays games of hard against medium through
the one play loop, in this one process, times every hard decision and prints
the median, the 95th percentile and the slowest, with the count timed, and
what they cost in all (the processor time a server spends on a game's hard
seats, over the games played).
It counts the processor time the decision used (time.process_time), so a
busy machine's waiting is left out: the time on one core of its own."""

from __future__ import annotations

import argparse
import sys
import time

from engine import play, registry


def decision_times(slug: str, games: int, players: int, settings=None) -> list[float]:
    """Seconds each hard decision took, over ``games`` games with hard and
    medium alternating round the table (swapped every other game)."""
    game = registry.get(slug)
    took: list[float] = []

    def timed(game, state, seat, level, rng):
        if level != "hard":
            return play.bot_move(game, state, seat, level, rng)
        start = time.process_time()
        move = play.bot_move(game, state, seat, level, rng)
        took.append(time.process_time() - start)
        return move

    for i in range(games):
        levels = [("hard", "medium")[(s + i) % 2] for s in range(players)]
        play.play(game, levels, f"timing:{slug}:{i}", settings, bot=timed)
    return took


def summary(took: list[float]) -> str:
    ms = sorted(t * 1000 for t in took)
    if not ms:
        return "no hard decisions timed"
    p = lambda q: ms[min(len(ms) - 1, int(q * len(ms)))]  # noqa: E731
    return (f"{len(ms)} hard decisions: median {p(0.5):.0f} ms, 95th percentile {p(0.95):.0f} ms, slowest {ms[-1]:.0f} ms,"
            f" {sum(ms) / 1000:.1f} s in all")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=[s for s in registry.REGISTERED if s != "high-card"])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--players", type=int, default=None, help="seats (default: the smallest table of two or more)")
    parser.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE", help="a setting (repeatable)")
    args = parser.parse_args(argv)
    game = registry.get(args.game)
    players = args.players or min(s for s in game.sizes if s >= 2)
    settings = dict(r.split("=", 1) for r in args.rule) or None
    print(f"{game.title}, {players} seats, {args.games} games of hard against medium, one process:")
    print("  " + summary(decision_times(args.game, args.games, players, settings)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
