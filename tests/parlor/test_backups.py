"""`manage.py backup` and `manage.py restore` on SQLite (parlor/backups.py):
a restore is refused while a server serves the site, and goes through once
none does, however the last one ended; a file that isn't a whole Parlor
database is refused with a sentence and changes nothing; a backup carries
the site's secret key (each browser's seats) to a folder with nothing in it
yet. (A backup taken while a person plays, and the game finished on the
restored site: tests/browser/test_backup_restore.py. PostgreSQL:
test_backups_postgres.py.)"""

import re
import sqlite3
from pathlib import Path

import pytest

from parlor import backups
from tests.live import Client, Servers, manage


@pytest.fixture
def sqlite_site(tmp_path, monkeypatch):
    """A site on SQLite (whatever DATABASE_URL the run names), migrated, with
    no server started yet."""
    monkeypatch.delenv("DATABASE_URL", raising=False)
    (tmp_path / "site").mkdir()
    pool = Servers(tmp_path / "site")
    yield pool
    pool.stop_all()


def test_restore_is_refused_while_a_server_serves_the_site_and_goes_through_once_it_is_killed(sqlite_site, tmp_path):
    server = sqlite_site.start()
    ada = Client(server)
    taken = manage(sqlite_site.env, "backup")  # a dated file in var/backups/
    folder = Path(sqlite_site.env["PARLOR_VAR"]) / "backups"
    said = re.fullmatch(rf"Backed up the site to ({re.escape(str(folder))}/parlor-\d{{4}}-\d\d-\d\d-\d{{6}}\.sqlite3)\.\n", taken.stdout)
    assert said, taken.stdout + taken.stderr
    backup = Path(said[1])
    code = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]

    refused = manage(sqlite_site.env, "restore", str(backup))
    lock = f"{sqlite_site.env['PARLOR_SQLITE']}-serving"
    assert refused.returncode == 1
    assert refused.stderr.strip() == (f"CommandError: Parlor is serving this site right now (a server holds {lock}): "
                                      "stop its server, then restore.")
    assert ada.get(f"/api/tables/{code}")[0] == 200  # nothing changed
    assert list(folder.iterdir()) == [backup]

    server.kill()  # no chance to tidy up: the kernel lets go of its lock
    restored = manage(sqlite_site.env, "restore", str(backup))
    assert restored.returncode == 0, restored.stderr
    assert restored.stdout.startswith(f"Restored the site from {backup}. The database it replaced is kept in ")
    again = sqlite_site.start()
    assert ada.on(again).get(f"/api/tables/{code}")[0] == 404  # the site as it was at the backup


def test_a_file_that_is_not_a_parlor_database_is_refused_by_the_command(sqlite_site, tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("Grandma's Euchre rules: stick the dealer.\n")
    refused = manage(sqlite_site.env, "restore", str(notes))
    assert refused.returncode == 1
    assert refused.stderr.strip() == f"CommandError: {notes} isn't a Parlor backup: it isn't a SQLite database at all."


def _other_programs_database(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE recipes (name TEXT)")


def _cut_short(path: Path, site_database: Path) -> None:
    whole = path.with_suffix(".whole")
    backups.take(site_database, whole, "key")
    path.write_bytes(whole.read_bytes()[:20000])


NOT_A_PARLOR_DATABASE = {
    "text": (lambda path, _site: path.write_text("SELECT * FROM tables_table; -- not a database\n"),
             "{file} isn't a Parlor backup: it isn't a SQLite database at all."),
    "empty": (lambda path, _site: path.write_bytes(b""),
              "{file} isn't a Parlor backup: it isn't a SQLite database at all."),
    "noise": (lambda path, _site: path.write_bytes(bytes(range(256)) * 64),
              "{file} isn't a Parlor backup: it isn't a SQLite database at all."),
    "header-then-noise": (lambda path, _site: path.write_bytes(backups.SQLITE_HEADER + bytes(range(256)) * 64),
                          "{file} is damaged (SQLite can't read all of it): restore another backup."),
    "cut-short": (_cut_short, "{file} is damaged (SQLite can't read all of it): restore another backup."),
    "another-programs": (lambda path, _site: _other_programs_database(path),
                         "{file} is a SQLite database, but not Parlor's: it has none of Parlor's tables."),
    "a-folder": (lambda path, _site: path.mkdir(), "{file} is a folder, not a backup: name the backup file in it."),
    "missing": (lambda path, _site: None, "There is no file {file}: name the backup to restore."),
    "the-site-itself": (None, "{file} is the site's own database: name a backup to restore."),
}


@pytest.mark.parametrize("kind", NOT_A_PARLOR_DATABASE)
def test_a_file_that_is_not_a_whole_parlor_database_is_refused_and_changes_nothing(sqlite_site, tmp_path, kind):
    database, folder = Path(sqlite_site.env["PARLOR_SQLITE"]), tmp_path / "backups"
    make, sentence = NOT_A_PARLOR_DATABASE[kind]
    file = database if make is None else tmp_path / f"{kind}.sqlite3"
    if make is not None:
        make(file, database)
    before = database.read_bytes()
    with pytest.raises(backups.Refused) as refused:
        backups.put_back(file, database, folder, "key")
    assert str(refused.value) == sentence.format(file=file)
    assert database.read_bytes() == before
    assert not folder.exists()


def test_a_backup_restores_into_a_folder_with_nothing_in_it_and_brings_the_secret_key(sqlite_site, tmp_path):
    server = sqlite_site.start()
    code = Client(server).post("/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    # A name with the characters a database address gives meaning to.
    backup = tmp_path / "at 9?mode=rwc#1%.sqlite3"
    assert manage(sqlite_site.env, "backup", str(backup)).returncode == 0
    empty = tmp_path / "new-machine"
    empty.mkdir()
    env = {**sqlite_site.env, "PARLOR_VAR": str(empty), "PARLOR_SQLITE": str(empty / "parlor.sqlite3")}

    restored = manage(env, "restore", str(backup))
    assert restored.returncode == 0, restored.stderr
    assert restored.stdout.strip() == (f"Restored the site from {backup}. "
                                       "Start the site again and its games carry on from the backup.")
    assert (empty / "secret_key").read_text() == (Path(sqlite_site.env["PARLOR_VAR"]) / "secret_key").read_text()
    with sqlite3.connect(empty / "parlor.sqlite3") as db:
        assert db.execute("SELECT code FROM tables_table").fetchall() == [(code,)]
        assert db.execute("SELECT name FROM sqlite_master WHERE name = ?", (backups.CARRIED,)).fetchall() == []


def test_a_backup_is_refused_with_a_sentence_where_it_cannot_be_made(sqlite_site, tmp_path):
    database = Path(sqlite_site.env["PARLOR_SQLITE"])
    with pytest.raises(backups.Refused) as refused:
        backups.take(tmp_path / "nothing-here.sqlite3", tmp_path / "b.sqlite3", "key")
    assert str(refused.value) == f"There is no database at {tmp_path / 'nothing-here.sqlite3'} yet, so there is nothing to back up."
    with pytest.raises(backups.Refused) as refused:
        backups.where(str(tmp_path / "usb-stick" / "b.sqlite3"), tmp_path / "backups", ".sqlite3")
    assert str(refused.value) == f"There is no folder {tmp_path / 'usb-stick'}: make it first, or name a file in a folder that exists."
    with pytest.raises(backups.Refused) as refused:
        backups.take(database, Path("/proc/parlor.sqlite3"), "key")  # a folder no file can be made in
    assert str(refused.value) == "Parlor couldn't write the backup to /proc/parlor.sqlite3: No such file or directory."
    before = database.read_bytes()
    with pytest.raises(backups.Refused) as refused:
        backups.take(database, database, "key")
    assert str(refused.value) == f"{database} is the site's own database: name another file for the backup."
    assert database.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]  # no half-written backup anywhere
