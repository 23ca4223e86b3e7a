"""A browser's read of a table as it stands (its due bots played first);
the tables it sits at are ``yours``."""

from __future__ import annotations

import time

from . import hold, snapshots, ticker
from .asking import Refused, Visitor
from .models import Table


def read(code, who: Visitor) -> dict:
    """The table as this browser may see it. A read plays bots that are due."""
    table = Table.objects.filter(code=hold.normal_code(code)).first()
    if table is None:
        raise Refused(hold.NO_SUCH_TABLE, 404)
    if table.status == Table.PLAYING and table.due_at is not None and table.due_at <= time.time():
        ticker.tick([table.code])
        table.refresh_from_db()
    return snapshots.snapshot(table, who)
