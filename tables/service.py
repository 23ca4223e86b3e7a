"""The table service's one door: a table's life, from creating it to its
result, for the browser's edge (web/) and for scripts and tests.

Every action takes its table through ``hold``: the row lock and the seats in
one read, who is asking checked, the change, the bots it made due, one save,
and, once the transaction commits, each browser's view built. The edge calls
an action through ``act``, which returns its reply with those views
(``Done``), and sends them to the sockets (``send``). A refused action raises
``Refused`` (``asking``) with a sentence and changes nothing. The service
knows no rules: it asks the game (``engine.registry``) for everything.

Each job has its module: ``seating`` (the lobby and the waiting room),
``playing`` (a game under way, and a move's way through the code), ``bots``
(the bot clock), ``ticker`` (the bots' turns in the background),
``snapshots`` and ``reading`` (what a browser sees), ``yours`` (the
tables a person sits at, as the home page lists them), ``results``,
``hints`` (the strong bot's move for a person's own seat), ``talking``
(reactions and messages said at the table), ``telling``
(the sockets told of a change), ``hold`` (the table an action is
about), ``rows`` (the store)."""

from . import hints, pace, talking, turnmail
from .asking import NAME_LENGTH, Refused, Visitor
from .hold import NO_SUCH_TABLE, normal_code
from .playing import again, cover, end, hand, hurry, move, move_all, start, take_back
from .reading import read
from .seating import add_bot, add_here, arrange, clear, configure, create, fill, join, leave, set_level, set_pace
from .snapshots import snapshot, text, views
from .telling import Done, act, group, send, send_done, sent
from .ticker import tick
from .yours import tables_of

__all__ = [
    "Done", "NAME_LENGTH", "NO_SUCH_TABLE", "Refused", "Visitor", "act", "add_bot", "add_here", "again", "arrange", "clear", "configure", "cover",
    "create", "end", "fill", "group", "hand", "hints", "hurry", "talking", "join", "leave", "move", "move_all", "normal_code", "pace", "read",
    "send", "send_done", "sent", "set_level", "set_pace", "turnmail",
    "snapshot", "start", "tables_of", "take_back", "text", "tick", "views",
]
