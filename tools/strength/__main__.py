"""How strong a game's bot levels are: ``python -m tools.strength GAME
[options]`` plays the levels against each other through the one play loop
(engine/play.py) and prints each pairing's share of wins with its 95%
interval. GAME is a game's slug (euchre, get-in-line, line, station-master);
``python -m tools.strength GAME --help`` lists that game's options and its
own reports."""

from __future__ import annotations

import importlib
import sys

from engine import registry


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    slugs = [slug for slug in registry.REGISTERED if slug != "high-card"]
    if not argv or argv[0] not in slugs:
        print(__doc__.split("\n\n")[0].replace("``", ""), file=sys.stderr)
        print(f"Name a game: {', '.join(slugs)}.", file=sys.stderr)
        return 2
    tool = importlib.import_module(f"tools.strength.{argv[0].replace('-', '_')}")
    return tool.main(argv[1:])


if __name__ == "__main__":
    sys.exit(main())
