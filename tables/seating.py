"""The lobby and the waiting room: a new table, sitting down and leaving,
bots in the empty seats and their levels, clearing and arranging chairs,
and the table's settings."""

from __future__ import annotations

import secrets
import time

from django.db import transaction

from engine import registry

from . import bots, hold, rows, telling
from .asking import NAME_LENGTH, Refused, Visitor
from .models import Seat, Table

CODE_LETTERS = "BCDFGHJKLMNPQRSTVWXZ"  # no vowels: a code never spells a word
BOT_NAMES = ["Robin", "Juniper", "Otto", "Mabel", "Felix", "Hazel", "Rex", "Ivy", "Moss", "Pip", "Wren", "Clove"]


def _new_code() -> str:
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(hold.CODE_LENGTH))
        if not Table.objects.filter(code=code).exists():
            return code


def create(slug, who: Visitor, settings: dict | None = None) -> Table:
    """A new table for a game, with the creator as host in the first seat.
    Its settings start from ``settings`` (only what the game allows), else
    the game's defaults."""
    game = registry.get(slug)
    if game is None:
        raise Refused("We don't have that game. Pick one from the list.", 404)
    name = _clean_name(who.name)
    start_from = settings if isinstance(settings, dict) else {}
    with transaction.atomic():
        table = Table.objects.create(code=_new_code(), game=game.slug, host=who.browser, settings=game.options(start_from))
        Seat.objects.create(table=table, index=0, kind=Seat.PERSON, browser=who.browser, user_id=who.user_id, name=name)
    return table


def join(code, who: Visitor) -> int:
    """Sit at a table in its waiting room: a free seat, or one a bot holds
    when the table is full. Joining again returns the seat you have."""
    with transaction.atomic():
        table, seats = hold.locked_with_seats(code)
        mine = hold.mine(seats, who)
        if mine is not None:
            return mine.index
        name = _clean_name(who.name)
        if table.status != Table.LOBBY:
            raise Refused("This game has already started. You can watch, and join when the host plays again.", 409)
        game = hold.game_of(table)
        if len(seats) < max(game.sizes):
            seat = Seat.objects.create(table=table, index=len(seats), kind=Seat.PERSON, browser=who.browser,
                                       user_id=who.user_id, name=name)
        else:
            seat = next((s for s in seats if s.kind == Seat.BOT), None)
            if seat is None:
                raise Refused("Every seat at this table is taken.", 409)
            seat.kind, seat.browser, seat.user_id, seat.name, seat.covered = Seat.PERSON, who.browser, who.user_id, name, False
            seat.save()
        rows.save(table, ["updated"])
        telling.tell(table)
        return seat.index


def _renumber(table: Table) -> None:
    """Close the gap a removed seat leaves, lowest first (so no two seats
    ever share an index)."""
    for k, seat in enumerate(rows.seats_of(table)):
        if seat.index != k:
            seat.index = k
            seat.save(update_fields=["index"])


def _bot_name(seats) -> str:
    used = {s.name for s in seats}
    return next((n for n in BOT_NAMES if n not in used), f"Bot {len(seats) + 1}")


def add_bot(code, who: Visitor, level="medium") -> int:
    with transaction.atomic():
        table, seats = hold.locked_with_seats(code)
        hold.host_only(table, who, "add bots")
        hold.waiting(table, "add bots")
        if len(seats) >= max(hold.game_of(table).sizes):
            raise Refused("Every seat is already filled.", 409)
        seat = Seat.objects.create(table=table, index=len(seats), kind=Seat.BOT, name=_bot_name(seats), level=bots.level(level))
        rows.save(table, ["updated"])
        telling.tell(table)
        return seat.index


def fill(code, who: Visitor, level="medium") -> None:
    """Fill with bots, up to the smallest table the game can start."""
    with transaction.atomic():
        table, seats = hold.locked_with_seats(code)
        hold.host_only(table, who, "fill the table with bots")
        hold.waiting(table, "fill the table")
        sizes = hold.game_of(table).sizes
        want = next((n for n in sorted(sizes) if n >= max(len(seats), 1) and n > 1), max(sizes))
        bots.level(level)
        while len(seats) < want:
            seats.append(Seat.objects.create(table=table, index=len(seats), kind=Seat.BOT, name=_bot_name(seats), level=level))
        rows.save(table, ["updated"])
        telling.tell(table)


def set_level(code, who: Visitor, index, level) -> None:
    with transaction.atomic():
        table = hold.locked(code)
        hold.host_only(table, who, "change a bot's level")
        seat = hold.seat_at(table, index)
        if not seat.plays_as_bot:
            raise Refused("That seat is a person, not a bot.")
        seat.level = bots.level(level)
        seat.save(update_fields=["level"])
        bots.advance_and_save(table, time.time())
        telling.tell(table)


def clear(code, who: Visitor, index) -> None:
    """The host clears a chair: in the waiting room the seat goes; during a
    game a bot takes it over for good."""
    with transaction.atomic():
        table = hold.locked(code)
        hold.host_only(table, who, "clear a chair")
        seat = hold.seat_at(table, index)
        if seat.browser == table.host and seat.kind == Seat.PERSON:
            raise Refused("You can't clear your own chair; leave the table instead.")
        _vacate(table, seat)
        telling.tell(table)


def leave(code, who: Visitor) -> None:
    """A person leaves: their seat goes (waiting room) or a bot takes it
    (a game under way). A host who leaves hands the table to the next person."""
    with transaction.atomic():
        table, seats = hold.locked_with_seats(code)
        seat = hold.mine(seats, who)
        if seat is None:
            raise Refused("You don't have a seat at this table.", 403)
        _vacate(table, seat)
        if table.host == who.browser:
            nxt = table.seats.filter(kind=Seat.PERSON).exclude(browser="").order_by("index").first()
            table.host = nxt.browser if nxt else ""
            rows.save(table, ["host", "updated"])
        telling.tell(table)


def _vacate(table: Table, seat: Seat) -> None:
    if table.status == Table.LOBBY:
        seat.delete()
        _renumber(table)
        rows.save(table, ["updated"])
        return
    seats = rows.seats_of(table)
    seat.kind, seat.browser, seat.user_id, seat.covered, seat.was_covered = Seat.BOT, "", None, False, True
    seat.name = _bot_name(seats)
    seat.save()
    bots.advance_and_save(table, time.time())


def arrange(code, who: Visitor, index, to) -> None:
    """The host swaps two seats (teams come from seat order)."""
    with transaction.atomic():
        table = hold.locked(code)
        hold.host_only(table, who, "arrange the seats")
        hold.waiting(table, "arrange the seats")
        a, b = hold.seat_at(table, index), hold.seat_at(table, to)
        if a.pk == b.pk:
            return
        ia, ib = a.index, b.index
        a.index = 1000
        a.save(update_fields=["index"])
        b.index = ia
        b.save(update_fields=["index"])
        a.index = ib
        a.save(update_fields=["index"])
        rows.save(table, ["updated"])
        telling.tell(table)


def configure(code, who: Visitor, raw) -> dict:
    """The host's settings; only values the game allows survive."""
    if not isinstance(raw, dict):
        raise Refused("Settings come as a list of names and values.")
    with transaction.atomic():
        table = hold.locked(code)
        hold.host_only(table, who, "change the settings")
        if table.status == Table.PLAYING:
            raise Refused("Settings can't change during a game; end it or wait for Play again.", 409)
        table.settings = hold.game_of(table).options({**table.settings, **raw})
        rows.save(table, ["settings", "updated"])
        telling.tell(table)
        return table.settings


def _clean_name(name) -> str:
    if not isinstance(name, str) or not name.strip():
        raise Refused("Tell us your name first, so the table knows who you are.")
    name = " ".join(name.split())
    if len(name) > NAME_LENGTH:
        raise Refused(f"Please keep your name to {NAME_LENGTH} letters or fewer.")
    return name
