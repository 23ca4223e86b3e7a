"""The rows every move touches, read and written through the database
driver's own cursor: the table under its row lock, its seats, the move, the
table's new state. These run hundreds of times a second on a busy server;
composing each through the ORM costs ten times what the database takes to
answer it, and the JSON columns go through orjson. They join the
transaction ``transaction.atomic`` opened, and a driver's error reaches the
caller as Django's ``DatabaseError``. Everything else goes through the ORM."""

from __future__ import annotations

import sqlite3
from contextlib import contextmanager
from functools import cache

import orjson
import psycopg
from django.db import DEFAULT_DB_ALIAS, connections
from django.utils import timezone

from .models import Move, Seat, Table

JSON_COLUMNS = frozenset({"settings", "state", "clocks"})
TABLE_COLUMNS = ("id", "code", "game", "status", "host", "settings", "seed", "number", "state", "seq", "clocks",
                 "due_at", "created", "updated")
SEAT_COLUMNS = ("id", "table_id", "index", "kind", "browser", "user_id", "name", "level", "covered", "was_covered")
PLAY_COLUMNS = ("state", "seq", "clocks", "due_at", "status", "updated")
MOVE_COLUMNS = ("table_id", "number", "seq", "seat", "action", "now", "by", "created")


@cache
def _statements(vendor: str) -> dict[str, str]:
    """Each statement in the driver's own placeholders, written once."""
    connection = connections[DEFAULT_DB_ALIAS]
    name = connection.ops.quote_name
    mark = "?" if vendor == "sqlite" else "%s"
    json_mark = mark if vendor == "sqlite" else "%s::jsonb"  # PostgreSQL takes JSON as text cast to jsonb
    table, seat, move = (name(m._meta.db_table) for m in (Table, Seat, Move))
    lock = ""
    if connection.features.has_select_for_update:
        lock = connection.ops.for_update_sql()
    skip_lock = connection.ops.for_update_sql(skip_locked=True) if lock else ""
    # The seats ride along with the table, as one JSON array: one round trip.
    seat_row = ", ".join(f"{name(seat)}.{name(c)}" for c in SEAT_COLUMNS)
    seats_json = (f"json_group_array(json_array({seat_row}))" if vendor == "sqlite"
                  else f"json_agg(json_build_array({seat_row}))::text")
    with_seats = (f"(SELECT {seats_json} FROM {seat} WHERE {name(seat)}.{name('table_id')} = {table}.{name('id')})")
    pick = (f"SELECT {', '.join(f'{table}.{name(c)}' for c in TABLE_COLUMNS)}, {with_seats} "
            f"FROM {table} WHERE {name('code')} = {mark}")
    playing = f" AND {name('status')} = {mark}"
    assignments = ", ".join(f"{name(c)} = {json_mark if c in JSON_COLUMNS else mark}" for c in PLAY_COLUMNS)
    values = ", ".join(json_mark if c == "action" else mark for c in MOVE_COLUMNS)
    return {
        "locked": f"{pick} {lock}",
        "skip_locked": f"{pick} {skip_lock}",
        "locked_playing": f"{pick}{playing} {lock}",
        "skip_locked_playing": f"{pick}{playing} {skip_lock}",
        "seats": f"SELECT {', '.join(name(c) for c in SEAT_COLUMNS)} FROM {seat} "
                 f"WHERE {name('table_id')} = {mark} ORDER BY {name('index')}",
        "save_play": f"UPDATE {table} SET {assignments} WHERE {name('id')} = {mark}",
        "record": f"INSERT INTO {move} ({', '.join(name(c) for c in MOVE_COLUMNS)}) VALUES ({values})",
    }


@contextmanager
def _cursor():
    connection = connections[DEFAULT_DB_ALIAS]
    connection.ensure_connection()
    with connection.wrap_database_errors:
        # SQLite's plain cursor: Django's own rewrites every statement's
        # placeholders, and these are written in SQLite's already. On
        # PostgreSQL the values travel beside the statement, not quoted into
        # it in Python (a state runs to kilobytes).
        raw = connection.connection
        cursor = raw.cursor(sqlite3.Cursor) if connection.vendor == "sqlite" else psycopg.Cursor(raw)
        try:
            yield connection, cursor, _statements(connection.vendor)
        finally:
            cursor.close()


def _json(value) -> str | None:
    return None if value is None else orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def _aware(connection, value):
    """SQLite hands back datetimes without a zone; they are UTC."""
    if value is not None and timezone.is_naive(value):
        return timezone.make_aware(value, connection.timezone)
    return value


def locked_with_seats(code: str, *, skip_locked: bool = False, playing: bool = False) -> tuple[Table, list[Seat]] | None:
    """The table, its row locked until the transaction ends (SQLite's write
    transaction locks the whole database instead), and its seats in order,
    read in the same breath. With ``skip_locked``, a table another process
    holds is passed over."""
    with _cursor() as (connection, cursor, sql):
        key = ("skip_locked" if skip_locked else "locked") + ("_playing" if playing else "")
        cursor.execute(sql[key], [code, Table.PLAYING] if playing else [code])
        row = cursor.fetchone()
        if row is None:
            return None
        values = [
            (orjson.loads(value) if value is not None else None) if column in JSON_COLUMNS
            else _aware(connection, value) if column in ("created", "updated")
            else value
            for column, value in zip(TABLE_COLUMNS, row)
        ]
        table = Table.from_db(connection.alias, TABLE_COLUMNS, values)
        seats = sorted((_seat(connection, values) for values in orjson.loads(row[-1] or "[]")), key=lambda seat: seat.index)
        return table, seats


def seats_of(table: Table) -> list[Seat]:
    with _cursor() as (connection, cursor, sql):
        cursor.execute(sql["seats"], [table.pk])
        return [_seat(connection, row) for row in cursor.fetchall()]


def _seat(connection, values) -> Seat:
    """A seat from its row; SQLite keeps its flags as 0 and 1."""
    *rest, covered, was_covered = values
    return Seat.from_db(connection.alias, SEAT_COLUMNS, [*rest, bool(covered), bool(was_covered)])


def save_play(table: Table) -> None:
    """Write what a move changes: the state and the clocks around it."""
    table.updated = timezone.now()
    with _cursor() as (connection, cursor, sql):
        cursor.execute(sql["save_play"], [
            _json(table.state), table.seq, _json(table.clocks), table.due_at, table.status,
            connection.ops.adapt_datetimefield_value(table.updated), table.pk,
        ])


def record(table: Table, seq: int, seat: int, action, now: float, by: str) -> None:
    """Keep one move; a second move against the same seq breaks the unique
    key and rolls the transaction back."""
    with _cursor() as (connection, cursor, sql):
        cursor.execute(sql["record"], [
            table.pk, table.number, seq, seat, _json(action), now, by,
            connection.ops.adapt_datetimefield_value(timezone.now()),
        ])
