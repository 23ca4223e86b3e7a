"""The bots' worker processes: a pool in which a bot's decision is worked
out from its seat's view, off the server's event loop, so a person's move at
any table never waits behind a bot that searches.

Each server process starts its own pool with its ticker (``start``) and
stops it with the ticker (``stop``). The workers are forked from a small
process of their own (multiprocessing's forkserver) that has the games
loaded already, so a worker is ready in milliseconds, and none is forked
from the server itself, whose threads and sockets a fork would copy. A
worker knows no Django and no database: it is handed the game's module,
the view, the level and the seed of the bot's rng, and answers with the
move. Workers run at a lower priority than their server, so on a busy
machine people's moves are served first and bots think with what is left.
A worker ends with its server, even one killed outright: it watches the
server's process and ends the moment it does (and the forkserver ends once
its workers have).

Outside a server (scripts, tools, tests that drive the service directly)
no pool is started and ``running()`` is false: every bot decides in-process,
as ``engine.play`` does.

A hint (``tables.hints``) is the hard bot's move for a person's seat, asked
of the same pool the same way (``ask``), so one place works out both."""

from __future__ import annotations

import logging
import multiprocessing
import os
import random
import select
import signal
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from engine import registry

log = logging.getLogger(__name__)

NICENESS = 10  # how much lower the workers' priority is than the server's
STOP_SECONDS = 2.0  # how long a stopping pool's workers may take to finish a decision before they are ended

_pool: ProcessPoolExecutor | None = None
_size = 0
_context = multiprocessing.get_context("forkserver")
_lock = threading.Lock()  # start, stop and a broken pool's restart, from whichever thread


def machine_size() -> int:
    """The cores this process may run on: the pool's size unless the
    PARLOR_BOT_WORKERS setting says otherwise."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # (not every platform can say)
        return os.cpu_count() or 1


def start(size: int, games: list[str]) -> None:
    """Start this process's pool of ``size`` workers, the forkserver they
    come from loading the game modules ``games`` once for all of them. The
    workers start in the background: the server serves meanwhile."""
    global _pool, _size
    with _lock:
        if _pool is not None:
            return
        _context.set_forkserver_preload([__name__, "engine.play", *games])
        _size = max(1, size)
        _pool = pool = _new_pool()
    threading.Thread(target=_warm, args=(pool, _size), name="bot-workers-warm", daemon=True).start()


def _new_pool() -> ProcessPoolExecutor:
    return ProcessPoolExecutor(_size, mp_context=_context, initializer=_worker_starts, initargs=(os.getpid(),))


def _warm(pool: ProcessPoolExecutor, size: int) -> None:
    """Fork every worker now, so the first bot to think doesn't wait for
    the forkserver (the pool forks a worker when none is idle)."""
    try:
        for ready in [pool.submit(os.getpid) for _ in range(size)]:
            ready.result()
    except Exception:  # stopped meanwhile, or broken: the first decision tries again
        pass


def running() -> bool:
    return _pool is not None


def size() -> int:
    """How many workers the running pool has (none when stopped)."""
    return _size if _pool is not None else 0


def stop() -> None:
    """Stop the pool: questions not yet begun are dropped (their tables are
    still due, so whoever runs next asks again), and a worker still busy
    after STOP_SECONDS is ended."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is None:
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.join(STOP_SECONDS)
        if process.is_alive():
            process.kill()
            process.join()


def ask(module: str, view: dict, level: str, seed: str) -> Future:
    """The move a bot at ``level`` makes from ``view`` in the game
    ``module``, its rng seeded with ``seed``, worked out in a worker: a
    future of ``decide``'s answer, the move and its sentence (or of the
    bot's own error). A pool left broken by a worker that died is replaced
    first."""
    global _pool
    for attempt in range(2):
        pool = _pool
        if pool is None:
            raise BrokenProcessPool("the bots' workers are stopped")
        try:
            return pool.submit(decide, module, view, level, seed)
        except RuntimeError as stopping:  # shut down meanwhile (a BrokenProcessPool is one too)
            if not isinstance(stopping, BrokenProcessPool):
                raise BrokenProcessPool("the bots' workers are stopping") from stopping
            if attempt:
                raise
            log.warning("a bot worker died; starting the workers again")
            with _lock:
                if _pool is pool:
                    _pool = _new_pool()
            pool.shutdown(wait=False, cancel_futures=True)
    raise AssertionError("unreachable")


def broken(future: Future) -> bool:
    """Whether a finished question failed for want of a worker (one died,
    or the pool stopped), not by the bot's own fault: then it is asked again."""
    return future.cancelled() or isinstance(future.exception(), BrokenProcessPool)


def decide(module: str, view: dict, level: str, seed: str) -> tuple[dict, str | None]:
    """The bot's move, from the view alone, as ``engine.play`` would make
    it, and the sentence saying why (the game's ``bots.decide``; None where
    it has none): a table's bot plays the move, a hint shows both. In a
    worker, or in-process for a hint outside a server."""
    return registry.load(module).bots.decide(view, level, random.Random(seed))


def _worker_starts(server: int) -> None:
    # The server's Ctrl+C is its to handle: a worker waits to be stopped.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.nice(NICENESS)
    threading.Thread(target=_end_with, args=(server,), name="server-watch", daemon=True).start()


def _end_with(server: int) -> None:
    """In a worker: end the moment the server process ends, however it
    ends (killed outright, it can't stop its pool)."""
    try:
        ended = os.pidfd_open(server)  # readable once the process has ended
    except (AttributeError, OSError):  # not Linux, or the server is gone already
        ended = None
    if ended is not None:
        select.select([ended], [], [])
    else:
        while _alive(server):
            time.sleep(1.0)
    os._exit(0)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    return True
