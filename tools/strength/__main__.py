"""How strong a game's bot levels are: ``python -m tools.strength GAME
[options]`` plays the levels against each other through the one play loop
(engine/play.py) and prints each pairing's share of wins with its 95%
interval. GAME is a game's slug (euchre, get-in-line, line, station-master):
each game's own strength.py, in its folder, found by the registry;
``python -m tools.strength GAME --help`` lists that game's options and its
own reports."""

from __future__ import annotations

import sys

from engine import registry


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    slugs = registry.hooked("strength")
    if not argv or argv[0] not in slugs:
        print(__doc__.split("\n\n")[0].replace("``", ""), file=sys.stderr)
        print(f"Name a game: {', '.join(slugs)}.", file=sys.stderr)
        return 2
    return registry.hook(argv[0], "strength").main(argv[1:])


if __name__ == "__main__":
    sys.exit(main())
