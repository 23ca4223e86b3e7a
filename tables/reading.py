"""A browser's reads: a table as it stands (its due bots played first), and
the tables the browser sits at."""

from __future__ import annotations

import time

from django.db.models import Count

from engine import registry

from . import hold, snapshots, ticker
from .asking import Refused, Visitor
from .models import Seat, Table


def read(code, who: Visitor) -> dict:
    """The table as this browser may see it. A read plays bots that are due."""
    table = Table.objects.filter(code=hold.normal_code(code)).first()
    if table is None:
        raise Refused(hold.NO_SUCH_TABLE, 404)
    if table.status == Table.PLAYING and table.due_at is not None and table.due_at <= time.time():
        ticker.tick([table.code])
        table.refresh_from_db()
    return snapshots.snapshot(table, who)


def tables_of(who: Visitor) -> list[dict]:
    """Every table this browser has a seat at, newest first."""
    seated = Seat.objects.filter(browser=who.browser, kind=Seat.PERSON).values("table_id")
    # Only the columns shown: the states stay in the database, and json
    # columns (which have no equality) stay out of the count's grouping.
    found = (Table.objects.filter(pk__in=seated).exclude(status=Table.ENDED)
             .values("code", "game", "status", "updated").annotate(seat_count=Count("seats")).order_by("-updated")[:30])
    out = []
    for table in found:
        game = registry.get(table["game"])
        out.append({"code": table["code"], "game": table["game"], "title": game.title if game else table["game"],
                    "status": table["status"], "seats": table["seat_count"]})
    return out
