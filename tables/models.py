"""A table, its seats and its moves; a game's result, and the link its
people may share. The game's state is saved whole, as JSON, in the same
transaction as each move."""

import secrets

from django.conf import settings
from django.db import models
from django.db.backends.signals import connection_created
from django.dispatch import receiver
from psycopg.types.string import TextLoader


class StateField(models.JSONField):
    """JSON kept as written: on PostgreSQL a ``json`` column, not ``jsonb``.
    A game's state is only ever read and written whole, never searched
    inside, and PostgreSQL stores ``json`` as its text where it takes
    ``jsonb`` apart into a form of its own and back again (measured: writing
    ten states of 5 KB in one statement, 3.6 ms as ``json``, 6 ms as
    ``jsonb``)."""

    def db_type(self, connection):
        return "json" if connection.vendor == "postgresql" else super().db_type(connection)


@receiver(connection_created)
def _json_as_text(sender, connection, **kwargs):
    """PostgreSQL's ``json`` comes back as its text, as Django has ``jsonb``
    come back, for the field (or orjson, in tables/rows.py) to read."""
    if connection.vendor == "postgresql":
        connection.connection.adapters.register_loader("json", TextLoader)


class Table(models.Model):
    LOBBY, PLAYING, OVER, ENDED = "lobby", "playing", "over", "ended"
    STATUSES = [(LOBBY, "Waiting room"), (PLAYING, "Playing"), (OVER, "Over"), (ENDED, "Ended early")]

    code = models.CharField(max_length=8, unique=True)
    game = models.CharField(max_length=40)
    status = models.CharField(max_length=10, choices=STATUSES, default=LOBBY)
    host = models.CharField(max_length=64, help_text="The host's browser.")
    settings = models.JSONField(default=dict)
    seed = models.CharField(max_length=64, blank=True)
    number = models.PositiveIntegerField(default=0, help_text="Games played at this table (Play again adds one).")
    state = StateField(null=True, blank=True)
    seq = models.PositiveIntegerField(default=0)
    # When each open decision began (its key -> seconds since the epoch):
    # a bot's think time and a person's idle time count from there.
    clocks = models.JSONField(default=dict)
    due_at = models.FloatField(null=True, blank=True, db_index=True, help_text="When the next bot is due to move.")
    hints = models.BooleanField(default=True, help_text="Whether players may ask for hints (the host's choice).")
    # Who played more than one seat of the current game, marked at its start
    # and kept to its end whoever leaves or is cleared (tables.sharing): the
    # seats' indexes by how, {"device": [0, 2]} for a device passed round,
    # "twice" for an account at two seats. None of them is rated.
    shared = models.JSONField(default=dict)
    # What may be said at the table (the host's choice, tables.talking):
    # messages and reactions, reactions only, or nothing; and whether
    # people watching may say it too.
    ALL, REACTIONS, QUIET = "all", "reactions", "off"
    TALK = [(ALL, "Messages and reactions"), (REACTIONS, "Reactions only"), (QUIET, "Nothing")]
    talk = models.CharField(max_length=10, choices=TALK, default=ALL)
    watchers_talk = models.BooleanField(default=False, help_text="Whether people watching may say something too.")
    # The table's pace (the host's choice, tables.pace): live, or over days
    # with a time for each move (seconds; empty: no limit).
    LIVE, DAYS = "live", "days"
    PACES = [(LIVE, "Live"), (DAYS, "Over days")]
    pace = models.CharField(max_length=5, choices=PACES, default=LIVE)
    allowance = models.PositiveIntegerField(null=True, blank=True, help_text="Over days: seconds a player has for a move.")
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    def __str__(self):
        return f"{self.code} ({self.game})"


class Seat(models.Model):
    PERSON, BOT = "person", "bot"

    table = models.ForeignKey(Table, related_name="seats", on_delete=models.CASCADE)
    index = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=6, choices=[(PERSON, "Person"), (BOT, "Bot")])
    browser = models.CharField(max_length=64, blank=True, db_index=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    name = models.CharField(max_length=40)
    level = models.CharField(max_length=10, default="medium")
    # A person's seat a bot plays for now (the person may take it back).
    covered = models.BooleanField(default=False)
    # Whether a bot played this seat at any point of the current game.
    was_covered = models.BooleanField(default=False)
    # A person on the host's device: a name and no account, playing from the
    # host's browser (pass and play, decision 15).
    device = models.BooleanField(default=False)
    # Of a browser's several seats, the one its device is handed to now:
    # only this seat's view reaches that browser.
    holds = models.BooleanField(default=False)
    # Whether this seat was shown a hint in the current game (it isn't rated).
    hinted = models.BooleanField(default=False)

    class Meta:
        ordering = ["index"]
        constraints = [models.UniqueConstraint(fields=["table", "index"], name="one_seat_per_index")]

    @property
    def plays_as_bot(self) -> bool:
        return self.kind == self.BOT or self.covered

    def held_by(self, browser: str) -> bool:
        """Whether this is a person's seat, and that browser's."""
        return self.kind == self.PERSON and bool(self.browser) and self.browser == browser


class Move(models.Model):
    """Every move of every game, so a game replays from its seed and moves.
    The unique key means a move can never be recorded twice."""

    # No index of its own: the unique key leads with the table and serves
    # every look-up by it, and each move written updated both.
    table = models.ForeignKey(Table, related_name="moves", on_delete=models.CASCADE, db_index=False)
    number = models.PositiveIntegerField(help_text="Which game at this table.")
    seq = models.PositiveIntegerField(help_text="The state's seq the move was made against.")
    seat = models.PositiveSmallIntegerField()
    action = models.JSONField()
    now = models.FloatField()
    by = models.CharField(max_length=10, help_text="person, bot or fallback")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number", "seq"]
        constraints = [models.UniqueConstraint(fields=["table", "number", "seq"], name="one_move_per_seq")]


class Result(models.Model):
    """A game that ended by the rules: who sat where and how they placed.
    Only a kept result is rated, and only once."""

    table = models.ForeignKey(Table, related_name="results", on_delete=models.CASCADE)
    number = models.PositiveIntegerField()
    game = models.CharField(max_length=40)
    settings = models.JSONField(default=dict)
    # The game's seed: with its moves, all a replay needs (the table keeps
    # only its latest game's).
    seed = models.CharField(max_length=64, blank=True)
    seats = models.JSONField(help_text="Each seat: name, kind, level, user id, covered at any point, shown a hint, "
                                       "played on a shared device or by an account seated twice at any point.")
    places = models.JSONField()
    scores = models.JSONField()
    outcome = models.JSONField(default=dict)
    kept = models.BooleanField(default=False)
    rated = models.BooleanField(default=False)
    # What the result sheet says about each seat's rating ("+12.1 → 1562 ± 78"),
    # a line per seat or None, written by whoever rates the game.
    changes = models.JSONField(default=list)
    finished = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["finished", "id"]
        constraints = [models.UniqueConstraint(fields=["table", "number"], name="one_result_per_game")]


def _token() -> str:
    return secrets.token_urlsafe(16)  # 128 random bits: no one finds a result by counting


class SharedResult(models.Model):
    """The link to a game's result that the people at the table may pass
    on: anyone with it sees the result (never the table's code). Made the
    first time one of them opens the result's page."""

    result = models.OneToOneField(Result, related_name="shared", on_delete=models.CASCADE)
    token = models.CharField(max_length=32, unique=True, default=_token)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"the shared link to result {self.result_id}"


class Said(models.Model):
    """A reaction or a message said at a table, kept while the table lives
    and PARLOR_TALK_KEPT_DAYS after it ends (tables.talking); never part of
    a game's record."""

    REACTION, MESSAGE = "reaction", "message"

    table = models.ForeignKey(Table, related_name="said", on_delete=models.CASCADE)
    number = models.PositiveIntegerField(help_text="Which game at this table (0: before the first).")
    seat = models.PositiveSmallIntegerField(null=True, blank=True, help_text="The sayer's seat; empty for a watcher.")
    browser = models.CharField(max_length=64, help_text="The sayer's browser.")
    name = models.CharField(max_length=40)
    kind = models.CharField(max_length=10, choices=[(REACTION, "Reaction"), (MESSAGE, "Message")])
    text = models.CharField(max_length=200)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name_plural = "said"

    def __str__(self):
        return f"{self.name}: {self.text}"


class TurnMail(models.Model):
    """A "your turn" mail, kept in the same transaction as the move that
    made it someone's turn at a table played over days, and sent once
    afterwards by whichever process's ticker claims it (tables.turnmail,
    decision 27). A mail that could not be sent is tried again later."""

    QUEUED, SENDING, SENT, DROPPED = "queued", "sending", "sent", "dropped"
    STATES = [(QUEUED, "Waiting to be sent"), (SENDING, "Being sent"), (SENT, "Sent"), (DROPPED, "Not sent")]

    table = models.ForeignKey(Table, related_name="turn_mails", on_delete=models.CASCADE)
    number = models.PositiveIntegerField(help_text="Which game at this table.")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, related_name="turn_mails", on_delete=models.CASCADE)
    seq = models.PositiveIntegerField(help_text="The state's seq when the turn came.")
    key = models.CharField(max_length=100, help_text="The decision the turn is (its clock's key).")
    state = models.CharField(max_length=8, choices=STATES, default=QUEUED)
    why = models.CharField(max_length=200, blank=True, help_text="Why it was not sent, or the last failure to send it.")
    # Times as seconds since the epoch, as the table's clocks keep them.
    queued = models.FloatField()
    next_try = models.FloatField(help_text="When it may be sent (again).")
    claimed_until = models.FloatField(null=True, blank=True, help_text="While being sent: when another process may take it over.")
    tries = models.PositiveSmallIntegerField(default=0)
    sent = models.FloatField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["state", "next_try"], name="turn_mails_to_send"),
                   models.Index(fields=["table", "user", "number"], name="turn_mails_of_a_table"),
                   models.Index(fields=["user", "sent"], name="turn_mails_of_a_day")]
        constraints = [models.UniqueConstraint(fields=["table", "number", "seat", "key"], name="one_mail_per_turn")]

    def __str__(self):
        return f"turn mail to user {self.user_id} at {self.table_id} ({self.state})"


class MailChoice(models.Model):
    """Whether a player wants a mail when it is their turn at a table
    played over days (on unless they said otherwise: no row is on)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, related_name="mail_choice", on_delete=models.CASCADE)
    turns = models.BooleanField(default=True, help_text="Mail me when it's my turn at a table played over days.")
    updated = models.DateTimeField(auto_now=True)

    def __str__(self):
        return f"user {self.user_id}: turn mails {'on' if self.turns else 'off'}"
