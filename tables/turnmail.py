"""The mail that says it is your turn, at a table played over days.

A move (a person's, a bot's, the host's) that makes it a signed-in
player's turn at such a table keeps a ``TurnMail`` row in the same
transaction as the move itself (``note``): the move and the mail's record
commit together or not at all, and writing the row costs the move no wait
on a mail server. Each server process's ticker then drains the rows
(``drain``, on a thread of its own, never one a move waits for): a row is
claimed under its row lock, skipping any another process holds, checked
(still their turn, an address, mails wanted, the day's limit), marked as
being sent, and sent after the claim commits; a mail server that fails
leaves the row to be tried again later, a little later each time.
Decision 27 says why an outbox, and what it costs.

A player gets one mail a table until they have moved there, and at most
PARLOR_TURN_MAILS_A_DAY a day; live tables never mail. The mails are on
unless the player turns them off, on their e-mail page or by the link in
every mail, which works without signing in: it carries the player's id
signed for that one purpose (``off_token``), and nothing else."""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import time
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import EmailMessage
from django.db import connection, transaction
from django.db.models import Q
from django.template.loader import render_to_string
from django.urls import reverse

from engine import registry

from . import mainloop, pace
from .asking import Refused
from .models import MailChoice, Move, Seat, Table, TurnMail
from .pace import HOUR

if TYPE_CHECKING:
    from .hold import Held

log = logging.getLogger(__name__)

LEASE = 600.0  # seconds a claimed mail is one process's to send; past that (the process died) another may
MOST_TRIES = 8  # a mail the mail server refused this often is given up (about four hours of tries)
FIRST_WAIT = 60.0  # before the second try; each try after waits twice as long, up to LONGEST_WAIT
LONGEST_WAIT = 3600.0
KEPT_DAYS = 30  # a mail's row is kept this long after it was sent or given up, then forgotten
OFF_SALT = "parlor.turn-mails-off"  # the link's signature is good for turning these mails off, nothing else
OFF_FORGED = ("This link isn't one Parlor sent, or it lost some letters on the way: "
              "copy the whole link from the mail, or sign in and turn the mails off on your e-mail page.")
OFF_OLD = ("This link is too old to use: take the link from a newer mail, "
           "or sign in and turn the mails off on your e-mail page.")


# -- keeping them, with the move ------------------------------------------------

def note(held: Held) -> None:
    """Before the change at the held table is saved: keep a mail for each
    signed-in player whose turn it has become, at a table played over days
    (a decision that was not open when the table was taken). Nobody gets a
    second mail from a table until their seat has moved there since the
    last (by them, or by a bot while it had their seat)."""
    table = held.table
    if table.pace != Table.DAYS or table.status != Table.PLAYING or not table.state:
        return
    taken = held.clocks_taken if held.number_taken == table.number else {}
    seats = {seat.index: seat for seat in held.seats}
    now = time.time()
    for index, _kind, key in held.game.deciding(table.state):
        seat = seats.get(index)
        if key in taken or seat is None or seat.kind != Seat.PERSON or seat.covered or seat.user_id is None:
            continue
        moved = any(made[3] == index for made in held.moves)  # (this change's moves are not written yet)
        with connection.cursor() as cursor:
            cursor.execute(_keep_unless_told(), [
                table.pk, table.number, index, seat.user_id, table.state["seq"], key, TurnMail.QUEUED, "", now,
                now + settings.PARLOR_TURN_MAIL_WAIT, 0, moved, table.pk, seat.user_id, table.number, TurnMail.DROPPED])
            if cursor.rowcount:
                transaction.on_commit(ring)


@functools.cache
def _keep_unless_told() -> str:
    """The mail's row, kept in one statement (a move over days pays one
    round trip for it) unless the player's last mail from the table (sent,
    or on its way) came after their seat last moved there."""
    name = connection.ops.quote_name
    mails, moves = name(TurnMail._meta.db_table), name(Move._meta.db_table)
    columns = ("table_id", "number", "seat", "user_id", "seq", "key", "state", "why", "queued", "next_try", "tries")
    return (f"INSERT INTO {mails} ({', '.join(map(name, columns))}) SELECT {', '.join(['%s'] * len(columns))} "
            f"WHERE %s OR NOT EXISTS (SELECT 1 FROM {mails} AS m WHERE m.{name('id')} = (SELECT max({name('id')}) FROM {mails} "
            f"WHERE {name('table_id')} = %s AND {name('user_id')} = %s AND {name('number')} = %s AND {name('state')} <> %s) "
            f"AND NOT EXISTS (SELECT 1 FROM {moves} AS v WHERE v.{name('table_id')} = m.{name('table_id')} "
            f"AND v.{name('number')} = m.{name('number')} AND v.{name('seat')} = m.{name('seat')} AND v.{name('seq')} >= m.{name('seq')}))")


# -- sending them, from the ticker ----------------------------------------------

def drain(now: float | None = None, most: int = 50) -> int:
    """Send the mails that are due, up to ``most``; how many went. Safe in
    any number of processes at once: each mail is claimed by one."""
    sent = 0
    for _ in range(most):
        at = time.time() if now is None else now
        claimed = _claim(at)
        if claimed is None:
            break
        if claimed.state == TurnMail.SENDING:
            sent += _send(claimed, at)
    return sent


def _claim(now: float) -> TurnMail | None:
    """The next mail due, under its row lock (passing over any another
    process holds): given up, with why, if it is no longer to be sent; else
    marked as being sent, for LEASE seconds. None when none is due. Only
    reads of a few short rows happen inside (on SQLite the transaction
    holds the database's one write lock): the mail is written and sent
    after it commits."""
    with transaction.atomic():
        mail = (TurnMail.objects.select_for_update(skip_locked=True)
                .filter(Q(state=TurnMail.QUEUED) | Q(state=TurnMail.SENDING, claimed_until__lt=now), next_try__lte=now)
                .order_by("next_try", "id").first())
        if mail is None:
            return None
        # The player's row, locked, so two processes never both send the
        # mail that reaches the day's limit.
        MailChoice.objects.bulk_create([MailChoice(user_id=mail.user_id)], ignore_conflicts=True)
        choice = MailChoice.objects.select_for_update(of=("self",)).select_related("user").get(user_id=mail.user_id)
        mail.user = choice.user
        mail.table = Table.objects.only(*TABLE_READ).get(pk=mail.table_id)
        why = _why_not(mail, choice, now)
        if why is None:
            mail.state, mail.claimed_until, mail.tries = TurnMail.SENDING, now + LEASE, mail.tries + 1
        else:
            mail.state, mail.why, mail.claimed_until = TurnMail.DROPPED, why, None
        mail.save(update_fields=["state", "why", "claimed_until", "tries"])
        return mail


TABLE_READ = ("code", "game", "status", "number", "clocks", "pace", "allowance")  # a table's state stays unread


def _why_not(mail: TurnMail, choice: MailChoice, now: float) -> str | None:
    """Why this mail is not to be sent now, or None."""
    if not mail.user.email:
        return "no e-mail address"
    if not choice.turns:
        return "turn mails are off"
    table = mail.table
    seat = Seat.objects.filter(table_id=mail.table_id, index=mail.seat).values("user_id", "covered").first()
    if (table.status != Table.PLAYING or table.number != mail.number or mail.key not in table.clocks or seat is None
            or seat["user_id"] != mail.user_id or seat["covered"]):
        return "moved already, or no longer their turn"
    today = TurnMail.objects.filter(Q(state=TurnMail.SENT, sent__gt=now - pace.DAY)
                                    | Q(state=TurnMail.SENDING, claimed_until__gt=now), user_id=mail.user_id)
    if today.exclude(pk=mail.pk).count() >= settings.PARLOR_TURN_MAILS_A_DAY:
        return "the day's mails were used"
    return None


def _send(mail: TurnMail, now: float) -> int:
    """Send a claimed mail, and keep what came of it; 1 if it went."""
    try:
        _message(mail, now).send()
    except Exception as failed:  # whatever the mail server says, the mail waits for another try
        log.warning("could not send the turn mail %s (try %d): %s", mail.pk, mail.tries, failed)
        wait = min(LONGEST_WAIT, FIRST_WAIT * 2 ** (mail.tries - 1))
        state = TurnMail.DROPPED if mail.tries >= MOST_TRIES else TurnMail.QUEUED
        TurnMail.objects.filter(pk=mail.pk, state=TurnMail.SENDING).update(
            state=state, next_try=now + wait, claimed_until=None, why=str(failed)[:200] or type(failed).__name__)
        return 0
    TurnMail.objects.filter(pk=mail.pk).update(state=TurnMail.SENT, sent=now, claimed_until=None, why="")
    return 1


def _message(mail: TurnMail, now: float) -> EmailMessage:
    table, user = mail.table, mail.user
    game = registry.get(table.game)
    names = dict(Seat.objects.filter(table_id=mail.table_id).values_list("index", "name"))
    last = (Move.objects.filter(table_id=mail.table_id, number=mail.number, seq__lt=mail.seq).exclude(seat=mail.seat)
            .order_by("-seq").values_list("seat", flat=True).first())
    began = table.clocks.get(mail.key)
    left = None if table.allowance is None or began is None else began + table.allowance - now
    site = site_url()
    off = site + reverse("accounts:turn-mails-off", args=[off_token(user.pk)])
    context = {
        "name": names.get(mail.seat) or user.get_username(), "game": game.title if game else table.game, "code": table.code,
        "last": names.get(last) if last is not None else None, "left": pace.words(left),
        "link": site + reverse("table", args=[table.code]), "off": off, "a_day": settings.PARLOR_TURN_MAILS_A_DAY,
    }
    subject = " ".join(render_to_string("tables/turn_mail_subject.txt", context).split())
    return EmailMessage(subject, render_to_string("tables/turn_mail.txt", context), to=[user.email],
                        headers={"List-Unsubscribe": f"<{off}>"})


def site_url() -> str:
    """The address the mails' links lead to: SITE_URL, else the address the
    server said it serves at (parlor/serve.py)."""
    return (settings.PARLOR_SITE_URL or os.environ.get("PARLOR_SERVED_AT") or "http://127.0.0.1:8000").rstrip("/")


# -- the ticker's side -------------------------------------------------------------

_thread = ThreadPoolExecutor(1, thread_name_prefix="mail")  # a slow mail server holds this thread, never a move's
_ringing: asyncio.Event | None = None


def ring() -> None:
    """From any thread: a mail was kept; the drain looks at once."""
    mainloop.hand(_ring)


def _ring() -> None:
    if _ringing is not None:
        _ringing.set()


def forget_old(now: float) -> int:
    """Forget the mails sent or given up more than KEPT_DAYS ago; how many."""
    return TurnMail.objects.filter(state__in=(TurnMail.SENT, TurnMail.DROPPED), queued__lt=now - KEPT_DAYS * pace.DAY).delete()[0]


_forgot_at = 0.0


def _drained() -> int:
    global _forgot_at
    try:
        if time.time() - _forgot_at > HOUR:
            _forgot_at = time.time()
            forget_old(_forgot_at)
        return drain()
    finally:
        if connection.errors_occurred:
            connection.close_if_unusable_or_obsolete()


async def run(stop: asyncio.Event) -> None:
    """The drain, run by each process's ticker: every PARLOR_MAIL_SECONDS,
    and as soon as a mail is kept in this process."""
    global _ringing
    _ringing = ringing = asyncio.Event()
    loop = asyncio.get_running_loop()
    try:
        while not stop.is_set():
            try:
                await loop.run_in_executor(_thread, _drained)
            except Exception:
                log.exception("could not send the turn mails; trying again")
            try:
                await asyncio.wait_for(ringing.wait(), settings.PARLOR_MAIL_SECONDS)
            except TimeoutError:
                pass
            ringing.clear()
    finally:
        # The mail thread's connection goes with its ticker (a test's
        # database can then be dropped; a server's is closing anyway).
        await loop.run_in_executor(_thread, _let_go)


def _let_go() -> None:
    connection.close()  # (this thread's own: the name is looked up here)


# -- the player's choice -------------------------------------------------------------

def wanted(user_id: int) -> bool:
    """Whether the player wants the mails (they do unless they said not)."""
    return MailChoice.objects.filter(user_id=user_id).values_list("turns", flat=True).first() is not False


def choose(user_id: int, on: bool) -> None:
    MailChoice.objects.update_or_create(user_id=user_id, defaults={"turns": bool(on)})


def off_token(user_id: int) -> str:
    """The signed token of the link that turns the player's mails off."""
    return signing.dumps({"user": user_id}, salt=OFF_SALT, compress=True)


def turned_off(token: str):
    """Turn off the mails of the player the link's token names; the player."""
    user = named_by(token)
    choose(user.pk, False)
    return user


def named_by(token: str):
    """The player an off link's token names, or a sentence refusing a token
    changed on its way, or older than PARLOR_OFF_LINK_DAYS."""
    try:
        signed = signing.loads(token, salt=OFF_SALT, max_age=settings.PARLOR_OFF_LINK_DAYS * pace.DAY)
    except signing.SignatureExpired:
        raise Refused(OFF_OLD) from None
    except signing.BadSignature:
        raise Refused(OFF_FORGED) from None
    user = get_user_model().objects.filter(pk=signed.get("user") if isinstance(signed, dict) else None).first()
    if user is None:
        raise Refused(OFF_FORGED)
    return user
