"""Euchre's rules path against a yardstick: random hands played through the
contract (every move through moves.dispatch, as a table plays them), on the
rules alone (the moves with no door around them: what a leaner loop could
reach at best), on the hard bot's quick play (games/euchre/playout.py, bit
sets) and by OpenSpiel's C++ euchre driven from Python, on the same rules
(stick the dealer, going alone allowed, no defending alone), in alternating
rounds of one run on one core (CPU seconds), so all four meet the same
machine. Prints each one's hands a second and our three shares of
OpenSpiel's speed, each with its 95% interval over the rounds.

OpenSpiel is a benchmark-only extra, never a dependency of the site: when
it is missing it is installed into var/bench-extras (outside the site's
environment), and without it only our own figure is printed.

    .venv/bin/python -m tools.bench.euchre_yardstick            # about half a minute
    .venv/bin/python -m tools.bench.euchre_yardstick --quick    # a few seconds
"""

from __future__ import annotations

import argparse
import importlib
import math
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from games.euchre import playout
from games.euchre.bench import GAME, random_hands
from tools.stats import mean_interval

OPENSPIEL = "open_spiel==2.0.2"  # the yardstick's version, pinned so runs compare
EXTRAS = Path(os.environ.get("PARLOR_VAR") or Path(__file__).resolve().parents[2] / "var") / "bench-extras"


def pyspiel():
    """OpenSpiel's Python module, installed into EXTRAS first if missing;
    None (and why, printed) if it can't be had."""
    if str(EXTRAS) not in sys.path:
        sys.path.append(str(EXTRAS))
    try:
        return importlib.import_module("pyspiel")
    except ImportError:
        pass
    print(f"  installing {OPENSPIEL} for this benchmark into {EXTRAS} ...", flush=True)
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                           "--no-deps", "--target", str(EXTRAS), OPENSPIEL], capture_output=True, text=True)
    if done.returncode:
        print(f"  OpenSpiel could not be installed, so there is no yardstick: {done.stderr.strip()[-300:]}")
        return None
    importlib.invalidate_caches()
    return importlib.import_module("pyspiel")


def openspiel_hands(spiel, seconds: float, rng: random.Random) -> tuple[int, float]:
    """OpenSpiel's euchre, one hand a game, a random legal move at every
    decision and a random card at every deal, for about ``seconds`` of CPU;
    (hands, seconds taken)."""
    game = spiel.load_game("euchre", {"stick_the_dealer": True, "allow_lone_defender": False})
    hands, start = 0, time.process_time()
    while time.process_time() - start < seconds or not hands:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        hands += 1
    return hands, time.process_time() - start


def rules_hands(seconds: float, rng: random.Random) -> tuple[int, float]:
    """Random whole games on the rules' own moves with nothing around them
    (no dispatch, no random stream seeded a move, no play loop's checks):
    who decides, their legal moves, one at random, the move. The most the
    contract path could gain from a leaner door; (hands scored, seconds)."""
    hands, start, k = 0, time.process_time(), 0
    while time.process_time() - start < seconds or not hands:
        state, k = GAME.new(4, f"rules-{k}", 0.0, None), k + 1
        while GAME.result(state) is None:
            seat = min(s for s, _kind, _key in GAME.deciding(state))
            action = rng.choice(GAME.legal(state, seat))
            GAME.MOVES[action["type"]](state, seat, action, 0.0)
        hands += len(state["scores"])
    return hands, time.process_time() - start


def quick_hands(seconds: float, rng: random.Random) -> tuple[int, float]:
    """Random hands on the quick play's bit sets for about ``seconds`` of
    CPU; (hands, seconds taken)."""
    hands, start = 0, time.process_time()
    while time.process_time() - start < seconds or not hands:
        playout.random_hand(rng)
        hands += 1
    return hands, time.process_time() - start


def share_with_interval(ratios: list[float]) -> tuple[float, float, float]:
    """The geometric mean of the rounds' ratios, and its 95% interval (Student's
    t over the rounds' logarithms: a speed ratio is a factor)."""
    centre, half = mean_interval([math.log(r) for r in ratios])
    return math.exp(centre), math.exp(centre - half), math.exp(centre + half)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run (a few seconds)")
    parser.add_argument("--rounds", type=int, default=None, help="alternating rounds (default 10, quick 4)")
    parser.add_argument("--seconds", type=float, default=None, help="seconds each side plays a round (default 1.5, quick 0.5)")
    args = parser.parse_args(argv)
    rounds = max(1, args.rounds or (4 if args.quick else 10))
    each = args.seconds or (0.5 if args.quick else 1.5)
    print(f"Euchre against OpenSpiel, one core, {rounds} alternating rounds of about {each:g}s each, random hands")
    spiel = pyspiel()
    ours, bare, quick, theirs = [], [], [], []
    rng = random.Random("yardstick")
    for _ in range(rounds):
        n, took = random_hands(each)
        ours.append(n / took)
        n, took = rules_hands(each, rng)
        bare.append(n / took)
        n, took = quick_hands(each, rng)
        quick.append(n / took)
        if spiel is not None:
            n, took = openspiel_hands(spiel, each, rng)
            theirs.append(n / took)
    print(f"  ours, through moves.dispatch:       {statistics.median(ours):9.0f} hands/s (median of the rounds)")
    print(f"  ours, the rules alone:              {statistics.median(bare):9.0f} hands/s")
    print(f"  ours, the search's quick play:      {statistics.median(quick):9.0f} hands/s")
    if spiel is None:
        return 0
    print(f"  OpenSpiel's C++ euchre from Python: {statistics.median(theirs):9.0f} hands/s")
    for name, figures in (("through moves.dispatch", ours), ("the rules alone", bare), ("the quick play", quick)):
        share, low, high = share_with_interval([a / b for a, b in zip(figures, theirs)])
        print(f"  {name} / OpenSpiel: {share:.2f}x  (95% interval {low:.2f}-{high:.2f}, {rounds} rounds)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
