"""Saved house rules: a signed-in host's new table starts from them, and the
waiting room offers to save the settings a table has."""

from __future__ import annotations

from engine import registry

from .models import HouseRules


def saved(user_id: int | None, slug) -> dict | None:
    """A player's saved house rules for a game, cleaned by the game's own
    options() (so a rule the game no longer allows falls back to its
    default), or None."""
    game = registry.get(slug) if isinstance(slug, str) else None
    if not user_id or game is None:
        return None
    found = HouseRules.objects.filter(user_id=user_id, game=game.slug).first()
    return game.options(found.settings) if found is not None else None


def save(user_id: int, slug: str, raw: dict) -> dict:
    """Save a game's settings as this player's house rules; only values the
    game allows are kept."""
    game = registry.get(slug)
    clean = game.options(raw if isinstance(raw, dict) else {})
    HouseRules.objects.update_or_create(user_id=user_id, game=game.slug, defaults={"settings": clean})
    return clean


def starting(slug, who) -> dict | None:
    """The tables API's hook: where a new table's settings start."""
    return saved(who.user_id, slug)
