"""Telling the sockets of a change. Each table action is one call
(``act``): it makes the change and, once the transaction commits, builds
each browser's view once, and returns its reply with those messages
(``Done``); its caller on the event loop hands them to the channel layer
(``send``), which carries them to every socket at the table, in this
process or another (decision 2). The coin of decision 7 says which process
plays the bot the change leaves thinking."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from channels.layers import get_channel_layer
from django.db import transaction

from . import alarms, layer, snapshots
from .models import Table

if TYPE_CHECKING:
    from .hold import Held

log = logging.getLogger(__name__)


@dataclass
class Done:
    """What a table action answers, and the messages its committed changes
    leave for the tables' sockets, each ``(group, message)``, views built."""

    reply: Any = None
    told: list[tuple[str, dict]] = field(default_factory=list)


_acting = threading.local()  # the Done of the action under way on this thread


def act(action: Callable, *args) -> Done:
    """Do ``action(*args)``, a table action of the service, and return its
    reply and what its changes tell the sockets. A refusal it raises
    changed nothing and tells nobody. (An action run outside ``act``, by a
    script or a test, tells no socket.)"""
    outer, done = getattr(_acting, "done", None), Done()
    _acting.done = done
    try:
        done.reply = action(*args)
    finally:
        _acting.done = outer
    return done


def _keep(group_name: str, message: dict) -> None:
    done = getattr(_acting, "done", None)
    if done is not None:
        done.told.append((group_name, message))


def tell(held: Held) -> None:
    """Once the change to the table in hand commits, build each browser's
    view of the table once, for the action's caller to hand to every socket
    watching it: a socket never sees a change that rolled back, and never
    has to read the database to learn of one. With no socket watching (a
    table whose people left it to its bots, or that is played from the
    API), no view is built. The held table's ``notices`` go with their
    browsers' views."""
    if held.telling:
        return  # one message per change carries the table as it ends
    held.telling = True
    table = held.table

    def build():
        held.telling = False
        channel_layer = get_channel_layer()
        due = table.due_at if table.status == Table.PLAYING else None
        bot = None
        if due is not None and not getattr(channel_layer, "local_only", True) and alarms.handed_on(table.code, table.seq):
            bot = {"code": table.code, "due": due, "from": alarms.PROCESS}
        elif due is not None:
            alarms.set_for(table.code, due)
        if channel_layer is None or not channel_layer.heard_at(group(table.code)):
            return  # nobody watches: a socket that comes reads the table as it stands
        try:
            message = {"type": "table.changed", "order": [table.number, table.seq],
                       "views": snapshots.views(table, held.seats, held.result, held.notices), "bot": bot}
        except Exception:
            log.exception("could not build the views of %s", table.code)
            if bot is not None:
                alarms.set_for(table.code, due)
            return
        _keep(group(table.code), message)

    transaction.on_commit(build)


def tell_all(code: str, message: dict) -> None:
    """Once this commits, hand ``message`` (the same for every browser, such
    as a word said at the table) to every socket at the table ``code``."""
    def build():
        channel_layer = get_channel_layer()
        if channel_layer is not None and channel_layer.heard_at(group(code)):
            _keep(group(code), message)

    transaction.on_commit(build)


_telling: set[asyncio.Task] = set()  # held so a message in flight isn't collected


def send(told: list[tuple[str, dict]]) -> list[asyncio.Task]:
    """On the event loop: hand each message to its table's sockets. In this
    process that is done at once, and so is the message's write to Redis
    for the other processes while its link is open; what has to wait on
    Redis (its link opened again, or its count of the processes that heard
    a change that leaves a bot thinking) goes on in a task (returned), so
    the caller never waits on it."""
    if not told:
        return []
    channel_layer, going = get_channel_layer(), []
    loop = asyncio.get_running_loop()
    for name, message in told:
        if channel_layer.local_only:
            channel_layer.hand_out(name, message)
            continue
        heard = loop.create_future() if message.get("bot") is not None else None
        if not channel_layer.publish_now(name, message, heard):
            heard = None  # (to be published once the link is open)
        elif heard is None:
            continue  # published, and nothing to wait for
        task = asyncio.ensure_future(_tell(channel_layer, name, message, heard))
        _telling.add(task)
        task.add_done_callback(_telling.discard)
        going.append(task)
    return going


def send_done(done: Done) -> None:
    """``send`` the messages of a ``Done`` (for ``db.call``'s ``then``)."""
    send(done.told)


async def sent(told: list[tuple[str, dict]]) -> None:
    """``send``, for a caller off the loop (``async_to_sync``): done once
    Redis has them."""
    going = send(told)
    if going:
        await asyncio.wait(going)


async def _tell(channel_layer, name: str, message: dict, heard: asyncio.Future | None) -> None:
    """Publish the message (or, ``heard``, wait for Redis's count of the
    processes that heard it published): the bot a change left thinking is
    this process's to play unless another process heard it (decision 7)."""
    bot, heard_by = message.get("bot"), 0
    try:
        if heard is not None:
            heard_by = await channel_layer.counted(name, heard)
        elif bot is None:
            await layer.call(channel_layer.group_send, name, message)
        else:
            heard_by = await layer.call(channel_layer.group_send_counted, name, message)
    except (OSError, TimeoutError) as away:  # Redis: this process's sockets heard it; the others catch up when it's back
        log.warning("could not tell the other processes about a change at %s: %s", name, away)
    except Exception:  # the database is the truth; clients catch up on reconnect
        log.warning("could not tell sockets about a change at %s", name, exc_info=True)
    if bot is not None and heard_by < 2:
        alarms.set_for(bot["code"], bot["due"])  # no other process heard: the bot is this one's to play


def group(code: str) -> str:
    return f"table.{code}"
