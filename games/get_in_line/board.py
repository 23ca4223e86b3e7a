"""The board: the classic layout as text, the runs of five, and card words.

Nothing here knows about a game in progress: it is the fixed geometry the
rules, the view and the bots share. Everything is computed once, at import,
and the layout is checked then (48 faces, each on exactly two spaces), so a
typo in the text fails at import rather than in a game.
"""

from __future__ import annotations

from engine import deck

SIZE = 10  # the board is SIZE by SIZE
RUN = 5  # chips in a row that make a line

# The classic board, row by row (sources in games/get_in_line/README.md). "--" is a
# free corner.
_ROWS = """
-- 2S 3S 4S 5S 6S 7S 8S 9S --
6C 5C 4C 3C 2C AH KH QH TH TS
7C AS 2D 3D 4D 5D 6D 7D 9H QS
8C KS 6C 5C 4C 3C 2C 8D 8H KS
9C QS 7C 6H 5H 4H AH 9D 7H AS
TC TS 8C 7H 2H 3H KH TD 6H 2D
QC 9S 9C 8H 9H TH QH QD 5H 3D
KC 8S TC QC KC AC AD KD 4H 4D
AC 7S 6S 5S 4S 3S 2S 2H 3H 5D
-- AD KD QD TD 9D 8D 7D 6D --
"""

FREE = "--"


def _read(text: str) -> list[str | None]:
    rows = [line.split() for line in text.strip().splitlines()]
    if len(rows) != SIZE or any(len(row) != SIZE for row in rows):
        raise ValueError(f"the board must be {SIZE} rows of {SIZE} spaces")
    return [None if cell == FREE else cell for row in rows for cell in row]


def _spaces(layout: list[str | None]) -> dict[str, list[int]]:
    """Each face's spaces, in board order."""
    out: dict[str, list[int]] = {}
    for p, f in enumerate(layout):
        if f is not None:
            out.setdefault(f, []).append(p)
    return out


def check(layout: list[str | None]) -> None:
    """Refuse a layout that isn't a classic board: free corners, and the 48
    faces of two decks but the jacks, each on exactly two spaces."""
    corners = {p for p, f in enumerate(layout) if f is None}
    if corners != {0, SIZE - 1, SIZE * (SIZE - 1), SIZE * SIZE - 1}:
        raise ValueError("the free spaces must be the four corners")
    spaces = _spaces(layout)
    natural = {r + s for r in deck.RANKS if r != "J" for s in deck.SUITS}
    if set(spaces) != natural:
        raise ValueError(f"the board must show the 48 faces but the jacks: off by {sorted(set(spaces) ^ natural)}")
    wrong = {f: ps for f, ps in spaces.items() if len(ps) != 2}
    if wrong:
        raise ValueError(f"every face must be on exactly two spaces: {wrong}")


# LAYOUT[p]: the face on space p ("7H"), or None for a free corner. A space is
# its index, row * SIZE + column.
LAYOUT: list[str | None] = _read(_ROWS)
check(LAYOUT)

CORNERS = frozenset(p for p, f in enumerate(LAYOUT) if f is None)

# SPACES[face]: the two spaces showing that face, in board order.
SPACES: dict[str, list[int]] = _spaces(LAYOUT)


# Across, down, down-right, down-left.
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def windows_through(p: int) -> list[tuple[int, list[int]]]:
    """Every run of five spaces in a row that includes space p, as a list of
    (direction index, the five spaces in order)."""
    r, c = divmod(p, SIZE)
    out = []
    for d, (dr, dc) in enumerate(DIRECTIONS):
        for back in range(RUN):
            r0, c0 = r - back * dr, c - back * dc
            r4, c4 = r0 + (RUN - 1) * dr, c0 + (RUN - 1) * dc
            if 0 <= r0 < SIZE and 0 <= c0 < SIZE and 0 <= r4 < SIZE and 0 <= c4 < SIZE:
                out.append((d, [(r0 + k * dr) * SIZE + c0 + k * dc for k in range(RUN)]))
    return out


def _all_windows() -> list[tuple[int, ...]]:
    seen: dict[tuple[int, ...], None] = {}
    for p in range(SIZE * SIZE):
        for _d, cells in windows_through(p):
            seen.setdefault(tuple(cells), None)
    return sorted(seen)


# WINDOWS: every run of five, across, down and diagonal (192), each a tuple
# of spaces in order. THROUGH[p]: the indices into WINDOWS of the runs through
# space p. WINDOW_DIRECTION[i]: the direction index of WINDOWS[i].
WINDOWS: list[tuple[int, ...]] = _all_windows()
_INDEX = {w: i for i, w in enumerate(WINDOWS)}
THROUGH: list[list[int]] = [[_INDEX[tuple(cells)] for _d, cells in windows_through(p)] for p in range(SIZE * SIZE)]
WINDOW_DIRECTION: list[int] = [0] * len(WINDOWS)
for _p in range(SIZE * SIZE):
    for _d, _cells in windows_through(_p):
        WINDOW_DIRECTION[_INDEX[tuple(_cells)]] = _d

if len(WINDOWS) != 192:  # 60 across, 60 down, 36 each way diagonally
    raise ValueError(f"expected 192 runs of five, found {len(WINDOWS)}")


# -- cards -----------------------------------------------------------------

def face(card: str) -> str:
    """The card without its deck index: "7H1" -> "7H"."""
    return deck.face(card)


def is_jack(card: str) -> bool:
    return card[:1] == "J"


def two_eyed(card: str) -> bool:
    """A two-eyed jack (clubs, diamonds): a chip on any open space."""
    return card[:1] == "J" and card[1:2] in ("C", "D")


def one_eyed(card: str) -> bool:
    """A one-eyed jack (spades, hearts): takes another team's chip off."""
    return card[:1] == "J" and card[1:2] in ("S", "H")


_RANK_WORDS = {"T": "10"}
_SUIT_SIGNS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


def say(card_or_face: str) -> str:
    """A card as a player reads it: "7H0" -> "7♥", "TS" -> "10♠"."""
    r, s = card_or_face[0], card_or_face[1]
    return _RANK_WORDS.get(r, r) + _SUIT_SIGNS.get(s, s)


_SUIT_ORDER = {s: i for i, s in enumerate("CDHS")}
_RANK_ORDER = {r: i for i, r in enumerate("A23456789TQK")}


def _hand_order(card: str):
    if two_eyed(card):
        return (1, _SUIT_ORDER[card[1]], 0, card)
    if one_eyed(card):
        return (2, _SUIT_ORDER[card[1]], 0, card)
    return (0, _SUIT_ORDER[card[1]], _RANK_ORDER[card[0]], card)


def _alike(card: str) -> str:
    """What a card goes alike with: its face, or for a jack its kind (either
    two-eyed jack goes anywhere open, either one-eyed jack takes the same chips)."""
    return ("J2" if two_eyed(card) else "J1") if is_jack(card) else face(card)


# Every card of the two decks, looked up rather than worked out: each seat's
# view sorts its hand and finds where each card goes at every change.
CARDS = deck.build(2, 0)
HAND_ORDER = {card: _hand_order(card) for card in CARDS}
ALIKE = {card: _alike(card) for card in CARDS}


def sort_hand(hand: list[str]) -> list[str]:
    """A hand as it is shown: natural cards by suit then rank, then the
    two-eyed jacks, then the one-eyed jacks."""
    return sorted(hand, key=HAND_ORDER.__getitem__)
