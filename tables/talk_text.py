"""What may be said at a table, as text: a reaction from the table's short
list, or a message of plain words. A message is taken whole or refused with
a sentence, never cut or mended, so what the others read is what was typed;
nothing in it can change how the text around it reads (a direction
override) or hide that it says nothing."""

from __future__ import annotations

import unicodedata

from .asking import BROKEN_TEXT, Refused

MOST = 200  # characters in a message

# Each reaction by its name, and what the table shows for it.
REACTIONS = {
    "thumbs": "👍", "smile": "😄", "wow": "😮", "eek": "😬", "party": "🎉",
    "nice": "Nice one!", "oops": "Oops", "gg": "Good game",
}

NOT_A_REACTION = "That isn't one of the table's reactions; pick one from the list."
NOT_WORDS = "A message is words, like {\"type\": \"talk\", \"text\": \"Nice one!\"}."
EMPTY = "That message says nothing; type a few words first."
BLANK = "That message shows nothing but spaces or invisible characters; type a few words."
CONTROL = ("That message holds a control character (a tab, a line break or the like), which a message at "
           "the table can't show; leave it out and send it again.")
BIDI = ("That message holds a character that turns the direction of the text around it, which could make "
        "it read as something else; leave it out and send it again.")

# Characters that change the direction of the text after them (embeddings,
# overrides and isolates, and the marks): refused wherever they stand.
_DIRECTION = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
# Letters that draw nothing though Unicode counts them as letters.
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Categories that show nothing by themselves: format characters (the zero
# widths, joiners), spaces, and marks with no letter to sit on.
_SHOW_NOTHING = frozenset({"Cf", "Zs", "Mn", "Me"})


def reaction(name) -> str:
    """What the table shows for the reaction called ``name``."""
    shown = REACTIONS.get(name) if isinstance(name, str) else None
    if shown is None:
        raise Refused(NOT_A_REACTION)
    return shown


def message(text) -> str:
    """``text`` as a message, its outer spaces let go, or Refused."""
    if not isinstance(text, str):
        raise Refused(NOT_WORDS)
    text = text.strip()
    if not text:
        raise Refused(EMPTY)
    if len(text) > MOST:
        raise Refused(f"That message is {len(text)} characters long; a message at the table holds up to {MOST}. "
                      "Shorten it and send it again.")
    shows = False
    for ch in text:
        if ch in _DIRECTION:
            raise Refused(BIDI)
        kind = unicodedata.category(ch)
        if kind == "Cs":
            raise Refused(BROKEN_TEXT)
        if kind == "Cc" or kind in ("Zl", "Zp"):
            raise Refused(CONTROL)
        shows = shows or (kind not in _SHOW_NOTHING and ch not in _BLANK_LETTERS)
    if not shows:
        raise Refused(BLANK)
    return text
