"""The rows every move touches, read and written in plain SQL: the table
under its row lock, its seats, the move, the table's new state. These run
hundreds of times a second on a busy server, and the ORM takes several times
longer to compose each than the database takes to answer it. Everything
else goes through the ORM."""

from __future__ import annotations

from django.db import connection
from django.utils import timezone

from .models import Move, Seat, Table


def _name(name: str) -> str:
    return connection.ops.quote_name(name)


def _prep(model, field: str, value):
    return model._meta.get_field(field).get_db_prep_save(value, connection)


def locked(code: str, *, skip_locked: bool = False, playing: bool = False) -> Table | None:
    """The table, its row locked until the transaction ends (SQLite's write
    transaction locks the whole database instead). With ``skip_locked``, a
    table another process holds is passed over."""
    lock = connection.ops.for_update_sql(skip_locked=skip_locked) if connection.features.has_select_for_update else ""
    where, params = f"{_name('code')} = %s", [code]
    if playing:
        where, params = where + f" AND {_name('status')} = %s", params + [Table.PLAYING]
    sql = f"SELECT * FROM {_name(Table._meta.db_table)} WHERE {where} {lock}"
    return next(iter(Table.objects.raw(sql, params)), None)


def seats_of(table: Table) -> list[Seat]:
    sql = f"SELECT * FROM {_name(Seat._meta.db_table)} WHERE {_name('table_id')} = %s ORDER BY {_name('index')}"
    return list(Seat.objects.raw(sql, [table.pk]))


def save_play(table: Table) -> None:
    """Write what a move changes: the state and the clocks around it."""
    table.updated = timezone.now()
    fields = ("state", "seq", "clocks", "due_at", "status", "updated")
    assignments = ", ".join(f"{_name(f)} = %s" for f in fields)
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {_name(Table._meta.db_table)} SET {assignments} WHERE {_name('id')} = %s",
            [_prep(Table, f, getattr(table, f)) for f in fields] + [table.pk],
        )


def record(table: Table, seq: int, seat: int, action, now: float, by: str) -> None:
    """Keep one move; a second move against the same seq breaks the unique
    key and rolls the transaction back."""
    values = {"table_id": table.pk, "number": table.number, "seq": seq, "seat": seat, "action": action,
              "now": now, "by": by, "created": timezone.now()}
    columns = ", ".join(_name(c) for c in values)
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {_name(Move._meta.db_table)} ({columns}) VALUES ({', '.join(['%s'] * len(values))})",
            [_prep(Move, "table" if c == "table_id" else c, v) for c, v in values.items()],
        )
