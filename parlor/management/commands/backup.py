"""manage.py backup [FILE]: a backup of the site, taken while it serves
(parlor/backups.py)."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from parlor import backups


class Command(BaseCommand):
    help = ("Back the site up while it serves: into FILE, or a dated file in FILE if it is a folder, "
            "or in var/backups/ if none is named.")

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", help="where to write the backup (a file, or a folder for a dated file)")

    def handle(self, *args, file=None, **options):
        database = settings.DATABASES["default"]
        folder = settings.VAR / "backups"
        try:
            if backups.on_postgres(database):
                into = backups.where(file, folder, ".dump")
                backups.pg_dump(database, into)
                self.stdout.write(f"Backed up the site's PostgreSQL database to {into} (with pg_dump).")
            else:
                into = backups.where(file, folder, ".sqlite3")
                backups.take(Path(database["NAME"]), into, settings.SECRET_KEY)
                self.stdout.write(f"Backed up the site to {into}.")
        except backups.Refused as refused:
            raise CommandError(str(refused)) from None
