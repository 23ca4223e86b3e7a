"""What a browser may know of a table: its snapshot (the table around the
game, and the game's own view for the browser's seat with the moves that
seat may make), and every seated browser's, as the text its sockets send."""

from __future__ import annotations

import functools
import time
from operator import is_

import orjson

from engine import registry
from engine.contract import LEVELS, offered

from . import bots, devices, pace, results, rows, starting
from .asking import Visitor
from .models import Result, Seat, Table


def views(table: Table, seats: list[Seat] | None = None, result: Result | None = None,
          notices: dict[str, str] | None = None) -> dict[str, str]:
    """The snapshot each browser at the table may see, as the text its
    sockets send: one per seated browser, and the host's (``result``: the
    one the change being told kept, if it ended the game). A watcher's
    socket reads its own (watchers are few, and most changes have none). A
    browser in ``notices`` is sent its sentence with its snapshot, as
    ``notice`` (one that has just left the table, or been taken off it, too)."""
    seats = rows.seats_of(table) if seats is None else seats
    notices = notices or {}
    browsers = devices.browsers(seats, table.host) | notices.keys()
    around, logs = _Around(table, seats, result), []
    return {browser: text(_log_written_once(_noticed(around.snapshot(Visitor(browser)), notices.get(browser)), logs))
            for browser in browsers if browser}


def _noticed(snap: dict, notice: str | None) -> dict:
    if notice is not None:
        snap["notice"] = notice
    return snap


def _log_written_once(snap: dict, logs: list) -> dict:
    """The snapshot with its view's log as JSON text, written once for every
    browser shown the same lines: the same entries, not equal copies (an
    entry never changes once logged, and a private line reaches each of its
    seats as a copy of its own), so no seat is ever shown another's log."""
    view = snap["view"]
    events = view.get("events") if isinstance(view, dict) else None
    if events:
        for shown, written in logs:
            if len(shown) == len(events) and all(map(is_, shown, events)):
                view["events"] = written
                return snap
        view["events"] = orjson.Fragment(rows.dumps(events))
        logs.append((events, view["events"]))
    return snap


def text(message: dict) -> str:
    """A message as a socket sends it: compact JSON (orjson writes it several
    times quicker, and a busy server writes thousands a second)."""
    return rows.dumps(message)


def snapshot(table: Table, who: Visitor, seats: list[Seat] | None = None) -> dict:
    """Everything one browser may know: the table around the game, and the
    game's own view for its seat (a spectator's if it has none)."""
    return _Around(table, rows.seats_of(table) if seats is None else seats).snapshot(who)


class _Around:
    """What every browser's snapshot of a table shares, worked out once for
    all of them: the game, who is deciding and who has kept the table
    waiting, why the table can't start, and the result."""

    def __init__(self, table: Table, seats: list[Seat], kept: Result | None = None):
        self.table, self.seats = table, seats
        self.game = game = registry.get(table.game)
        self.playing = table.status == Table.PLAYING
        deciding = game.deciding(table.state) if self.playing and table.state else []
        self.deciding = {s for s, _k, _key in deciding}
        # Each deciding seat's decision, its kind and key (open to the table,
        # as whose turn it is): the room kit's Your move and catch-up use it.
        self.decisions = {s: {"kind": k, "key": key} for s, k, key in deciding}
        now = time.time()
        self.idle = bots.idle_seats(table, deciding, now)
        # At a table played over days, the time each deciding seat has left.
        self.pace, self.left = pace.of(table), pace.left(table, now)
        self.pace_words = pace.said(table)
        limit = table.allowance if pace.over_days(table) else None
        self.seat_left = {} if limit is None else {
            s: table.clocks[key] + limit - now for s, _k, key in deciding if key in table.clocks}
        self.start = starting.start_of(game, len(seats), table.settings) if table.status == Table.LOBBY else starting.AS_IT_IS
        self.result = results.result_of(table, game, kept)
        self.hosts = {s.index for s in seats if s.held_by(table.host) and not s.device}
        # Only a table that draws the moves from the list is sent it: a Get
        # In Line hand holding a two-eyed jack lists a hundred moves.
        self.lists = game.legal_in_snapshot
        self.opening = game.opening(table.state) if table.state is not None else None
        # What each seat shows every browser alike; ``snapshot`` adds what
        # depends on the browser (whether it is theirs, here, or theirs to cover).
        lobby = table.status == Table.LOBBY
        self.shown = [
            {
                "index": s.index, "name": s.name, "kind": s.kind, "level": s.level if s.plays_as_bot else None,
                "covered": s.covered, "device": s.device, "hinted": s.hinted and not lobby,
                "host": s.index in self.hosts, "deciding": s.index in self.deciding,
                "left": self.seat_left.get(s.index),
            }
            for s in seats
        ]

    def snapshot(self, who: Visitor) -> dict:
        table, seats, game, deciding = self.table, self.seats, self.game, self.deciding
        own = devices.seats_of(seats, who.browser)
        mine = devices.holding(own)
        here = {s.index for s in own}
        # A device waiting to be passed on shows no seat's view, neither the
        # last person's nor the next's, until the next has it in hand.
        passing = devices.due_of(own, deciding) if self.playing and mine is not None else None
        if passing is not None:
            mine = None
        index = mine.index if mine is not None else None
        is_host = table.host == who.browser
        view = game.view(table.state, index) if table.state is not None else None
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
            "levelWords": dict(game.levels),  # what a bot at each level does in this game, in a few words
            "startProblem": self.start.problem,
            # How many bots the host's Start seats in the empty seats first (None: no number will do).
            "startBots": self.start.bots,
            "hints": table.hints,  # whether the host lets players ask for hints
            # What the host lets be said at the table: all, reactions or off; and whether by watchers too.
            "talk": {"allowed": table.talk, "watchers": table.watchers_talk},
            # Live, or over days with a time for each move (seconds; None: no
            # limit); and the seconds the player to move has left, with its
            # words ("2 days left"), at a table over days with a limit.
            "pace": self.pace,
            "left": self.left,
            "leftWords": pace.words(self.left),
            # Every word the page says of the pace: the bar's, the waiting room's and its choices.
            "paceWords": self.pace_words,
            "seats": [
                {
                    **shown, "you": s is mine, "here": s.index in here,
                    "canCover": self.playing and s.kind == Seat.PERSON and not s.covered
                    and (is_host or (mine is not None and s.index in self.idle)) and s.index not in here,
                }
                for s, shown in zip(seats, self.shown)
            ],
            "view": view,
            # Who this device must be handed to before anyone at it plays on.
            "pass": {"seat": passing.index, "name": passing.name} if passing is not None else None,
            # The game's own sentence for the start, if it has one: ``{n}``
            # stands for seat n's name (the browser fills them in).
            "opening": self.opening,
            "decision": self.decisions.get(index) if index is not None else None,
            "legal": offered(game, table.state, index, words_for(game)) if self.lists and index in deciding else [],
            "result": self.result,
        }


SENTENCES_KEPT = 4096  # per game: every move a table is offered, many times over


@functools.cache
def words_for(game):
    """The game's sentence for a move, remembered by the move: a sentence
    depends on the move alone, and every change at a table says each of the
    deciding seat's moves (a hand can hold a hundred), most of them the
    same as at the change before."""
    say = game.say
    said: dict[bytes, str] = {}

    def words(action) -> str:
        try:
            key = orjson.dumps(action)  # (exact: true is not 1, and lists are kept in order)
        except TypeError:
            return say(action)
        sentence = said.get(key)
        if sentence is None:
            if len(said) >= SENTENCES_KEPT:
                said.clear()
            sentence = said[key] = say(action)
        return sentence

    return words


