"""DATABASE_URL (parlor/settings.py): a SQLite URL gets the embedded
default's options and migrates; a PostgreSQL URL gets the pool and the
connect and statement timeouts; and on PostgreSQL a statement blocked by a
lock another connection holds fails within its timeout instead of holding
the process. The PostgreSQL tests run in the scale-out pass (the Makefile's
second run), with DATABASE_URL naming PostgreSQL."""

import os
import sqlite3
import subprocess
import sys
import time

import pytest
from django.db import connection

from parlor import settings as site
from tests.live import ROOT, _pg, migrate_sqlite

ON_POSTGRES = pytest.mark.skipif(connection.vendor != "postgresql", reason="needs DATABASE_URL naming PostgreSQL")


def test_migrate_with_a_sqlite_url_makes_the_database_in_wal_mode(tmp_path):
    """The attacker's report: `DATABASE_URL=sqlite:///path manage.py migrate`
    crashed on a PostgreSQL pool option."""
    path = tmp_path / "site.sqlite3"
    migrate_sqlite(path)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert db.execute("SELECT count(*) FROM django_migrations WHERE app = 'tables'").fetchone()[0] > 0


def test_a_sqlite_url_gets_the_same_options_as_the_default(tmp_path):
    given = site.database(f"sqlite:///{tmp_path}/other.sqlite3")
    default = site.database(None)
    assert given["NAME"] == f"{tmp_path}/other.sqlite3"
    assert {k: v for k, v in given.items() if k != "NAME"} == {k: v for k, v in default.items() if k != "NAME"}
    assert "pool" not in given["OPTIONS"]


def test_a_postgres_url_carries_the_pool_and_the_connect_and_statement_timeouts():
    parsed = site.database("postgresql://parlor@%2Fvar%2Frun%2Fpostgresql/parlor")
    options = parsed["OPTIONS"]
    assert parsed["ENGINE"] == "django.db.backends.postgresql" and parsed["HOST"] == "/var/run/postgresql"
    assert options["connect_timeout"] == site.CONNECT_SECONDS == 5
    assert options["options"] == "-c statement_timeout=10000"  # milliseconds
    assert options["pool"]["max_size"] == 16 and options["prepare_threshold"] == 5
    # A migration may build an index over every move: it runs without the statement limit.
    assert site.database("postgres://parlor@db.internal/parlor", migrating=True)["OPTIONS"]["options"] == "-c statement_timeout=0"
    # Options the URL names itself are kept, its own statement timeout included.
    own = site.database("postgres://parlor@db.internal/parlor?connect_timeout=2&options=-c%20statement_timeout%3D500")
    assert own["OPTIONS"]["connect_timeout"] == 2 and own["OPTIONS"]["options"] == "-c statement_timeout=500"


@ON_POSTGRES
@pytest.mark.django_db
def test_the_sites_connection_has_the_statement_timeout():
    with connection.cursor() as cursor:
        cursor.execute("SHOW statement_timeout")
        assert cursor.fetchone()[0] == "10s"


BLOCKED = """
import time
import django
django.setup()
from django.db import OperationalError, transaction
from tables.models import Table
began = time.monotonic()
try:
    with transaction.atomic():
        Table.objects.select_for_update().get(code="LOCKD")
    print("got the row")
except OperationalError as refused:
    print(f"refused after {time.monotonic() - began:.2f} s: {refused}")
"""


@ON_POSTGRES
@pytest.mark.django_db(transaction=True)  # the other connection and the process must see the table
def test_a_statement_blocked_by_another_connections_lock_fails_within_the_timeout():
    """A move's read waits for the table's row, which another connection
    holds and never lets go of: the statement fails at its timeout (one
    second here), and the process is free again."""
    import psycopg

    from tables.models import Table

    Table.objects.create(code="LOCKD", game="high-card", host="someone")
    where = connection.settings_dict
    url = _pg(os.environ["DATABASE_URL"], where["NAME"])
    env = {**os.environ, "DATABASE_URL": url, "PARLOR_STATEMENT_TIMEOUT": "1", "DJANGO_SETTINGS_MODULE": "parlor.settings"}
    with psycopg.connect(dbname=where["NAME"], user=where["USER"] or None, host=where["HOST"] or None,
                         port=where["PORT"] or None, password=where["PASSWORD"] or None) as holder:
        holder.execute("SELECT 1 FROM tables_table WHERE code = 'LOCKD' FOR UPDATE")
        began = time.monotonic()
        done = subprocess.run([sys.executable, "-c", BLOCKED], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
        took = time.monotonic() - began
        holder.rollback()
    assert done.returncode == 0, done.stderr
    said = done.stdout.strip()
    assert said.startswith("refused after ") and "statement timeout" in said, said
    waited = float(said.split()[2])
    assert 0.9 <= waited < 3.0, said
    assert took < 30, took


@ON_POSTGRES
@pytest.mark.django_db
def test_a_list_written_as_an_array_s_text_reaches_postgresql_element_for_element():
    from tables.rows import _array

    odd = ["ABCD", 'a "quoted" one', "back\\slash", "comma, brace } and { space", "", "NULL", "Émile"]
    with connection.cursor() as cursor:
        cursor.execute("SELECT %s::text[], %s::bigint[]", [_array(odd), _array([1, 2, 9_000_000_000])])
        assert cursor.fetchone() == (odd, [1, 2, 9_000_000_000])


def _moves_indexes(db) -> dict[str, list[str]]:
    return {name: [row[2] for row in db.execute(f"PRAGMA index_info('{name}')")]
            for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'tables_move'")}


def test_the_moves_keep_one_index_by_table_and_migrate_back_and_forth_with_their_moves(tmp_path):
    """The unique key (table, game number, seq) serves every look-up of a
    table's moves; the index on the table alone, which each move written
    updated too, is dropped by name (the moves' rows are not copied), and
    made again going back."""
    path = tmp_path / "site.sqlite3"
    migrate_sqlite(path, "tables", "0007")
    with sqlite3.connect(path) as db:
        assert ["table_id"] in _moves_indexes(db).values()
        db.execute("INSERT INTO tables_table (code, game, status, host, settings, seed, number, seq, clocks, created,"
                   " updated, hints) VALUES ('ABCD', 'line', 'playing', 'b', '{}', 's', 1, 0, '{}', 'now', 'now', 1)")
        db.execute("INSERT INTO tables_move (table_id, number, seq, seat, action, now, by, created)"
                   " VALUES (1, 1, 0, 0, '{}', 0, 'person', 'now')")
    migrate_sqlite(path)
    with sqlite3.connect(path) as db:
        assert sorted(_moves_indexes(db).values()) == [["table_id", "number", "seq"]]
        assert db.execute("SELECT table_id, number, seq FROM tables_move").fetchall() == [(1, 1, 0)]
        with pytest.raises(sqlite3.IntegrityError):  # a move can still never be recorded twice
            db.execute("INSERT INTO tables_move (table_id, number, seq, seat, action, now, by, created)"
                       " VALUES (1, 1, 0, 1, '{}', 0, 'bot', 'now')")
    migrate_sqlite(path, "tables", "0007")
    with sqlite3.connect(path) as db:
        assert ["table_id"] in _moves_indexes(db).values()
        assert db.execute("SELECT count(*) FROM tables_move").fetchone() == (1,)


@pytest.mark.django_db
def test_the_site_s_moves_have_no_index_on_their_table_alone():
    """On whichever database the suite runs (PostgreSQL in the second pass)."""
    with connection.cursor() as cursor:
        found = connection.introspection.get_constraints(cursor, "tables_move")
    assert not [it for it in found.values() if it["index"] and it["columns"] == ["table_id"]]
    assert [it["columns"] for it in found.values() if it["unique"] and not it["primary_key"]] == [["table_id", "number", "seq"]]
