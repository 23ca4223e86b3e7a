"""Line's bots. Every level decides from ``view(state, seat)`` alone.

- easy: any legal move, leaning a little towards dumping high cards.
- medium: greedy. Each move is scored by what it sheds, the bonus turn a
  completed row earns, how many of its remaining cards still have a place
  (keeping rows finishable for what it holds), the rows it leaves one card
  short for the next player, and, when the move would end the game, whether
  its hand is likely the lowest.
- hard: searches (``hard``, through engine/search.py), once six or fewer
  squares are open (before that it plays medium's move: searching earlier
  measured no better, see games/line/README.md). It keeps medium's best few
  moves, deals the cards it cannot see again with the contract's
  ``determinize`` (a seat's latest forced draw, read back from the log,
  rules out every card that could have gone down then), plays each move
  out to the end of the game with medium in every seat and keeps the move
  that wins most. The same deals and play-out luck serve every move, and
  its work is a count of deals, not a clock: the same view and random
  stream give the same move.
"""

from __future__ import annotations

from . import hard, rules, why
from .rules import SIZE
from .turn import choices, offer

# What a card still held is worth, about: players shed and discard their
# dear cards, so hands run low (bots end with about 3.6 a card) while the
# unseen cards average about 7.9.
HELD = 4.0

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
    return _medium(v, options, rng), None


def quick(game, state: dict, seat: int, rng) -> dict:
    """Medium's move for a play-out of hard's search, from only the parts of
    the view medium reads (what the seat may do, the grid, the hand sizes):
    the whole view's row-by-row reading for the table was most of a
    play-out's time."""
    v = {**offer(state, seat, hints=False), "grid": state["grid"], "seat": seat, "bonus": state["bonus"],
         "sizes": [len(h) for h in state["hands"]]}
    return choose(v, "medium", rng)


# -- easy -----------------------------------------------------------------------------


def _easy(v, options, rng):
    weights = [1.0 + rules.points(m["card"]) / 12.0 for m in options]
    return rng.choices(options, weights=weights)[0]


# -- medium ---------------------------------------------------------------------------


def _after(grid, hand, m, drawn=None):
    """The grid and hand after move ``m``; with the points shed, whether a
    row was completed, and the row it touched."""
    grid, hand = list(grid), list(hand)
    card, kind = m["card"], m["type"]
    shed = 0
    done = False
    if kind == "place":
        grid[m["square"]] = card
        if card != drawn:
            hand.remove(card)
            shed = rules.points(card)
        done = rules.complete(rules.row_cards(grid, rules.row_of(m["square"])))
    elif kind == "upgrade":
        joker = grid[m["square"]]
        grid[m["square"]] = card
        hand.remove(card)
        shed = rules.points(card)
        if m["joker_to"] is None:
            hand.append(joker)
            shed -= rules.points(joker)
        else:
            grid[m["joker_to"]] = joker
            done = rules.complete(rules.row_cards(grid, rules.row_of(m["joker_to"])))
    elif kind == "shift":
        grid[grid.index(m["out"])] = card
        hand.remove(card)
        shed = rules.points(card)
    elif kind == "discard":
        hand.remove(card)
        shed = rules.points(card)
    return grid, hand, shed, done


def _playable(grid, card) -> bool:
    return bool(rules.where(grid, card) or rules.shifts(grid, card) or rules.upgrades(grid, card))


# Medium's weights: a shift's worth beyond its card; a completed row's
# bonus turn; a hand left with nothing to play; each card (up to four) and
# each point that still has somewhere to go; a row left one card short.
WEIGHTS = {"shift": 1.5, "bonus": 2.0, "stuck": 6.0, "count": 0.6, "mine": 0.08, "short": 1.2}


def score(v: dict, m: dict, w=None) -> float:
    """Medium's worth of a move: points shed now, plus what the position
    left behind is worth to this hand."""
    w = w or WEIGHTS
    drawn = v["drawn"] if v["must"] == "place" else None
    grid, hand, shed, done = _after(v["grid"], v["mine"], m, drawn)
    value = float(shed)
    if m["type"] == "shift":
        value += w["shift"]     # sheds a card without bringing the end nearer
    if rules.full(grid):
        # Ending the game: good only if this hand is likely the lowest.
        mine = rules.total(hand)
        others = min(size * HELD for s, size in enumerate(v["sizes"]) if s != v["seat"])
        return value + (20.0 if mine < others else -20.0) + (others - mine)
    playable = [c for c in hand if _playable(grid, c)]
    if done and not v["bonus"]:
        value += w["bonus"] + max((rules.points(c) for c in playable), default=0)
    if hand and not playable:
        value -= w["stuck"]     # a forced draw next turn
    value += w["count"] * min(len(playable), 4) + w["mine"] * sum(rules.points(c) for c in playable)
    # Rows left one card short hand the next player a bonus turn.
    for r in range(SIZE):
        if len(rules.row_cards(grid, r)) == SIZE - 1:
            value -= w["short"]
    return value


def _medium(v, options, rng):
    if v["must"] == "discard":
        return max(options, key=lambda m: (_discard_worth(v, m["card"]), rng.random()))
    ranked = [(score(v, m) + rng.random() * 0.05, i) for i, m in enumerate(options)]
    return options[max(ranked)[1]]


def _discard_worth(v, card) -> float:
    """How glad medium is to be rid of a card: its points, more if it has
    nowhere to go."""
    return rules.points(card) + (0.0 if _playable(v["grid"], card) else 3.0)


# -- hard -----------------------------------------------------------------------------

NEAR = 6         # hard searches once this few squares are left open (before, medium's move)


def _hard(v, options, rng):
    return _decide_hard(v, options, rng)[0]


def _decide_hard(v, options, rng):
    options = distinct(v, options)
    if len(options) == 1:
        return options[0], why.reason(v, options[0])
    if sum(1 for c in v["grid"] if c is None) > NEAR:
        # Early on the play-outs are long and the pile's order swamps them:
        # medium's judgement does as well, measured (games/line/README.md).
        move = _medium(v, options, rng)
        return move, why.reason(v, move)
    if v["must"] == "discard":
        ranked = sorted(options, key=lambda m: -_discard_worth(v, m["card"]))
    else:
        ranked = sorted(options, key=lambda m: -score(v, m))
    found = hard.think(v, ranked, rng)
    return found.move, found.reason
