"""Replays in the browser: the page that watches a finished game again with
the game's own table, the JSON answer for each of its steps (the server
rebuilds each one, ``tables.replays``; the page only draws it), and the
game's record to download.

A replay opens for whoever may see the game's result page: the people who
were at the table, and anyone with the result's shared link. The people at
the table watch from their own seat, or any seat's side, or with every hand
face up (the game is over: its hands are no secret to them), download its
record and find the replay's link to share. Anyone with the shared link
sees what a watcher at the table saw, and nothing else. To anyone else, as
to a wrong number, there is no such replay."""

from __future__ import annotations

import io
from dataclasses import dataclass
from urllib.parse import urlencode

import orjson
from django.http import FileResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache

from tables import replays, witnesses
from tables.asking import Refused
from tables.models import Result

from . import catalog
from .api import only, refusal
from .results import may_see
from .visitors import asker

NO_REPLAY = "There is no such game to replay, or it isn't yours to watch."
NO_LINK = "That link doesn't lead to a game to replay."


@dataclass
class Watching:
    """A game and who is watching it: the seats they played, and whether
    they were at its table, and so may choose any side (``choose``)."""

    result: Result
    own: list[int]
    choose: bool

    @property
    def default(self) -> int | None:
        # A device passed round played several seats: its host's is seated first.
        return self.own[0] if self.own else None

    def side(self, request) -> int | str | None:
        """The side asked for in the address (``?side=``), if the watcher may watch from it."""
        return replays.side_asked(request.GET.get("side"), len(self.result.seats), self.choose, self.default)

    def names(self, side) -> bool:
        """Whether the table names the seat watched rather than calling it
        "you": anyone's but the watcher's own (on a device passed round,
        every seat, as several people played there)."""
        return isinstance(side, int) and (side not in self.own or len(self.own) > 1)


def _watching(request, result: Result, choose: bool) -> Watching:
    own = replays.seats_of(result, *asker(request)) if choose else []
    return Watching(result, own, choose)


def _own(request, pk) -> Watching:
    """A game the asker was at, by its result's number."""
    number = str(pk)
    plain = number.isascii() and number.isdigit() and len(number) < 12
    found = Result.objects.select_related("table").filter(pk=int(number)).first() if plain else None
    if found is None or not may_see(request, found):
        raise Refused(NO_REPLAY, 404)
    return _watching(request, found, True)


def _shared(request, token) -> Watching:
    """A game by its shared link: someone who played it, following the
    link, still chooses as they would at its own address."""
    found = witnesses.by_link(token)
    if found is None:
        raise Refused(NO_LINK, 404)
    return _watching(request, found, may_see(request, found))


def _at_table(request, code) -> Watching:
    """A table's latest game, for the people at it."""
    found = replays.latest(code)
    if not may_see(request, found):
        raise Refused(NO_REPLAY, 404)
    return _watching(request, found, True)


def _step_of(request, find) -> JsonResponse:
    """Find the game (or refuse), then answer the asked step from the asked side."""
    try:
        watching = find()
        side = watching.side(request)
        return JsonResponse(replays.step(replays.record(watching.result), request.GET.get("step"), side, watching.names(side)))
    except Refused as refused:
        return refusal(refused)


@only("GET")
def own_step(request, pk):
    return _step_of(request, lambda: _own(request, pk))


@only("GET")
def shared_step(request, token):
    return _step_of(request, lambda: _shared(request, token))


@only("GET")
def table_step(request, code):
    return _step_of(request, lambda: _at_table(request, code))


@only("GET")
@never_cache
def record_file(request, pk):
    """The game's record as a file to keep (engine/record.py says what it
    holds; ``python -m tools.replay`` plays it again), for the people at its
    table: with its seed, every hand can be dealt again."""
    try:
        rec = replays.record(_own(request, pk).result)
    except Refused as refused:
        return _refused_page(request, refused)
    result = rec.result
    body = orjson.dumps(replays.export(rec), option=orjson.OPT_INDENT_2)
    name = f"parlor-{rec.game.slug}-{result.finished:%Y-%m-%d}-{result.pk}.json"
    return FileResponse(io.BytesIO(body), as_attachment=True, filename=name, content_type="application/json")


# -- pages -----------------------------------------------------------------------


def sides(watching: Watching) -> list[dict]:
    """The sides the watcher may watch from, for the page's picker: each
    with its value in the address, its label and the sentence that says
    what it shows."""
    seats = watching.result.seats
    watcher = {"value": replays.WATCHER, "label": "As a watcher",
               "note": "You’re watching as a watcher at the table would: nobody’s hidden cards are shown."}
    if not watching.choose:
        return [watcher]
    several = len(watching.own) > 1
    out = []
    for i, seat in enumerate(seats):
        name = seat.get("name", "")
        if i in watching.own and not several:
            label, note = (f"{name} (you)",
                           f"You’re watching from your own seat, {name}: you see your cards as you saw them then.")
        else:
            mark = " (on this device)" if several and i in watching.own else ""
            label, note = (f"{name}{mark}",
                           f"You’re watching from {name}’s side: {name}’s cards as they were then, nobody else’s; "
                           f"the table, the step’s lines and the hand’s sheet name everyone.")
        out.append({"value": str(i), "label": label, "note": note})
    out.append({"value": replays.ALL, "label": "Every hand face up",
                "note": "Every hand is face up: everyone’s cards at each step, listed beside the table."})
    out.append(watcher)
    return out


def _side_value(side: int | str | None) -> str:
    return replays.WATCHER if side is None else str(side)


def _refused_page(request, refused: Refused):
    return render(request, "web/refused.html", {"title": "No replay", "heading": "No replay to watch", "sentence": refused.sentence},
                  status=refused.status)


def _page(request, find, addresses):
    """The replay page of the game ``find`` finds; ``addresses(result)``:
    where its steps are asked for, and the result page it came from."""
    try:
        watching = find()
        side = watching.side(request)
        rec = replays.record(watching.result)
    except Refused as refused:
        return _refused_page(request, refused)
    result, game = watching.result, rec.game
    api, back = addresses(result)
    script, style = catalog.table_files(game.slug)
    share = record = None
    if watching.choose:
        share = request.build_absolute_uri(reverse("shared-replay", args=[witnesses.link(result)]))
        record = reverse("replay-record", args=[result.pk])
    return render(request, "web/replay.html", {
        "game": game, "api": api, "back": back, "steps": rec.last, "when": result.finished,
        "script": script, "style": style, "schema": game.options_schema,
        "side": _side_value(side),
        "watching": {"sides": sides(watching), "own": watching.own, "several": len(watching.own) > 1,
                     "record": record, "share": share},
    })


def own_page(request, pk):
    return _page(request, lambda: _own(request, pk),
                 lambda result: (f"/api/replays/{result.pk}", reverse("result", args=[result.pk])))


def shared_page(request, token):
    return _page(request, lambda: _shared(request, token),
                 lambda result: (f"/api/replays/shared/{result.shared.token}",
                                 reverse("shared-result", args=[result.shared.token])))


def table_page(request, code):
    """The result sheet's "Watch the replay": the table's latest game, at
    its own address (the one to come back to once the table plays again),
    from the side asked for."""
    try:
        watching = _at_table(request, code)
    except Refused as refused:
        return _refused_page(request, refused)
    asked = request.GET.get("side")
    return redirect(reverse("replay", args=[watching.result.pk]) + (f"?{urlencode({'side': asked})}" if asked else ""))
