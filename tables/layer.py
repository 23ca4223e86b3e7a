"""The channel layer, as the table service uses it.

``ProcessLayer`` is the layer of a single server process: channels'
in-memory layer, kept cheap when many sockets are open. The stock layer
sweeps every channel and group for expired messages on each send and
receive, work that grows with every socket held, and drops a socket from its
group after a day; here the sweep runs at most once a second, a socket stays
in its table's group until it leaves (a tab left open overnight still hears
the table), and a group send hands the message itself to each member.

``SharedLayer`` is the layer of a site on several processes: the same, with
Redis's publish and subscribe carrying each change between them.

``call`` makes every call to the layer wait its turn, so a crowd of sockets
connecting at once never asks Redis for a hundred connections at once.
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref

import orjson
import redis.asyncio
import redis.exceptions
from channels.layers import InMemoryChannelLayer

from . import mainloop

log = logging.getLogger(__name__)

SWEEP_SECONDS = 1.0
CALLS_AT_ONCE = 32  # per process, well inside Redis's pool of a hundred

_turns: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # event loop -> its semaphore


async def call(method, *args):
    """``await method(*args)`` on the layer, with at most CALLS_AT_ONCE in flight."""
    loop = asyncio.get_running_loop()
    turn = _turns.get(loop)
    if turn is None:
        turn = _turns[loop] = asyncio.Semaphore(CALLS_AT_ONCE)
    async with turn:
        return await method(*args)


class ProcessLayer(InMemoryChannelLayer):
    _swept = 0.0

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

    def _clean_expired(self):
        now = time.monotonic()
        if now - self._swept < SWEEP_SECONDS:
            return
        self._swept = now
        super()._clean_expired()

    async def group_send(self, group, message):
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._hand_out(group, message)

    def _hand_out(self, group, message):
        """Every member in this process gets the message itself, not a copy:
        the sockets only read it, and a change's views run to several
        kilobytes."""
        self._clean_expired()
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


class SharedLayer(ProcessLayer):
    """The layer of a site served by several processes: ``ProcessLayer`` for
    the sockets each process holds, and Redis's publish and subscribe
    between processes. A group send is published once; every process with a
    socket at the table receives it once, decodes it once and hands it to
    its own sockets. After Redis comes back, each table's sockets are told
    to read the table afresh, for the changes they could not hear."""

    def __init__(self, hosts, prefix: str = "parlor", **kwargs):
        super().__init__(**kwargs)
        self.url = hosts[0] if isinstance(hosts, (list, tuple)) else hosts
        # Redis's channels are shared by all its databases: name the database
        # in each, so two sites on one Redis never hear each other.
        database = redis.asyncio.connection.parse_url(self.url).get("db", 0)
        self.prefix = f"{prefix}:{database}"
        self._redis = None  # (loop, client) of the loop that listens
        self._pubsub = None
        self._reader: asyncio.Task | None = None

    def _topic(self, group: str) -> str:
        return f"{self.prefix}:{group}"

    def _client(self):
        loop = asyncio.get_running_loop()
        if self._redis is None or self._redis[0] is not loop:
            self._redis = (loop, redis.asyncio.Redis.from_url(self.url))
            self._pubsub, self._reader = None, None
        return self._redis[1]

    async def group_add(self, group, channel):
        await super().group_add(group, channel)
        await self._subscribe(group)

    async def group_discard(self, group, channel):
        await super().group_discard(group, channel)
        if not self.groups.get(group) and self._pubsub is not None:
            try:
                await self._pubsub.unsubscribe(self._topic(group))
            except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError, OSError):
                pass  # Redis is away; the reader subscribes afresh to the tables still held

    async def group_send(self, group, message):
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        data = orjson.dumps(message)
        if mainloop.running() and asyncio.get_running_loop() is mainloop.loop():
            await self._client().publish(self._topic(group), data)
            return
        # A script or test outside the server: a connection for this one message.
        async with redis.asyncio.Redis.from_url(self.url) as client:
            await client.publish(self._topic(group), data)

    async def _subscribe(self, group: str) -> None:
        client = self._client()
        if self._pubsub is None:
            self._pubsub = client.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(self._topic(group))
        if self._reader is None or self._reader.done():
            self._reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        """Hand each published change to this process's sockets; if Redis
        goes away, keep trying every second, and once back, subscribe again
        and have every socket read its table."""
        lost = False
        while self.groups:
            try:
                if lost:
                    await self._drop_pubsub()
                    self._pubsub = self._client().pubsub(ignore_subscribe_messages=True)
                    await self._pubsub.subscribe(*(self._topic(g) for g in list(self.groups)))
                    lost = False
                    for group in list(self.groups):
                        self._hand_out(group, {"type": "table.stale"})
                message = await self._pubsub.get_message(timeout=1.0)
            except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError, OSError, RuntimeError):
                if not lost:
                    log.warning("lost Redis; live updates between processes wait for it")
                lost = True
                await asyncio.sleep(1.0)
                continue
            if message is not None and message.get("type") == "message":
                group = message["channel"].decode()[len(self.prefix) + 1:]
                if group in self.groups:
                    self._hand_out(group, orjson.loads(message["data"]))

    async def _drop_pubsub(self) -> None:
        """Let go of the subscription Redis dropped, connection and all."""
        old, self._pubsub = self._pubsub, None
        if old is not None:
            try:
                await old.aclose()
            except Exception:  # it is already broken; closing is a courtesy
                pass
