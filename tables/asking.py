"""Who asks the table service for something, and its answer when it says no.
The browser's edge (web/) builds a ``Visitor`` for each request or socket and
turns a ``Refused`` into its sentence; the service raises ``Refused`` for
every action it refuses."""

from __future__ import annotations

from dataclasses import dataclass

NAME_LENGTH = 20
# Text the store can't write: a lone half of a surrogate pair ("\ud800" in
# the JSON), which is no character at all.
BROKEN_TEXT = ("That message holds a broken character (half of a pair that makes one letter), "
               "which no name or move needs; leave it out and send it again.")
NOT_SAVED = "The table couldn't save that just now, so nothing changed. Please try again."


class Refused(Exception):
    """An action the table refuses, with a sentence for the player and the
    HTTP status that fits it."""

    def __init__(self, sentence: str, status: int = 400):
        super().__init__(sentence)
        self.sentence = sentence
        self.status = status


@dataclass(frozen=True)
class Visitor:
    """Who is asking: their browser (the session's random id), the name they
    gave, and their account if signed in."""

    browser: str
    name: str = ""
    user_id: int | None = None
