"""How a table's seats become rated sides, and where each game's bots stand.

Plain Python, no Django: the anchors tool (tools/ratings/anchors.py) and the
keeper both use it. It knows no game: each is asked through the engine
contract, found by its slug in ``engine.registry``.

- ``teams_of(game, n, options)``: which side each seat plays for, as the
  game's ``team_of`` says (``engine.sides``).
- ``anchor(game, level)``: a bot's fixed, certain rating. Medium is 1500 by
  definition; easy and hard come from the ``anchors.json`` in the game's
  own folder, which the anchors tool writes (it says where its numbers came
  from), else from the defaults below.
"""

from __future__ import annotations

import json
from pathlib import Path

from engine import registry

# The sides the ratings rate, named here for the keeper and the anchors tool.
from engine.sides import ALONE as ALONE
from engine.sides import TOGETHER as TOGETHER
from engine.sides import one_side as one_side
from engine.sides import sides_of as sides_of
from engine.sides import teams_of as teams_of

from .model import MU

ANCHORS = "anchors.json"  # each game's, in its own folder (engine.registry.folder)

# A game the anchors tool has not measured yet: easy well below medium and
# hard a little above it, the shape of the first levels measured.
DEFAULT_ANCHORS = {"easy": 1100.0, "medium": MU, "hard": 1520.0}

WEAKEST = 400.0  # a weak level is never anchored more than this below medium


def read(path: Path) -> dict:
    """A JSON object from a file; empty if there is none, or it isn't one."""
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def measured(game: str) -> dict:
    """A game's anchors as the tool wrote them in its folder: {"easy": ..,
    "medium": 1500, "hard": .., "from": "..."}; empty if it has none."""
    where = registry.folder(game)
    return read(where / ANCHORS) if where is not None else {}


def load_anchors(path: Path | None = None) -> dict[str, dict]:
    """Every measured game's anchors, {game: {...}}: from each game's
    folder, or from one file that holds several games' (``path``)."""
    if path is not None:
        return read(path)
    return {slug: found for slug in registry.REGISTERED if (found := measured(slug))}


_loaded: dict[str, dict] = {}  # game -> its measured anchors, read once


def anchors(game: str) -> dict[str, float]:
    """A game's bot anchors by level: the measured ones if the tool has
    written them, else the defaults."""
    found = _loaded.get(game)
    if found is None:
        found = _loaded[game] = measured(game)
    found = found or DEFAULT_ANCHORS
    out = {level: float(found.get(level, DEFAULT_ANCHORS[level])) for level in DEFAULT_ANCHORS}
    out["medium"] = MU  # by definition
    return out


def anchor(game: str, level: str) -> float:
    """A bot's rating: certain (σ 0) and never updated."""
    return anchors(game).get(level, MU)


def reload() -> None:
    """Read the anchors files again (after the tool wrote them)."""
    _loaded.clear()


def anchors_from_gaps(weak_gap: float, strong_gap: float, per_side: int) -> dict[str, float]:
    """Anchors from two measured side gaps (medium over easy, hard over
    medium): a gap between sides of several bots is split between the side's
    members, and a weak level is capped at ``WEAKEST`` below medium."""
    per_side = max(1, int(per_side))
    easy = MU - min(weak_gap / per_side, WEAKEST)
    hard = MU + strong_gap / per_side
    return {"easy": float(round(easy)), "medium": MU, "hard": float(round(hard))}
