from django.shortcuts import render
from django.views.decorators.csrf import ensure_csrf_cookie

from engine import registry
from tables import service
from tables.models import Table

from . import catalog


@ensure_csrf_cookie
def lobby(request):
    return render(request, "web/lobby.html", {"catalog": catalog.entries()})


@ensure_csrf_cookie
def table(request, code):
    wanted = service.normal_code(code)
    found = Table.objects.filter(code=wanted).first() if wanted else None
    if found is None:
        # Not a bare "Not Found": say so, and offer the join box and the
        # games, so a mistyped code is one step from the right table.
        return render(request, "web/lobby.html", {"catalog": catalog.entries(), "missing": wanted or "?"}, status=404)
    game = registry.get(found.game)
    script, style = catalog.table_files(game.slug)
    # The waiting room draws the game's settings from its options_schema,
    # carried here: one definition, in the game, and none in the browser.
    return render(request, "web/table.html", {
        "code": found.code, "game": game, "script": script, "style": style,
        "schema": game.options_schema,
    })
