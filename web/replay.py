"""Replays in the browser: the page that watches a finished game again with
the game's own table, and the JSON answer for each of its steps (the server
rebuilds each one, ``tables.replays``; the page only draws it).

A replay opens for whoever may see the game's result page: the people who
were at the table (each sees their own seat's cards), and anyone with the
result's shared link (they see what a watcher at the table saw). To anyone
else, as to a wrong number, there is no such replay."""

from __future__ import annotations

from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from accounts.models import SharedResult
from accounts.views import may_see
from tables import replays
from tables.asking import Refused
from tables.models import Result

from . import catalog
from .api import only, refusal

NO_REPLAY = "There is no such game to replay, or it isn't yours to watch."
NO_LINK = "That link doesn't lead to a game to replay."


def _asker(request) -> tuple[int | None, str | None]:
    return (request.user.id if request.user.is_authenticated else None), request.session.get("browser")


def _seat(request, result: Result) -> int | None:
    return replays.seat_of(result, *_asker(request))


def _own(request, pk) -> Result:
    """A game the asker was at, by its result's number."""
    number = str(pk)
    plain = number.isascii() and number.isdigit() and len(number) < 12
    found = Result.objects.select_related("table").filter(pk=int(number)).first() if plain else None
    if found is None or not may_see(request, found):
        raise Refused(NO_REPLAY, 404)
    return found


def _shared(token) -> Result:
    found = SharedResult.objects.select_related("result", "result__table").filter(token=str(token)[:32]).first()
    if found is None:
        raise Refused(NO_LINK, 404)
    return found.result


def _at_table(request, code) -> Result:
    """A table's latest game, for the people at it."""
    found = replays.latest(code)
    if not may_see(request, found):
        raise Refused(NO_REPLAY, 404)
    return found


def _step(request, result: Result, seat: int | None) -> JsonResponse:
    try:
        return JsonResponse(replays.step(replays.record(result), request.GET.get("step"), seat))
    except Refused as refused:
        return refusal(refused)


def _step_of(request, find, seat_of) -> JsonResponse:
    """Find the game (or refuse), then answer the asked step for the seat."""
    try:
        result = find()
    except Refused as refused:
        return refusal(refused)
    return _step(request, result, seat_of(result))


@only("GET")
def own_step(request, pk):
    return _step_of(request, lambda: _own(request, pk), lambda result: _seat(request, result))


@only("GET")
def shared_step(request, token):
    # Someone who played the game, following its shared link, still sees their own seat.
    return _step_of(request, lambda: _shared(token),
                    lambda result: _seat(request, result) if may_see(request, result) else None)


@only("GET")
def table_step(request, code):
    return _step_of(request, lambda: _at_table(request, code), lambda result: _seat(request, result))


# -- pages -----------------------------------------------------------------------


def _refused_page(request, refused: Refused):
    return render(request, "web/replay_refused.html", {"sentence": refused.sentence}, status=refused.status)


def _page(request, result: Result, api: str, back: str, seat: int | None):
    try:
        rec = replays.record(result)
    except Refused as refused:
        return _refused_page(request, refused)
    game = rec.game
    script, style = catalog.table_files(game.slug)
    seats = result.seats
    return render(request, "web/replay.html", {
        "game": game, "api": api, "back": back, "steps": rec.last, "when": result.finished,
        "script": script, "style": style,
        "side": seats[seat].get("name") if seat is not None else None, "schema": game.options_schema,
    })


def own_page(request, pk):
    try:
        result = _own(request, pk)
    except Refused as refused:
        return _refused_page(request, refused)
    return _page(request, result, f"/api/replays/{result.pk}", reverse("accounts:result", args=[result.pk]),
                 _seat(request, result))


def shared_page(request, token):
    try:
        result = _shared(token)
    except Refused as refused:
        return _refused_page(request, refused)
    token = result.shared.token
    seat = _seat(request, result) if may_see(request, result) else None
    return _page(request, result, f"/api/replays/shared/{token}", reverse("accounts:shared-result", args=[token]), seat)


def table_page(request, code):
    """The result sheet's "Watch the replay": the table's latest game, at
    its own address (the one to come back to once the table plays again)."""
    try:
        result = _at_table(request, code)
    except Refused as refused:
        return _refused_page(request, refused)
    return redirect("replay", result.pk)
