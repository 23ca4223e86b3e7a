"""Each player's rating per game, and what each kept game did to it.

Bots and guests have no rows here: a bot is its anchor (ratings.tables), a
guest counts as 1500 ± 350 and never changes. A row is written by the keeper
(ratings.keeper) and rewritten by ``manage.py ratings rebuild``."""

from django.conf import settings
from django.db import models

from tables.models import Result

from .model import MU, SIGMA

SETTLED = 150.0  # ours: a deviation under this puts a player on the leaderboard


class Rating(models.Model):
    """A signed-in player's rating at one game, on 1500 ± 350."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, related_name="ratings", on_delete=models.CASCADE)
    game = models.CharField(max_length=40)
    mu = models.FloatField(default=MU)
    sigma = models.FloatField(default=SIGMA)
    played = models.PositiveIntegerField(default=0, help_text="Kept games at this game, rated or not.")
    rated = models.PositiveIntegerField(default=0, help_text="Of those, the games that rated this player.")
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "-mu"]
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="one_rating_per_game")]

    def __str__(self):
        return f"{self.user} at {self.game}: {self.mu:.0f} ± {self.sigma:.0f}"

    @property
    def settled(self) -> bool:
        return self.rated > 0 and self.sigma < SETTLED


class Change(models.Model):
    """One signed-in seat of one kept game: its rating before and after (the
    same when the seat was counted but not rated), and why not, if not."""

    result = models.ForeignKey(Result, related_name="rating_changes", on_delete=models.CASCADE)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, related_name="rating_changes", on_delete=models.CASCADE)
    game = models.CharField(max_length=40)
    seat = models.PositiveSmallIntegerField()
    place = models.PositiveSmallIntegerField(help_text="Its side's place: partners share one.")
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    rated = models.BooleanField()
    why = models.CharField(max_length=80, blank=True, help_text="Why the seat was not rated.")

    class Meta:
        ordering = ["-result__finished", "-result_id", "seat"]
        constraints = [models.UniqueConstraint(fields=["result", "seat"], name="one_change_per_seat")]

    @property
    def delta(self) -> float:
        return self.mu_after - self.mu_before


class RatedGame(models.Model):
    """The ledger: one row per kept game the keeper has rated, in the order
    it rated them. The one-to-one key means a game is rated at most once;
    a rebuild replays the games in this order, so it lands where live did."""

    result = models.OneToOneField(Result, related_name="rated_game", on_delete=models.CASCADE)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
