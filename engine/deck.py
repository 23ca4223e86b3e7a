"""Cards as strings, and seeded shuffles that are the same everywhere.

A card is rank (``A 2 3 4 5 6 7 8 9 T J Q K``) + suit (``C D H S``) + deck
index (``"7H0"``, ``"7H1"``); a joker is ``"XX"`` + index (``"XX0"``). A board
face has no deck index (``"7H"``).

Shuffles come from SHA-256 of a key string such as ``"seed:3"``, never from
``random``'s global state or ``hash()``, so a seed deals the same game on any
machine and any Python version.
"""

from __future__ import annotations

import hashlib

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
