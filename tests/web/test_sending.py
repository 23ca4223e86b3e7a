"""A socket's sending of the changes its layer hands it: in order, on the
loop's next turn, and only the newest once it falls behind."""

import asyncio

from tables.asking import Visitor
from web.consumers import TableConsumer


def _change(seq: int, view: str, browser: str = "ann") -> dict:
    return {"type": "table.changed", "order": [1, seq], "views": {browser: view}, "bot": None}


class _Socket:
    """The server's send for one socket; while ``held`` is set, a frame
    waits for it to clear before it is written."""

    def __init__(self):
        self.frames: list[str] = []
        self.held: asyncio.Event | None = None

    async def send(self, message):
        if self.held is not None:
            await self.held.wait()
        self.frames.append(message["text"])


def _at_table(*, held: bool = False) -> tuple[_Socket, TableConsumer]:
    """A socket (its frames held if ``held``) and Ann's consumer sending on it."""
    socket, consumer = _Socket(), TableConsumer()
    socket.held = asyncio.Event() if held else None
    consumer.channel_name, consumer.who, consumer.base_send = "socket", Visitor("ann", "Ann"), socket.send
    return socket, consumer


def _hand(consumer: TableConsumer, *views: tuple[int, str]) -> None:
    for seq, view in views:
        consumer._handed(_change(seq, view))


def test_a_change_goes_out_as_soon_as_the_loop_turns():
    async def play():
        socket, consumer = _at_table()
        _hand(consumer, (3, '{"seq":3}'))
        await consumer.sending
        assert socket.frames == ['{"seq":3}']
        assert consumer.sending is None

    asyncio.run(play())


def test_a_socket_whose_send_waits_sends_that_change_and_then_only_the_newest():
    async def play():
        socket, consumer = _at_table(held=True)
        _hand(consumer, (3, "three"))
        await asyncio.sleep(0)  # its send begins, and waits
        _hand(consumer, (4, "four"), (5, "five"))
        await asyncio.sleep(0)
        assert socket.frames == []
        socket.held.set()
        await consumer.sending
        assert socket.frames == ["three", "five"]
        socket.held = None
        _hand(consumer, (4, "four, late"), (6, "six"))  # the four overtaken by the five already shown
        await consumer.sending
        assert socket.frames == ["three", "five", "six"]

    asyncio.run(play())


def test_a_change_another_process_told_late_never_takes_the_place_of_a_later_one_waiting_to_go():
    """Changes from two processes reach a socket in the order each process
    got round to telling them, not the order they were made: the game's end,
    told at once by the process that played it, may be waiting to go when a
    process that was slow to tell an earlier move hands that over. The page
    is sent the end, not left on the earlier move for good."""
    async def play():
        socket, consumer = _at_table(held=True)
        _hand(consumer, (3, "three"))
        await asyncio.sleep(0)  # its send begins, and waits
        _hand(consumer, (8, "the end"), (5, "five, told late"))
        socket.held.set()
        await consumer.sending
        assert socket.frames == ["three", "the end"]

    asyncio.run(play())


def test_a_table_to_read_afresh_is_not_put_off_by_a_change_handed_over_after_it():
    """Redis came back after changes went unheard: the socket reads the
    table as it stands, whatever change this process hands over meanwhile."""
    read = []

    async def play():
        socket, consumer = _at_table(held=True)

        async def snapshot():
            read.append("afresh")

        consumer.send_snapshot = snapshot
        _hand(consumer, (3, "three"))
        await asyncio.sleep(0)  # its send begins, and waits
        consumer._handed({"type": "table.stale"})
        _hand(consumer, (4, "four"))
        socket.held.set()
        await consumer.sending
        assert socket.frames == ["three"] and read == ["afresh"]

    asyncio.run(play())


def test_a_send_that_fails_or_is_cancelled_while_it_waits_leaves_the_socket_sending_again():
    async def play():
        socket, consumer = _at_table(held=True)
        _hand(consumer, (3, "three"), (4, "four"))
        await asyncio.sleep(0)
        consumer.sending.cancel()  # (the cancellation reaches the send where it waits)
        await asyncio.gather(consumer.sending, return_exceptions=True)
        assert consumer.sending is None and socket.frames == []

        async def closed(message):
            await asyncio.sleep(0)
            raise ConnectionResetError("the socket closed")

        consumer.base_send = closed
        _hand(consumer, (5, "five"))
        await consumer.sending  # the failure is the socket's: its page reconnects
        consumer.base_send = socket.send
        socket.held = None
        _hand(consumer, (6, "six"))
        await consumer.sending
        assert socket.frames == ["six"] and consumer.sending is None

    asyncio.run(play())


def test_a_bot_another_process_hands_on_is_taken_up_as_its_change_arrives_even_at_a_socket_that_stopped_reading(monkeypatch):
    """The change leaving a bot thinking that another process handed to this
    one is taken up as it arrives, for each change, though the socket's page
    stopped reading (its send waits) and so only the newest is ever sent: one
    page's stall never costs the table its bots."""
    from tables import alarms

    taken_up = []
    monkeypatch.setattr(alarms, "set_for", lambda code, due: taken_up.append((code, due)))

    async def play():
        socket, consumer = _at_table(held=True)
        elsewhere = "another process"
        for seq in (3, 4, 5):
            change = _change(seq, f"view {seq}")
            change["bot"] = {"code": "ABCD", "due": float(seq), "from": elsewhere}
            consumer._handed(change)
            await asyncio.sleep(0)
        mine = _change(6, "view 6")
        mine["bot"] = {"code": "ABCD", "due": 6.0, "from": alarms.PROCESS}  # (this process plays its own)
        consumer._handed(mine)
        assert taken_up == [("ABCD", 3.0), ("ABCD", 4.0), ("ABCD", 5.0)]
        assert socket.frames == []  # nothing has been sent: the page still isn't reading
        consumer.sending.cancel()

    asyncio.run(play())
