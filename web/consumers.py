"""The websocket: one per browser tab, bound to its seat (or watching). Every
change at the table sends this socket its own seat's view; nothing else ever
crosses it, so no other seat's secret can.

A socket without a browser session only watches: it can take no seat and
make no move (the page takes a seat over HTTP, which makes the session, and
connects again). Each browser and address may hold so many sockets open, and
each socket ask for the table afresh so often (``caps``)."""

from __future__ import annotations

import asyncio
import collections
import functools
import logging

from channels.generic.websocket import AsyncWebsocketConsumer
from django.db import DatabaseError

from tables import alarms, db, layer, service, talking
from tables.internals import DispatchOnTheLoop
from tables.models import Table

from . import batching, caps, limits, visitors, wire
from .actions import not_saved, perform
from .api import BROKE

log = logging.getLogger(__name__)

_AFRESH = object()  # (a change without this browser's view: read the table)
TALK_QUEUED = 100  # things said kept for a socket still sending the ones before
WATCHING_ONLY = "This page is only watching the table. Reload it, then take a seat to play."


def _overtakes(message: dict, waiting: dict | None) -> bool:
    """Whether ``message`` is to be sent rather than the one ``waiting`` to
    go. Processes tell their changes as each gets round to it, so one told
    late may come after a later change: the later is kept. A table to read
    afresh is kept over any change, and a change never puts it off."""
    if waiting is None or "order" not in message:
        return True
    return "order" in waiting and message["order"] >= waiting["order"]


class TableConsumer(DispatchOnTheLoop, AsyncWebsocketConsumer):
    shown = (-1, -1)  # the (game number, seq) this socket last sent
    latest = None  # the newest change handed over directly, not yet sent
    sending = None  # the task sending it
    counted = ()  # what caps counted this socket as, handed back when it closes
    refreshing = None  # the refresh waiting for the socket's allowance to come back
    hinting = None  # the hint being worked out for this socket
    to_say = None  # what was said at the table and not yet sent, oldest first
    saying = None  # the task sending it

    async def connect(self):
        self.base_send = self.scope.get("parlor.send", self.base_send)  # (parlor/asgi.py)
        self.code = service.normal_code(self.scope["url_route"]["kwargs"]["code"])
        self.who = visitors.from_scope(self.scope)
        browser = visitors.browser_of(self.scope)
        self.watching_only = browser is None
        self.address = visitors.socket_address(self.scope)
        self.refreshes = caps.Refreshes()
        counted = caps.open_socket(browser, self.address)
        if isinstance(counted, str):
            await self.accept()
            await self._send({"type": "error", "message": counted, "status": 429})
            await self.close(code=4429)
            return
        self.counted = counted
        if not await db.call(Table.objects.filter(code=self.code).exists):
            await self.accept()
            await self._send({"type": "error", "message": service.NO_SUCH_TABLE})
            await self.close(code=4404)
            return
        self.group = service.group(self.code)
        self.channel_layer.listen(self.channel_name, self._handed)
        joined = await self._join_group()
        await self.accept()
        await self.send_snapshot()
        await self._send_lately()
        if not joined:
            # The table is shown as it stands, but live updates can't reach
            # this socket: close it so the page reconnects and tries again.
            await self.close(code=1011)

    async def _join_group(self) -> bool:
        """Listen for changes at the table. A channel layer that just came
        back may hand out a dead connection first, so try twice."""
        for attempt in range(2):
            try:
                await layer.call(self.channel_layer.group_add, self.group, self.channel_name)
                return True
            except Exception:
                if attempt:
                    log.warning("live updates are unavailable for %s", self.code, exc_info=True)
        return False

    def _handed(self, message):
        """A change handed over directly by this process's layer. Only the
        newest matters (a later view replaces an earlier one), so a socket
        that falls behind skips to it."""
        if message.get("type") == "table.talk":
            self._heard_said(message)
            return
        # The bot another process handed on is taken up as its change
        # arrives, not once this socket sends it: a page that stopped reading
        # holds up its own socket, never the table's bots.
        bot = message.get("bot")
        if bot is not None and bot["from"] != alarms.PROCESS:
            alarms.set_for(bot["code"], bot["due"])
        if _overtakes(message, self.latest):
            self.latest = message
        if self.sending is None:
            self.sending = asyncio.ensure_future(self._send_latest())

    async def _send_latest(self):
        """Send the newest change handed over, until none is left."""
        try:
            while self.latest is not None:
                message, self.latest = self.latest, None
                await self.dispatch(message)
        except Exception:  # the socket closed under us; its page reconnects
            log.debug("could not send a change to %s", self.channel_name, exc_info=True)
        finally:
            self.sending = None

    def _heard_said(self, message):
        """Something said at the table: unlike a change, every one is sent,
        in the order said. A socket that stopped reading keeps only the
        latest TALK_QUEUED (its page reads them afresh when it reconnects)."""
        if self.to_say is None:
            self.to_say = collections.deque(maxlen=TALK_QUEUED)
        self.to_say.append(message["text"])
        if self.saying is None:
            self.saying = asyncio.ensure_future(self._say_all())

    async def _say_all(self):
        try:
            while self.to_say:
                await self.base_send({"type": "websocket.send", "text": self.to_say.popleft()})
        except Exception:  # the socket closed under us; its page reconnects
            log.debug("could not send talk to %s", self.channel_name, exc_info=True)
        finally:
            self.saying = None

    async def table_talk(self, event):
        """Something said, come through the layer's queue rather than handed over."""
        await self.base_send({"type": "websocket.send", "text": event["text"]})

    async def _send_lately(self):
        """What was said at the table lately, for a page arriving."""
        try:
            lately = await db.call(talking.lately, self.code)
        except DatabaseError:
            log.warning("could not read what was said at %s", self.code, exc_info=True)
            return
        if lately is not None:
            await self._send(lately)

    async def disconnect(self, close_code):
        caps.close_socket(self.counted)
        self.counted = ()
        for waiting in (self.refreshing, self.hinting, self.saying):
            if waiting is not None:
                waiting.cancel()
        self.channel_layer.stop_listening(self.channel_name)
        if hasattr(self, "group"):
            await layer.call(self.channel_layer.group_discard, self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        """One frame from the page. Whatever goes wrong with it is answered
        with a sentence and the socket stays open: one bad frame never costs
        a player their connection."""
        name = None  # what the frame asks for, once that can be read
        try:
            message = wire.parse(text_data if text_data is not None else bytes_data)
            name, kind = _asked(message), message.get("type")
            if kind in ("hello", "refresh"):
                await self._refresh()
                return
            if kind == "act" and name == "act":
                raise service.Refused('An act message says what to do, like {"type": "act", "do": "bot"}.')
            if kind not in ("move", "act", "hint", "talk"):
                raise service.Refused("A message's type is move, act, hint, talk or refresh.")
            if self.watching_only:
                raise service.Refused(WATCHING_ONLY, 403)
            who = self.who
            if isinstance(message.get("name"), str):
                who = service.Visitor(who.browser, message["name"], who.user_id)
            await limits.admit(who.browser, name, self.address)
            if name == "move":
                await batching.move(self.code, who, message)
            elif name == "hint":
                await self._hint(who, message.get("seq"))
            else:
                await db.call(functools.partial(perform, counted=True), name, self.code, who, message, then=service.send_done)
            if name == "join":
                self.who = who
        except service.Refused as refused:
            await self._refuse(name, refused.sentence, refused.status)
            if refused.status == 409:
                await self.send_snapshot()
        except Exception:
            log.exception("a frame at %s (%s) failed", self.code, name)
            await self._refuse(name, BROKE, 500)

    async def _hint(self, who, seq):
        """Ask for a hint (refused at once if it can't be had) and send it
        when it comes, meanwhile reading the socket's next frames: a move
        made while the bot thinks goes as soon as it is sent."""
        try:
            # (The seat's first hint is marked on everyone's plates.)
            asked = await db.call(service.act, service.hints.question, self.code, who, seq, then=service.send_done)
        except DatabaseError:
            raise not_saved("hint", self.code) from None
        question = asked.reply
        coming = service.hints.answer(question)
        if self.hinting is not None:
            self.hinting.cancel()  # (only the newest question is worth an answer)
        self.hinting = asyncio.ensure_future(self._send_hint(question, coming))

    async def _send_hint(self, question, coming):
        _code, number, seq, _seat = question.key
        try:
            # Shielded: the answer is shared with every socket that asked it.
            found = await asyncio.shield(asyncio.wrap_future(coming))
            await self._send({"type": "hint", "number": number, "seq": seq, **found})
        except asyncio.CancelledError:
            raise
        except service.Refused as refused:
            await self._refuse("hint", refused.sentence, refused.status)
        except Exception:
            log.exception("a hint at %s failed", self.code)
            await self._refuse("hint", BROKE, 500)
        finally:
            if self.hinting is asyncio.current_task():
                self.hinting = None

    async def _refuse(self, name, sentence: str, status: int):
        # ``for`` says what was refused, so the page lets a move it sent go;
        # None for a frame that couldn't be read, which may have been that move.
        await self._send({"type": "error", "for": name, "message": sentence, "status": status})

    async def _refresh(self):
        """The table as it stands, within the socket's allowance; beyond it,
        a sentence now and one snapshot, for every refresh asked meanwhile,
        once the allowance comes back."""
        if self.refreshing is None:
            wait = self.refreshes.take()
            if not wait:
                await self.send_snapshot()
                return
            self.refreshing = asyncio.ensure_future(self._refresh_in(wait))
        raise service.Refused(caps.TOO_MANY_REFRESHES, 429)

    async def _refresh_in(self, seconds: float):
        try:
            await asyncio.sleep(seconds)
            await self.send_snapshot()
        except Exception:  # the socket closed meanwhile
            log.debug("could not send a refresh to %s", self.channel_name, exc_info=True)
        finally:
            self.refreshing = None

    async def table_changed(self, event):
        """A change committed somewhere: its message carries the view of
        every browser with a seat, already built, and this socket sends its
        own browser's; a watcher's socket reads the table for its own."""
        view = self._view_of(event)
        if view is _AFRESH:
            await self.send_snapshot()
        elif view is not None:
            await self.base_send({"type": "websocket.send", "text": view})

    def _view_of(self, event):
        """This socket's view in a change, as the text to send; None if a
        later change has been shown already, or _AFRESH if the change has no
        view for this browser (a watcher's) and the table is to be read."""
        order = tuple(event["order"])
        if order < self.shown:
            return None  # overtaken: a later change has already been shown
        view = event["views"].get(self.who.browser)
        if view is None:
            return _AFRESH
        self.shown = order
        return view

    async def table_stale(self, event):
        """Changes may have gone unheard (the layer lost Redis for a while):
        send the table as it stands."""
        await self.send_snapshot()

    async def send_snapshot(self):
        try:
            snap = await db.call(self._snapshot)
        except service.Refused as refused:
            await self._send({"type": "error", "message": refused.sentence, "status": refused.status})
            return
        self.shown = (snap["number"], snap["seq"])
        await self._send(snap)

    def _snapshot(self):
        table = Table.objects.filter(code=self.code).first()
        if table is None:
            raise service.Refused("This table is gone.", 404)
        return service.snapshot(table, self.who)

    async def _send(self, message: dict):
        await self.base_send({"type": "websocket.send", "text": service.text(message)})


def _asked(message: dict) -> str | None:
    """What a readable frame asks for: an act's ``do``, else its type (an
    unknown type too, so its refusal says what it answers)."""
    kind, do = message.get("type"), message.get("do")
    if kind == "act" and isinstance(do, str) and do != "act":
        return do
    return kind if isinstance(kind, str) else None

