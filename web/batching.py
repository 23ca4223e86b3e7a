"""People's moves from the sockets, made in batches. While the loop waits
on the database for one batch, the moves that arrive queue here; the next
batch takes them all (up to ``db.TABLES_A_TURN``) in one transaction. On
PostgreSQL a move's two round trips are most of its time on the loop, so a
busy process spends them once for many moves; an idle one still makes each
move the moment it arrives. On SQLite each move is its own call, as it
would be alone."""

from __future__ import annotations

import asyncio
import weakref

from tables import db

from .actions import perform_moves


class _Queue:
    def __init__(self):
        self.waiting: list[tuple[tuple, asyncio.Future]] = []
        self.draining: asyncio.Task | None = None


# One queue a loop (the server has one; tests may run several in turn).
_queues: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


async def move(code: str, who, body: dict) -> None:
    """Make one person's move, counted already, with whatever moves wait;
    raises its refusal."""
    if db.TABLES_A_TURN == 1:
        # (SQLite answers in microseconds: a move gains nothing by waiting for
        # company, and each socket's call takes its own turn on the loop.)
        refused = (await db.call(perform_moves, [(code, who, body)]))[0]
    else:
        refused = await _queued(code, who, body)
    if refused is not None:
        raise refused


async def _queued(code: str, who, body: dict):
    loop = asyncio.get_running_loop()
    queue = _queues.setdefault(loop, _Queue())
    made = loop.create_future()
    queue.waiting.append(((code, who, body), made))
    if queue.draining is None or queue.draining.done():
        queue.draining = asyncio.ensure_future(_drain(queue))
    return await made


async def _drain(queue: _Queue) -> None:
    while queue.waiting:
        batch = queue.waiting[:db.TABLES_A_TURN]
        del queue.waiting[:len(batch)]
        try:
            outcomes = await db.call(perform_moves, [asked for asked, _made in batch])
        except Exception as failed:  # not the database's (that is a refusal): the sockets' own handlers report it
            for _asked, made in batch:
                if not made.done():
                    made.set_exception(failed)
            continue
        for (_asked, made), outcome in zip(batch, outcomes):
            if not made.done():  # (its socket may have closed meanwhile)
                made.set_result(outcome)
