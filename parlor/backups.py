"""Backups a family can restore (`manage.py backup` and `manage.py restore`).

On SQLite a backup is taken with SQLite's online backup, in one step: one
read of the database as it stood at its last commit, which in WAL mode never
holds up a move; a copy of the file could catch a move half-written, and
would miss what the log still holds. The backup is one file (SQLite's
rollback mode, no log beside it), readable only by its owner, and it carries
the site's secret key, which signs each browser's session and so its seats:
restored on another machine, everyone is still in their seat.

A restore puts a backup back the same way, only while no server serves the
database (parlor/serving.py), and keeps the database it replaces beside the
backups first.

On PostgreSQL the tools made for it do the work: pg_dump writes a backup,
pg_restore (or psql, for a plain SQL one) puts it back."""

from __future__ import annotations

import os
import shlex
import shutil
import sqlite3
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import closing, contextmanager
from datetime import datetime
from pathlib import Path
from urllib.parse import quote

from django.db.backends.postgresql.client import DatabaseClient

from parlor import serving

SQLITE_HEADER = b"SQLite format 3\x00"
PG_DUMP_HEADER = b"PGDMP"  # how pg_dump's own (custom) format begins
# The backup's own table: what it carries beside the site's database.
CARRIED = "parlor_backup"


class Refused(Exception):
    """A sentence the host can act on; nothing was changed."""


def on_postgres(database: dict) -> bool:
    return database["ENGINE"] == "django.db.backends.postgresql"


def dated(folder: Path, suffix: str, name: str = "parlor") -> Path:
    return folder / f"{name}-{datetime.now():%Y-%m-%d-%H%M%S}{suffix}"


def where(given: str | None, backups: Path, suffix: str) -> Path:
    """The file a backup goes to: the one given (a folder gets a dated name
    in it), else a dated one in the site's backups folder, made if need be."""
    if not given:
        backups.mkdir(parents=True, exist_ok=True)
        return dated(backups, suffix)
    file = Path(given).expanduser().absolute()
    if file.is_dir():
        return dated(file, suffix)
    if not file.parent.is_dir():
        raise Refused(f"There is no folder {file.parent}: make it first, or name a file in a folder that exists.")
    return file


@contextmanager
def written(file: Path) -> Iterator[Path]:
    """A file of its own to write the backup in, which takes the backup's
    name only once written whole: a backup that fails halfway leaves nothing
    (and an older backup of that name stays as it was)."""
    partial = None
    try:
        handle, partial = tempfile.mkstemp(prefix=f".{file.name}.", suffix=".partial", dir=file.parent)
        os.close(handle)
        yield Path(partial)
        os.replace(partial, file)
    except OSError as failed:
        raise Refused(f"Parlor couldn't write the backup to {file}: {failed.strerror or failed}.") from None
    finally:
        if partial is not None:
            Path(partial).unlink(missing_ok=True)


def _open(database: Path, mode: str) -> sqlite3.Connection:
    """A connection to an existing file (``mode`` ro or rw), never making one."""
    return sqlite3.connect(f"file:{quote(str(database))}?mode={mode}", uri=True, timeout=20)


def take(database: Path, file: Path, secret_key: str) -> None:
    """Back the SQLite database up into ``file``, while the site serves."""
    if not database.is_file():
        raise Refused(f"There is no database at {database} yet, so there is nothing to back up.")
    if file.exists() and file.samefile(database):
        raise Refused(f"{file} is the site's own database: name another file for the backup.")
    with written(file) as partial:
        try:
            with closing(_open(database, "rw")) as source, closing(sqlite3.connect(partial)) as copy:
                source.backup(copy)
                copy.execute("PRAGMA journal_mode=DELETE")
                copy.execute(f"CREATE TABLE {CARRIED} (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
                copy.execute(f"INSERT INTO {CARRIED} VALUES ('secret_key', ?)", (secret_key,))
                copy.commit()
        except sqlite3.Error as failed:
            raise Refused(f"Parlor couldn't back up {database}: {failed}.") from None


def check(file: Path) -> None:
    """Refused unless ``file`` is a whole Parlor database."""
    if not file.exists():
        raise Refused(f"There is no file {file}: name the backup to restore.")
    if not file.is_file():
        raise Refused(f"{file} is a folder, not a backup: name the backup file in it.")
    try:
        with open(file, "rb") as opened:
            head = opened.read(len(SQLITE_HEADER))
    except OSError as failed:
        raise Refused(f"Parlor can't read {file}: {failed.strerror}.") from None
    if head != SQLITE_HEADER:
        raise Refused(f"{file} isn't a Parlor backup: it isn't a SQLite database at all.")
    damaged = Refused(f"{file} is damaged (SQLite can't read all of it): restore another backup.")
    try:
        with closing(_open(file, "ro")) as db:
            if db.execute("PRAGMA quick_check").fetchone() != ("ok",):
                raise damaged
            if not _is_parlor(db):
                raise Refused(f"{file} is a SQLite database, but not Parlor's: it has none of Parlor's tables.")
    except sqlite3.DatabaseError:
        raise damaged from None


def _is_parlor(db: sqlite3.Connection) -> bool:
    names = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    return {"django_migrations", "tables_table", "tables_seat"} <= names and db.execute(
        "SELECT count(*) FROM django_migrations WHERE app = 'tables'").fetchone()[0] > 0


def put_back(file: Path, database: Path, backups: Path, secret_key: str) -> tuple[Path | None, str | None]:
    """Restore ``file`` over the SQLite database, while no server serves it.
    Returns where the database it replaced is kept (None if there was none)
    and the secret key the backup carries (None if it carries none)."""
    check(file)
    if database.exists() and file.samefile(database):
        raise Refused(f"{file} is the site's own database: name a backup to restore.")
    try:
        with serving.alone(database):
            kept = None
            if database.is_file() and _holds_parlor(database):
                backups.mkdir(parents=True, exist_ok=True)
                kept = dated(backups, ".sqlite3", "parlor-before-restore")
                take(database, kept, secret_key)
            return kept, _restore(file, database)
    except serving.SiteServing as lock:
        raise Refused(f"Parlor is serving this site right now (a server holds {lock}): stop its server, "
                      "then restore.") from None


def _holds_parlor(database: Path) -> bool:
    try:
        with closing(_open(database, "ro")) as db:
            return _is_parlor(db)
    except sqlite3.DatabaseError:
        return False


def _restore(file: Path, database: Path) -> str | None:
    try:
        with closing(_open(file, "ro")) as backup, closing(sqlite3.connect(database, timeout=20)) as site:
            # Out of WAL mode while it is copied into: a backup of another
            # page size can't be written into a database in WAL mode.
            site.execute("PRAGMA journal_mode=DELETE")
            backup.backup(site)
            carried = dict(site.execute(f"SELECT name, value FROM {CARRIED}")) if _carries(site) else {}
            site.execute(f"DROP TABLE IF EXISTS {CARRIED}")
            site.commit()
            site.execute("PRAGMA journal_mode=WAL")
    except sqlite3.Error as failed:
        raise Refused(f"Parlor couldn't restore {file} into {database}: {failed}.") from None
    return carried.get("secret_key")


def _carries(db: sqlite3.Connection) -> bool:
    return db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (CARRIED,)).fetchone() is not None


def pg_command(program: str, settings_dict: dict, parameters: list[str], after: list[str] = ()) -> tuple[list[str], dict]:
    """``program`` with the site's PostgreSQL connection (Django's own
    dbshell arguments: its host, port, user and database, the password and
    TLS settings in the environment)."""
    args, env = DatabaseClient.settings_to_cmd_args_env(settings_dict, parameters)
    return [program, *args[1:], *after], env or {}


def shown(args: list[str], env: dict) -> str:
    """A command to run by hand, with the environment it needs but never the
    password (which it names)."""
    seen = " ".join(f"{name}={shlex.quote(value)}" for name, value in env.items() if name != "PGPASSWORD")
    command = f"{seen} {shlex.join(args)}".strip()
    return f"{command}\n(with the database's password in PGPASSWORD)" if "PGPASSWORD" in env else command


def pg_dump(settings_dict: dict, file: Path) -> None:
    """Back the PostgreSQL database up into ``file`` with pg_dump, or say how."""
    if shutil.which("pg_dump") is None:
        raise Refused("This site keeps its games in PostgreSQL, which pg_dump backs up, and pg_dump isn't installed "
                      "here (Debian: apt-get install postgresql-client). Run it where it is:\n"
                      + shown(*_dumping(settings_dict, file)))
    with written(file) as partial:
        args, env = _dumping(settings_dict, partial)
        done = subprocess.run(args, env={**os.environ, **env}, capture_output=True, text=True)
        if done.returncode != 0:
            raise Refused(f"pg_dump couldn't back up the database: {done.stderr.strip()}")


def _dumping(settings_dict: dict, file: Path) -> tuple[list[str], dict]:
    return pg_command("pg_dump", settings_dict, ["--format=custom", "--file", str(file)])


def pg_restore_how(settings_dict: dict, file: Path) -> str:
    """How to put a PostgreSQL backup back: pg_restore for pg_dump's own
    format, psql for a plain SQL one."""
    try:
        with open(file, "rb") as opened:
            head = opened.read(len(SQLITE_HEADER))
    except FileNotFoundError:
        raise Refused(f"There is no file {file}: name the backup to restore.") from None
    except OSError as failed:
        raise Refused(f"Parlor can't read {file}: {failed.strerror}.") from None
    if head == SQLITE_HEADER:
        raise Refused(f"{file} is a backup of a site on SQLite; this site keeps its games in PostgreSQL "
                      "(DATABASE_URL), which restores from pg_dump's backups.")
    if head.startswith(PG_DUMP_HEADER):
        args, env = pg_command("pg_restore", settings_dict, ["--clean", "--if-exists", "--no-owner", "--single-transaction",
                                                             "--dbname"], [str(file)])
        first = ""
    else:
        args, env = pg_command("psql", settings_dict, ["--single-transaction", "--set", "ON_ERROR_STOP=1",
                                                       "--file", str(file)])
        # Unless pg_dump was told --clean, a plain SQL backup makes every table anew.
        first = f", empty the database (dropdb and createdb {shlex.quote(settings_dict['NAME'])})"
    return (f"This site keeps its games in PostgreSQL, which its own tools restore. Stop the site's servers{first}, "
            "then run:\n" + shown(args, env) + "\nthen `python manage.py migrate`, and start the servers again.")
