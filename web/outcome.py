"""A kept game's outcome for one seat, in words that add up: its side's
place among the sides (partners share one), not the seat's place among the
seats ("3rd of 2" was a lost Euchre game), and who it tied with by name.

- Two sides: "Won, 10–6", "Lost, 10–6" (the winner's score first, where the
  higher score won), "Drew with Bo".
- More: "Won", "Won, tied with Bo", "2nd of 3", "3rd of 4, tied with Cy".
- One side, the table playing together: "Played together"."""

from __future__ import annotations

from engine.sides import side_places, teams_of
from engine.why import listed


def ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def positions(result) -> list[tuple[list[int], int]]:
    """Each side of the game, its seats and its place among the sides (1 is
    first; sides level share a place)."""
    return side_places(teams_of(result.game, len(result.seats), result.settings), result.places)


def place_of(result, seat: int) -> int:
    """A seat's side's place among the sides."""
    return next(place for seats, place in positions(result) if seat in seats)


def _names(result, seats: list[int]) -> str:
    return listed([str(result.seats[s].get("name", "")) for s in seats])


def _score(result, sides: list[tuple[list[int], int]]) -> str:
    """", 10–6": the winner's score first, for two sides where the higher
    score won (nothing where the lower one does, or there are no scores)."""
    scores = result.scores if isinstance(result.scores, list) else []
    (won, _), (lost, _) = sorted(sides, key=lambda side: side[1])
    if len(scores) != len(result.seats) or not scores[won[0]] > scores[lost[0]]:
        return ""
    return f", {scores[won[0]]}–{scores[lost[0]]}"


def outcome(result, seat: int) -> str:
    """How the game went for this seat's side, in words."""
    sides = positions(result)
    if len(sides) == 1:
        return "Played together"
    mine = next((seats, place) for seats, place in sides if seat in seats)
    tied = [seats for seats, place in sides if place == mine[1] and seats != mine[0]]
    if len(sides) == 2:
        if tied:
            return f"Drew with {_names(result, tied[0])}"
        return ("Won" if mine[1] == 1 else "Lost") + _score(result, sides)
    head = "Won" if mine[1] == 1 else f"{ordinal(mine[1])} of {len(sides)}"
    return f"{head}, tied with {listed([_names(result, s) for s in tied])}" if tied else head
