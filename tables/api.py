"""The HTTP JSON API: the same actions as the websocket, for scripts and
tests. Every refusal is a sentence with a 4xx status."""

from __future__ import annotations

from django.http import JsonResponse
from django.views.decorators.http import require_GET, require_POST

from . import games, limits, service, visitors, wire
from .actions import perform

# Where a new table's settings start, before any the request names: hooks
# ``(slug, who) -> dict or None`` that other apps add at start-up (accounts
# adds a signed-in host's saved house rules). The last that answers wins.
STARTING_SETTINGS: list = []


def starting_settings(slug, who) -> dict | None:
    found = None
    for hook in STARTING_SETTINGS:
        found = hook(slug, who) or found
    return found


def refusal(refused: service.Refused) -> JsonResponse:
    return JsonResponse({"error": refused.sentence}, status=refused.status)


@require_GET
def catalog(request):
    return JsonResponse({"games": [
        {"slug": g.slug, "title": g.title, "players": list(g.players), "sizes": list(g.sizes), "defaults": g.DEFAULTS}
        for g in games.all()
    ]})


@require_GET
def mine(request):
    return JsonResponse({"tables": service.tables_of(visitors.from_request(request))})


@require_POST
def create(request):
    try:
        body = wire.parse(request.body)
        who = visitors.from_request(request, body.get("name"))
        limits.check(who.browser, "create")
        table = service.create(body.get("game"), who, settings=starting_settings(body.get("game"), who))
        if isinstance(body.get("settings"), dict):
            service.configure(table.code, who, body["settings"])
        return JsonResponse(service.read(table.code, who), status=201)
    except service.Refused as refused:
        return refusal(refused)


@require_GET
def table(request, code):
    try:
        return JsonResponse(service.read(code, visitors.from_request(request)))
    except service.Refused as refused:
        return refusal(refused)


@require_POST
def act(request, code, action):
    try:
        body = wire.parse(request.body)
        who = visitors.from_request(request, body.get("name"))
        extra = perform(action, code, who, body)
        return JsonResponse({**service.read(code, who), **extra})
    except service.Refused as refused:
        return refusal(refused)
