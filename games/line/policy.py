"""Line's medium bot, the policy both levels above easy play by: greedy.
Each move is scored by what it sheds, the bonus turn a completed row
earns, how many of its remaining cards still have a place (keeping rows
finishable for what it holds), the rows it leaves one card short for the
next player, and, when the move would end the game, whether its hand is
likely the lowest. Hard searches from medium's best moves and plays its
worlds out with medium (``quick``); the hints say why from medium's own
measures."""

from __future__ import annotations

from . import rules
from .rules import SIZE
from .turn import choices, offer

# What a card still held is worth, about: players shed and discard their
# dear cards, so hands run low (bots end with about 3.6 a card) while the
# unseen cards average about 7.9.
HELD = 4.0


def quick(game, state: dict, seat: int, rng) -> dict:
    """Medium's move for a play-out of hard's search, from only the parts of
    the view medium reads (what the seat may do, the grid, the hand sizes):
    the whole view's row-by-row reading for the table was most of a
    play-out's time."""
    v = {**offer(state, seat, hints=False), "grid": state["grid"], "seat": seat, "bonus": state["bonus"],
         "sizes": [len(h) for h in state["hands"]]}
    options = choices(v)
    if len(options) <= 1:
        return options[0] if options else {"type": "draw"}
    return move(v, options, rng)


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


def move(v, options, rng):
    if v["must"] == "discard":
        return max(options, key=lambda m: (_discard_worth(v, m["card"]), rng.random()))
    ranked = [(score(v, m) + rng.random() * 0.05, i) for i, m in enumerate(options)]
    return options[max(ranked)[1]]


def _discard_worth(v, card) -> float:
    """How glad medium is to be rid of a card: its points, more if it has
    nowhere to go."""
    return rules.points(card) + (0.0 if _playable(v["grid"], card) else 3.0)
