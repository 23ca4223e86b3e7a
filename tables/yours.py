"""Your tables, as the home page lists them: every table a person sits at,
by this browser's seats and, signed in, their account's on any browser (not
a table ended early). The tables waiting on you come first ("Your move at
Euchre with Gran, 3 h ago"), the most pressed first; then the others, the
latest changed first and finished games last, each saying what it waits
for; at a table played over days, with the time its player to move has
left. The page draws these words as they are: whose move it is is the
game's to say (``deciding``), never the browser's."""

from __future__ import annotations

import time

from django.db.models import Q

from engine import registry
from engine.why import listed

from . import pace
from .asking import Visitor
from .models import Seat, Table

MOST = 30  # tables listed, the newest kept
NAMED = 3  # people named in a row's "with ...", the rest counted


def tables_of(who: Visitor, now: float | None = None) -> list[dict]:
    """Each table this browser or its account has a person's seat at, as a
    row of the home page's Your tables, in the order they are listed."""
    now = time.time() if now is None else now
    mine = Q(browser=who.browser)
    if who.user_id is not None:
        mine |= Q(user_id=who.user_id)
    seated = Seat.objects.filter(mine, kind=Seat.PERSON).values("table_id")
    # The states stay in the database but for the games under way, whose
    # game says who is to move.
    tables = list(Table.objects.filter(pk__in=seated).exclude(status=Table.ENDED).defer("state")
                  .prefetch_related("seats").order_by("-updated")[:MOST])
    playing = [t.pk for t in tables if t.status == Table.PLAYING]
    states = dict(Table.objects.filter(pk__in=playing).values_list("pk", "state")) if playing else {}
    for table in tables:
        if table.pk in states:
            table.state = states[table.pk]
    rows = [_row(table, who, now) for table in tables]
    rows.sort(key=lambda r: r.pop("_order"))
    return rows


def _row(table: Table, who: Visitor, now: float) -> dict:
    game = registry.get(table.game)
    title = game.title if game else table.game
    seats = list(table.seats.all())
    own = [s for s in seats if s.kind == Seat.PERSON and (s.held_by(who.browser) or (who.user_id is not None and s.user_id == who.user_id))]
    playing = table.status == Table.PLAYING and table.state is not None
    deciding = game.deciding(table.state) if game is not None and playing else []
    keys = {seat: key for seat, _kind, key in deciding}
    waiting_on = [s for s in own if s.index in keys and not s.covered]
    left = pace.left(table, now) if playing else None
    company = _company(seats, own)
    row = {
        "code": table.code, "game": table.game, "title": title, "status": table.status, "seats": len(seats),
        "yourMove": bool(waiting_on),
        # Your seat is played from another browser: here the table only shows.
        "elsewhere": not any(s.held_by(who.browser) for s in own),
        "left": pace.words(left) if left is not None else None,
    }
    if waiting_on:
        since = min(table.clocks.get(keys[s.index], now) for s in waiting_on)
        row["line"] = f"Your move at {title}{company}, {ago(now - since)}"
        row["state"] = None
        # The least time left first, then the longest waiting.
        row["_order"] = (0, left if left is not None else float("inf"), since)
    else:
        row["line"] = f"{title}{company}"
        row["state"] = _state(table, seats, own, keys)
        row["_order"] = (1 if table.status != Table.OVER else 2, -table.updated.timestamp())
    return row


def _company(seats: list[Seat], own: list[Seat]) -> str:
    """Who else sits at the table: " with Gran", " with Gran, Ben and 2
    more", " with 3 bots", or nothing at a table of your own."""
    people = [s.name for s in seats if s.kind == Seat.PERSON and s not in own]
    if people:
        named = people if len(people) <= NAMED else [*people[:NAMED], f"{len(people) - NAMED} more"]
        return f" with {listed(named)}"
    bots = sum(1 for s in seats if s.kind == Seat.BOT)
    return " with a bot" if bots == 1 else f" with {bots} bots" if bots else ""


def _state(table: Table, seats: list[Seat], own: list[Seat], keys: dict) -> str:
    """What a table not waiting on you waits for, in a few words."""
    if table.status == Table.LOBBY:
        return "Waiting room"
    if table.status == Table.OVER:
        return "Game over"
    if any(s.covered for s in own):
        return "A bot is playing your seat"
    to_move = [s.name for s in seats if s.index in keys]
    if len(to_move) == 1:
        return f"{to_move[0]}’s move"
    return f"{listed(to_move)} to move" if to_move else "Playing"


def ago(seconds: float) -> str:
    """How long ago, as a person says it: "just now", "12 min ago", "3 h
    ago", "yesterday", "4 days ago"."""
    minutes = int(max(seconds, 0) // 60)
    if minutes < 1:
        return "just now"
    if minutes < 60:
        return f"{minutes} min ago"
    hours = minutes // 60
    if hours < 24:
        return f"{hours} h ago"
    days = hours // 24
    return "yesterday" if days == 1 else f"{days} days ago"
