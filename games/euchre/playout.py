"""Euchre's quick play: the rest of a hand's tricks on bit sets.

The hard bot's search plays every world it deals on to the end of the hand
with medium in every seat (hard.py). Through the rules each card costs a
view, the list of moves and a log entry; here a hand is a 24-bit mask of
card indexes (in the order of ``rules.cards()``) and every fact the play
needs of a card under a trump (its suit, its power for each suit led, the
cards above it in its suit) is worked out once per trump, so a card costs a
few integer operations. ``medium_tricks`` plays exactly the cards medium
plays through the rules (bots.py), card for card: a test holds it to that.
``random_hand`` deals and plays a whole hand with random moves, for the
benchmark against OpenSpiel (tools/bench/euchre_yardstick.py)."""

from __future__ import annotations

from .rules import SUITS, TRICKS, cards, power, rank_power, suit_of, team

CARDS = cards()
INDEX = {c: i for i, c in enumerate(CARDS)}
EVERY = (1 << len(CARDS)) - 1


class Under:
    """What the play needs of each card (by index) under one trump."""

    def __init__(self, trump: str):
        n = range(len(CARDS))
        self.trump = SUITS.index(trump)
        self.suit = [SUITS.index(suit_of(c, trump)) for c in CARDS]  # the suit it follows, the left bower's trump
        self.raw = [SUITS.index(c[1]) for c in CARDS]  # the suit printed on it
        self.power = [[power(c, trump, led) for led in SUITS] for c in CARDS]
        strength = [rank_power(c, trump) for c in CARDS]
        self.rank = [p % 50 for p in strength]  # its place in its suit from the bottom (policy._rank)
        self.masks = [sum(1 << i for i in n if self.suit[i] == s) for s in range(len(SUITS))]
        self.trumps = self.masks[self.trump]
        self.above = [sum(1 << j for j in n if self.suit[j] == self.suit[i] and strength[j] > strength[i]) for i in n]
        # The orders medium's choices compare cards by (policy._lowest, and
        # the best sure card to lead).
        self.lowest = [(self.suit[i] == self.trump, self.rank[i], self.raw[i]) for i in n]
        self.best = [(strength[i], CARDS[i]) for i in n]
        self.strength = strength


UNDER = {trump: Under(trump) for trump in SUITS}


def indexes(mask: int) -> list[int]:
    """The card indexes in a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(chosen) -> int:
    """A mask of these card indexes."""
    out = 0
    for i in chosen:
        out |= 1 << i
    return out


class Hand:
    """A hand in play: the seats' cards, the trick on the table, who has
    shown out of what, and the tricks each team has taken."""

    def __init__(self, under: Under, hands: list[int], turn: int, maker: int, sitting, done: int = 0,
                 trick=(), taken=(0, 0), voids=None):
        self.u, self.hands, self.turn, self.maker = under, hands, turn, maker
        self.sitting = frozenset(sitting)
        self.done, self.trick, self.taken = done, list(trick), list(taken)
        self.voids = voids if voids is not None else [0] * 4  # per seat, a bit per suit it has failed to follow
        self.active = 4 - len(self.sitting)

    def legal(self) -> int:
        hand = self.hands[self.turn]
        if not self.trick:
            return hand
        return hand & self.u.masks[self.u.suit[self.trick[0][1]]] or hand

    def play(self, i: int) -> None:
        """The seat whose turn it is plays card ``i`` (one of ``legal``)."""
        u, seat, trick = self.u, self.turn, self.trick
        self.hands[seat] ^= 1 << i
        led = u.suit[trick[0][1]] if trick else u.suit[i]
        if u.suit[i] != led:
            self.voids[seat] |= 1 << led
        trick.append((seat, i))
        if len(trick) < self.active:
            self.turn = self._next(seat)
            return
        won = max(trick, key=lambda p: u.power[p[1]][led])[0]
        self.taken[team(won)] += 1
        self.done += 1
        self.trick = []
        self.turn = won

    def _next(self, seat: int) -> int:
        for k in range(1, 4):
            if (seat + k) % 4 not in self.sitting:
                return (seat + k) % 4
        return seat

    def over(self) -> bool:
        return self.done >= TRICKS


def from_state(state: dict) -> Hand:
    """The hand a rules state is playing (phase "play"), on bit sets."""
    trump = state["trump"]
    u = UNDER[trump]
    voids = [0] * 4
    for t in [*[d["cards"] for d in state["done"]], state["trick"]]:
        if t:
            led = u.suit[INDEX[t[0]["card"]]]
            for p in t[1:]:
                if u.suit[INDEX[p["card"]]] != led:
                    voids[p["seat"]] |= 1 << led
    taken = [state["taken"][0] + state["taken"][2], state["taken"][1] + state["taken"][3]]
    return Hand(u, [mask_of(INDEX[c] for c in h) for h in state["hands"]], state["turn"], state["maker"], state["sitting"],
                len(state["done"]), [(p["seat"], INDEX[p["card"]]) for p in state["trick"]], taken, voids)


def medium_tricks(state: dict, trace: list | None = None) -> list[int]:
    """The tricks each team ends the hand with when medium plays every seat
    from this state (phase "play") on; each card played is added to
    ``trace`` as (seat, card) when one is given."""
    hand = from_state(state)
    while not hand.over():
        i = medium_card(hand)
        if trace is not None:
            trace.append((hand.turn, CARDS[i]))
        hand.play(i)
    return hand.taken


# -- medium's card, as bots.py chooses it ---------------------------------------
#
# Each step below is the step of the same name in bots.py, over masks. Every
# order medium compares cards by is strict (no two cards tie), so the order
# a hand's cards are listed in never changes its choice.

class _Sees:
    """What medium knows while choosing (policy._Knows at medium): the cards
    that may be out are all but its own and the trick's."""

    def __init__(self, hand: Hand):
        u = self.u = hand.u
        self.hand = hand
        self.mine = hand.hands[hand.turn]
        shown = 0
        for _s, i in hand.trick:
            shown |= 1 << i
        self.out = EVERY & ~self.mine & ~shown
        self.trumps_out = bool(self.out & u.trumps)

    def boss(self, i: int) -> bool:
        return not self.out & self.u.above[i]

    def may_trump(self, seat: int) -> bool:
        return self.trumps_out and not (self.hand.voids[seat] >> self.u.trump) & 1

    def holds(self, i: int, opponents) -> bool:
        if not self.boss(i):
            return False
        s = self.u.suit[i]
        if s == self.u.trump:
            return True
        return not any((self.hand.voids[o] >> s) & 1 and self.may_trump(o) for o in opponents)

    def count(self, suit: int) -> int:
        return (self.mine & self.u.masks[suit]).bit_count()


def medium_card(hand: Hand) -> int:
    legal = hand.legal()
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    k = _Sees(hand)
    options = indexes(legal)
    return _follow(hand, k, options) if hand.trick else _lead(hand, k, options)


def _lead(hand: Hand, k: _Sees, options: list[int]) -> int:
    u, seat, t = hand.u, hand.turn, hand.u.trump
    opponents = [s for s in range(4) if team(s) != team(seat) and s not in hand.sitting]
    trumps = sorted((i for i in options if u.suit[i] == t), key=lambda i: -u.strength[i])
    off = [i for i in options if u.suit[i] != t]
    we_made = team(hand.maker) == team(seat)
    others_trump = any(k.may_trump(o) for o in opponents)
    sure_off = [i for i in off if k.holds(i, opponents)]
    if we_made and trumps and others_trump:
        top = trumps[0]
        maker = hand.maker == seat
        if k.boss(top) and (len(trumps) >= 2 or not off or not sure_off):
            return top
        if maker and len(trumps) >= 3:
            return top
        if not maker and hand.done == 0:
            return top if k.boss(top) else trumps[-1]
    if sure_off:
        return max(sure_off, key=u.best.__getitem__)
    if not off:
        return trumps[0] if k.boss(trumps[0]) else trumps[-1]
    if we_made and trumps and k.boss(trumps[0]) and others_trump:
        return trumps[0]
    return min(off, key=lambda i: (u.rank[i] >= 4, k.count(u.raw[i]) if trumps else 0, u.rank[i], u.raw[i]))


def _follow(hand: Hand, k: _Sees, options: list[int]) -> int:
    u, seat, t, trick = hand.u, hand.turn, hand.u.trump, hand.trick
    led = u.suit[trick[0][1]]
    best_seat, best = max(trick, key=lambda p: u.power[p[1]][led])
    best_power = u.power[best][led]
    played = {s for s, _i in trick}
    after = [(seat + j) % 4 for j in range(1, 4) if (seat + j) % 4 not in hand.sitting and (seat + j) % 4 not in played]
    opps_after = [s for s in after if team(s) != team(seat)]
    partner_after = any(team(s) == team(seat) for s in after)
    winners = sorted((i for i in options if u.power[i][led] > best_power), key=lambda i: u.power[i][led])
    if team(best_seat) == team(seat):
        if not opps_after or k.holds(best, opps_after):
            return _throw(u, k, options, led)
        safe = [i for i in winners if k.holds(i, opps_after) and u.suit[i] == led]
        if safe and u.suit[best] != t:
            return safe[0]
        return _throw(u, k, options, led)
    if not winners:
        return _throw(u, k, options, led)
    if not opps_after:
        return winners[0]
    ruffing = led != t and not any(u.suit[i] == led for i in options)
    if ruffing and not any((hand.voids[o] >> led) & 1 for o in opps_after):
        return winners[0]
    safe = [i for i in winners if k.holds(i, opps_after)]
    if safe:
        return safe[0]
    if partner_after:
        if led != t and u.suit[winners[0]] == t:
            return winners[0]
        return _throw(u, k, options, led)
    return winners[0]


def _throw(u: Under, k: _Sees, options: list[int], led: int) -> int:
    follow = [i for i in options if u.suit[i] == led]
    if follow:
        return min(follow, key=u.lowest.__getitem__)
    off = [i for i in options if u.suit[i] != u.trump]
    if not off:
        return min(options, key=u.lowest.__getitem__)
    keep = [i for i in off if not k.boss(i)] or off
    if not k.count(u.trump):
        return min(keep, key=u.lowest.__getitem__)
    return min(keep, key=lambda i: (u.rank[i] >= 3, k.count(u.raw[i]), u.rank[i], u.raw[i]))


# -- a whole hand at random, for the benchmark ------------------------------------

def random_hand(rng) -> int:
    """Deal a hand, bid and play it with a random legal move at every
    decision under the default house rules (stick the dealer, going alone,
    no defending alone); the makers' tricks. The dealer is seat 0."""
    deal = list(range(len(CARDS)))
    rng.shuffle(deal)
    hands = [mask_of(deal[5 * s:5 * s + 5]) for s in range(4)]
    up = deal[20]
    up_suit = CARDS[up][1]
    maker = trump = None
    alone = False
    for seat in (1, 2, 3, 0):  # the first round: order the turned card up (alone, or not), or pass
        bid = rng.randrange(3)
        if bid:
            maker, trump, alone = seat, up_suit, bid == 2
            break
    if maker is None:
        for seat in (1, 2, 3, 0):  # the second round: call another suit, or pass (the dealer may not)
            calls = [(s, a) for s in SUITS if s != up_suit for a in (False, True)]
            pick = rng.randrange(len(calls) + (seat != 0))
            if pick < len(calls):
                maker, (trump, alone) = seat, calls[pick]
                break
    sitting = {(maker + 2) % 4} if alone else set()
    if trump == up_suit and 0 not in sitting:
        # The dealer picks the turned card up and buries one.
        held = hands[0] | 1 << up
        hands[0] = held ^ 1 << rng.choice(indexes(held))
    hand = Hand(UNDER[trump], hands, 1 if 1 not in sitting else 2, maker, sitting)
    while not hand.over():
        hand.play(rng.choice(indexes(hand.legal())))
    return hand.taken[team(maker)]
