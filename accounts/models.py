"""A signed-in player's own things: their saved house rules per game; and
the links people share to a game's result. (Accounts themselves are
Django's users; ratings live in ratings/.)"""

import secrets

from django.conf import settings
from django.db import models

from tables.models import Result


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


def _token() -> str:
    return secrets.token_urlsafe(16)  # 128 random bits: no one finds a result by counting


class SharedResult(models.Model):
    """The link to a game's result that the people at the table may pass
    on: anyone with it sees the result (never the table's code). Made the
    first time one of them opens the result's page."""

    result = models.OneToOneField(Result, related_name="shared", on_delete=models.CASCADE)
    token = models.CharField(max_length=32, unique=True, default=_token)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"the shared link to result {self.result_id}"
