"""What the lobby says about each game: a kicker (what kind of game) and a
one-line blurb, each the game's own (engine/contract.py), in the order the
games are listed. Player counts come from
the game itself, once, on the card's own line, never in the kicker. A game
is on the shelf once it has a table of its own (games/<slug>/app.js); a game
without one is left off rather than shown half-made; a game the server was
told to add (PARLOR_EXTRA_GAMES) plays on the plain table that lists its moves.

Each entry carries the game's own settings (its options_schema, the one
definition the waiting room draws too), so a table can be made with a
preset chosen, and its How to play module (games/<slug>/rules.js), so the
rules can be read before taking a seat."""

from django.conf import settings
from django.contrib.staticfiles import finders
from django.templatetags.static import static

from engine import registry


def entries() -> list[dict]:
    out = []
    for game in registry.all():
        if not has_table(game.slug):
            continue
        out.append({
            "slug": game.slug, "title": game.title, "kicker": game.kicker, "blurb": game.blurb,
            "players": list(game.players), "sizes": list(game.sizes),
            "schema": list(game.options_schema), "rules": rules_of(game.slug),
        })
    return out


def has_table(slug: str) -> bool:
    """Its own table, or a game the server was told to add (which plays on
    the plain table that lists its moves)."""
    return slug in settings.PARLOR_EXTRA_GAMES or finders.find(f"games/{slug}/app.js") is not None


def rules_of(slug: str) -> str | None:
    """Where the game's How to play module is served, if it has one."""
    path = f"games/{slug}/rules.js"
    return static(path) if finders.find(path) else None


def table_files(slug: str) -> tuple[str, str | None]:
    """The static files that draw a game's table: its own app.js (else the
    plain table, which plays from legal), and its table.css if it has one."""
    own, style = f"games/{slug}/app.js", f"games/{slug}/table.css"
    return (own if finders.find(own) else "room/generic.js"), (style if finders.find(style) else None)
