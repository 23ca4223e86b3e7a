"""A table's life: create, sit, arrange, start, move, bots, cover, end.

Every action takes the table's row lock, checks who is asking, changes the
table, saves it whole (state, seats and the move) in one transaction, and
tells every socket watching the table once the transaction commits. A refused
action raises ``Refused`` with a sentence and changes nothing. The service
knows no rules: it asks the game (``engine.registry``) for everything.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time

import orjson
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings as django_settings
from django.db import transaction
from django.db.models import Count

from engine import moves, play, registry
from engine.contract import LEVELS, Illegal, offered

from . import alarms, layer, mainloop, rows, signals
from .asking import NAME_LENGTH, Refused, Visitor
from .models import Result, Seat, Table

log = logging.getLogger(__name__)

CODE_LETTERS = "BCDFGHJKLMNPQRSTVWXZ"  # no vowels: a code never spells a word
CODE_LENGTH = 5
BOT_NAMES = ["Robin", "Juniper", "Otto", "Mabel", "Felix", "Hazel", "Rex", "Ivy", "Moss", "Pip", "Wren", "Clove"]
NO_SUCH_TABLE = "There is no table with that code. Check the letters and try again."
MOST_BOT_MOVES = 5000  # per action: no game needs more bot moves in a row


# -- finding things ----------------------------------------------------------

def normal_code(code) -> str:
    if not isinstance(code, str):
        return ""
    return "".join(ch for ch in code.upper() if ch.isalpha())[:CODE_LENGTH]


def _game(table: Table):
    return registry.get(table.game)


def _locked(code) -> Table:
    return _locked_with_seats(code)[0]


def _locked_with_seats(code) -> tuple[Table, list[Seat]]:
    """The table under its row lock, and its seats."""
    found = rows.locked_with_seats([normal_code(code)])
    if not found:
        raise Refused(NO_SUCH_TABLE, 404)
    return found[0]


def _seats(table: Table) -> list[Seat]:
    return rows.seats_of(table)


def _mine(seats, who: Visitor) -> Seat | None:
    return next((s for s in seats if s.kind == Seat.PERSON and s.browser and s.browser == who.browser), None)


def _host_only(table: Table, who: Visitor, doing: str) -> None:
    if table.host != who.browser:
        raise Refused(f"Only the host can {doing}.", 403)


def _clean_name(name) -> str:
    if not isinstance(name, str) or not name.strip():
        raise Refused("Tell us your name first, so the table knows who you are.")
    name = " ".join(name.split())
    if len(name) > NAME_LENGTH:
        raise Refused(f"Please keep your name to {NAME_LENGTH} letters or fewer.")
    return name


def _level(level) -> str:
    if level not in LEVELS:
        raise Refused("Pick a bot level: easy, medium or hard.")
    return level


def _notify(table: Table, seats: list[Seat] | None = None) -> None:
    """Once the change commits, build each browser's view of the table once
    and hand them to every socket watching it: a socket never sees a change
    that rolled back, and never has to read the database to learn of one."""
    if getattr(table, "_telling", False):
        return  # one message per transaction carries the table as it ends
    table._telling = True

    def send():
        table._telling = False
        channel_layer = get_channel_layer()
        due = table.due_at if table.status == Table.PLAYING else None
        bot = None
        if due is not None and hasattr(channel_layer, "group_send_counted") and alarms.handed_on(table.code, table.seq):
            bot = {"code": table.code, "due": due, "from": alarms.PROCESS}
        elif due is not None:
            alarms.set_for(table.code, due)
        if channel_layer is None:
            return
        try:
            message = {"type": "table.changed", "order": [table.number, table.seq], "views": views(table, seats), "bot": bot}
        except Exception:
            log.exception("could not build the views of %s", table.code)
            if bot is not None:
                alarms.set_for(table.code, due)
            return
        telling = _tell(channel_layer, group(table.code), message)
        if not mainloop.hand(_start, telling):
            telling.close()
            async_to_sync(_tell)(channel_layer, group(table.code), message)

    transaction.on_commit(send)


_telling: set[asyncio.Task] = set()  # held so a message in flight isn't collected


def _start(telling) -> None:
    task = asyncio.ensure_future(telling)
    _telling.add(task)
    task.add_done_callback(_telling.discard)


async def _tell(channel_layer, name: str, message: dict) -> None:
    bot, heard_by = message["bot"], 0
    try:
        if bot is None:
            await layer.call(channel_layer.group_send, name, message)
        else:
            heard_by = await layer.call(channel_layer.group_send_counted, name, message)
    except Exception:  # the database is the truth; clients catch up on reconnect
        log.warning("could not tell sockets about a change at %s", name, exc_info=True)
    if bot is not None and heard_by < 2:
        alarms.set_for(bot["code"], bot["due"])  # no other process heard: the bot is this one's to play


def _set_alarm(table: Table) -> None:
    """Once committed, wake this process's ticker when the next bot is due."""
    if table.status == Table.PLAYING and table.due_at is not None:
        code, at = table.code, table.due_at
        transaction.on_commit(lambda: alarms.set_for(code, at))


def views(table: Table, seats: list[Seat] | None = None) -> dict[str, str]:
    """The snapshot each browser at the table may see, as the text its
    sockets send: one per seated browser, and the host's. A watcher's socket
    reads its own (watchers are few, and most changes have none)."""
    seats = _seats(table) if seats is None else seats
    browsers = {s.browser for s in seats if s.kind == Seat.PERSON and s.browser} | {table.host}
    return {browser: text(snapshot(table, Visitor(browser), seats)) for browser in browsers if browser}


def text(message: dict) -> str:
    """A message as a socket sends it: compact JSON (orjson writes it several
    times quicker, and a busy server writes thousands a second)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def group(code: str) -> str:
    return f"table.{code}"


# -- the lobby and the waiting room -------------------------------------------

def _new_code() -> str:
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
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
        table, seats = _locked_with_seats(code)
        mine = _mine(seats, who)
        if mine is not None:
            return mine.index
        name = _clean_name(who.name)
        if table.status != Table.LOBBY:
            raise Refused("This game has already started. You can watch, and join when the host plays again.", 409)
        game = _game(table)
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
        _notify(table)
        return seat.index


def _renumber(table: Table) -> None:
    """Close the gap a removed seat leaves, lowest first (so no two seats
    ever share an index)."""
    for k, seat in enumerate(_seats(table)):
        if seat.index != k:
            seat.index = k
            seat.save(update_fields=["index"])


def _bot_name(seats) -> str:
    used = {s.name for s in seats}
    return next((n for n in BOT_NAMES if n not in used), f"Bot {len(seats) + 1}")


def _waiting(table: Table, doing: str) -> None:
    if table.status != Table.LOBBY:
        raise Refused(f"You can only {doing} in the waiting room, before the game starts.", 409)


def add_bot(code, who: Visitor, level="medium") -> int:
    with transaction.atomic():
        table, seats = _locked_with_seats(code)
        _host_only(table, who, "add bots")
        _waiting(table, "add bots")
        if len(seats) >= max(_game(table).sizes):
            raise Refused("Every seat is already filled.", 409)
        seat = Seat.objects.create(table=table, index=len(seats), kind=Seat.BOT, name=_bot_name(seats), level=_level(level))
        rows.save(table, ["updated"])
        _notify(table)
        return seat.index


def fill(code, who: Visitor, level="medium") -> None:
    """Fill with bots, up to the smallest table the game can start."""
    with transaction.atomic():
        table, seats = _locked_with_seats(code)
        _host_only(table, who, "fill the table with bots")
        _waiting(table, "fill the table")
        sizes = _game(table).sizes
        want = next((n for n in sorted(sizes) if n >= max(len(seats), 1) and n > 1), max(sizes))
        _level(level)
        while len(seats) < want:
            seats.append(Seat.objects.create(table=table, index=len(seats), kind=Seat.BOT, name=_bot_name(seats), level=level))
        rows.save(table, ["updated"])
        _notify(table)


def set_level(code, who: Visitor, index, level) -> None:
    with transaction.atomic():
        table = _locked(code)
        _host_only(table, who, "change a bot's level")
        seat = _seat_at(table, index)
        if not seat.plays_as_bot:
            raise Refused("That seat is a person, not a bot.")
        seat.level = _level(level)
        seat.save(update_fields=["level"])
        _advance_and_save(table, time.time())
        _notify(table)


def _seat_at(table: Table, index) -> Seat:
    if not isinstance(index, int) or isinstance(index, bool):
        raise Refused("Pick a seat at the table.")
    seat = table.seats.filter(index=index).first()
    if seat is None:
        raise Refused("There is no such seat at this table.", 404)
    return seat


def clear(code, who: Visitor, index) -> None:
    """The host clears a chair: in the waiting room the seat goes; during a
    game a bot takes it over for good."""
    with transaction.atomic():
        table = _locked(code)
        _host_only(table, who, "clear a chair")
        seat = _seat_at(table, index)
        if seat.browser == table.host and seat.kind == Seat.PERSON:
            raise Refused("You can't clear your own chair; leave the table instead.")
        _vacate(table, seat)
        _notify(table)


def leave(code, who: Visitor) -> None:
    """A person leaves: their seat goes (waiting room) or a bot takes it
    (a game under way). A host who leaves hands the table to the next person."""
    with transaction.atomic():
        table, seats = _locked_with_seats(code)
        seat = _mine(seats, who)
        if seat is None:
            raise Refused("You don't have a seat at this table.", 403)
        _vacate(table, seat)
        if table.host == who.browser:
            nxt = table.seats.filter(kind=Seat.PERSON).exclude(browser="").order_by("index").first()
            table.host = nxt.browser if nxt else ""
            rows.save(table, ["host", "updated"])
        _notify(table)


def _vacate(table: Table, seat: Seat) -> None:
    if table.status == Table.LOBBY:
        seat.delete()
        _renumber(table)
        rows.save(table, ["updated"])
        return
    seats = _seats(table)
    seat.kind, seat.browser, seat.user_id, seat.covered, seat.was_covered = Seat.BOT, "", None, False, True
    seat.name = _bot_name(seats)
    seat.save()
    _advance_and_save(table, time.time())


def arrange(code, who: Visitor, index, to) -> None:
    """The host swaps two seats (teams come from seat order)."""
    with transaction.atomic():
        table = _locked(code)
        _host_only(table, who, "arrange the seats")
        _waiting(table, "arrange the seats")
        a, b = _seat_at(table, index), _seat_at(table, to)
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
        _notify(table)


def configure(code, who: Visitor, raw) -> dict:
    """The host's settings; only values the game allows survive."""
    if not isinstance(raw, dict):
        raise Refused("Settings come as a list of names and values.")
    with transaction.atomic():
        table = _locked(code)
        _host_only(table, who, "change the settings")
        if table.status == Table.PLAYING:
            raise Refused("Settings can't change during a game; end it or wait for Play again.", 409)
        table.settings = _game(table).options({**table.settings, **raw})
        rows.save(table, ["settings", "updated"])
        _notify(table)
        return table.settings


# -- playing ------------------------------------------------------------------

def start(code, who: Visitor) -> None:
    with transaction.atomic():
        table, seats = _locked_with_seats(code)
        _host_only(table, who, "start the game")
        _waiting(table, "start the game")
        _begin(table, seats)


def again(code, who: Visitor) -> None:
    """Play again: a new seed, the same seats."""
    with transaction.atomic():
        table, seats = _locked_with_seats(code)
        _host_only(table, who, "start another game")
        if table.status not in (Table.OVER, Table.ENDED):
            raise Refused("The game is still going; finish it or end it first.", 409)
        _begin(table, seats)


def _begin(table: Table, seats: list[Seat]) -> None:
    game = _game(table)
    seed = secrets.token_hex(8)
    now = time.time()
    try:
        state = game.new(len(seats), seed, now, table.settings)
    except Illegal as refused:
        raise Refused(refused.sentence, 409) from None
    for seat in seats:
        if seat.was_covered != seat.covered:  # (most games start with no seat covered, as the last ended)
            seat.was_covered = seat.covered
            seat.save(update_fields=["was_covered"])
    table.seed, table.state, table.seq, table.clocks, table.due_at = seed, state, state.get("seq", 0), {}, None
    table.number += 1
    table.status = Table.PLAYING
    _advance(table, game, seats, now)
    rows.save(table)
    _notify(table, seats)


def move(code, who: Visitor, seq, action) -> None:
    """A person's move, made against the state numbered ``seq``. A stale or
    repeated move is refused; nothing is ever applied twice."""
    refused = move_all([(code, who, seq, action)])[0]
    if refused is not None:
        raise refused


def move_all(asked: list[tuple]) -> list[Refused | None]:
    """People's moves, each ``(code, who, seq, action)``, at one or more
    tables in one transaction: on PostgreSQL the round trips, not the moves,
    are most of a move's time, so a busy process makes every move waiting
    in one read and one write. Each is made or refused on its own, in the
    order asked; a refused move changes nothing of its own (bots that were
    due by then still move). Returns, for each, its refusal or None."""
    outcomes: list[Refused | None] = []
    with transaction.atomic():
        held = {table.code: (table, seats)
                for table, seats in rows.locked_with_seats(sorted({normal_code(code) for code, *_ in asked}))}
        was = {code: table.state and table.state["seq"] for code, (table, _seats) in held.items()}
        for code, who, seq, action in asked:
            try:
                if normal_code(code) not in held:
                    raise Refused(NO_SUCH_TABLE, 404)
                _move_at(*held[normal_code(code)], who, seq, action)
                outcomes.append(None)
            except Refused as refused:
                outcomes.append(refused)
        moved = [(table, seats) for code, (table, seats) in held.items() if table.state and table.state["seq"] != was[code]]
        for table, seats in moved:
            _notify(table, seats)
        rows.save_plays([table for table, _seats in moved], last=True)
    return outcomes


def _move_at(table: Table, seats: list[Seat], who: Visitor, seq, action) -> None:
    """One person's move at a table already locked; raises Refused."""
    seat = _mine(seats, who)
    if seat is None:
        raise Refused("You're watching this table; only players can move.", 403)
    if table.status != Table.PLAYING:
        raise Refused("There's no game under way at this table.", 409)
    if seat.covered:
        raise Refused("A bot is playing your seat for now. Take your seat back to play.", 409)
    if not isinstance(seq, int) or isinstance(seq, bool):
        raise Refused("Your move didn't say which turn it was made on; reload to see the table.")
    game = _game(table)
    now = time.time()
    _advance(table, game, seats, now)
    if seq != table.state["seq"]:
        raise Refused("The table moved on before your move arrived. Here is where it stands now.", 409)
    try:
        moves.dispatch(game, table.state, seat.index, action, now)
    except Illegal as refused:
        raise Refused(refused.sentence) from None
    rows.record(table, seq, seat.index, action, now, "person")
    _sync_clocks(table, game, now)
    _advance(table, game, seats, now)


def hurry(code, who: Visitor) -> None:
    """Start without waiting: between rounds, the host says everyone is
    ready (once the host is)."""
    with transaction.atomic():
        table, seats = _locked_with_seats(code)
        _host_only(table, who, "start without waiting")
        game = _game(table)
        if table.status != Table.PLAYING:
            raise Refused("There's no game under way at this table.", 409)
        waiting = [(s, k) for s, k, _ in game.deciding(table.state) if k == "ready"]
        if not waiting:
            raise Refused("Nobody is waiting to be ready right now.", 409)
        me = _mine(seats, who)
        if me is not None and any(s == me.index for s, _ in waiting):
            raise Refused("Say you're ready yourself first.", 409)
        now = time.time()
        for seat, _kind in waiting:
            seq = table.state["seq"]
            moves.dispatch(game, table.state, seat, {"type": "ready"}, now)
            rows.record(table, seq, seat, {"type": "ready"}, now, "host")
        _sync_clocks(table, game, now)
        _advance(table, game, seats, now)
        rows.save(table)
        _notify(table, seats)


def cover(code, who: Visitor, index, level="medium") -> None:
    """A bot covers a person's seat: the host at any time, anyone once the
    person has kept the table waiting longer than the idle time."""
    with transaction.atomic():
        table = _locked(code)
        if table.status != Table.PLAYING:
            raise Refused("Seats are covered only during a game.", 409)
        seat = _seat_at(table, index)
        if seat.kind != Seat.PERSON or seat.covered:
            raise Refused("A bot is already playing that seat.", 409)
        now = time.time()
        if table.host != who.browser and not _idle(table, seat.index, now):
            raise Refused("Only the host can cover a seat before its player has been away a while.", 403)
        seat.covered, seat.was_covered, seat.level = True, True, _level(level)
        seat.save(update_fields=["covered", "was_covered", "level"])
        _advance_and_save(table, now)
        _notify(table)


def take_back(code, who: Visitor) -> None:
    """A person takes their seat back from the bot covering it."""
    with transaction.atomic():
        table, seats = _locked_with_seats(code)
        seat = _mine(seats, who)
        if seat is None:
            raise Refused("You don't have a seat at this table.", 403)
        if not seat.covered:
            raise Refused("Your seat is already yours to play.", 409)
        seat.covered = False
        seat.save(update_fields=["covered"])
        _advance_and_save(table, time.time())
        _notify(table)


def end(code, who: Visitor) -> None:
    """The host ends the game early: it is not kept."""
    with transaction.atomic():
        table = _locked(code)
        _host_only(table, who, "end the game")
        if table.status != Table.PLAYING:
            raise Refused("There's no game under way to end.", 409)
        table.status, table.due_at = Table.ENDED, None
        rows.save(table)
        _notify(table)


def tick(codes: list[str]) -> list[str]:
    """Play the bot moves that are due at these tables, all in one
    transaction (on PostgreSQL its round trips, not the bots, are most of a
    turn's time); returns the codes of the tables that moved. Several
    processes may tick at once: the one holding a table's row plays it,
    others pass it over."""
    moved = []
    with transaction.atomic():
        for table, seats in rows.playing_unlocked(codes):
            was_due = table.due_at
            if _advance(table, _game(table), seats, time.time()):
                _notify(table, seats)
                moved.append(table)
            elif table.due_at != was_due:
                rows.save(table, ["due_at", "clocks"])
                _set_alarm(table)
            elif table.due_at is not None and table.due_at > time.time():
                _set_alarm(table)  # rung early: ring again when the bot is due
        rows.save_plays(moved, last=True)
    return [table.code for table in moved]


def _advance_and_save(table: Table, now: float) -> None:
    if table.status == Table.PLAYING:
        _advance(table, _game(table), _seats(table), now)
    rows.save(table)


def _sync_clocks(table: Table, game, at: float) -> None:
    """Open decisions keep the time they began; new ones begin ``at``."""
    keys = {key for _seat, _kind, key in game.deciding(table.state)}
    table.clocks = {key: table.clocks.get(key, at) for key in keys}


def _think(table: Table, game, kind: str) -> float:
    pace = moves.BOT_PACE.get(game.options(table.settings).get("bot_pace", "brisk"), 1.0)
    return float(game.bot_think.get(kind, 1.0)) * pace * django_settings.PARLOR_BOT_THINK


def _advance(table: Table, game, seats: list[Seat], now: float) -> int:
    """Play every bot move that is due by ``now``, each at the moment it fell
    due; set ``due_at`` for the next. Returns how many were played."""
    played = 0
    while table.status == Table.PLAYING and played < MOST_BOT_MOVES:
        state = table.state
        if game.result(state) is not None:
            _finish(table, game, seats)
            break
        deciding = game.deciding(state)
        _sync_clocks(table, game, now)
        due = sorted(
            (table.clocks[key] + _think(table, game, kind), seat, key)
            for seat, kind, key in deciding
            if seat < len(seats) and seats[seat].plays_as_bot
        )
        if not due:
            table.due_at = None
            break
        when, seat, _key = due[0]
        if when > now:
            table.due_at = when
            break
        _bot_move(table, game, seats[seat], when)
        _sync_clocks(table, game, when)
        played += 1
    if table.status == Table.PLAYING and game.result(table.state) is not None:
        _finish(table, game, seats)
    if table.status != Table.PLAYING:
        table.due_at = None
    table.seq = table.state["seq"] if table.state else 0
    return played


def _bot_move(table: Table, game, seat: Seat, when: float) -> None:
    state = table.state
    seq = state["seq"]
    rng = random.Random(f"{table.seed}:{seq}:{seat.index}")
    by = "bot"
    try:
        action = play.bot_move(game, state, seat.index, seat.level, rng)
        moves.dispatch(game, state, seat.index, action, when)
    except Exception as refused:  # a bot's mistake must never stall the table
        if not isinstance(refused, Illegal):
            log.exception("the %s bot failed at %s", seat.level, table.code)
        action, by = play.fallback(game, state, seat.index), "fallback"
        moves.dispatch(game, state, seat.index, action, when)
    rows.record(table, seq, seat.index, action, when, by)


def _finish(table: Table, game, seats: list[Seat]) -> None:
    """The game ended by the rules: keep its result (once)."""
    table.status, table.due_at = Table.OVER, None
    result = game.result(table.state)
    kept, made = Result.objects.get_or_create(
        table=table, number=table.number,
        defaults={
            "game": table.game, "settings": table.settings,
            "seats": [{"name": s.name, "kind": s.kind, "level": s.level, "user": s.user_id,
                       "covered": s.was_covered or s.covered} for s in seats],
            "places": result["places"], "scores": result.get("scores", []),
            "outcome": {k: v for k, v in result.items() if k not in ("places", "scores")},
            "kept": any(s.user_id for s in seats if s.kind == Seat.PERSON),
        },
    )
    if made:
        transaction.on_commit(lambda: signals.game_finished.send(sender=Result, result=kept))


def _idle(table: Table, index: int, now: float) -> bool:
    """Whether a seat has kept the table waiting longer than the idle time."""
    if table.status != Table.PLAYING:
        return False
    game = _game(table)
    return any(
        now - table.clocks.get(key, now) >= django_settings.PARLOR_IDLE_SECONDS
        for seat, _kind, key in game.deciding(table.state) if seat == index
    )


# -- what a browser sees --------------------------------------------------------

def read(code, who: Visitor) -> dict:
    """The table as this browser may see it. A read plays bots that are due."""
    table = Table.objects.filter(code=normal_code(code)).first()
    if table is None:
        raise Refused(NO_SUCH_TABLE, 404)
    if table.status == Table.PLAYING and table.due_at is not None and table.due_at <= time.time():
        tick([table.code])
        table.refresh_from_db()
    return snapshot(table, who)


def snapshot(table: Table, who: Visitor, seats: list[Seat] | None = None) -> dict:
    """Everything one browser may know: the table around the game, and the
    game's own view for its seat (a spectator's if it has none)."""
    game = _game(table)
    seats = _seats(table) if seats is None else seats
    mine = _mine(seats, who)
    index = mine.index if mine is not None else None
    now = time.time()
    is_host = table.host == who.browser
    playing = table.status == Table.PLAYING
    deciding = {s for s, _k, _key in game.deciding(table.state)} if playing and table.state else set()
    view = game.view(table.state, index) if table.state is not None else None
    problem = None
    if table.status == Table.LOBBY and len(seats) not in game.sizes:
        problem = _size_problem(game, len(seats))
    return {
        "type": "snapshot",
        "code": table.code,
        "game": game.slug,
        "title": game.title,
        "status": table.status,
        "number": table.number,
        "seq": table.state["seq"] if table.state else 0,
        "host": is_host,
        "seat": index,
        "settings": dict(table.settings),
        "sizes": list(game.sizes),
        "players": list(game.players),
        "levels": list(LEVELS),
        "startProblem": problem,
        "seats": [
            {
                "index": s.index, "name": s.name, "kind": s.kind, "level": s.level if s.plays_as_bot else None,
                "covered": s.covered, "you": s is mine,
                "host": s.kind == Seat.PERSON and bool(s.browser) and s.browser == table.host,
                "deciding": s.index in deciding,
                "canCover": playing and s.kind == Seat.PERSON and not s.covered
                and (is_host or _idle(table, s.index, now)) and s is not mine,
            }
            for s in seats
        ],
        "view": view,
        "legal": offered(game, table.state, index) if index in deciding else [],
        "result": _result_of(table, game),
    }


def _result_of(table: Table, game) -> dict | None:
    """The game's result once it is over, with each seat's rating line."""
    if table.state is None or table.status != Table.OVER:
        return None
    result = dict(game.result(table.state))
    kept = table.results.filter(number=table.number).first()
    result["ratings"] = kept.changes if kept is not None else []
    return result


def _size_problem(game, n: int) -> str:
    try:
        game.new(n, "size-check", 0.0, {})
    except Illegal as refused:
        return refused.sentence
    except Exception:
        pass
    sizes = ", ".join(str(s) for s in game.sizes)
    return f"{game.title} starts with {sizes} seats; add a bot or remove a seat."


def tables_of(who: Visitor) -> list[dict]:
    """Every table this browser has a seat at, newest first."""
    seated = Seat.objects.filter(browser=who.browser, kind=Seat.PERSON).values("table_id")
    # Only the columns shown: the states stay in the database, and json
    # columns (which have no equality) stay out of the count's grouping.
    found = (Table.objects.filter(pk__in=seated).exclude(status=Table.ENDED)
             .values("code", "game", "status", "updated").annotate(seat_count=Count("seats")).order_by("-updated")[:30])
    out = []
    for table in found:
        game = registry.get(table["game"])
        out.append({"code": table["code"], "game": table["game"], "title": game.title if game else table["game"],
                    "status": table["status"], "seats": table["seat_count"]})
    return out
