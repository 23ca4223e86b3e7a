"""Cards as strings, and seeded shuffles that are the same everywhere.

A card is rank (``A 2 3 4 5 6 7 8 9 T J Q K``) + suit (``C D H S``) + deck
index (``"7H0"``, ``"7H1"``); a joker is ``"XX"`` + index (``"XX0"``). A board
face has no deck index (``"7H"``).

Shuffles come from SHA-256 of a key string such as ``"seed:3"``, never from
``random``'s global state or ``hash()``, so a seed deals the same game on any
machine and any Python version.
"""

from __future__ import annotations

import functools
import hashlib
import math

RANKS = "A23456789TJQK"
SUITS = "CDHS"
JOKER = "XX"


def build(decks: int = 1, jokers: int = 0, ranks: str = RANKS, suits: str = SUITS) -> list[str]:
    """Every card of ``decks`` decks (deck index 0, 1, ...) and ``jokers``
    jokers, in a fixed order."""
    cards = [r + s + str(d) for d in range(decks) for s in suits for r in ranks]
    return cards + [JOKER + str(j) for j in range(jokers)]


def rank(card: str) -> str:
    return card[0]


def suit(card: str) -> str:
    return card[1]


def face(card: str) -> str:
    """The card without its deck index: ``"7H1"`` -> ``"7H"``."""
    return card[:2]


def is_joker(card: str) -> bool:
    return card.startswith(JOKER)


class Stream:
    """A deterministic stream of numbers from a key string: SHA-256 in
    counter mode. The same key gives the same numbers everywhere."""

    def __init__(self, key: str):
        self._key = key.encode()
        self._counter = 0
        self._pool = b""

    def _bytes(self, n: int) -> bytes:
        while len(self._pool) < n:
            block = hashlib.sha256(self._key + b"#" + str(self._counter).encode()).digest()
            self._counter += 1
            self._pool += block
        out, self._pool = self._pool[:n], self._pool[n:]
        return out

    def below(self, n: int) -> int:
        """A whole number from 0 to n - 1, every one equally likely
        (rejection sampling, so no value is favoured)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = int.from_bytes(self._bytes(8), "big")
            if x < limit:
                return x % n

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (int.from_bytes(self._bytes(8), "big") >> 11) / float(1 << 53)

    def pick(self, items):
        return items[self.below(len(items))]


def shuffled(cards, key: str) -> list[str]:
    """A new list: ``cards`` in the order the key deals them (Fisher-Yates
    driven by ``Stream(key)``). Deals pop from the end."""
    out = list(cards)
    stream = Stream(key)
    for i in range(len(out) - 1, 0, -1):
        j = stream.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def seed_number(seed: str) -> int:
    """The seed read as one big number, for choices like the first dealer."""
    return int.from_bytes(seed.encode(), "big")


# -- dealing what a seat has not seen -----------------------------------------------

def deal(cards, sizes: dict, rng, allowed=None) -> dict:
    """Deal ``cards`` into places of the given sizes (``{place: size}``,
    summing to ``len(cards)``), each place's cards in a random order, every
    deal equally likely among those where each card lands in a place that
    ``allowed(card)`` names (a collection of places; every place by
    default). ``rng`` is a ``random.Random``: a determinized world is drawn
    from a bot's own stream, so the same stream deals the same world.

    Exactly uniform, not a greedy fill: cards are grouped by the places they
    may go to, the deals are counted (how many cards of each group go to
    each place, times the ways to choose which), and each group's share is
    drawn in proportion to the deals it leaves. Raises ValueError when no
    deal fits (the view contradicts itself)."""
    places = list(sizes)
    total = sum(sizes.values())
    cards = list(cards)
    if total != len(cards) or any(k < 0 for k in sizes.values()):
        raise ValueError(f"{len(cards)} cards do not fill places of sizes {sizes}")
    out = {p: [] for p in places}
    index = {p: i for i, p in enumerate(places)}
    groups: dict[tuple, list] = {}
    everywhere = tuple(range(len(places)))
    for card in cards:
        where = everywhere if allowed is None else tuple(sorted({index[p] for p in allowed(card) if p in index}))
        groups.setdefault(where, []).append(card)
    # The most constrained groups first, the freest last: the last group
    # then fills whatever room is left, counted in closed form.
    order = sorted(groups, key=lambda w: (len(w), w))
    counts = tuple(len(groups[w]) for w in order)
    caps = tuple(sizes[p] for p in places)
    if _ways(counts, tuple(order), caps) == 0:
        raise ValueError("no deal fits what the seat knows")
    for i, where in enumerate(order):
        rest_counts, rest_where = counts[i + 1:], tuple(order[i + 1:])
        options = []
        for split in _splits(counts[i], where, caps):
            left = tuple(c - split.get(p, 0) for p, c in enumerate(caps))
            weight = _multinomial(counts[i], split.values()) * _ways(rest_counts, rest_where, left)
            if weight:
                options.append((weight, split, left))
        pick = rng.randrange(sum(w for w, _s, _l in options))
        for weight, chosen, after in options:
            if pick < weight:
                split, left = chosen, after
                break
            pick -= weight
        group = list(groups[where])
        rng.shuffle(group)
        for p, k in split.items():
            out[places[p]] += group[:k]
            group = group[k:]
        caps = left
    for p in places:
        rng.shuffle(out[p])
    return out


def _splits(n: int, where: tuple, caps: tuple):
    """Every way to put n cards of one group into its places ``where``
    within the room ``caps``: ``{place index: count}``."""
    if not where:
        if n == 0:
            yield {}
        return
    first, rest = where[0], where[1:]
    room_after = sum(caps[p] for p in rest)
    for k in range(max(0, n - room_after), min(n, caps[first]) + 1):
        for tail in _splits(n - k, rest, caps):
            yield {first: k, **tail} if k else dict(tail)


@functools.lru_cache(maxsize=65536)
def _ways(counts: tuple, where: tuple, caps: tuple) -> int:
    """How many deals put the groups (``counts`` cards each, allowed the
    places ``where``) into exactly the room ``caps``."""
    if not counts:
        return int(not any(caps))
    n, allowed = counts[0], where[0]
    if len(counts) == 1:
        if sum(caps) != n or any(caps[p] for p in range(len(caps)) if p not in allowed):
            return 0
        return _multinomial(n, caps)
    total = 0
    for split in _splits(n, allowed, caps):
        left = tuple(c - split.get(p, 0) for p, c in enumerate(caps))
        total += _multinomial(n, split.values()) * _ways(counts[1:], where[1:], left)
    return total


def _multinomial(n: int, parts) -> int:
    out = math.factorial(n)
    for k in parts:
        out //= math.factorial(k)
    return out
