"""Hints: the move the hard bot would make for a person's own seat, and its
sentence saying why, shown on their turn when they ask.

A hint is asked with the ``seq`` of the table on screen (``question``),
under the table's lock: only a person seated and playing their own seat,
on their own turn, at a table whose host allows hints. The first hint a
seat asks for in a game marks it ``hinted`` (kept with the seat, then with
the game's result), before it is worked out, so the game is not rated
whatever happens to any process meanwhile. The question carries the seat's own view and nothing else:
the bot thinks from what the person may know, so a hint can never tell
another seat's secret. Its rng is seeded as a hard bot's would be in that
seat (``bots.seed_of``): the hint is the move a hard bot covering the
seat would make now.

The answer (``answer``) is worked out off the event loop, so a hint never
holds up anyone's move. In a server it goes to the bots' worker pool, to
the same ``workers.decide`` a hard bot's move comes from, and at most half
the pool thinks about hints at once, so the table's bots always have
workers. Outside a server there is no pool (a script, a test driving the
service, or a server whose pool could not be had): the hint is worked out
in one thread of this process. One thread, so hints never take more than
a core of a process that isn't serving many tables; in a server, threads
would share the interpreter with the event loop, which is why the pool is
used there. Each decision's answer is kept a while, so asking again (a
second tab, a reload) costs nothing."""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

import orjson

from engine.contract import offered
from engine.why import sentence

from . import bots, workers
from .asking import Refused, Visitor
from .hold import UNDER_WAY, hold
from .seating import BETWEEN_GAMES
from .snapshots import words_for

log = logging.getLogger(__name__)

LEVEL = "hard"  # the strong bot, whose move a hint shows
KEPT = 256  # answers kept, the newest: a hint asked again is answered at once

WATCHING = "You're watching this table; only players can ask for a hint."
HINTS_OFF = "The host has turned hints off at this table."
NOT_YOUR_TURN = "A hint is for your own move: ask when it's your turn."
COVERED = "A bot is playing your seat for now. Take your seat back to ask for a hint."
NO_SEQ = "Your hint didn't say which turn it was asked on; reload to see the table."
STALE = "The table moved on before your hint was asked. Here is where it stands now."
BUSY = "The strong bot is busy with other hints just now; ask again in a moment."
NO_MOVE = "The strong bot couldn't settle on a move here; play as you see fit."
SAY_ON = "Say whether players may ask for hints: on is true or false."


@dataclass(frozen=True)
class Question:
    """A hint to be worked out: which decision (table code, game number,
    seq and seat), the game's module, the seat's own view, the bot's seed,
    and the moves the seat may make, each with its sentence."""

    key: tuple
    module: str
    view: dict
    seed: str
    legal: list


def question(code, who: Visitor, seq) -> Question:
    """A person's hint for the move the table on their screen (``seq``)
    waits for, or Refused with a sentence (changing nothing). The first
    hint of a game marks the seat."""
    with hold(code, who, only=UNDER_WAY) as held:
        table, game, seat = held.table, held.game, held.mine
        if seat is None:
            raise Refused(WATCHING, 403)
        if not table.hints:
            raise Refused(HINTS_OFF, 403)
        if seat.covered:
            raise Refused(COVERED, 409)
        if not isinstance(seq, int) or isinstance(seq, bool):
            raise Refused(NO_SEQ)
        if seq != table.state["seq"]:
            raise Refused(STALE, 409)
        if not any(s == seat.index and kind != "ready" for s, kind, _key in game.deciding(table.state)):
            raise Refused(NOT_YOUR_TURN, 409)
        if not seat.hinted:
            seat.hinted = True
            seat.save(update_fields=["hinted"])
            held.changed("updated")  # everyone's plates say so
        view, seed = bots.reading_for(table, game, seat)
        return Question(
            key=(table.code, table.number, seq, seat.index), module=game.__name__, view=view, seed=seed,
            legal=offered(game, table.state, seat.index, words_for(game)),
        )


def allow(code, who: Visitor, on) -> bool:
    """The host lets players ask for hints at this table, or not: a table
    setting, chosen between games."""
    if not isinstance(on, bool):
        raise Refused(SAY_ON)
    with hold(code, who, host="turn hints on or off", only=BETWEEN_GAMES) as held:
        if held.table.hints != on:
            held.table.hints = on
            held.changed("hints")
        return on


_answers: OrderedDict[tuple, Future] = OrderedDict()
_in_workers = 0  # hints being worked out in the pool now
_lock = threading.Lock()
_thread = ThreadPoolExecutor(1, thread_name_prefix="hints")


def answer(q: Question) -> Future:
    """The hint for ``q``, to come: a future of ``{"action", "say", "why"}``
    (the move, as ``legal`` lists it, its words, and the sentence saying
    why), or of Refused. The same decision asked again shares the answer."""
    global _in_workers
    with _lock:
        found = _answers.get(q.key)
        if found is not None and not (found.done() and workers.broken(found)):
            _answers.move_to_end(q.key)
            return found
        decided, in_a_worker = None, False
        if workers.running():
            if _in_workers >= max(1, workers.size() // 2):
                raise Refused(BUSY, 429)
            try:
                decided = workers.ask(q.module, q.view, LEVEL, q.seed)
                _in_workers += 1
                in_a_worker = True
            except BrokenProcessPool:
                log.warning("no bot worker could take a hint at %s; working it out here", q.key[0])
        if decided is None:
            decided = _thread.submit(workers.decide, q.module, q.view, LEVEL, q.seed)
        found = _answers[q.key] = Future()
        while len(_answers) > KEPT:
            _answers.popitem(last=False)
    # Outside the lock: a decision already made calls back at once, here,
    # and _worker_free takes the lock.
    if in_a_worker:
        decided.add_done_callback(_worker_free)
    decided.add_done_callback(lambda d: _settle(found, d, q))
    return found


def _worker_free(_decided: Future) -> None:
    global _in_workers
    with _lock:
        _in_workers -= 1


def _settle(found: Future, decided: Future, q: Question) -> None:
    if decided.cancelled() or isinstance(decided.exception(), BrokenProcessPool):
        found.set_exception(BrokenProcessPool("the hint's worker was lost"))  # asked again next time
        return
    if decided.exception() is not None:
        log.error("the hint at %s failed", q.key[0], exc_info=decided.exception())
        found.set_exception(Refused(NO_MOVE, 500))
        return
    move, reason = decided.result()
    move = orjson.loads(orjson.dumps(move))  # (as the browser would send it: lists, not tuples)
    offer = next((m for m in q.legal if m["action"] == move), None)
    if offer is None:
        log.error("the hard bot's hint at %s is not a legal move: %r", q.key[0], move)
        found.set_exception(Refused(NO_MOVE, 500))
        return
    found.set_result({"action": offer["action"], "say": offer["say"], "why": reason or _plain_reason(offer["say"], q.legal)})


def _plain_reason(said: str, legal: list) -> str:
    """The sentence for a game whose hard bot gives none (every game of
    Parlor's own says, in its words, what the move does for you)."""
    if len(legal) == 1:
        return sentence(said, "it's the only move you have")
    return sentence(said, "it's the move the strong bot would make with your cards")
