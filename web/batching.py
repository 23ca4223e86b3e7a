"""People's moves from the sockets, made in batches. A transaction's own
cost (its commit most of all, and on PostgreSQL its two round trips) is more
than most moves', so the moves that arrive while the database is busy queue
here, and the next batch takes them all (up to ``db.MOVES_A_BATCH``) in one
transaction; an idle process still makes each move the moment it arrives.
Batches in flight never share a table: a move at a table whose batch waits
(on a row another process holds, say) waits for it, and moves at other
tables go ahead on the other threads. On SQLite the batches take their
turns on the loop, one after another."""

from __future__ import annotations

import asyncio
import weakref

from tables import db, service

from .actions import perform_moves

# Batches of moves in flight at once: on PostgreSQL one thread is left for
# the bots' turns and the snapshots (on SQLite they take their turns on the
# loop all the same).
BATCHES_AT_ONCE = max(1, db.THREADS - 1)


class _Queue:
    def __init__(self):
        self.waiting: list[tuple[tuple, asyncio.Future]] = []
        self.busy: set[str] = set()  # the tables of the batches in flight
        self.batches: set[asyncio.Task] = set()
        self.starting = False  # a start is due once the loop has read what arrived with this move


# One queue a loop (the server has one; tests may run several in turn).
_queues: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


async def move(code: str, who, body: dict) -> None:
    """Make one person's move, counted already, with whatever moves wait;
    raises its refusal."""
    loop = asyncio.get_running_loop()
    queue = _queues.setdefault(loop, _Queue())
    made = loop.create_future()
    queue.waiting.append(((code, who, body), made))
    if not queue.starting:
        # The moves that arrived with this one, in the same turn of the
        # loop, go in the same batch.
        queue.starting = True
        loop.call_soon(_start, queue)
    refused = await made
    if refused is not None:
        raise refused


def _start(queue: _Queue) -> None:
    """Start batches while there are threads for them and moves at tables
    no batch holds."""
    queue.starting = False
    while len(queue.batches) < BATCHES_AT_ONCE:
        batch, tables = _take(queue)
        if not batch:
            return
        task = asyncio.ensure_future(_make(queue, batch, tables))
        queue.batches.add(task)


def _take(queue: _Queue) -> tuple[list, set[str]]:
    """The next batch: waiting moves, up to a turn's worth, at tables no
    batch in flight holds; and its tables, now held."""
    batch, kept, tables = [], [], set()
    for waiting in queue.waiting:
        table = service.normal_code(waiting[0][0])
        if len(batch) < db.MOVES_A_BATCH and table not in queue.busy:
            batch.append(waiting)
            tables.add(table)
        else:
            kept.append(waiting)
    queue.waiting = kept
    queue.busy |= tables
    return batch, tables


async def _make(queue: _Queue, batch: list, tables: set[str]) -> None:
    try:
        # Each table's views go to its sockets as the batch is back, before the movers hear their outcomes.
        outcomes = (await db.call(perform_moves, [asked for asked, _made in batch], then=service.send_done)).reply
    except Exception as failed:  # not the database's (that is a refusal): the sockets' own handlers report it
        outcomes = [failed] * len(batch)
    finally:
        queue.busy -= tables
        queue.batches.discard(asyncio.current_task())
        _start(queue)
    for (_asked, made), outcome in zip(batch, outcomes):
        if made.done():
            continue  # (its socket closed meanwhile)
        if isinstance(outcome, Exception) and not isinstance(outcome, service.Refused):
            made.set_exception(outcome)
        else:
            made.set_result(outcome)
