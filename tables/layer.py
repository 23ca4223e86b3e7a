"""The channel layer, as the table service uses it.

``ProcessLayer`` is the layer of a single server process: channels'
in-memory layer, kept cheap when many sockets are open. The stock layer
sweeps every channel and group for expired messages on each send and
receive, work that grows with every socket held, and drops a socket from its
group after a day; here the sweep runs at most once a second, a socket stays
in its table's group until it leaves (a tab left open overnight still hears
the table), and a group send hands the message itself to each member.

``SharedLayer`` is the layer of a site on several processes: the same, with
Redis's publish and subscribe carrying each change between them, over two
connections a process. A change reaches this process's own sockets first,
straight from memory, so a table plays on for the sockets of its process
while Redis is away, and the other processes' sockets read the table
afresh once it is back.

``call`` makes every call to the layer wait its turn, at most CALLS_AT_ONCE
in flight, so a crowd of sockets connecting at once queues instead of
piling up.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import secrets
import time
import weakref

import hiredis
import orjson
import redis.asyncio
from channels.layers import InMemoryChannelLayer

from . import mainloop

log = logging.getLogger(__name__)

CALLS_AT_ONCE = 32  # per process
CONNECT_SECONDS = 5.0
RETRY_SECONDS = 1.0

_turns: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # event loop -> its semaphore


async def call(method, *args):
    """``await method(*args)`` on the layer, with at most CALLS_AT_ONCE in flight."""
    loop = asyncio.get_running_loop()
    turn = _turns.get(loop)
    if turn is None:
        turn = _turns[loop] = asyncio.Semaphore(CALLS_AT_ONCE)
    async with turn:
        return await method(*args)


def counting(key: str, earlier: str, seconds: int) -> tuple[tuple, tuple, tuple]:
    """The commands that count one action in a rate limit's window in Redis
    (web/limits.py): add one at ``key``, which lapses ``seconds`` after it
    began, and read the count at ``earlier``. Sent together, not as a
    transaction: a window's key is named for its window, so an expiry that
    never came would cost a stray key, never a wrong count."""
    return ("INCR", key), ("EXPIRE", key, seconds, "NX"), ("GET", earlier)


class ProcessLayer(InMemoryChannelLayer):
    local_only = True  # a group send never leaves the process, nor waits (``hand_out``)

    def __init__(self, group_expiry: int = 100 * 365 * 86400, **kwargs):
        super().__init__(group_expiry=group_expiry, **kwargs)
        self.listeners: dict[str, callable] = {}

    def listen(self, channel: str, deliver) -> None:
        """Hand this channel's group messages to ``deliver(message)`` as they
        are sent, instead of queueing them for the channel to receive: a
        socket then wakes once for a change, not through a queue, a task and
        a wait on both its sources."""
        self.listeners[channel] = deliver

    def stop_listening(self, channel: str) -> None:
        self.listeners.pop(channel, None)

    def heard_at(self, group) -> bool:
        """Whether a change at this group reaches anyone: here, only the
        sockets this process holds."""
        return bool(self.groups.get(group))

    async def group_send(self, group, message):
        self.hand_out(group, message)

    def hand_out(self, group, message) -> None:
        """``group_send`` as a plain call, for a caller on the loop: with
        every socket in this process there is nothing to wait for, so no
        coroutine and no task."""
        assert self.local_only, "a layer that crosses processes sends with group_send"
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._hand_out(group, message)

    def _hand_out(self, group, message):
        """Every member in this process gets the message itself, not a copy:
        the sockets only read it, and a change's views run to several
        kilobytes. (A message queued for a channel with no listener lapses
        at the layer's own sweep, which its other calls make.)"""
        expires = time.time() + self.expiry
        for channel in list(self.groups.get(group, ())):
            deliver = self.listeners.get(channel)
            if deliver is not None:
                deliver(message)
                continue
            queue = self.channels.get(channel)
            if queue is None:
                queue = self.channels[channel] = asyncio.Queue(maxsize=self.get_capacity(channel))
            try:
                queue.put_nowait((expires, message))
            except asyncio.QueueFull:  # a socket that stopped reading; it catches up on reconnect
                pass


def _framed(message: dict) -> bytes:
    """A message as Redis carries it between processes. A change's views are
    JSON text already: they ride after the rest as they are, one a line
    (compact JSON never holds a newline), where orjson would write each
    again as a string, every quote escaped, for the other process to read
    back; a fifth fewer bytes, and a third of the time."""
    views = message.get("views")
    if views:
        lines = [view.encode() for view in views.values()]
        if not any(b"\n" in line for line in lines):
            head = {key: value for key, value in message.items() if key != "views"}
            head["browsers"] = list(views)
            return orjson.dumps(head) + b"".join(b"\n" + line for line in lines)
    return orjson.dumps(message)


def _unframed(data: bytes) -> dict:
    head, *lines = data.split(b"\n")
    message = orjson.loads(head)
    if lines:
        message["views"] = dict(zip(message.pop("browsers"), (line.decode() for line in lines)))
    return message


async def _within(answers: list[asyncio.Future], seconds: float) -> None:
    """Wait for the replies to commands sent together; those not come
    within ``seconds`` fail with TimeoutError, and the first that failed is
    raised. One timer for them all (``asyncio.wait_for`` takes one, with
    futures of its own, for each: most of what counting an action cost the
    loop)."""
    def too_late():
        for answer in answers:
            if not answer.done():
                answer.set_exception(TimeoutError("Redis did not answer in time"))

    timer = asyncio.get_running_loop().call_later(seconds, too_late)
    try:
        for answer in answers:
            try:
                await answer
            except Exception:
                pass  # (each failure is read here, so none goes unretrieved; the first is raised below)
    finally:
        timer.cancel()
    failed = next((answer.exception() for answer in answers if answer.exception() is not None), None)
    if failed is not None:
        raise failed


def _warn_if_refused(reply) -> None:
    if isinstance(reply, hiredis.ReplyError):
        log.warning("Redis refused a command: %s", reply)


class _Link(asyncio.Protocol):
    """One connection to Redis: commands are written as they come, and each
    reply or published message is handed to ``heard`` as hiredis reads it,
    with no task or wait a message. (redis-py's client spent a fifth of a
    busy server's time per message, most of it on its own bookkeeping.)
    Without ``heard``, the link is for commands: each reply goes, in order,
    to the future its command was sent with."""

    def __init__(self, heard=None):
        self.heard = heard or self._answer
        self.asking = collections.deque() if heard is None else None  # per command sent: its future, or None
        self.reader = hiredis.Reader()
        self.transport = None
        self.loop = asyncio.get_running_loop()
        self.lost = self.loop.create_future()
        self.unsent: list[bytes] = []  # commands waiting for this turn of the loop to end

    def _answer(self, reply):
        answer = self.asking.popleft() if self.asking else None
        if answer is None:
            _warn_if_refused(reply)
        elif not answer.done():
            if isinstance(reply, hiredis.ReplyError):
                answer.set_exception(reply)
            else:
                answer.set_result(reply)

    def connection_made(self, transport):
        self.transport = transport

    def data_received(self, data):
        self.reader.feed(data)
        try:
            while (reply := self.reader.gets()) is not False:
                self.heard(reply)
        except hiredis.ProtocolError:
            log.warning("Redis sent what it can't have meant; connecting again")
            self.transport.close()

    def connection_lost(self, exc):
        self.transport = None
        if not self.lost.done():
            self.lost.set_result(None)
        while self.asking:
            answer = self.asking.popleft()
            if answer is not None and not answer.done():
                answer.set_exception(ConnectionError("Redis is away"))

    @property
    def open(self) -> bool:
        return self.transport is not None and not self.transport.is_closing()

    def send(self, *words, answer: asyncio.Future | None = None) -> None:
        self.send_all([(words, answer)])

    def send_all(self, commands: list[tuple[tuple, asyncio.Future | None]]) -> None:
        """Commands, each with the future its reply goes to (or None), sent
        with every other command of this turn of the loop in one write: a
        bot turn tells several tables at once, and each write is a system
        call here and a wake-up for Redis."""
        if not self.open:
            raise ConnectionError("Redis is away")
        if not self.unsent:
            self.loop.call_soon(self._write)
        self.unsent.extend(hiredis.pack_command(words) for words, _answer in commands)
        if self.asking is not None:
            self.asking.extend(answer for _words, answer in commands)

    def _write(self) -> None:
        unsent, self.unsent = self.unsent, []
        if self.open:  # (lost meanwhile: connection_lost has failed their answers)
            self.transport.write(b"".join(unsent))


class SharedLayer(ProcessLayer):
    """The layer of a site served by several processes: ``ProcessLayer`` for
    the sockets each process holds, and Redis's publish and subscribe
    between processes. A group send is handed to this process's sockets at
    once and published once, marked with the process it came from; every
    other process with a socket at the table receives it once, decodes it
    once and hands it to its own sockets (this one passes over its own).

    Redis away costs only what crosses between processes: a socket still
    joins its table (and hears this process's changes), and once Redis is
    back every table with a socket here is subscribed again and its sockets
    told to read the table afresh; the tables whose changes could not be
    published are told so too, so the other processes' sockets at them read
    afresh even if their own link to Redis never broke."""

    local_only = False

    def __init__(self, hosts, prefix: str = "parlor", **kwargs):
        super().__init__(**kwargs)
        self.origin = f"{secrets.token_hex(8)}:".encode()  # (17 bytes) before each message this process publishes
        self._unheard: set[str] = set()  # groups whose changes could not be published
        self.url = hosts[0] if isinstance(hosts, (list, tuple)) else hosts
        self.where = redis.asyncio.connection.parse_url(self.url)
        # Redis's channels are shared by all its databases: name the database
        # in each, so two sites on one Redis never hear each other.
        self.prefix = f"{prefix}:{self.where.get('db', 0)}"
        self._loop = None  # the loop the links below belong to
        self._publisher: _Link | None = None
        self._subscriber: _Link | None = None
        self._missed = False  # whether sockets here may have missed changes while Redis was away
        self._connecting: asyncio.Lock | None = None
        self._retry_at = 0.0  # while Redis is away, publishing fails at once until then
        self._watching: asyncio.Task | None = None
        self._confirming: dict[bytes, list[asyncio.Future]] = {}  # topic -> subscribes awaiting Redis's word

    def heard_at(self, group) -> bool:
        return True  # another process may hold a socket at the table

    def _topic(self, group: str) -> str:
        return f"{self.prefix}:{group}"

    def _on_this_loop(self) -> None:
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            self._loop, self._publisher, self._subscriber = loop, None, None
            self._connecting, self._watching, self._confirming = asyncio.Lock(), None, {}

    async def _connect(self, heard=None) -> _Link:
        loop = asyncio.get_running_loop()
        where = self.where
        if where.get("path"):
            opening = loop.create_unix_connection(lambda: _Link(heard), where["path"])
        else:
            tls = where.get("connection_class") is redis.asyncio.connection.SSLConnection or None
            opening = loop.create_connection(lambda: _Link(heard), where.get("host", "localhost"), where.get("port", 6379), ssl=tls)
        _transport, link = await asyncio.wait_for(opening, CONNECT_SECONDS)
        if where.get("password"):
            link.send("AUTH", *([where["username"]] if where.get("username") else []), where["password"])
        if heard is None and where.get("db"):
            link.send("SELECT", where["db"])  # the rate limit's counts live in the site's database
        return link

    async def group_add(self, group, channel):
        """Join the table's group here, and subscribe this process to it on
        Redis. Redis away, the socket joins all the same: it hears this
        process's changes now, and is told to read the table afresh once
        Redis is back (the watch subscribes every table with a socket here)."""
        await super().group_add(group, channel)
        self._on_this_loop()
        if self._watching is not None and not self._watching.done() and not self._subscribed:
            return  # Redis is away and the watch is trying again
        try:
            await self._subscribe(group)
        except (OSError, TimeoutError):
            log.warning("Redis is away: a socket at %s hears only this process for now", group)
            self._missed = True
            self._keep_watch()

    @property
    def _subscribed(self) -> bool:
        return self._subscriber is not None and self._subscriber.open

    async def _subscribe(self, group) -> None:
        if not self._subscribed:
            await self._subscribe_all()
        # Wait for Redis to confirm: a change made after the socket reads its
        # snapshot must reach it.
        topic = self._topic(group).encode()  # as Redis names it in its reply
        confirmed = asyncio.get_running_loop().create_future()
        waiting = self._confirming.setdefault(topic, [])
        waiting.append(confirmed)
        self._subscriber.send("SUBSCRIBE", topic)
        try:
            await asyncio.wait_for(asyncio.shield(confirmed), CONNECT_SECONDS)
        finally:
            if confirmed in waiting:
                waiting.remove(confirmed)
            if not waiting and self._confirming.get(topic) is waiting:
                del self._confirming[topic]

    async def group_discard(self, group, channel):
        await super().group_discard(group, channel)
        link = self._subscriber
        if not self.groups.get(group) and link is not None and link.open:
            link.send("UNSUBSCRIBE", self._topic(group))

    async def group_send(self, group, message):
        await self._publish(group, message, counted=False)

    async def group_send_counted(self, group, message) -> int:
        """``group_send``, once Redis says how many processes heard it (this
        one among them if it holds a socket at the table)."""
        return await self._publish(group, message, counted=True)

    def publish_now(self, group, message, heard: asyncio.Future | None = None) -> bool:
        """``group_send`` as a plain call, for a caller on the loop while the
        link to Redis is open: this process's sockets have the message at
        once, and it goes to Redis with this turn's other commands, Redis's
        count of the processes that heard it to ``heard`` (see ``counted``).
        False, and nothing done, when the link must be opened first: then
        the caller awaits ``group_send`` or ``group_send_counted``."""
        link = self._publisher
        if link is None or not link.open or self._loop is not asyncio.get_running_loop():
            return False
        link.send("PUBLISH", self._topic(group), self._handed_out(group, message), answer=heard)
        return True

    def _handed_out(self, group, message) -> bytes:
        """Hand a message to this process's sockets first, whatever Redis
        does, and return it as Redis is to carry it."""
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        data = self.origin + _framed(message)
        self._hand_out(group, message)
        return data

    async def counted(self, group, heard: asyncio.Future) -> int:
        """How many processes heard a message ``publish_now`` sent to
        ``group`` (this one among them if it holds a socket there)."""
        try:
            await _within([heard], CONNECT_SECONDS)
        except (OSError, TimeoutError):
            self._unheard.add(group)
            raise
        return heard.result()

    async def _publish(self, group, message, *, counted: bool) -> int | None:
        data = self._handed_out(group, message)
        if mainloop.running() and asyncio.get_running_loop() is mainloop.loop():
            heard = asyncio.get_running_loop().create_future() if counted else None
            try:
                (await self._publishing()).send("PUBLISH", self._topic(group), data, answer=heard)
                if not counted:
                    return None
                await _within([heard], CONNECT_SECONDS)
                return heard.result()
            except (OSError, TimeoutError):
                self._unheard.add(group)
                raise
        # A script or test outside the server: a connection for this one message.
        async with redis.asyncio.Redis.from_url(self.url) as client:
            return await client.publish(self._topic(group), data)

    async def _publishing(self) -> _Link:
        """The publishing connection, opened again if Redis dropped it; the
        tables whose changes went unpublished meanwhile are told to the
        other processes, as changes to read afresh."""
        self._on_this_loop()
        async with self._connecting:
            if self._publisher is None or not self._publisher.open:
                if time.monotonic() < self._retry_at:
                    raise ConnectionError("Redis is away")
                try:
                    self._publisher = await self._connect()
                except (TimeoutError, OSError) as away:
                    self._retry_at = time.monotonic() + RETRY_SECONDS
                    raise ConnectionError("Redis is away") from away
                unheard, self._unheard = self._unheard, set()
                stale = self.origin + orjson.dumps({"type": "table.stale"})
                for group in unheard:
                    self._publisher.send("PUBLISH", self._topic(group), stale)
            return self._publisher

    async def count(self, windows: list[tuple[str, str, int]]) -> list[tuple[int, int]]:
        """For each window ``(key, earlier, seconds)``, add one to the count
        at ``key``, which lapses ``seconds`` after it began, and return it
        with the count at ``earlier``: the rate limit's counts, every window
        in one write on the publishing connection, so a socket's move waits
        on no connection of its own."""
        link = await self._publishing()
        loop = asyncio.get_running_loop()
        answers = [(loop.create_future(), loop.create_future()) for _window in windows]
        link.send_all([(command, answer) for (key, earlier, seconds), (counted, before) in zip(windows, answers)
                       for command, answer in zip(counting(key, earlier, seconds), (counted, None, before))])
        await _within([answer for both in answers for answer in both], CONNECT_SECONDS)
        return [(counted.result(), int(before.result() or 0)) for counted, before in answers]

    async def _subscribe_all(self) -> None:
        """Open the subscription and subscribe to every table with a socket
        here. Opened again after Redis dropped it, every such table's sockets
        are told to read it afresh."""
        async with self._connecting:
            if self._subscriber is not None and self._subscriber.open:
                return
            link = await self._connect(self._heard)
            topics = [self._topic(g) for g in list(self.groups)]
            if topics:
                link.send("SUBSCRIBE", *topics)
            self._subscriber = link
            again, self._missed = self._missed, True  # (from now on, losing the link loses changes)
            self._keep_watch()
        if again:
            for group in list(self.groups):
                self._hand_out(group, {"type": "table.stale"})

    def _keep_watch(self) -> None:
        if self._watching is None or self._watching.done():
            self._watching = asyncio.ensure_future(self._watch())

    def _heard(self, reply) -> None:
        if not isinstance(reply, list) or len(reply) != 3 or reply[0] != b"message":
            if isinstance(reply, list) and reply and reply[0] == b"subscribe":
                waiting = self._confirming.get(reply[1])
                if waiting:
                    waiting.pop(0).set_result(None)
            else:
                _warn_if_refused(reply)
            return
        group = reply[1].decode()[len(self.prefix) + 1:]
        data = reply[2]
        if group in self.groups and not data.startswith(self.origin):  # (this process's own went out already)
            try:
                self._hand_out(group, _unframed(data[len(self.origin):]))
            except Exception:  # one bad message must not stop the rest
                log.exception("could not hand out a change at %s", group)

    async def _watch(self) -> None:
        """If Redis drops the subscription, try again every second while
        this process holds sockets."""
        while True:
            link = self._subscriber
            if link is not None:
                await link.lost
            for waiting in self._confirming.values():
                for confirmed in waiting:
                    if not confirmed.done():
                        confirmed.set_exception(ConnectionError("Redis is away"))
            log.warning("lost Redis; live updates between processes wait for it")
            while True:
                await asyncio.sleep(RETRY_SECONDS)
                if not self.groups:
                    return  # the next socket to join subscribes afresh
                try:
                    await self._subscribe_all()
                    await self._publishing()  # and the tables left unpublished are told
                    break
                except (TimeoutError, OSError):
                    continue
