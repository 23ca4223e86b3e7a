"""How a table's seats make sides: which side each seat plays for, as the
game's ``team_of`` says, and a finished game's sides with their places.
The result sheet says from it why a table is never rated; the ratings rate
its sides; a profile's history and a result page say how each side did."""

from __future__ import annotations

from engine import registry


def teams_of(game: str, n: int, options: dict | None) -> list[int]:
    """Which side each seat plays for, as the game's own ``team_of(state, n,
    settings)`` answers from the options stored with the result (no state:
    a rebuild sees the teams that played from their settings alone). A game
    no longer registered has everyone for themselves."""
    found = registry.get(game)
    if found is None:
        return list(range(n))
    return [int(t) for t in found.team_of(None, n, found.options(options or {}))]


# Why a game with a single side is never rated, in the result sheet's words.
ALONE = "nobody to play against"
TOGETHER = "the table played together, with nobody against it"


def one_side(game: str, n: int, options: dict | None) -> str | None:
    """Why no game of this table can be rated, if its seats make a single
    side (a table of one; a table the game has play together), else None."""
    if len(set(teams_of(game, n, options))) > 1:
        return None
    return TOGETHER if n > 1 else ALONE


def sides_of(teams: list[int], places: list[int]) -> list[tuple[list[int], int]]:
    """The sides in a finished game: each side's seats and its rank. Partners
    share a place, and a side ranks by its best member's place."""
    order: list[int] = []
    for t in teams:
        if t not in order:
            order.append(t)
    out = []
    for t in order:
        seats = [s for s, side in enumerate(teams) if side == t]
        out.append((seats, min(places[s] for s in seats)))
    return out


def side_places(teams: list[int], places: list[int]) -> list[tuple[list[int], int]]:
    """Each side's seats and its place among the sides (1 is first; sides
    level share a place, and the next side is second, not third)."""
    sides = sides_of(teams, places)
    return [(seats, 1 + sum(1 for _, other in sides if other < rank)) for seats, rank in sides]
