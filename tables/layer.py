"""The channel layer, as the table service uses it.

``ProcessLayer`` is the layer of a single server process: channels'
in-memory layer, kept cheap when many sockets are open. The stock layer
sweeps every channel and group for expired messages on each send and
receive, work that grows with every socket held, and drops a socket from its
group after a day; here the sweep runs at most once a second, a socket stays
in its table's group until it leaves (a tab left open overnight still hears
the table), and a group send puts the message itself straight onto each
member's queue.

``call`` makes every call to the layer wait its turn: Redis's connection
pool refuses a command past its hundredth connection rather than wait for
one, and a crowd of sockets connecting at once would otherwise hit it.
"""

from __future__ import annotations

import asyncio
import time
import weakref

from channels.layers import InMemoryChannelLayer

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
        """Every member gets the message itself, not a copy of it: the
        sockets only read it, and a change's views run to several kilobytes."""
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
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
