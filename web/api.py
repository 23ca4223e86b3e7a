"""The HTTP JSON API: the same actions as the websocket, for scripts and
tests. Every refusal is a sentence with a 4xx status."""

from __future__ import annotations

import functools

from asgiref.sync import async_to_sync
from django.core.exceptions import RequestDataTooBig
from django.http import JsonResponse
from django.shortcuts import render
from django.views import defaults
from django.views.csrf import csrf_failure as csrf_failure_page

from engine import registry
from tables import service

from . import limits, visitors, wire
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


def only(*methods: str):
    """A JSON view that answers these HTTP methods, and any other with a
    405 and a sentence (Django's own 405 is an empty page)."""
    named = " or ".join(methods)
    sentence = f"This address takes {named} only; send your request again with {'one of those' if len(methods) > 1 else named}."

    def decorate(view):
        @functools.wraps(view)
        def answer(request, *args, **kwargs):
            if request.method not in methods:
                response = JsonResponse({"error": sentence}, status=405)
                response["Allow"] = ", ".join(methods)
                return response
            return view(request, *args, **kwargs)
        return answer
    return decorate


CSRF_REFUSED = ("This call needs the site's security token: reload the page and try again "
                "(a script sends the csrftoken cookie's value in an X-CSRFToken header).")


def _wants_json(request) -> bool:
    return request.path.startswith("/api/") or request.content_type == "application/json"


def csrf_failure(request, reason=""):
    """The site's CSRF_FAILURE_VIEW: the JSON API and JSON calls get a
    sentence they can show, the HTML forms Django's page."""
    if _wants_json(request):
        return JsonResponse({"error": CSRF_REFUSED}, status=403)
    return csrf_failure_page(request, reason)


TOO_BIG = "That request is far too large for anything Parlor takes; send a smaller one."
MALFORMED = "That request is malformed, so nothing changed; send it again as the API describes."
FORBIDDEN = "That isn't yours to do here."
NOWHERE = ("There's nothing at this address; the API has /api/games, /api/mine, "
           "/api/tables, /api/tables/CODE and /api/tables/CODE/ACTION.")
BROKE = "Something went wrong at Parlor's end, so nothing changed. Please try again in a moment."
NOWHERE_PAGE = "There's nothing at this address. Check the link, or start from the list of games."


def bad_request(request, exception):
    """The site's handler400: Django refuses a body over
    DATA_UPLOAD_MAX_MEMORY_SIZE (and other suspicious requests) with it."""
    if not _wants_json(request):
        return defaults.bad_request(request, exception)
    if isinstance(exception, RequestDataTooBig):
        return JsonResponse({"error": TOO_BIG}, status=413)
    return JsonResponse({"error": MALFORMED}, status=400)


def permission_denied(request, exception):
    if not _wants_json(request):
        return defaults.permission_denied(request, exception)
    return JsonResponse({"error": FORBIDDEN}, status=403)


def not_found(request, exception):
    """The site's handler404: an Http404 answers its sentence (or, where it
    has none, that nothing is here), in JSON to the JSON API or a JSON
    call, and on a page of the site's to a browser."""
    said = exception.args[0] if exception.args and isinstance(exception.args[0], str) else NOWHERE_PAGE
    if not _wants_json(request):
        return render(request, "web/refused.html", {"title": "Nothing here", "heading": "Nothing at this address", "sentence": said},
                      status=404)
    return JsonResponse({"error": NOWHERE if said is NOWHERE_PAGE else said}, status=404)


def server_error(request):
    if not _wants_json(request):
        return defaults.server_error(request)
    return JsonResponse({"error": BROKE}, status=500)


def nowhere(request):
    return JsonResponse({"error": NOWHERE}, status=404)


@only("GET")
def catalog(request):
    return JsonResponse({"games": [
        {"slug": g.slug, "title": g.title, "players": list(g.players), "sizes": list(g.sizes), "defaults": g.DEFAULTS}
        for g in registry.all()
    ]})


@only("GET")
def mine(request):
    return JsonResponse({"tables": service.tables_of(visitors.from_request(request))})


@only("POST")
def create(request):
    try:
        body = wire.parse(request.body)
        who = visitors.from_request(request, body.get("name"), staying=True)
        limits.check(who.browser, "create", visitors.address(request))
        table = service.create(body.get("game"), who, settings=starting_settings(body.get("game"), who),
                               chosen=body.get("settings"), pace_of=body.get("pace"))
        return JsonResponse(service.read(table.code, who), status=201)
    except service.Refused as refused:
        return refusal(refused)


@only("GET")
def table(request, code):
    try:
        return JsonResponse(service.read(code, visitors.from_request(request)))
    except service.Refused as refused:
        return refusal(refused)


@only("POST")
def act(request, code, action):
    try:
        body = wire.parse(request.body)
        # Only taking a seat, or talking as a watcher, needs a session: any
        # other action by a browser without one is refused as a watcher's,
        # and writes none.
        who = visitors.from_request(request, body.get("name"), staying=action in ("join", "talk"))
        done = perform(action, code, who, body, address=visitors.address(request))
        if done.told:
            async_to_sync(service.sent)(done.told)
        return JsonResponse({**service.read(code, who), **done.reply})
    except service.Refused as refused:
        return refusal(refused)
