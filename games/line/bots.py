"""Line's bots. Every level decides from ``view(state, seat)`` alone.

- easy: any legal move, leaning a little towards dumping high cards.
- medium: greedy. Each move is scored by what it sheds, the bonus turn a
  completed row earns, how many of its remaining cards still have a place
  (keeping rows finishable for what it holds), the rows it leaves one card
  short for the next player, and, when the move would end the game, whether
  its hand is likely the lowest.
- hard: searches, once six or fewer squares are open (before that it
  plays medium's move: searching earlier measured no better, see
  games/line/README.md). It keeps medium's best few moves and deals the cards it
  cannot see among the other hands and the pile a number of ways,
  consistently with what is known: the sizes; every card on the grid, in
  its hand and on the discard is not among them; a seat's latest forced
  draw (read back from the log) rules out every card that could have gone
  down then; and hands lean low, since players shed their dear cards. It
  plays each move out to the end of the game in every deal with a fast
  greedy player in every seat and keeps the move that wins most. The same
  deals serve every move, and the play-outs are deterministic given the
  deal, so the moves are compared on equal luck. Its work is a fixed
  count, not a clock: the same view and random stream give the same move.
"""

from __future__ import annotations

import math

from engine import deck

from . import rules
from .rules import HAND, JOKER, SIZE
from .turn import choices
from .unseen import barred as _barred

# What a card still held is worth, about: players shed and discard their
# dear cards, so hands run low (bots end with about 3.6 a card) while the
# unseen cards average about 7.9.
HELD = 4.0
LEAN = 3.0       # hard deals others' hands low: weight exp(-points / LEAN)

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
    options = choices(v)
    if len(options) <= 1:
        return options[0] if options else {"type": "draw"}
    if level == "easy":
        return _easy(v, options, rng)
    if level == "hard":
        return _hard(v, options, rng)
    return _medium(v, options, rng)


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
WIDTH = 5        # medium's best moves that hard looks at
DEALS = 16       # deals of the unseen cards, each played out for every move
BONUS = 6.0      # a rollout player's worth for completing a row
MARGIN = 0.004   # a play-out's worth for each point under the best other hand


class Sim:
    """A fast copy of the game for playing ahead: rows as lists of cards
    (where a card sits in its row never matters), hands, pile, discard. It
    uses the rules module's row functions; turns, bonus turns, draws and
    the end follow the rules page. Its players are greedy and, given the
    deal, deterministic (``prio`` breaks ties), so two moves played out on
    the same deal meet the same luck."""

    __slots__ = ("rows", "keys", "hands", "pile", "discard", "n", "turn", "bonus", "over", "empty", "prio")

    def copy(self) -> Sim:
        s = Sim.__new__(Sim)
        s.rows = [list(r) for r in self.rows]
        s.keys = list(self.keys)
        s.hands = [list(h) for h in self.hands]
        s.pile, s.discard = list(self.pile), list(self.discard)
        s.n, s.turn, s.bonus, s.over, s.empty, s.prio = self.n, self.turn, self.bonus, self.over, self.empty, self.prio
        return s

    def _put(self, r: int, card: str) -> bool:
        row = self.rows[r]
        row.append(card)
        self.keys[r] = rules._key(row)
        self.empty -= 1
        return len(row) == SIZE

    def options(self, hand) -> list[tuple]:
        """The moves a hand has, as tuples: ("p", card, row), ("u", card,
        row, the row the joker goes to or -1 for the hand), ("s", card,
        row, out)."""
        out = []
        keys = self.keys
        for r, key in enumerate(keys):
            if len(key) < SIZE:
                fits = rules._addable(key)
                for c in hand:
                    if c[:2] in fits:
                        out.append(("p", c, r))
                continue
            if JOKER in key:
                for c in hand:
                    if rules._swap_ok(key, c[:2]):
                        out.append(("u", c, r, -1))
                        for t, k2 in enumerate(keys):
                            if len(k2) < SIZE and JOKER in rules._addable(k2):
                                out.append(("u", c, r, t))
            for c in hand:
                for gone in rules._outs(key, c[:2]):
                    out.append(("s", c, r, next(x for x in self.rows[r] if x[:2] == gone)))
        return out

    def rows_for(self, card) -> list[int]:
        f = card[:2]
        return [r for r, key in enumerate(self.keys) if len(key) < SIZE and f in rules._addable(key)]

    def apply(self, p: int, o: tuple) -> bool:
        """Play option ``o`` for seat ``p``; True if it completed a row."""
        kind, card, r = o[0], o[1], o[2]
        hand = self.hands[p]
        hand.remove(card)
        row = self.rows[r]
        if kind == "p":
            return self._put(r, card)
        if kind == "u":
            joker = next(x for x in row if x[0] == "X")
            row.remove(joker)
            row.append(card)
            self.keys[r] = rules._key(row)
            if o[3] < 0:
                hand.append(joker)
                return False
            return self._put(o[3], joker)
        row.remove(o[3])
        row.append(card)
        self.keys[r] = rules._key(row)
        self.discard.append(o[3])
        return False

    def finish(self, p: int, completed: bool) -> None:
        if self.empty == 0:
            self.over = True
        elif completed and not self.bonus:
            self.bonus = True
        else:
            self.turn, self.bonus = (p + 1) % self.n, False

    def step(self) -> None:
        """One turn of the greedy policy for the seat to move: shed the
        dearest card it can, a little keener on a shift (it does not bring
        the end nearer) and on completing a row for the bonus turn."""
        p = self.turn
        hand = self.hands[p]
        options = self.options(hand)
        if options:
            prio, rows, bonus = self.prio, self.rows, self.bonus
            best, pick = -1e9, None
            for o in options:
                kind = o[0]
                worth = POINTS[o[1][0]] + prio[o[1]]
                if kind == "s":
                    worth += 1.0
                elif kind == "u":
                    if o[3] < 0:
                        worth -= 25.0
                    elif not bonus and len(rows[o[3]]) == SIZE - 1:
                        worth += BONUS
                elif not bonus and len(rows[o[2]]) == SIZE - 1:
                    worth += BONUS
                if worth > best:
                    best, pick = worth, o
            self.finish(p, self.apply(p, pick))
            return
        # Nothing to play: the top discard if it goes straight down, else draw.
        if self.discard and self.rows_for(self.discard[-1]):
            card = self.discard.pop()
        elif not self.pile:
            self.over = True
            return
        else:
            card = self.pile.pop()
        fits = self.rows_for(card)
        if fits:
            r = max(fits, key=lambda r: (len(self.rows[r]), -r))
            self.finish(p, self._put(r, card))
            return
        hand.append(card)
        if len(hand) > HAND:
            worst = max(hand, key=lambda c: (POINTS[c[0]], self.prio[c]))
            hand.remove(worst)
            self.discard.append(worst)
        self.turn, self.bonus = (p + 1) % self.n, False

    def play_out(self, limit: int = 400) -> None:
        for _ in range(limit):
            if self.over:
                return
            self.step()

    def utility(self, me: int) -> float:
        """A win counts 1 (shared ways when tied), plus a little for every
        point this hand is under the best other hand."""
        keys = [(rules.total(h), len(h)) for h in self.hands]
        mine = keys[me]
        win = 1.0 / keys.count(mine) if mine == min(keys) else 0.0
        other = min(k for s, k in enumerate(keys) if s != me)
        return win + MARGIN * (other[0] - mine[0])


POINTS = rules.POINTS


def _unseen(v: dict) -> list[str]:
    known = {c for c in v["grid"] if c is not None}
    known.update(v["mine"])
    known.update(v["discards"])
    if v["drawn"]:
        known.add(v["drawn"])
    return [c for c in deck.build(1, jokers=4) if c not in known]


def _deal(v: dict, rng, barred=None) -> Sim:
    """One guess at the cards this seat cannot see, consistent with the
    view: every unseen card is in another hand or the pile, in their
    sizes; a hand holds nothing its seat's last draw rules out (while
    enough cards are left to fill it that way)."""
    pool = _unseen(v)
    # Players keep their cheap cards and let the dear ones go, so a hand is
    # dealt from the unseen cards leaning low; the pile gets the rest.
    keyed = sorted(pool, key=lambda c: -(rng.random() ** math.exp(POINTS[c[0]] / LEAN)))
    s = Sim.__new__(Sim)
    grid = v["grid"]
    s.rows = [rules.row_cards(grid, r) for r in range(SIZE)]
    s.keys = [rules._key(r) for r in s.rows]
    s.prio = {c: rng.random() for c in deck.build(1, jokers=4)}
    barred = barred or {}
    hands = {}
    # The seats the log constrains choose first, from what they may hold.
    for seat in sorted(range(v["n"]), key=lambda t: (t not in barred, t)):
        if seat == v["seat"]:
            continue
        size = v["sizes"][seat]
        bar = barred.get(seat, ())
        fits = [c for c in keyed if c[:2] not in bar]
        hand = fits[:size] if len(fits) >= size else keyed[:size]
        taken = set(hand)
        keyed = [c for c in keyed if c not in taken]
        hands[seat] = hand
    s.hands = [list(v["mine"]) if seat == v["seat"] else hands[seat] for seat in range(v["n"])]
    rng.shuffle(keyed)
    s.pile = keyed[: v["pile"]]
    s.discard = list(v["discards"])
    s.n, s.turn, s.bonus, s.over = v["n"], v["seat"], v["bonus"], False
    s.empty = sum(1 for c in grid if c is None)
    return s


def _root(s: Sim, v: dict, m: dict) -> None:
    """Play this seat's move ``m`` (a view move) on a dealt copy."""
    me = v["seat"]
    kind = m["type"]
    if kind == "discard":
        s.hands[me].remove(m["card"])
        s.discard.append(m["card"])
        s.turn, s.bonus = (me + 1) % s.n, False
        return
    if kind == "place":
        r = rules.row_of(m["square"])
        if v["must"] == "place":
            s.finish(me, s._put(r, m["card"]))
            return
        s.finish(me, s.apply(me, ("p", m["card"], r)))
    elif kind == "upgrade":
        to = m["joker_to"]
        s.finish(me, s.apply(me, ("u", m["card"], rules.row_of(m["square"]), -1 if to is None else rules.row_of(to))))
    else:
        s.finish(me, s.apply(me, ("s", m["card"], m["row"], m["out"])))


def _hard(v, options, rng):
    options = distinct(v, options)
    if len(options) == 1:
        return options[0]
    if sum(1 for c in v["grid"] if c is None) > NEAR:
        # Early on the play-outs are long and the pile's order swamps them:
        # medium's judgement does as well, measured (games/line/README.md).
        return _medium(v, options, rng)
    if v["must"] == "discard":
        ranked = sorted(options, key=lambda m: -_discard_worth(v, m["card"]))
    else:
        ranked = sorted(options, key=lambda m: -score(v, m))
    ranked = ranked[:WIDTH]
    totals = [0.0] * len(ranked)
    barred = _barred(v)
    for _ in range(DEALS):
        base = _deal(v, rng, barred)
        for i, m in enumerate(ranked):
            s = base.copy()
            _root(s, v, m)
            s.play_out()
            totals[i] += s.utility(v["seat"])
    return ranked[max(range(len(ranked)), key=lambda i: (totals[i], -i))]
