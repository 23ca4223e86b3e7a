from django.http import HttpResponse, HttpResponseNotFound
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.csrf import ensure_csrf_cookie

from engine import registry
from tables import pace, service
from tables.models import Table

from . import catalog, qr, visitors

NO_TABLE = "There's no table with that code: check the code you were given, or start a table from the lobby."


@ensure_csrf_cookie
def lobby(request):
    # Your tables come with the page, so the list stands at once where it
    # belongs; the page asks /api/mine again whenever it is seen anew.
    return render(request, "web/lobby.html", _lobby(request))


def _lobby(request) -> dict:
    return {"catalog": catalog.entries(), "tables": service.tables_of(visitors.from_request(request)),
            "paces": pace.LOBBY_CHOICES}


@ensure_csrf_cookie
def table(request, code):
    found = _table(code)
    if found is None:
        # Not a bare "Not Found": say so, and offer the join box and the
        # games, so a mistyped code is one step from the right table.
        return render(request, "web/lobby.html", {**_lobby(request), "missing": service.normal_code(code) or "?"}, status=404)
    game = registry.get(found.game)
    script, style = catalog.table_files(game.slug)
    # The waiting room draws the game's settings from its options_schema,
    # carried here: one definition, in the game, and none in the browser.
    return render(request, "web/table.html", {
        "code": found.code, "game": game, "script": script, "style": style,
        "schema": game.options_schema,
    })


@cache_control(max_age=60 * 60 * 24)
def table_qr(request, code):
    """The table's link as a QR code, by the address this request came to:
    the one the family's phones reach the server by when the page showing
    it was opened by it."""
    found = _table(code)
    if found is None:
        return HttpResponseNotFound(NO_TABLE, content_type="text/plain; charset=utf-8")
    link = request.build_absolute_uri(reverse("table", args=[found.code]))
    return HttpResponse(qr.svg(link), content_type="image/svg+xml")


def _table(code) -> Table | None:
    wanted = service.normal_code(code)
    return Table.objects.filter(code=wanted).first() if wanted else None
