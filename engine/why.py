"""A hint's sentence, as every game writes it: the move in the words its
table shows it by (the button's label, or the card and the square), then
what the move does for the player, spoken to them: "Call ♥: with three
hearts, the right bower among them, you and your partner should take three
tricks." One sentence, in the game's own words; never the search's numbers.
"""

from __future__ import annotations

NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def sentence(move: str, does: str) -> str:
    """The hint's one sentence: ``move`` (a label, or a move's own sentence
    ending in a full stop), then ``does``, what it does for the player. A
    move's words that already hold a colon ("Pass: nothing in your hand can
    play") take a dash before the reason instead of a second colon."""
    words = move.rstrip(".")
    joint = " — " if ":" in words else ": "
    return f"{words}{joint}{does.rstrip('.')}."


def counted(n: int, one: str, many: str | None = None) -> str:
    """A count in words: "one heart", "three hearts", "no hearts"."""
    word = NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)
    return f"{word} {one if n == 1 else (many or one + 's')}"


def listed(items: list[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"
