"""How a table's seats become rated sides, and where each game's bots stand.

Plain Python, no Django: the anchors tool (tools/ratings/anchors.py) and the
keeper both use it. It knows no game: each is asked through the engine
contract, found by its slug in ``engine.registry``.

- ``teams_of(game, n, options)``: which side each seat plays for, as the
  game's ``team_of`` says (``engine.sides``).
- ``anchor(game, level)``: a bot's fixed, certain rating. Medium is 1500 by
  definition; easy and hard come from ``anchors.json`` beside this file,
  which the anchors tool writes (each game's entry says where its numbers
  came from), else from the defaults below.
"""

from __future__ import annotations

import json
from pathlib import Path

# The sides the ratings rate, named here for the keeper and the anchors tool.
from engine.sides import ALONE as ALONE
from engine.sides import TOGETHER as TOGETHER
from engine.sides import one_side as one_side
from engine.sides import sides_of as sides_of
from engine.sides import teams_of as teams_of

from .model import MU

ANCHORS_FILE = Path(__file__).resolve().parent / "anchors.json"

# A game the anchors tool has not measured yet: easy well below medium and
# hard a little above it, the shape of the first levels measured.
DEFAULT_ANCHORS = {"easy": 1100.0, "medium": MU, "hard": 1520.0}

WEAKEST = 400.0  # a weak level is never anchored more than this below medium


def load_anchors(path: Path = ANCHORS_FILE) -> dict[str, dict]:
    """The anchors file: {game: {"easy": .., "medium": 1500, "hard": .., "from": "..."}}."""
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


_loaded: dict[str, dict] | None = None


def anchors(game: str) -> dict[str, float]:
    """A game's bot anchors by level: the measured ones if the tool has
    written them, else the defaults."""
    global _loaded
    if _loaded is None:
        _loaded = load_anchors()
    found = _loaded.get(game) or DEFAULT_ANCHORS
    out = {level: float(found.get(level, DEFAULT_ANCHORS[level])) for level in DEFAULT_ANCHORS}
    out["medium"] = MU  # by definition
    return out


def anchor(game: str, level: str) -> float:
    """A bot's rating: certain (σ 0) and never updated."""
    return anchors(game).get(level, MU)


def reload() -> None:
    """Read the anchors file again (after the tool wrote it)."""
    global _loaded
    _loaded = None


def anchors_from_gaps(weak_gap: float, strong_gap: float, per_side: int) -> dict[str, float]:
    """Anchors from two measured side gaps (medium over easy, hard over
    medium): a gap between sides of several bots is split between the side's
    members, and a weak level is capped at ``WEAKEST`` below medium."""
    per_side = max(1, int(per_side))
    easy = MU - min(weak_gap / per_side, WEAKEST)
    hard = MU + strong_gap / per_side
    return {"easy": float(round(easy)), "medium": MU, "hard": float(round(hard))}
