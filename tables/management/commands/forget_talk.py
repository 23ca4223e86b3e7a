"""manage.py forget_talk CODE: delete everything said at a table now;
manage.py forget_talk --lapsed: what was said at tables that ended longer
ago than PARLOR_TALK_KEPT_DAYS."""

from django.core.management.base import BaseCommand, CommandError

from tables import talking
from tables.hold import NO_SUCH_TABLE, normal_code
from tables.models import Table


class Command(BaseCommand):
    help = "Delete what was said at a table (its code), or with --lapsed at every table past its keeping."

    def add_arguments(self, parser):
        parser.add_argument("code", nargs="?", help="the table's code, as its page shows it")
        parser.add_argument("--lapsed", action="store_true", help="every table that ended longer ago than it is kept")

    def handle(self, *args, code=None, lapsed=False, **options):
        if lapsed == bool(code):
            raise CommandError("Name a table's code, or say --lapsed, but not both.")
        if lapsed:
            self.stdout.write(f"Deleted {talking.forget_lapsed()} things said at tables past their keeping.")
            return
        if not Table.objects.filter(code=normal_code(code)).exists():
            raise CommandError(NO_SUCH_TABLE)
        self.stdout.write(f"Deleted {talking.forget(code)} things said at {normal_code(code)}.")
