"""`manage.py backup` and `manage.py restore` on PostgreSQL: the backup runs
pg_dump when it is installed, and says how to run it where it isn't (never
showing the password); the restore says how to put the backup back, and
what it says works."""

import os
import re
import shlex
import subprocess

import psycopg
import pytest

from tests.live import Servers, manage, scale_out_env


def test_backup_says_how_to_run_pg_dump_where_it_is_not_installed_and_never_shows_the_password(tmp_path):
    nothing = tmp_path / "bin"
    nothing.mkdir()
    env = {**os.environ, "PATH": str(nothing), "PARLOR_VAR": str(tmp_path),
           "DATABASE_URL": "postgresql://parlor:s3cret-pw@db.example.org:5433/parlor?sslmode=require"}
    told = manage(env, "backup")
    assert told.returncode == 1
    said = re.fullmatch(
        r"CommandError: This site keeps its games in PostgreSQL, which pg_dump backs up, and pg_dump isn't installed here "
        r"\(Debian: apt-get install postgresql-client\)\. Run it where it is:\n"
        rf"PGSSLMODE=require pg_dump -U parlor -h db\.example\.org -p 5433 --format=custom --file ({re.escape(str(tmp_path))}"
        r"/backups/parlor-[-\d]+\.dump) parlor\n\(with the database's password in PGPASSWORD\)\n", told.stderr)
    assert said, told.stderr
    assert "s3cret-pw" not in told.stdout + told.stderr
    assert list((tmp_path / "backups").iterdir()) == []  # nothing written


@pytest.fixture
def on_postgres(tmp_path):
    """A site of the test's own on the project's PostgreSQL, migrated."""
    pool = Servers(tmp_path, DATABASE_URL=scale_out_env()["DATABASE_URL"])
    yield pool
    pool.stop_all()


def test_backup_runs_pg_dump_and_restore_says_how_to_put_it_back(on_postgres, tmp_path):
    backup = tmp_path / "site.dump"
    taken = manage(on_postgres.env, "backup", str(backup))
    assert taken.returncode == 0, taken.stderr
    assert taken.stdout == f"Backed up the site's PostgreSQL database to {backup} (with pg_dump).\n"
    listed = subprocess.run(["pg_restore", "--list", str(backup)], capture_output=True, text=True, check=True).stdout
    assert "TABLE public tables_table" in listed

    told = manage(on_postgres.env, "restore", str(backup))
    assert told.returncode == 1
    lines = told.stderr.splitlines()
    assert lines[0] == ("CommandError: This site keeps its games in PostgreSQL, which its own tools restore. "
                        "Stop the site's servers, then run:")
    assert lines[2] == "then `python manage.py migrate`, and start the servers again."
    command = shlex.split(lines[1])
    assert command[0] == "pg_restore" and command[-1] == str(backup)
    # The command it gives puts the backup back over the site's database.
    with psycopg.connect(on_postgres.env["DATABASE_URL"], autocommit=True) as db:
        db.execute("DELETE FROM django_migrations")
        subprocess.run(command, check=True, capture_output=True)
        assert db.execute("SELECT count(*) FROM django_migrations WHERE app = 'tables'").fetchone()[0] > 0
