"""A game's result page: who sat where, places, scores and each rating
line, for the people who were at the table (``tables.witnesses``), with the
link they may pass on; and the same page through that link, for anyone
with it, with nothing that leads to the table. To anyone else there is no
such page: counting up the numbers finds nothing.

The addresses are the ones results have had since they were first kept
(``/accounts/results/...``): links to them are out in people's messages."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse

from engine import registry
from tables import witnesses
from tables.models import Result, Table

from . import outcome
from .visitors import asker

LEVEL_NAMES = {"easy": "Easy", "medium": "Medium", "hard": "Hard"}


def title(slug: str) -> str:
    """A game's title, also for a game no longer registered."""
    game = registry.get(slug) if slug in registry.REGISTERED else None
    return game.title if game is not None else slug.replace("-", " ").title()


def seat_label(seat: dict) -> str:
    """A seat as a result keeps it: its name, and a bot's level or a bot's cover."""
    if seat.get("kind") == "bot":
        return f"{seat.get('name')} (bot · {LEVEL_NAMES.get(seat.get('level'), seat.get('level'))})"
    if seat.get("covered"):
        return f"{seat.get('name')} (a bot covered)"
    return seat.get("name", "")


def result_link(result: Result) -> str:
    """The table's own page while this game is its latest (it shows the
    result sheet), else this game's result page. Both are for the people
    who were at the table."""
    table = result.table
    if table.number == result.number and table.status == Table.OVER:
        return reverse("table", args=[table.code])
    return reverse("result", args=[result.pk])


def may_see(request, result: Result) -> bool:
    """Whether the asker was at the game's table (``witnesses.may_see``)."""
    return witnesses.may_see(result, *asker(request))


def result_page(request, pk):
    """A game's result, for the people who were at the table (their browser
    or their account), with the link they may pass on."""
    result = Result.objects.select_related("table").filter(pk=pk).first()
    if result is None or not may_see(request, result):
        raise Http404("There is no such result, or it isn't yours to see.")
    link = request.build_absolute_uri(reverse("shared-result", args=[witnesses.link(result)]))
    latest = result.table.number == result.number and result.table.status == Table.OVER
    return _page(request, result, share=link, table=result.table.code if latest else None,
                 replay=reverse("replay", args=[result.pk]), record=reverse("replay-record", args=[result.pk]))


def shared_result(request, token):
    """A game's result through the link its people shared: who played and
    how it ended, and nothing that leads to the table."""
    result = witnesses.by_link(token)
    if result is None:
        raise Http404("That link doesn't lead to a result.")
    # Someone who played the game, following its link, may still download its record.
    record = reverse("replay-record", args=[result.pk]) if may_see(request, result) else None
    return _page(request, result, share=None, table=None, replay=reverse("shared-replay", args=[token]), record=record)


def _page(request, result: Result, share: str | None, table: str | None, replay: str, record: str | None):
    """Who sat where, places, scores and each rating line; never the
    table's code, but for a link back to it for the people at it while it
    still shows this game; the game's record to download, for them."""
    lines = result.changes if isinstance(result.changes, list) else []
    sides = {s: place for members, place in outcome.positions(result) for s in members}
    rows = []
    for i, seat in enumerate(result.seats):
        rows.append({
            "place": outcome.ordinal(sides[i]), "rank": sides[i],
            "label": seat_label(seat), "score": result.scores[i] if i < len(result.scores) else None,
            "line": lines[i] if i < len(lines) else None,
        })
    rows.sort(key=lambda r: r["rank"])
    return render(request, "web/result.html", {
        "result": result, "title": title(result.game), "rows": rows, "share": share, "table": table, "replay": replay,
        "record": record,
    })
