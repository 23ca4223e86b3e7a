"""A game's result: kept once when the game ends by the rules (the ratings
hear of it once that commits), and shown with each seat's rating line."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import transaction

from engine.sides import one_side

from . import sharing, signals
from .models import Result, Seat, Table

if TYPE_CHECKING:
    from .hold import Held


def finish(held: Held) -> None:
    """The game at the table in hand ended by the rules: keep its result
    (once)."""
    table, game, seats = held.table, held.game, held.seats
    table.status, table.due_at = Table.OVER, None
    result = game.result(table.state)
    # One result a game: a game starts under a new number, and only a move
    # that holds the table's row ends it, so there is no row to look for
    # first (the unique key on table and number stands behind that).
    kept = Result.objects.create(
        table=table, number=table.number, game=table.game, settings=table.settings, seed=table.seed,
        seats=[{"name": s.name, "kind": s.kind, "level": s.level, "user": s.user_id,
                "covered": s.was_covered or s.covered, "hinted": s.hinted,
                **sharing.marks(table, s.index)}  # (whoever played more than one seat: none of those seats is rated)
               for s in seats],
        places=result["places"], scores=result.get("scores", []),
        outcome={k: v for k, v in result.items() if k not in ("places", "scores")},
        kept=any(s.user_id for s in seats if s.kind == Seat.PERSON),
    )
    held.result = kept  # for the views this change's commit builds
    transaction.on_commit(lambda: signals.game_finished.send(sender=Result, result=kept))


def result_of(table: Table, game, kept: Result | None = None) -> dict | None:
    """The game's result once it is over, with each seat's rating line
    (``kept``: the result the change being told kept, if it ended the game)."""
    if table.state is None or table.status != Table.OVER:
        return None
    result = dict(game.result(table.state))
    if kept is None or kept.kept:  # (a kept game's rating lines are written once its end commits)
        kept = table.results.filter(number=table.number).first()
    result["ratings"] = kept.changes if kept is not None else []
    # The seats shown a hint, as the result keeps them (the game isn't rated).
    result["hinted"] = [i for i, seat in enumerate(kept.seats) if seat.get("hinted")] if kept is not None else []
    # A table whose seats make one side is never rated, whoever is signed in: its sheet says why.
    why = one_side(table.game, len(result["places"]), table.settings)
    if why:
        result["notRated"] = why
        result["oneSide"] = True  # (the sheet lists the table as one, not each seat "1st")
    return result
