"""Line's rules about cards and rows: pure functions of a row's cards and of
the grid, shared by the moves, the view and the bots.

A row is the cards in one row of the 4 by 4 grid, 0 to 4 of them, in any
order: where a card sits inside its row never matters. A row must always be
able to end as a *run* (four consecutive cards of one suit, ace low: A-2-3-4
is the lowest, 10-J-Q-K the highest, no wrapping) or a *set* (four cards of
one rank, one of each suit). A joker is never declared: it stands for
whatever single card lets the row finish, and one row holds one joker at
most.

Cards are the deck's strings (``"5S0"``, ``"XX2"``); the row functions read
only rank and suit, so board faces (``"5S"``, ``"XX"``) work as well.
"""

from __future__ import annotations

from functools import cache

from engine import deck

SIZE = 4                     # a row holds four cards; the grid has four rows
SQUARES = SIZE * SIZE
HAND = 7                     # the hand you deal, and discard back down to
RANKS = deck.RANKS           # "A23456789TJQK"
SUITS = deck.SUITS           # "CDHS": the suit order a set is shown in
ORDER = {r: i + 1 for i, r in enumerate(RANKS)}   # ace 1 ... king 13
JOKER = "XX"

# What a card left in your hand costs at the end (ours): ace 1, two to ten
# at face value, jack, queen and king 10, and a joker 25: jokers are dear.
POINTS = {**{r: ORDER[r] for r in "A23456789T"}, "J": 10, "Q": 10, "K": 10, "X": 25}

FACES = tuple(r + s for s in SUITS for r in RANKS)       # the 52 real faces
ALL_FACES = FACES + (JOKER,)

SUIT_NAMES = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RANK_NAMES = {"T": "10"}


def is_joker(card: str) -> bool:
    return card[0] == "X"


def face(card: str) -> str:
    """``"5S0"`` -> ``"5S"``; every joker -> ``"XX"``."""
    return card[:2]


def points(card: str) -> int:
    """What this card costs if it is still in your hand at the end."""
    return POINTS[card[0]]


def total(hand) -> int:
    return sum(POINTS[c[0]] for c in hand)


def name(card: str) -> str:
    """A card as a person reads it: ``"5S0"`` -> ``"5♠"``, ``"TH1"`` -> ``"10♥"``."""
    if is_joker(card):
        return "the joker"
    return RANK_NAMES.get(card[0], card[0]) + SUIT_NAMES[card[1]]


# -- one row ------------------------------------------------------------------


def _key(cards) -> tuple:
    return tuple(sorted([c[:2] for c in cards if c is not None]))


@cache
def _why(key: tuple) -> str | None:
    """Why a row holding these faces can no longer finish, or None if it can."""
    if len(key) > SIZE:
        return "A row holds four cards."
    jokers = key.count(JOKER)
    real = [f for f in key if f != JOKER]
    if jokers > 1:
        return "A row holds one joker at most."
    if len(set(real)) < len(real):
        return "A row cannot hold the same card twice."
    if len(real) <= 1:
        return None      # anything, or a joker and one card: still undecided
    ranks = {f[0] for f in real}
    suits = {f[1] for f in real}
    if len(ranks) == 1:
        return None      # a set: one rank, and the suits differ (no face twice)
    if len(suits) == 1:
        values = sorted(ORDER[r] for r in ranks)
        if values[-1] - values[0] <= SIZE - 1:
            # The four places of some run A-4 ... 10-K hold every real card;
            # the joker and the empty squares are exactly the places left
            # over, so one joker never has to cover two gaps.
            return None
        return ("Those cards are too far apart for one run of four, "
                "and a joker covers one gap, never two." if jokers else
                "Those cards are too far apart for one run of four.")
    return "The cards in a row must share a rank (a set) or a suit (a run)."


def why_not(cards) -> str | None:
    """A sentence saying why a row of these cards can never finish, or None
    when it still can."""
    return _why(_key(cards))


def can_finish(cards) -> bool:
    """Whether a row holding these cards (0 to 4, any order, jokers
    included) can still end as a run or a set."""
    return _why(_key(cards)) is None


def complete(cards) -> bool:
    """Whether these are four cards making a valid run or set."""
    cards = [c for c in cards if c is not None]
    return len(cards) == SIZE and can_finish(cards)


def kind(cards) -> str | None:
    """``"run"`` or ``"set"`` once two real cards have decided the row;
    None while it is undecided (a joker decides nothing) or if it could
    never finish."""
    return _kind(_key(cards))


@cache
def _kind(key: tuple) -> str | None:
    if _why(key) is not None:
        return None
    real = [f for f in key if f != JOKER]
    if len(real) < 2:
        return None
    return "set" if len({f[0] for f in real}) == 1 else "run"


@cache
def _addable(key: tuple) -> frozenset:
    """The faces (``"XX"`` for a joker) that could join a row holding
    ``key`` and leave it able to finish."""
    if len(key) >= SIZE:
        return frozenset()
    return frozenset(f for f in ALL_FACES if f not in key or f == JOKER
                     if _why(tuple(sorted(key + (f,)))) is None)


def addable(cards) -> frozenset:
    """Which faces could be added to this row now (``"XX"``: a joker)."""
    return _addable(_key(cards))


def stands_for(cards) -> list[str]:
    """The real faces a row's joker could be now (empty if it holds none):
    in 5♠ 8♠ and a joker, the joker is 6♠ or 7♠."""
    key = _key(cards)
    if JOKER not in key or _why(key) is not None:
        return []
    rest = tuple(f for f in key if f != JOKER)
    out = []
    for f in FACES:
        if f not in rest and _why(tuple(sorted(rest + (f,)))) is None:
            out.append(f)
    return sorted(out, key=_face_order)


def _face_order(f: str):
    return (SUITS.index(f[1]), ORDER[f[0]])


def tidy(cards) -> list:
    """A row's cards laid out for reading (ours): a run ascending and a set
    in suit order (clubs, diamonds, hearts, spades). A run is laid from its
    lowest real card up (from the 10 when it reaches the king), the joker in
    the first place it could fill, and None for each place still open. An undecided
    row shows its real card, then the joker, then the open places. Returns
    the given card strings (and None), four of them."""
    held = [c for c in cards if c is not None]
    real = [c for c in held if not is_joker(c)]
    joker = [c for c in held if is_joker(c)]
    k = kind(held)
    if k is None:
        return (real + joker + [None] * SIZE)[:SIZE]
    if k == "set":
        by_suit = {c[1]: c for c in real}
        places = [by_suit.get(s) for s in SUITS]
    else:
        low = min(min(ORDER[c[0]] for c in real), 13 - SIZE + 1)
        by_value = {ORDER[c[0]]: c for c in real}
        places = [by_value.get(v) for v in range(low, low + SIZE)]
    if joker:
        places[places.index(None)] = joker[0]
    return places


# -- the grid -----------------------------------------------------------------


def row_of(square: int) -> int:
    return square // SIZE


def squares(row: int) -> range:
    return range(row * SIZE, row * SIZE + SIZE)


def row_cards(grid, row: int) -> list[str]:
    return [c for c in grid[row * SIZE:row * SIZE + SIZE] if c is not None]


def empties(grid, row: int) -> list[int]:
    return [i for i in squares(row) if grid[i] is None]


def full(grid) -> bool:
    return all(c is not None for c in grid)


def where(grid, card: str) -> list[int]:
    """The empty squares this card may be placed in now."""
    f = face(card)
    out = []
    for r in range(SIZE):
        open_ = empties(grid, r)
        if open_ and f in _addable(_key(row_cards(grid, r))):
            out.extend(open_)
    return out


@cache
def _swap_ok(key: tuple, f: str) -> bool:
    """Whether a full row ``key`` holding a joker stays complete with the
    real face ``f`` in the joker's place."""
    if f == JOKER or f in key:
        return False
    rest = list(key)
    rest.remove(JOKER)
    return _why(tuple(sorted(rest + [f]))) is None


@cache
def _outs(key: tuple, f: str) -> tuple:
    """The faces that may be pushed off a completed run ``key`` when ``f``
    is played into it. The five cards, the four and the one played, must
    make a run of five (a joker standing for whatever it needs to), and the
    card pushed off is one at an end of it, one of the four: never the one
    just played. What is left is then a run of four. A row never holds two
    jokers, even for a moment."""
    if len(key) != SIZE or _kind(key) != "run" or (f in key and f != JOKER):
        return ()
    five = key + (f,)
    if five.count(JOKER) > 1:
        return ()
    real = [x for x in five if x != JOKER]
    if any(x[1] != real[0][1] for x in real):
        return ()
    values = {ORDER[x[0]]: x for x in real}
    out = set()
    for low in range(1, 13 - SIZE + 1):          # runs of five: A-5 ... 9-K
        if not all(low <= v <= low + SIZE for v in values):
            continue
        for end in (low, low + SIZE):
            out.add(values.get(end, JOKER))      # an end no real card holds is the joker's
    if f != JOKER:
        out.discard(f)
    elif JOKER not in key:
        out.discard(JOKER)                       # the joker just played stays
    return tuple(sorted(x for x in out if x in key))


def pushable(cards, card: str) -> list[str]:
    """Which of a completed run's four cards may be pushed off when ``card``
    is played into it (empty for a set, an unfinished row, or a card that
    cannot make a run of five with it)."""
    gone = _outs(_key(cards), face(card))
    return [c for c in cards if c is not None and face(c) in gone]


def upgrades(grid, card: str) -> list[dict]:
    """The upgrades this card allows: for each full row with a joker that
    stays a valid run or set with this real card in the joker's place,
    ``{"square": the joker's square, "joker_to": [empty squares the freed
    joker may go to..., None (your hand)]}``."""
    if is_joker(card):
        return []
    f = face(card)
    out = []
    homes = None
    for r in range(SIZE):
        held = row_cards(grid, r)
        if len(held) < SIZE:
            continue
        key = _key(held)
        if JOKER in key and _swap_ok(key, f):
            i = next(i for i in squares(r) if is_joker(grid[i]))
            if homes is None:
                homes = where(grid, grid[i])
            out.append({"square": i, "joker_to": homes + [None]})
    return out


def shifts(grid, card: str) -> list[dict]:
    """The shifts this card allows: for each completed run that is still a
    valid run with this card in and exactly one of its four cards pushed
    off, ``{"row": r, "out": [the cards that may be pushed off]}``."""
    f = face(card)
    out = []
    for r in range(SIZE):
        held = row_cards(grid, r)
        if len(held) < SIZE:
            continue
        gone = _outs(_key(held), f)
        if gone:
            out.append({"row": r, "out": [c for c in held if face(c) in gone]})
    return out


def can_act(grid, hand) -> bool:
    """Whether a hand has a place, an upgrade or a shift on this grid; when
    it has none, the player must draw."""
    faces = {c[:2] for c in hand}
    for r in range(SIZE):
        key = _key(grid[r * SIZE:r * SIZE + SIZE])
        if len(key) < SIZE:
            if faces & _addable(key):
                return True
        elif any((JOKER in key and _swap_ok(key, f)) or _outs(key, f) for f in faces):
            return True
    return False


def sort_hand(hand) -> list[str]:
    """A hand in suit order, ace low, jokers last."""
    return sorted(hand, key=lambda c: (9, 0, c) if is_joker(c) else (SUITS.index(c[1]), ORDER[c[0]], c))
