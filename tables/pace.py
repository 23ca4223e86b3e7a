"""A table's pace, the host's choice: live (everyone at the table at once,
as a family plays round the kitchen table), or over days, each player
moving when they can, with a time for each move: a day, three days, or no
limit. At a table played over days nobody covers a player who steps away
for a minute or two; once a player's time for a move has run out, anyone
seated may hand their seat to a bot, and the player can take it back.

``left`` and ``words`` are the one place the time a player has left is
worked out and said: the table's page, its bar and plates, and the mail
that says it is someone's turn all read them (the page keeps only
``words``'s rule, to count down between snapshots). ``said`` and
``LOBBY_CHOICES`` are every other word a page says of a table's pace."""

from __future__ import annotations

from django.conf import settings

from engine import registry

from .asking import Refused
from .models import Table

DAY = 86400
HOUR = 3600
# A move's time at a table played over days, in seconds (None: no limit),
# and how the waiting room says each.
ALLOWANCES = {DAY: "1 day", 3 * DAY: "3 days", None: "No limit"}
FIRST_ALLOWANCE = DAY  # what a table moving over days starts with, unless the host says
PACE_WORDS = {Table.LIVE: "Live", Table.DAYS: "Over days"}
# What the waiting room says to its host under the pace picked.
PACE_NOTES = {
    Table.LIVE: "Everyone plays at once; a player away for a minute and a half may be covered by a bot.",
    Table.DAYS: "Each player moves when they can. Nobody is covered for being away; once a player’s time for a "
                "move has run out, anyone at the table may give their seat to a bot. Signed-in players are mailed "
                "when it’s their turn.",
}
SAY_PACE = "A table's pace is live or over days."
SAY_ALLOWANCE = "A move's time can be 1 day, 3 days or no limit."


def of(table: Table) -> dict:
    """The table's pace as a page is sent it."""
    return {"kind": table.pace, "allowance": table.allowance if table.pace == Table.DAYS else None}


def a_move(allowance: int | None) -> str:
    """A move's time as the bar and the lobby say it: "3 days a move", "no time limit"."""
    if allowance is None:
        return "no time limit"
    return f"{ALLOWANCES.get(allowance) or f'{round(allowance / DAY)} days'} a move"


# The lobby's one choice of pace for a new table, live first (its default):
# what the picker says, and the pace a table started with it is asked for.
LOBBY_CHOICES = [{"value": Table.LIVE, "label": "Live: everyone at the table at once", "pace": None}] + [
    {"value": f"days-{(allowance or 0) // DAY}", "label": f"Over days: {a_move(allowance)}",
     "pace": {"kind": Table.DAYS, "allowance": allowance}}
    for allowance in ALLOWANCES
]


def said(table: Table) -> dict:
    """The table's pace in the words its page shows: the bar's ("Over days ·
    3 days a move"; none at a live table), the waiting room's sentence to a
    player who isn't its host, the note under the host's picker, and the
    picker's choices."""
    days = over_days(table)
    return {
        "bar": f"Over days · {a_move(table.allowance)}" if days else "",
        "told": f"This table is played over days: {a_move(table.allowance)}." if days
        else "This table is played live, everyone at the table at once.",
        "note": PACE_NOTES[table.pace],
        "kinds": [[kind, label] for kind, label in PACE_WORDS.items()],
        "allowances": [[seconds, label] for seconds, label in ALLOWANCES.items()],
    }


def chosen(pace, allowance=FIRST_ALLOWANCE) -> tuple[str, int | None]:
    """The pace and time a move has, as the host asks for them (``pace``
    "live" or "days"; ``allowance`` in seconds, or None for no limit), or
    a sentence refusing them. A live table has no time a move."""
    if pace not in PACE_WORDS:
        raise Refused(SAY_PACE)
    if pace == Table.LIVE:
        return Table.LIVE, None
    if isinstance(allowance, bool) or allowance not in ALLOWANCES:
        raise Refused(SAY_ALLOWANCE)
    return Table.DAYS, allowance


def over_days(table: Table) -> bool:
    return table.pace == Table.DAYS


def began(table: Table, seat: int | None = None) -> float | None:
    """When the decision the table waits on began: ``seat``'s, or the one
    it has waited on longest. None when nobody is deciding."""
    if not table.clocks or table.status != Table.PLAYING:
        return None
    if seat is None:
        return min(table.clocks.values())
    game = registry.get(table.game)
    keys = [key for s, _kind, key in game.deciding(table.state) if s == seat] if game and table.state else []
    times = [table.clocks[key] for key in keys if key in table.clocks]
    return min(times) if times else None


def due(table: Table, seat: int | None = None) -> float | None:
    """When the player to move (``seat``, or whoever the table has waited
    on longest) runs out of time, as seconds since the epoch: None at a
    live table, a table with no limit, or a table nobody is deciding at."""
    if not over_days(table) or table.allowance is None:
        return None
    start = began(table, seat)
    return None if start is None else start + table.allowance


def left(table: Table, now: float, seat: int | None = None) -> float | None:
    """Seconds the player to move has left at a table played over days
    (less than none once their time has run out); None at a live table or
    one with no limit. ``seat`` names the player, else it is whoever the
    table has waited on longest."""
    at = due(table, seat)
    return None if at is None else at - now


def words(seconds: float | None) -> str | None:
    """The time a player has left, as the table says it: "3 days left" (two
    days or more, to the nearest day), "due tomorrow" (one whole day and
    some hours), "5 hours left", "under an hour left", "time’s up". None
    (no limit) has no words."""
    if seconds is None:
        return None
    if seconds <= 0:
        return "time’s up"
    if seconds < HOUR:
        return "under an hour left"
    if seconds < DAY:
        hours = int(seconds // HOUR)
        return "1 hour left" if hours == 1 else f"{hours} hours left"
    if seconds < 2 * DAY:
        return "due tomorrow"
    return f"{int(seconds / DAY + 0.5)} days left"  # (to the nearest day: a fresh move of three days has 3 left)


def waited_too_long(table: Table, began_at: float, now: float) -> bool:
    """Whether a decision begun ``began_at`` has kept the table waiting long
    enough that anyone seated may give its seat to a bot: the idle time at
    a live table (PARLOR_IDLE_SECONDS), the time a move has at a table
    played over days (never, with no limit)."""
    if not over_days(table):
        return now - began_at >= settings.PARLOR_IDLE_SECONDS
    return table.allowance is not None and now - began_at >= table.allowance
