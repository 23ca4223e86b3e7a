"""The channel layer of a single server process: channels' in-memory layer,
kept cheap when many sockets are open. The stock layer sweeps every channel
and group for expired messages on each send and receive, work that grows
with every socket held; here the sweep runs at most once a second, and a
group send puts the message straight onto each member's queue."""

from __future__ import annotations

import time

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer

SWEEP_SECONDS = 1.0


class ProcessLayer(InMemoryChannelLayer):
    _swept = 0.0

    def _clean_expired(self):
        now = time.monotonic()
        if now - self._swept < SWEEP_SECONDS:
            return
        self._swept = now
        super()._clean_expired()

    async def group_send(self, group, message):
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, ())):
            try:
                await self.send(channel, message)
            except ChannelFull:  # a socket that stopped reading; it catches up on reconnect
                pass
