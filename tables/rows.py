"""The rows every move touches, read and written through the database
driver's own cursor: the table under its row lock, its seats, the move, the
table's new state. These run hundreds of times a second on a busy server;
composing each through the ORM costs ten times what the database takes to
answer it, and the JSON columns go through orjson. They join the
transaction ``transaction.atomic`` opened, and a driver's error reaches the
caller as Django's ``DatabaseError``. Everything else goes through the ORM."""

from __future__ import annotations

import re
import sqlite3
import threading
import weakref
from contextlib import contextmanager
from datetime import datetime
from functools import cache
from operator import attrgetter
from typing import NamedTuple

import orjson
import psycopg
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.utils import timezone
from psycopg import pq

from .models import Move, Seat, Table

JSON_COLUMNS = frozenset({"settings", "state", "clocks", "shared"})
TABLE_COLUMNS = ("id", "code", "game", "status", "host", "settings", "seed", "number", "state", "seq", "clocks",
                 "due_at", "hints", "shared", "talk", "watchers_talk", "pace", "allowance", "created", "updated")
SEAT_COLUMNS = ("id", "table_id", "index", "kind", "browser", "user_id", "name", "level", "covered", "was_covered",
                "device", "holds", "hinted")
SEAT_FLAGS = SEAT_COLUMNS[-5:]  # the seat's flags, which SQLite keeps as 0 and 1
PLAY_COLUMNS = ("state", "seq", "clocks", "due_at", "status", "updated")
# Where a table's row holds what is read as more than it is stored as.
JSON_AT = tuple(at for at, column in enumerate(TABLE_COLUMNS) if column in JSON_COLUMNS)
STATE_AT = TABLE_COLUMNS.index("state")
FLAGS_AT = (TABLE_COLUMNS.index("hints"), TABLE_COLUMNS.index("watchers_talk"))  # SQLite keeps them as 0 and 1
WHEN_COLUMNS = ("created", "updated")
WHEN_AT = tuple(TABLE_COLUMNS.index(c) for c in WHEN_COLUMNS)
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
    # PostgreSQL's times come as the wall time in the connection's zone, which
    # ``_aware`` gives them: the driver reads that in C, where the ORM's own
    # reader of a time with its zone is Python (4 µs a time, two a table).
    zone = "'" + connection.timezone_name.replace("'", "''") + "'"
    read = [f"{table}.{name(c)}" + (f" AT TIME ZONE {zone}" if vendor != "sqlite" and c in WHEN_COLUMNS else "")
            for c in TABLE_COLUMNS]
    columns = f"SELECT {', '.join(read)}, {with_seats} FROM {table}"
    # Several tables by their codes, passed as one JSON list (SQLite) or array.
    pick = (f"{columns} WHERE {name('code')} IN (SELECT value FROM json_each({mark}))" if vendor == "sqlite"
            else f"{columns} WHERE {name('code')} = ANY({mark})")
    playing = f" AND {name('status')} = {mark}"
    # Only the rows' locks, taken before the rows are read (PostgreSQL):
    # a statement reads from the snapshot it began with, and a lock it
    # waited for hands it the locked row as the other transaction left it
    # but nothing else, so seats read in the same statement as the lock
    # would be the seats from before that transaction committed.
    lock_only = f"SELECT 1 FROM {table} WHERE {name('code')} = ANY({mark})"
    assignments = ", ".join(f"{name(c)} = {json_mark if c in JSON_COLUMNS else mark}" for c in PLAY_COLUMNS)
    values = ", ".join(json_mark if c == "action" else mark for c in MOVE_COLUMNS)
    return {
        # Locked in the codes' order, so two processes locking the same
        # tables never each hold one the other waits for; then read (SQLite's
        # write transaction locks the whole file instead).
        "lock": f"{lock_only} ORDER BY {name('code')} {lock}",
        "locked": f"{pick} ORDER BY {table}.{name('code')}",
        # Locked again as they are read: the rows this transaction holds
        # already are read as committed now; any another took meanwhile is
        # passed over.
        "playing_unlocked": f"{pick}{playing} {skip_lock}",
        "lock_playing": f"{lock_only}{playing} {skip_lock}",
        "seats": f"SELECT {', '.join(name(c) for c in SEAT_COLUMNS)} FROM {seat} "
                 f"WHERE {name('table_id')} = {mark} ORDER BY {name('index')}",
        "save_play": f"UPDATE {table} SET {assignments} WHERE {name('id')} = {mark}",
        "record": f"INSERT INTO {move} ({', '.join(name(c) for c in MOVE_COLUMNS)}) VALUES ({values})",
        # PostgreSQL: the moves and the tables' new play, each a JSON list,
        # written by one statement (the insert runs as part of the update).
        # Read as json, not jsonb, so each state goes into its json column as
        # the text it arrived as. The tables' ids, given again as an array,
        # have each row found by its key: PostgreSQL guesses a hundred rows
        # from a JSON list, and read the whole table to join them (at 500
        # busy tables, 830 pages a save where it now reads 244).
        "save_plays": (
            f"WITH kept AS (INSERT INTO {move} ({', '.join(name(c) for c in MOVE_COLUMNS)}) "
            f"SELECT {', '.join('m.' + name(c) for c in MOVE_COLUMNS)} FROM json_to_recordset({mark}::json) "
            f"AS m({_typed(connection, Move, MOVE_COLUMNS)})) "
            f"UPDATE {table} SET {', '.join(f'{name(c)} = p.{name(c)}' for c in PLAY_COLUMNS)} "
            f"FROM json_to_recordset({mark}::json) AS p({_typed(connection, Table, ('id', *PLAY_COLUMNS))}) "
            f"WHERE {table}.{name('id')} = p.{name('id')} AND {table}.{name('id')} = ANY({mark})"
        ),
    }


def _typed(connection, model, columns) -> str:
    """Columns with their database types, as a record's definition."""
    fields = {field.column: field for field in model._meta.concrete_fields}
    return ", ".join(f"{connection.ops.quote_name(c)} {fields[c].db_type(connection)}" for c in columns)


@contextmanager
def _cursor():
    connection = connections[DEFAULT_DB_ALIAS]
    if connection.connection is None:  # (Django's ensure_connection checks the thread for a loop at every call)
        connection.ensure_connection()
    with connection.wrap_database_errors:
        # SQLite's plain cursor: Django's own rewrites every statement's
        # placeholders, and these are written in SQLite's already. On
        # PostgreSQL the values travel beside the statement, not quoted into
        # it in Python (a state runs to kilobytes).
        if connection.vendor != "sqlite":
            yield connection, _cursors_of(connection).plain, _statements(connection.vendor)
            return
        cursor = connection.connection.cursor(sqlite3.Cursor)
        try:
            yield connection, cursor, _statements(connection.vendor)
        finally:
            cursor.close()


class _Cursors(NamedTuple):
    """A PostgreSQL connection's two cursors, made once while a thread holds
    it (making a cursor cost more than writing a move's statement)."""
    raw: psycopg.Connection
    plain: psycopg.Cursor
    together: psycopg.ClientCursor  # several statements as one simple query


_cursors: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # Django's connection (one a thread) -> _Cursors


def _cursors_of(connection) -> _Cursors:
    """The cursors of the driver's connection Django holds now (a pool may
    hand it another each time it opens)."""
    raw = connection.connection
    made = _cursors.get(connection)
    if made is None or made.raw is not raw:
        made = _cursors[connection] = _Cursors(raw, psycopg.Cursor(raw), psycopg.ClientCursor(raw))
    return made


# The PostgreSQL connections our own named statements are prepared on, and which.
_prepared: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _execute(connection, cursor, sql: dict, key: str | tuple[str, ...], params: list, *, last: bool = False):
    """Run the statement ``key`` (on PostgreSQL, or the statements, in
    order, each given ``params``); returns the cursor holding the last one's
    rows. On PostgreSQL a round trip is most of a statement's cost, so the
    BEGIN that opens Django's transaction rides with the transaction's first
    statement, and with ``last`` (its final statement, in the outermost
    block) the COMMIT rides with it too: one round trip each, where the
    driver would send BEGIN and COMMIT on round trips of their own. Django's
    commit then finds nothing left to commit. Statements sent together
    still each read the database as committed when it begins."""
    if connection.vendor == "sqlite":
        cursor.execute(sql[key], params)
        return cursor
    keys = key if isinstance(key, tuple) else (key,)
    raw = connection.connection
    begin = (connection.in_atomic_block and not raw.autocommit
             and raw.pgconn.transaction_status == pq.TransactionStatus.IDLE)
    commit = last and len(connection.atomic_blocks) == 1 and not connection.needs_rollback
    if not (begin or commit):
        for one in keys:
            cursor.execute(sql[one], params)
        return cursor
    if begin:
        raw.autocommit = True  # the transaction is opened by the BEGIN below, not the driver's own
    named, together = _prepared.setdefault(raw, set()), _cursors_of(connection).together
    marks = ", ".join(["%s"] * len(params))
    for attempt in range(2):
        if not named.issuperset(keys):
            named.update(_held_by_session(together))
        for one in keys:
            if one not in named:
                together.execute(f"PREPARE parlor_{one} AS " + _numbered(sql[one]))
                named.add(one)
        try:
            executes = "; ".join(f"EXECUTE parlor_{one}({marks})" for one in keys)
            together.execute(("BEGIN; " if begin else "") + executes + ("; COMMIT" if commit else ""),
                             params * len(keys))
            break
        except psycopg.errors.InvalidSqlStatementName:
            # The session lost our statements: psycopg deallocates them all
            # when a transaction rolls back once it has prepared its own.
            named.clear()
            if not begin or attempt:
                raise
            raw.rollback()  # only this transaction's BEGIN ran, so it starts again with nothing lost
    for _ in range(begin + len(keys) - 1):
        together.nextset()  # past the BEGIN and the statements before the last
    return together


def _held_by_session(cursor) -> set[str]:
    """Our statements the connection's session already holds. Our record of
    them can fall behind the session, which keeps them for its whole life
    (a connection handed back to the pool and out again, its record gone
    with it), and preparing one twice fails."""
    cursor.execute("SELECT substr(name, 8) FROM pg_prepared_statements WHERE starts_with(name, 'parlor_')")
    return {name for (name,) in cursor.fetchall()}


def _array(values) -> str:
    """A PostgreSQL array of these values, as the text of one, each element
    quoted: psycopg writes a text into a statement three or four times
    quicker than it writes a list (a read's codes 19 µs, a save's ids 25)."""
    return "{" + ",".join('"' + str(v).replace("\\", "\\\\").replace('"', '\\"') + '"' for v in values) + "}"


def _numbered(statement: str) -> str:
    """A statement with PostgreSQL's $1, $2, … for its placeholders."""
    numbers = iter(range(1, statement.count("%s") + 1))
    return re.sub("%s", lambda _: f"${next(numbers)}", statement)


def storable(value) -> bool:
    """Whether the store can write this value as JSON (a lone surrogate,
    for one, it can't)."""
    try:
        _json(value)
    except (TypeError, ValueError):
        return False
    return True


def _json(value) -> str | None:
    return None if value is None else dumps(value)


def dumps(value) -> str:
    """Compact JSON text. orjson writes a dict whose keys are all text two to
    four times quicker without OPT_NON_STR_KEYS (a view, a state), so that
    is tried first; a dict keyed by numbers is written with them as text, as
    the option always did."""
    try:
        return orjson.dumps(value).decode()
    except TypeError:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def _aware(connection, value):
    """A datetime with its zone. SQLite hands back the text it keeps
    (settings: its columns are read as stored), in UTC, and PostgreSQL the
    wall time in the connection's zone (``_statements``); given its zone as
    ``make_aware`` gives it, without its checks: every read has two."""
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    if value is not None and value.tzinfo is None:
        return value.replace(tzinfo=connection.timezone)
    return value


def locked_with_seats(codes: list[str]) -> list[tuple[Table, list[Seat]]]:
    """The tables of these codes, their rows locked until the transaction
    ends (SQLite's write transaction locks the whole database instead), each
    with its seats in order, read in one statement."""
    return _tables_by_code("locked", codes)


def playing_unlocked(codes: list[str]) -> list[tuple[Table, list[Seat]]]:
    """``locked_with_seats`` for the tables of ``codes`` with a game under
    way, passing over any another process holds."""
    return _tables_by_code("playing_unlocked", codes, Table.PLAYING)


# On PostgreSQL a read of locked tables is two statements, the lock and then
# the read (see "lock" in ``_statements``), sent together.
_LOCK_FIRST = {"locked": "lock", "playing_unlocked": "lock_playing"}


def _tables_by_code(key: str, codes: list[str], *more) -> list[tuple[Table, list[Seat]]]:
    with _cursor() as (connection, cursor, sql):
        if connection.vendor == "sqlite":
            rows = _execute(connection, cursor, sql, key, [_json(codes), *more]).fetchall()
        else:
            rows = _execute(connection, cursor, sql, (_LOCK_FIRST[key], key), [_array(codes), *more]).fetchall()
        return [_with_seats(connection, row) for row in rows]


# Each table's state is kept as it was last saved, parsed, with
# the text it was saved as (table id -> (text, state)): a table read again
# whose row holds that same text is handed the state rather than parsing it
# afresh, as most of its reads are (parsing was a fortieth of the server's
# CPU). A kept state is handed over once, since a move changes it in place,
# and kept again only once the save that wrote it commits: a state changed
# by a move that rolled back is never handed over, and a row written any
# other way reads as written.
_kept: dict[int, tuple[str, dict]] = {}  # (in the order saved, the longest unsaved first)
_kept_lock = threading.Lock()  # (the loop's moves, and HTTP's on a thread of their own)
MOST_KEPT = 1000  # tables' states, the ones saved longest ago let go first


def _with_seats(connection, row) -> tuple[Table, list[Seat]]:
    values = list(row[:len(TABLE_COLUMNS)])
    with _kept_lock:
        kept = _kept.pop(values[0], None)
    for at in JSON_AT:
        if values[at] is not None:
            values[at] = kept[1] if at == STATE_AT and kept is not None and kept[0] == values[at] else orjson.loads(values[at])
    for at in WHEN_AT:
        values[at] = _aware(connection, values[at])
    for at in FLAGS_AT:
        values[at] = bool(values[at])
    table = Table.from_db(connection.alias, TABLE_COLUMNS, values)
    seats = [_seat(connection, values) for values in orjson.loads(row[-1] or "[]")]
    seats.sort(key=attrgetter("index"))
    return table, seats


def seats_of(table: Table) -> list[Seat]:
    with _cursor() as (connection, cursor, sql):
        cursor.execute(sql["seats"], [table.pk])
        return [_seat(connection, row) for row in cursor.fetchall()]


def _seat(connection, values) -> Seat:
    """A seat from its row; SQLite keeps its flags as 0 and 1."""
    seat = Seat.from_db(connection.alias, SEAT_COLUMNS, values)
    fields = seat.__dict__
    for flag in SEAT_FLAGS:
        fields[flag] = bool(fields[flag])
    return seat


def move(table: Table, seq: int, seat: int, action, now: float, by: str) -> tuple:
    """One move made at the table, as ``save_plays`` and ``save`` write it
    (with the table's new state, in the same write); a second move against
    the same seq breaks the unique key and rolls the transaction back. A
    move is stamped as created when it is written."""
    return (table.pk, table.number, seq, seat, action, now, by)


def save_plays(tables: list[Table], moves: list[tuple], *, last: bool = False) -> None:
    """Write what moves and bot turns change at these tables: each state and
    the clocks around it, and ``moves`` (``move``), the moves made at them
    since they were last saved. On PostgreSQL one statement writes every
    table and every move, a single round trip however many. ``last`` says
    nothing follows in the transaction, so it may commit with this write."""
    if not tables:
        return
    # One moment for the whole write, the tables' and the moves' stamps
    # alike: Django's clock and SQLite's form of it cost more than a rule.
    now = timezone.now()
    for table in tables:
        table.updated = now
    texts = [_json(t.state) for t in tables]
    with _cursor() as (connection, cursor, sql):
        if connection.vendor != "sqlite":
            # Each state goes into its json column as the text written here
            # (a fragment of the list, not written again).
            _execute(connection, cursor, sql, "save_plays", [
                _json([dict(zip(MOVE_COLUMNS, (*made, now))) for made in moves]),
                _json([{"id": t.pk, "state": None if text is None else orjson.Fragment(text),
                        **{c: getattr(t, c) for c in PLAY_COLUMNS if c != "state"}} for t, text in zip(tables, texts)]),
                _array(t.pk for t in tables),
            ], last=last)
        else:
            stamp = connection.ops.adapt_datetimefield_value(now)
            _insert_moves(connection, cursor, sql, moves, stamp)
            cursor.executemany(sql["save_play"], [
                (text, t.seq, _json(t.clocks), t.due_at, t.status, stamp, t.pk) for t, text in zip(tables, texts)
            ])
        _keep_once_committed(connection, [(t.pk, text, t.state) for t, text in zip(tables, texts) if text is not None])


def _keep_once_committed(connection, saved: list[tuple[int, str, dict]]) -> None:
    def keep():
        with _kept_lock:
            for pk, text, state in saved:
                _kept[pk] = (text, state)
            while len(_kept) > MOST_KEPT:
                del _kept[next(iter(_kept))]

    transaction.on_commit(keep, using=connection.alias)


def save(table: Table, fields: list[str] | None = None, moves: list[tuple] = ()) -> None:
    """Save a table through the ORM, the whole row or only ``fields``, with
    ``moves`` made at it since it was last saved: what an action other than
    a move or a bot turn changes (``save_plays`` writes those)."""
    table.save(update_fields=fields)
    if moves:
        with _cursor() as (connection, cursor, sql):
            _insert_moves(connection, cursor, sql, moves, connection.ops.adapt_datetimefield_value(timezone.now()))


def _insert_moves(connection, cursor, sql: dict, moves, created) -> None:
    """The moves, each stamped ``created`` (as the database takes it)."""
    if moves:
        cursor.executemany(sql["record"], [(*made[:4], _json(made[4]), made[5], made[6], created) for made in moves])
