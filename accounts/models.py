"""A signed-in player's own things: their saved house rules per game.
(Accounts themselves are Django's users; ratings live in ratings/, and the
links people share to a game's result in tables/.)"""

from django.conf import settings
from django.db import models


class HouseRules(models.Model):
    """The settings a player's new tables of one game start from."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, related_name="house_rules", on_delete=models.CASCADE)
    game = models.CharField(max_length=40)
    settings = models.JSONField(default=dict)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="one_house_rules_per_game")]

    def __str__(self):
        return f"{self.user}'s {self.game} house rules"
