"""A finished game watched again, step by step. Each step is rebuilt from
the game's seed and its recorded moves through the engine's one replay
(``engine.play.states``), never read from a stored view, and shown as one
seat's view of that moment: the viewer's own seat if they played it, a
watcher's otherwise. So a replay shows nobody a card their seat couldn't see
at that point of the game. The service knows no rules: the game's contract
(view, deciding, result) says everything about a step.

Step 0 is the deal, before anyone moved; step k is the table after the
game's k-th move; the last step is the end.

Once a game is over its hands are no secret to the people who played it, so
they may watch it from any seat's side, or with every hand face up, and
download its record (``export``; engine/record.py). Anyone else allowed to
watch (a result's shared link) sees only what a watcher at the table saw."""

from __future__ import annotations

from dataclasses import dataclass

from engine import play, registry
from engine import record as records
from engine.contract import Illegal

from .asking import Refused
from .hold import NO_SUCH_TABLE, normal_code
from .models import Move, Result, Seat, Table

STILL_PLAYING = "This game is still being played: its replay opens once it's over."
ENDED_EARLY = "The host ended this game early, so it has no replay: only a game played to its end has one."
NO_GAME_YET = "No game has been played to its end at this table yet, so there is nothing to replay."
NOT_KEPT = "This game was played before Parlor kept what a replay needs, so it can't be replayed."
CHANGED = "This game can't be replayed: its rules have changed since it was played."
NOT_YOURS_TO_CHOOSE = ("Only the people who played this game may watch it from a seat's side or with every hand "
                       "face up; this link shows it as a watcher at the table saw it.")
ALL = "all"  # every hand face up
WATCHER = "watcher"  # nobody's hidden cards


@dataclass
class Record:
    """Everything a replay is made from: the game, its seats as they were,
    the seed and each move with the time it was made."""

    result: Result
    game: object
    seed: str
    moves: list  # (seat, action)
    times: list

    @property
    def last(self) -> int:
        return len(self.moves)


def latest(code) -> Result:
    """The result of a table's latest game, if that game was played to its
    end; otherwise why there is no replay to watch."""
    table = Table.objects.filter(code=normal_code(code)).first()
    if table is None:
        raise Refused(NO_SUCH_TABLE, 404)
    if table.status == Table.PLAYING:
        raise Refused(STILL_PLAYING, 409)
    if table.status == Table.ENDED:
        raise Refused(ENDED_EARLY, 409)
    result = table.results.filter(number=table.number).select_related("table").first()
    if result is None:
        raise Refused(NO_GAME_YET, 404)
    return result


def record(result: Result) -> Record:
    """The game's record, from the database: its seed (kept with the result,
    or the table's own while this is the table's latest game) and moves."""
    game = registry.get(result.game)
    table = result.table
    seed = result.seed or (table.seed if table.number == result.number else "")
    if game is None or not seed:
        raise Refused(NOT_KEPT, 410)
    rows = list(Move.objects.filter(table_id=result.table_id, number=result.number)
                .order_by("seq").values_list("seat", "action", "now"))
    return Record(result, game, seed, [(seat, action) for seat, action, _ in rows], [now for *_, now in rows])


def seats_of(result: Result, user_id: int | None, browser: str | None) -> list[int]:
    """The seats the asker played in this game: their account's in the
    game's record of its seats, and their browser's seats at the table (the
    same name at the same place): a device passed round played several."""
    seats = result.seats
    found = [i for i, seat in enumerate(seats) if user_id is not None and isinstance(seat, dict) and seat.get("user") == user_id]
    if browser:
        for mine in Seat.objects.filter(table_id=result.table_id, browser=browser, kind=Seat.PERSON):
            if mine.index < len(seats) and seats[mine.index].get("name") == mine.name and mine.index not in found:
                found.append(mine.index)
    return sorted(found)


def seat_of(result: Result, user_id: int | None, browser: str | None) -> int | None:
    """The seat a replay opens on for the asker: the first they played
    (on a device passed round, the host's own, as it is seated first)."""
    return next(iter(seats_of(result, user_id, browser)), None)


def side_asked(raw, n: int, choose: bool, default: int | None) -> int | str | None:
    """The side to watch from, as asked (a query string's text; nothing
    means ``default``): a seat's number, ``all`` for every hand face up, or
    ``watcher``; only the people who played (``choose``) may ask for
    anything but a watcher's."""
    if raw is None or raw == "":
        return default
    if raw == WATCHER:
        return None
    if not choose:
        raise Refused(NOT_YOURS_TO_CHOOSE, 403)
    if raw == ALL:
        return ALL
    if isinstance(raw, str) and raw.isascii() and raw.isdigit() and len(raw) < 4 and int(raw) < n:
        return int(raw)
    raise Refused(f"Say whose side to watch from: a seat's number from 0 to {n - 1}, {ALL} for every hand face up, "
                  f"or {WATCHER}.", 400)


def export(rec: Record) -> dict:
    """The game's record to download: its settings, seed, seats and moves,
    and the result it ended with."""
    result = rec.result
    return records.written(rec.game, result.settings, rec.seed, result.seats, rec.moves, rec.times,
                           {"places": result.places, "scores": result.scores}, result.finished.isoformat())


def step_number(raw, last: int) -> int:
    """The step asked for, as sent (a query string's text, or nothing: the
    deal), if it is one of this game's steps."""
    if raw is None or raw == "":
        return 0
    if not isinstance(raw, str) or not raw.isascii() or not raw.isdigit() or len(raw) > 7:
        raise Refused(f"Say which step to show as a whole number from 0 to {last}.", 400)
    step = int(raw)
    if step > last:
        raise Refused(f"This game has steps 0 to {last}; there is no step {step}.", 404)
    return step


def rebuilt(rec: Record, k: int) -> tuple[dict, int]:
    """The game's state after its first ``k`` moves, replayed by the
    engine, and how many events had been logged before the k-th."""
    before = 0
    try:
        for done, state in enumerate(play.states(rec.game, len(rec.result.seats), rec.seed, rec.result.settings,
                                                 rec.moves[:k], rec.times)):
            if done < k:
                before = state.get("logged", 0)
    except Illegal:
        raise Refused(CHANGED, 410) from None
    return state, before


def step(rec: Record, raw, side: int | str | None, named: bool = False) -> dict:
    """One step of the game as the seat ``side`` saw it (None: a watcher;
    ``ALL``: a watcher, and beside the table every hand face up), shaped as
    the table's snapshot is, so the game's own table draws it: the view,
    who was deciding, the events this step's move made (its log line), and
    at the end the result.

    ``named``: the seat watched isn't the watcher's own, so the step says
    so and the table names that seat rather than calling it "you" (its
    view stays the seat's: its cards, its place at the bottom)."""
    k = step_number(raw, rec.last)
    game, result = rec.game, rec.result
    seats = result.seats
    seat = side if isinstance(side, int) else None
    state, before = rebuilt(rec, k)
    view = game.view(state, seat)
    deciding = {s for s, _kind, _key in game.deciding(state)}
    over = game.result(state) is not None
    events = view.get("events", []) if isinstance(view, dict) else []
    return {
        "type": "replay",
        "game": game.slug,
        "title": game.title,
        "status": Table.OVER if over else Table.PLAYING,
        "number": result.number,
        "seq": state.get("seq", k),
        "host": False,
        "seat": seat,
        "named": named,
        "settings": dict(result.settings),
        "seats": [
            # (covered: a bot played this person's seat at some point of the game)
            {"index": i, "name": s.get("name", ""), "kind": s.get("kind"),
             "level": s.get("level") if s.get("kind") == Seat.BOT or s.get("covered") else None,
             "covered": bool(s.get("covered")) and s.get("kind") == Seat.PERSON,
             "you": i == seat, "host": False, "deciding": i in deciding and not over, "canCover": False}
            for i, s in enumerate(seats)
        ],
        "view": view,
        "legal": [],
        "result": {**game.result(state), "ratings": result.changes} if over else None,
        "step": k,
        "steps": rec.last,
        "side": side,
        "hands": [{"seat": i, "name": s.get("name", ""), "cards": game.hand(game.view(state, i))}
                  for i, s in enumerate(seats)] if side == ALL else None,
        "mover": seats[rec.moves[k - 1][0]].get("name") if k else None,
        "fresh": [e for e in events if isinstance(e, dict) and e.get("n", -1) >= (before if k else 0)],
    }
