"""manage.py restore FILE: a backup put back while the site doesn't serve
(parlor/backups.py)."""

import os
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from parlor import backups


class Command(BaseCommand):
    help = ("Put a backup back in place of the site's database (the one it replaces is kept in var/backups/). "
            "Stop the site's server first.")

    def add_arguments(self, parser):
        parser.add_argument("file", help="the backup to restore")

    def handle(self, *args, file, **options):
        database = settings.DATABASES["default"]
        backup = Path(file).expanduser().absolute()
        try:
            if backups.on_postgres(database):
                raise backups.Refused(backups.pg_restore_how(database, backup))
            connections.close_all()
            kept, key = backups.put_back(backup, Path(database["NAME"]), settings.VAR / "backups", settings.SECRET_KEY)
        except backups.Refused as refused:
            raise CommandError(str(refused)) from None
        said = [f"Restored the site from {backup}."]
        if kept is not None:
            said.append(f"The database it replaced is kept in {kept}.")
        said += self.keep(key)
        # A backup from an older Parlor gets the tables this one adds.
        call_command("migrate", verbosity=0, interactive=False)
        said.append("Start the site again and its games carry on from the backup.")
        self.stdout.write(" ".join(said))

    def keep(self, key: str | None) -> list[str]:
        """The site takes the secret key the backup carries, so each browser
        keeps its session and its seats; what to know when it can't."""
        if key is None:
            return ["The backup carries no secret key, so browsers may have to take their seats again."]
        if key == settings.SECRET_KEY:
            return []
        if os.environ.get("SECRET_KEY"):
            return ["The backup was taken under another SECRET_KEY than the one set now, so browsers will have "
                    "to take their seats again unless SECRET_KEY is set back to the backup's."]
        settings.SECRET_KEY_FILE.write_text(key)
        settings.SECRET_KEY_FILE.chmod(0o600)
        return []
