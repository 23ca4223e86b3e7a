"""manage.py ratings rebuild: recompute every rating from the kept games."""

from django.core.management.base import BaseCommand

from ratings import keeper


class Command(BaseCommand):
    help = "Ratings: 'rebuild' recomputes every rating from the kept games, in the order they were rated."

    def add_arguments(self, parser):
        parser.add_argument("what", choices=["rebuild"], help="rebuild: every rating from the kept results")

    def handle(self, *args, **options):
        done = keeper.rebuild()
        self.stdout.write(f"Rebuilt the ratings from {done['games']} kept games: "
                          f"{done['players']} player ratings, {done['ratings']} rated seats.")
