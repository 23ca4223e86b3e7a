"""The lobby and the waiting room: a new table, sitting down and leaving,
bots in the empty seats and their levels, clearing and arranging chairs,
and the table's settings."""

from __future__ import annotations

import json
import secrets

from django.conf import settings as django_settings
from django.db import transaction
from django.db.models import Q

from engine import registry

from . import bots, devices, names, pace, starting
from .asking import Refused, Visitor
from .hold import CODE_LENGTH, Held, Only, hold, waiting
from .models import Seat, Table

CODE_LETTERS = "BCDFGHJKLMNPQRSTVWXZ"  # no vowels: a code never spells a word
BOT_NAMES = ["Robin", "Juniper", "Otto", "Mabel", "Felix", "Hazel", "Rex", "Ivy", "Moss", "Pip", "Wren", "Clove"]
NOT_STARTED = Only(frozenset({Table.LOBBY}), "This game has already started. You can watch, and join when the host plays again.")
BETWEEN_GAMES = Only(frozenset({Table.LOBBY, Table.OVER, Table.ENDED}),
                     "Settings can't change during a game; end it or wait for Play again.")


def _new_code() -> str:
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        if not Table.objects.filter(code=code).exists():
            return code


def create(slug, who: Visitor, settings: dict | None = None, chosen=None, pace_of=None) -> Table:
    """A new table for a game, with the creator as host in the first seat.
    Its settings start from ``settings`` (only what the game allows), else
    the game's defaults; then the ones the creator ``chosen`` (each must be
    allowed, or nothing is made). ``pace_of``, the pace asked for
    (``{"kind": "days", "allowance": 86400}``), else live."""
    game = registry.get(slug)
    if game is None:
        raise Refused("We don't have that game. Pick one from the list.", 404)
    name = names.clean(who.name)
    start_from = game.options(settings if isinstance(settings, dict) else {})
    if chosen is not None:
        start_from = settled(game, start_from, chosen)
    kind, allowance = (Table.LIVE, None) if pace_of is None else _pace_asked(pace_of)
    with transaction.atomic():
        if kind == Table.DAYS:
            _room_for_another(who)
        table = Table.objects.create(code=_new_code(), game=game.slug, host=who.browser, settings=start_from,
                                     pace=kind, allowance=allowance)
        Seat.objects.create(table=table, index=0, kind=Seat.PERSON, browser=who.browser, user_id=who.user_id, name=name)
    return table


def join(code, who: Visitor) -> int:
    """Sit at a table in its waiting room: a free seat, or one a bot holds
    when the table is full. Joining again returns the seat you have."""
    with hold(code, who) as held:
        mine = held.mine
        if mine is not None:
            return mine.index
        name = names.clean(who.name)
        held.only(NOT_STARTED)
        if pace.over_days(held.table):
            _room_for_another(who)
        seats = held.seats
        if len(seats) < max(held.game.sizes):
            names.taken(name, seats)
            seat = Seat.objects.create(table=held.table, index=len(seats), kind=Seat.PERSON, browser=who.browser,
                                       user_id=who.user_id, name=name)
            seats.append(seat)
        else:
            seat = next((s for s in seats if s.kind == Seat.BOT), None)
            if seat is None:
                raise Refused("Every seat at this table is taken.", 409)
            names.taken(name, seats, by=seat)
            seat.kind, seat.browser, seat.user_id, seat.name, seat.covered = Seat.PERSON, who.browser, who.user_id, name, False
            seat.save()
        held.changed("updated")
        return seat.index


def leave(code, who: Visitor) -> None:
    """A person leaves: their seat goes (waiting room) or a bot takes it
    (a game under way), and so do the seats of the people on their device.
    A host who leaves hands the table to the next person."""
    with hold(code, who) as held:
        if held.mine is None:
            raise Refused("You don't have a seat at this table.", 403)
        leaving = devices.seats_of(held.seats, who.browser)
        people = _listed([seat.name for seat in leaving])
        for seat in leaving:
            _vacate(held, seat)  # (in a game, each seat now goes by its bot's name)
        if held.table.status == Table.LOBBY:
            said = f"{people} left the table."
        elif len(leaving) == 1:
            said = f"{people} left the table: {leaving[0].name}, a bot, plays that seat from now on."
        else:
            said = f"{people} left the table: {_listed([seat.name for seat in leaving])}, bots, play their seats from now on."
        if held.by_host:
            nxt = next((s for s in held.seats if s.kind == Seat.PERSON and s.browser), None)
            held.table.host = nxt.browser if nxt else ""
            held.changed("host")
            if nxt is not None:
                said += f" {nxt.name} is the host now."
        held.tell(devices.browsers(held.seats, held.table.host) - {who.browser}, said)


def _listed(names: list[str]) -> str:
    return names[0] if len(names) < 2 else f"{', '.join(names[:-1])} and {names[-1]}"


def clear(code, who: Visitor, index) -> None:
    """The host clears a chair: in the waiting room the seat goes; during a
    game a bot takes it over for good."""
    with hold(code, who, host="clear a chair") as held:
        seat = held.seat_at(index)
        if seat.held_by(held.table.host) and not seat.device:
            raise Refused("You can't clear your own chair; leave the table instead.")
        browser = seat.browser if seat.kind == Seat.PERSON else ""
        _vacate(held, seat)
        # The person taken off is told so, on their own page (not the host, for a seat of the host's device).
        if browser and browser != who.browser:
            held.tell([browser], "The host took you off this table, so you're watching now." if held.table.status == Table.LOBBY
                      else f"The host gave your seat to {seat.name}, a bot, so you're watching now.")


def _vacate(held: Held, seat: Seat) -> None:
    if held.table.status == Table.LOBBY:
        held.seats.remove(seat)
        seat.delete()
        _renumber(held.seats)
        held.changed("updated")
        return
    seat.kind, seat.browser, seat.user_id, seat.covered, seat.was_covered = Seat.BOT, "", None, False, True
    seat.device = seat.holds = False
    seat.name = _bot_name(held.seats)
    seat.save()
    held.changed()


def _renumber(seats: list[Seat]) -> None:
    """Close the gap a removed seat leaves, lowest first (so no two seats
    ever share an index)."""
    for k, seat in enumerate(seats):
        if seat.index != k:
            seat.index = k
            seat.save(update_fields=["index"])


def _bot_name(seats) -> str:
    return next((n for n in BOT_NAMES if not any(names.same(s.name, n) for s in seats)), f"Bot {len(seats) + 1}")


def add_bot(code, who: Visitor, level="medium") -> int:
    with hold(code, who, host="add bots", only=waiting("add bots")) as held:
        seats = held.seats
        if len(seats) >= max(held.game.sizes):
            raise Refused("Every seat is already filled.", 409)
        seat = Seat.objects.create(table=held.table, index=len(seats), kind=Seat.BOT, name=_bot_name(seats), level=bots.level(level))
        seats.append(seat)
        held.changed("updated")
        return seat.index


def add_here(code, who: Visitor, name) -> int:
    """The host adds a person on this device: a seat of the host's own
    browser under a name of its own, with no account (decision 15)."""
    with hold(code, who, host="add a person on this device", only=waiting("add a person on this device")) as held:
        seats = held.seats
        if held.mine is None:
            raise Refused("Take a seat yourself first: the people on your device play from your browser.", 409)
        if len(seats) >= max(held.game.sizes):
            raise Refused("Every seat is already filled.", 409)
        name = names.clean(name)
        names.taken(name, seats)
        seat = Seat.objects.create(table=held.table, index=len(seats), kind=Seat.PERSON, browser=who.browser,
                                   name=name, device=True)
        seats.append(seat)
        held.changed("updated")
        return seat.index


def fill(code, who: Visitor, level="medium") -> None:
    """Fill with bots, up to the smallest table the game can start."""
    with hold(code, who, host="fill the table with bots", only=waiting("fill the table")) as held:
        seats, sizes = held.seats, held.game.sizes
        want = next((n for n in sorted(sizes) if n >= max(len(seats), 1) and n > 1), max(sizes))
        _seat_bots(held, want - len(seats), bots.level(level))


def seat_bots_to_start(held: Held, level="medium") -> None:
    """Start with empty seats: bots take the fewest of them the table needs
    to start (``starting``), in the same action as the start. A table no
    number of bots can start is left as it is, for the start to refuse."""
    _seat_bots(held, starting.start_of(held.game, len(held.seats), held.table.settings).bots or 0, bots.level(level))


def _seat_bots(held: Held, count: int, level: str) -> None:
    seats = held.seats
    for _ in range(count):
        seats.append(Seat.objects.create(table=held.table, index=len(seats), kind=Seat.BOT, name=_bot_name(seats), level=level))
    held.changed("updated")


def set_level(code, who: Visitor, index, level) -> None:
    with hold(code, who, host="change a bot's level") as held:
        seat = held.seat_at(index)
        if not seat.plays_as_bot:
            raise Refused("That seat is a person, not a bot.")
        seat.level = bots.level(level)
        seat.save(update_fields=["level"])
        held.changed()


def arrange(code, who: Visitor, index, to) -> None:
    """The host swaps two seats (teams come from seat order)."""
    with hold(code, who, host="arrange the seats", only=waiting("arrange the seats")) as held:
        a, b = held.seat_at(index), held.seat_at(to)
        if a is b:
            return
        ia, ib = a.index, b.index
        a.index = 1000
        a.save(update_fields=["index"])
        b.index = ia
        b.save(update_fields=["index"])
        a.index = ib
        a.save(update_fields=["index"])
        held.seats.sort(key=lambda seat: seat.index)
        held.changed("updated")


def configure(code, who: Visitor, raw) -> dict:
    """The host's settings; only values the game allows survive."""
    with hold(code, who, host="change the settings", only=BETWEEN_GAMES) as held:
        held.table.settings = settled(held.game, held.table.settings, raw)
        held.changed("settings")
        return held.table.settings


def set_pace(code, who: Visitor, kind, allowance=pace.FIRST_ALLOWANCE) -> dict:
    """The host's pace for the table: live, or over days with a time for
    each move (``pace``). Everyone seated must have room for another table
    played over days."""
    kind, allowance = pace.chosen(kind, allowance)
    with hold(code, who, host="choose the table's pace", only=BETWEEN_GAMES) as held:
        table = held.table
        if kind == Table.DAYS and table.pace != Table.DAYS:
            room_for_everyone(held)
        if (kind, allowance) != (table.pace, table.allowance):
            table.pace, table.allowance = kind, allowance
            held.changed("pace", "allowance")
        return pace.of(table)


def _pace_asked(asked) -> tuple[str, int | None]:
    if not isinstance(asked, dict):
        raise Refused(pace.SAY_PACE)
    return pace.chosen(asked.get("kind"), asked.get("allowance", pace.FIRST_ALLOWANCE))


def room_for_everyone(held: Held) -> None:
    """Refused when anyone seated at the held table would, with it, be at
    more tables played over days than a person may be (the first such
    person is named)."""
    for seat in held.seats:
        if seat.kind == Seat.PERSON and not seat.device:
            _room_for_another(Visitor(seat.browser, seat.name, seat.user_id), at=held.table, by=seat.name)


def _room_for_another(who: Visitor, at: Table | None = None, by: str | None = None) -> None:
    """Refused when ``who`` (``by``, named) is already at as many tables
    played over days as a person may be (PARLOR_DAYS_TABLES), not counting
    ``at``: in the waiting room, or with a game under way."""
    most = django_settings.PARLOR_DAYS_TABLES
    theirs = Q(browser=who.browser) if who.user_id is None else Q(browser=who.browser) | Q(user_id=who.user_id)
    tables = (Seat.objects.filter(theirs, kind=Seat.PERSON, table__pace=Table.DAYS, table__status__in=(Table.LOBBY, Table.PLAYING))
              .exclude(table=at).values("table_id").distinct().count())
    if tables >= most:
        whose = f"{by} is" if by else "You're"
        raise Refused(f"{whose} already at {most} tables played over days, as many as one person may be at once: "
                      "finish or leave one of them first.", 409)


def settled(game, current: dict, raw) -> dict:
    """The settings after the host's ``raw`` change: every value named must
    be one the game allows (its options_schema says which, in words), or a
    sentence refuses the whole change."""
    if not isinstance(raw, dict):
        raise Refused("Settings come as a list of names and values.")
    out = game.options({**current, **raw})
    for key, value in raw.items():
        if key not in out or out[key] != value or type(out[key]) is not type(value):
            raise Refused(_setting_refusal(game, key, value, out))
    return out


def _setting_refusal(game, key, value, out: dict) -> str:
    rows = {row["key"]: row for row in game.options_schema}
    if key not in out:
        return f"{game.title} has no setting called “{str(key)[:40]}”."
    if key not in rows:
        return f"{game.title} doesn't allow “{_shown(value)}” for “{key}”."
    row = rows[key]
    preset = next((r for r in rows.values() if r.get("presets")), None)
    if row.get("custom") and preset and out.get(preset["key"]) != "custom":
        words = preset.get("labels", {})
        return (f"“{row['label']}” is answered by the {words.get(out[preset['key']], out[preset['key']])} preset: "
                f"choose {words.get('custom', 'custom')} to answer it yourself.")
    labels = row.get("labels", {})
    choices = [labels.get(str(c), str(c)) for c in row.get("choices", ())]
    offered = ", ".join(choices[:-1]) + f" or {choices[-1]}" if len(choices) > 1 else "".join(choices)
    return f"“{row['label']}” can't be “{_shown(value)}”: choose {offered}."


def _shown(value) -> str:
    """A refused value as it was sent, briefly."""
    return (value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str))[:40]

