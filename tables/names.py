"""The names people sit down under: cleaned of what a reader can't see
(control characters, zero-width and direction-changing marks), so no name
is blank, reads backwards past its end, or passes for another's; and one
name to a table, whatever its case or width."""

from __future__ import annotations

import unicodedata

from .asking import NAME_LENGTH, Refused

JOINER = "\u200d"  # joins emoji into one (a family, a flag): kept between two symbols
NO_NAME = "Tell us your name first, so the table knows who you are."
TOO_LONG = f"Please keep your name to {NAME_LENGTH} letters or fewer."


def _unseen(ch: str) -> bool:
    """Control (Cc), format (Cf: zero-width, bidi overrides, soft hyphen),
    surrogate (Cs) and private-use (Co) characters: nothing a reader can
    see, or only what a font makes up."""
    return unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co")


def _symbol(ch: str) -> bool:
    return unicodedata.category(ch) in ("So", "Sk") or unicodedata.category(ch).startswith("M")


def clean(name) -> str:
    """A name as the table shows it, or Refused: what can't be seen taken
    out, runs of spaces made one, at most NAME_LENGTH characters left."""
    if not isinstance(name, str):
        raise Refused(NO_NAME)
    # Spaces of every kind (line breaks and tabs among them) become one space.
    text = unicodedata.normalize("NFC", " ".join(name.split()))
    kept = [
        ch for k, ch in enumerate(text)
        if not _unseen(ch) or (ch == JOINER and 0 < k < len(text) - 1 and _symbol(text[k - 1]) and _symbol(text[k + 1]))
    ]
    cleaned = " ".join("".join(kept).split())
    if not cleaned:
        raise Refused(NO_NAME)
    if len(cleaned) > NAME_LENGTH:
        raise Refused(TOO_LONG)
    return cleaned


def same(a: str, b: str) -> bool:
    """Whether two cleaned names read as one: case and width aside ("ADA",
    "ada" and a full-width "Ａｄａ" are one name)."""
    return unicodedata.normalize("NFKC", a).casefold() == unicodedata.normalize("NFKC", b).casefold()


def taken(name: str, seats, by=None) -> None:
    """Refuse a name someone else at the table already goes by (``by`` is
    the seat being taken, whose old name goes with it)."""
    for seat in seats:
        if seat is not by and same(seat.name, name):
            raise Refused(f"Someone at this table is already called {seat.name}; pick another name, "
                          "a nickname or an initial will do.", 409)
