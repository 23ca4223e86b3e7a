"""Line's bots. Every level decides from ``view(state, seat)`` alone.

- easy: any legal move, leaning a little towards dumping high cards.
- medium: greedy. Each move is scored by what it sheds, the bonus turn a
  completed row earns, how many of its remaining cards still have a place
  (keeping rows finishable for what it holds), the rows it leaves one card
  short for the next player, and, when the move would end the game, whether
  its hand is likely the lowest.
- hard: medium's very move (from the same draws of its stream), unless its
  search (``hard``, through engine/search.py, decision 28) clearly beats
  it. It searches only once six or fewer squares are open (searching
  earlier measured no better, see games/line/README.md): it deals the cards
  it cannot see again with the contract's ``determinize`` (a seat's latest
  forced draw, read back from the log, rules out every card that could have
  gone down then), plays medium's move and its next best few out to the
  end of the game with medium in every seat, and makes another only where
  it won more by a margin beyond the luck of the deals. The same deals and
  play-out luck serve every move, and its work is a count of deals, not a
  clock: the same view and random stream give the same move.
"""

from __future__ import annotations

from . import hard, policy, rules, why
from .turn import choices

# -- the moves, from the view --------------------------------------------------------


def distinct(v: dict, options: list[dict]) -> list[dict]:
    """One move of each kind that plays alike: a card placed in any empty
    square of the same row, or a freed joker sent to any square of the same
    row, is the same move (where a card sits in its row never matters)."""
    seen, out = set(), []
    for m in options:
        if m["type"] == "place":
            key = ("place", m["card"], rules.row_of(m["square"]))
        elif m["type"] == "upgrade":
            to = m["joker_to"]
            key = ("upgrade", m["card"], m["square"], None if to is None else rules.row_of(to))
        else:
            key = tuple(sorted((k, str(x)) for k, x in m.items()))
        if key not in seen:
            seen.add(key)
            out.append(m)
    return out


def choose(v: dict, level: str, rng) -> dict:
    """The bot's move, from its seat's view ``v`` alone: one of the moves
    the view offers (``turn.choices``, the list ``legal`` gives too)."""
    return decide(v, level, rng)[0]


def decide(v: dict, level: str, rng) -> tuple[dict, str | None]:
    """The bot's move and, for hard, the hint's sentence saying what it
    does for the seat (``why``); None for the other levels."""
    options = choices(v)
    if len(options) <= 1:
        move = options[0] if options else {"type": "draw"}
        return move, (why.reason(v, move) if level == "hard" else None)
    if level == "easy":
        return _easy(v, options, rng), None
    if level == "hard":
        return _decide_hard(v, options, rng)
    return policy.move(v, options, rng), None


# -- easy -----------------------------------------------------------------------------


def _easy(v, options, rng):
    weights = [1.0 + rules.points(m["card"]) / 12.0 for m in options]
    return rng.choices(options, weights=weights)[0]


# -- hard -----------------------------------------------------------------------------

NEAR = 6         # hard searches once this few squares are left open (before, medium's move)


def _hard(v, options, rng):
    return _decide_hard(v, options, rng)[0]


def _decide_hard(v, options, rng):
    # Medium's very move first, from the same draws of the bot's stream
    # medium would make: hard makes it unless the search clearly beats it.
    pick = policy.move(v, options, rng)
    kinds = distinct(v, options)
    if len(kinds) == 1 or sum(1 for c in v["grid"] if c is None) > NEAR:
        # Early on the play-outs are long and the pile's order swamps them:
        # medium's judgement does as well, measured (games/line/README.md).
        return pick, why.reason(v, pick)
    if v["must"] == "discard":
        ranked = sorted(kinds, key=lambda m: -policy._discard_worth(v, m["card"]))
    else:
        ranked = sorted(kinds, key=lambda m: -policy.score(v, m))
    alike = distinct(v, [pick, *ranked])[1:]  # (the others, less the one that plays as medium's does)
    found = hard.think(v, [pick, *alike], rng)
    return found.move, found.reason
