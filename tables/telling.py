"""Telling the sockets of a change. Once the transaction commits, each
browser's view is built once and handed to the channel layer, which carries
it to every socket at the table, in this process or another (decision 2);
the coin of decision 7 says which process plays the bot the change leaves
thinking."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from . import alarms, layer, mainloop, snapshots
from .models import Table

if TYPE_CHECKING:
    from .hold import Held

log = logging.getLogger(__name__)


def tell(held: Held) -> None:
    """Once the change to the table in hand commits, build each browser's
    view of the table once and hand them to every socket watching it: a
    socket never sees a change that rolled back, and never has to read the
    database to learn of one. With no socket watching (a table whose people
    left it to its bots, or that is played from the API), no view is built.
    The held table's ``notices`` go with their browsers' views."""
    if held.telling:
        return  # one message per change carries the table as it ends
    held.telling = True
    table = held.table

    def send():
        held.telling = False
        channel_layer = get_channel_layer()
        due = table.due_at if table.status == Table.PLAYING else None
        bot = None
        if due is not None and hasattr(channel_layer, "group_send_counted") and alarms.handed_on(table.code, table.seq):
            bot = {"code": table.code, "due": due, "from": alarms.PROCESS}
        elif due is not None:
            alarms.set_for(table.code, due)
        if channel_layer is None or not _heard_at(channel_layer, group(table.code)):
            return  # nobody watches: a socket that comes reads the table as it stands
        try:
            message = {"type": "table.changed", "order": [table.number, table.seq],
                       "views": snapshots.views(table, held.seats, held.result, held.notices), "bot": bot}
        except Exception:
            log.exception("could not build the views of %s", table.code)
            if bot is not None:
                alarms.set_for(table.code, due)
            return
        _hand(channel_layer, group(table.code), message)

    transaction.on_commit(send)


def tell_all(code: str, message: dict) -> None:
    """Once this commits, hand ``message`` (the same for every browser, such
    as a word said at the table) to every socket at the table ``code``."""
    def send():
        channel_layer = get_channel_layer()
        if channel_layer is not None and _heard_at(channel_layer, group(code)):
            _hand(channel_layer, group(code), message)

    transaction.on_commit(send)


def _hand(channel_layer, name: str, message: dict) -> None:
    if getattr(channel_layer, "local_only", False) and mainloop.hand(channel_layer.hand_out, name, message):
        return  # this process's sockets are all there are
    telling = _tell(channel_layer, name, message)
    if not mainloop.hand(_start, telling):
        telling.close()
        async_to_sync(_tell)(channel_layer, name, message)


_telling: set[asyncio.Task] = set()  # held so a message in flight isn't collected


def _start(telling) -> None:
    rest = mainloop.started(telling)
    if rest is None:
        return  # told without a wait
    task = asyncio.ensure_future(rest)
    _telling.add(task)
    task.add_done_callback(_telling.discard)


async def _tell(channel_layer, name: str, message: dict) -> None:
    bot, heard_by = message.get("bot"), 0
    try:
        if bot is None:
            await layer.call(channel_layer.group_send, name, message)
        else:
            heard_by = await layer.call(channel_layer.group_send_counted, name, message)
    except (OSError, TimeoutError) as away:  # Redis: this process's sockets heard it; the others catch up when it's back
        log.warning("could not tell the other processes about a change at %s: %s", name, away)
    except Exception:  # the database is the truth; clients catch up on reconnect
        log.warning("could not tell sockets about a change at %s", name, exc_info=True)
    if bot is not None and heard_by < 2:
        alarms.set_for(bot["code"], bot["due"])  # no other process heard: the bot is this one's to play


def _heard_at(channel_layer, name: str) -> bool:
    heard_at = getattr(channel_layer, "heard_at", None)
    return heard_at is None or heard_at(name)


def group(code: str) -> str:
    return f"table.{code}"
