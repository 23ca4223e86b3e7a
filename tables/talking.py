"""Talking at a table: reactions and short messages, said by the people
playing (and those watching, if the host lets them), kept with the table
while it lives and PARLOR_TALK_KEPT_DAYS after it ends, and handed to the
table's sockets on a path of their own (``telling.tell_all``): every word
said reaches every socket, where a change only needs the newest view.

Saying something reads the table without its row lock, so no move waits
behind a word. Bots never talk. Nothing said is part of a game's record: a
replay, a shared result and a rating page read the moves and results only."""

from __future__ import annotations

import datetime
import logging

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.crypto import salted_hmac

from . import devices, names, talk_text, telling
from .asking import Refused, Visitor
from .hold import NO_SUCH_TABLE, hold, normal_code
from .models import Said, Seat, Table
from .snapshots import text

log = logging.getLogger(__name__)

REPEAT_SECONDS = 5.0  # the same words again within this are dropped
SHOWN_ON_ARRIVAL = 50  # the latest said, sent to a page as it connects

OFF = "The host has turned talk off at this table."
REACTIONS_ONLY = "The host allows only reactions at this table just now; pick one from the reactions button."
NOT_WATCHERS = "Only the people playing can talk at this table; the host hasn't opened it to people watching."
REPEATED = "You said that a moment ago, and everyone has it already."
SAY_WHAT = "Say something as text, or pick a reaction: {\"text\": \"...\"} or {\"react\": \"nice\"}."
SAY_WHICH = "Say what may be said at the table: all (messages and reactions), reactions or off."
SAY_WATCHERS = "Say whether people watching may talk too: watchers is true or false."
WATCHING = "watching"


def say(code, who: Visitor, body) -> dict:
    """``who`` says a message (``body["text"]``) or a reaction
    (``body["react"]``) at the table ``code``: checked, kept, and handed to
    every socket at the table once kept. Refused with a sentence otherwise."""
    if not isinstance(body, dict) or (body.get("react") is None) == (body.get("text") is None):
        raise Refused(SAY_WHAT)
    if body.get("react") is not None:
        kind, words = Said.REACTION, talk_text.reaction(body["react"])
    else:
        kind, words = Said.MESSAGE, talk_text.message(body["text"])
    table = Table.objects.filter(code=normal_code(code)).only("id", "code", "number", "talk", "watchers_talk").first()
    if table is None:
        raise Refused(NO_SUCH_TABLE, 404)
    seat = devices.holding(list(Seat.objects.filter(table=table, kind=Seat.PERSON, browser=who.browser)))
    if table.talk == Table.QUIET:
        raise Refused(OFF, 403)
    if seat is None and not table.watchers_talk:
        raise Refused(NOT_WATCHERS, 403)
    if kind == Said.MESSAGE and table.talk == Table.REACTIONS:
        raise Refused(REACTIONS_ONLY, 403)
    with transaction.atomic():
        last = Said.objects.filter(table=table, browser=who.browser).order_by("-id").first()
        if last is not None and (last.kind, last.text) == (kind, words) and \
                timezone.now() - last.at < datetime.timedelta(seconds=REPEAT_SECONDS):
            raise Refused(REPEATED, 429)
        said = Said.objects.create(table=table, number=table.number, seat=seat.index if seat else None,
                                   browser=who.browser, name=seat.name if seat else _watcher_name(who),
                                   kind=kind, text=words)
        shown = shown_of(said)
        telling.tell_all(table.code, {"type": "table.talk", "text": text({"type": "talk", "said": [shown]})})
    _forget_lapsed_now_and_then()
    return {"said": shown}


def _watcher_name(who: Visitor) -> str:
    try:
        return names.clean(who.name)
    except Refused:
        return "Someone"


def shown_of(said: Said) -> dict:
    """What a page is sent of something said: never the sayer's browser,
    only a key that stands for it (a page hides a person's talk by it)."""
    return {
        "id": said.id, "kind": said.kind, "text": said.text, "name": said.name, "seat": said.seat,
        "watching": said.seat is None, "by": by_key(said.browser), "at": said.at.timestamp(),
        "react": next((key for key, shown in talk_text.REACTIONS.items() if shown == said.text), None)
        if said.kind == Said.REACTION else None,
    }


def by_key(browser: str) -> str:
    """A browser's key in what is said: the same at every table, so a person
    hidden stays hidden, and telling nothing of the browser's own id."""
    return salted_hmac("parlor.talk.by", browser).hexdigest()[:16]


def lately(code) -> dict | None:
    """The latest said at the table, oldest first, as a page is sent them
    on arriving; None when nothing has been said."""
    said = list(Said.objects.filter(table__code=normal_code(code)).order_by("-id")[:SHOWN_ON_ARRIVAL])
    if not said:
        return None
    return {"type": "talk", "said": [shown_of(s) for s in reversed(said)], "earlier": True}


def allow(code, who: Visitor, talk, watchers) -> dict:
    """The host says what may be said at the table, at any time: ``talk``
    all, reactions or off; ``watchers``, whether people watching may talk.
    Either may be left out (None) to keep it as it is."""
    if talk is not None and talk not in (Table.ALL, Table.REACTIONS, Table.QUIET):
        raise Refused(SAY_WHICH)
    if watchers is not None and not isinstance(watchers, bool):
        raise Refused(SAY_WATCHERS)
    with hold(code, who, host="choose what may be said at the table") as held:
        table = held.table
        if talk is not None and talk != table.talk:
            table.talk = talk
            held.changed("talk")
        if watchers is not None and watchers != table.watchers_talk:
            table.watchers_talk = watchers
            held.changed("watchers_talk")
        return {"talk": table.talk, "watchers": table.watchers_talk}


def forget(code) -> int:
    """Delete everything said at the table ``code``: how many were."""
    return Said.objects.filter(table__code=normal_code(code)).delete()[0]


def forget_lapsed(now: datetime.datetime | None = None) -> int:
    """Delete what was said at tables that ended (a game over or ended
    early, and nothing since) more than PARLOR_TALK_KEPT_DAYS ago."""
    before = (now or timezone.now()) - datetime.timedelta(days=settings.PARLOR_TALK_KEPT_DAYS)
    ended = Table.objects.filter(status__in=(Table.OVER, Table.ENDED), updated__lt=before).values("id")
    return Said.objects.filter(table_id__in=ended).delete()[0]


_next_sweep = [0.0]
SWEEP_SECONDS = 3600.0


def _forget_lapsed_now_and_then() -> None:
    """Each server process lets lapsed talk go at most once an hour, as
    something new is said (talk at no table lapses while no one talks)."""
    now = timezone.now().timestamp()
    if now < _next_sweep[0]:
        return
    _next_sweep[0] = now + SWEEP_SECONDS
    try:
        forget_lapsed()
    except Exception:
        log.warning("could not let lapsed talk go", exc_info=True)
