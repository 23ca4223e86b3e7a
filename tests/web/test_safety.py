"""Abuse refused and faults survived, in-process: rate limits with a
sentence, a database failure mid-move that changes nothing, and production
settings that pass Django's deployment checks."""

import asyncio
import json
import os
import subprocess
import sys
import types
from contextlib import contextmanager

import pytest
from django.db import connection
from django.test import Client

from tables import db, mainloop, service
from tables.models import Move, Table
from tables.service import Refused, Visitor
from tests.views import move_from
from web import batching, limits

pytestmark = pytest.mark.django_db


def post(client, path, body=None):
    response = client.post(path, json.dumps(body or {}), content_type="application/json")
    return response.status_code, response.json()


def frozen(code):
    table = Table.objects.get(code=code)
    return json.dumps([table.state, table.status, list(table.seats.values()), Move.objects.count()], sort_keys=True, default=str)


def running_table():
    ada = Client()
    code = post(ada, "/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    post(ada, f"/api/tables/{code}/bot")
    snap = post(ada, f"/api/tables/{code}/start")[1]
    return ada, code, snap


def test_moving_too_fast_gets_a_sentence_and_changes_nothing(settings):
    settings.PARLOR_LIMITS = {"act": (3, 10), "join": (100, 60)}
    ada, code, snap = running_table()  # bot and start: two of the three
    post(ada, f"/api/tables/{code}/back")  # the third (refused, but counted)
    before = frozen(code)
    status, body = post(ada, f"/api/tables/{code}/move", {"seq": snap["seq"], "action": {"type": "ready"}})
    assert status == 429 and body["error"] == "You're going faster than the table can follow; wait a moment and try again."
    assert frozen(code) == before
    # Another browser is counted on its own: Ben is answered, not slowed.
    status, body = post(Client(), f"/api/tables/{code}/move", {"seq": snap["seq"], "action": {"type": "ready"}})
    assert status == 403 and body["error"] == "You're watching this table; only players can move."


def test_the_limit_holds_across_the_turn_of_a_window(settings, monkeypatch):
    """Three acts in ten seconds: three just before a window turns leave no
    room for a fourth just after it, and the room comes back as the last
    window's acts fall out of the ten seconds."""
    settings.PARLOR_LIMITS = {"act": (3, 10), "join": (100, 60)}
    clock = [1_000_009.5]
    monkeypatch.setattr(limits, "time", types.SimpleNamespace(time=lambda: clock[0]))
    for _ in range(3):
        limits.check("browser-of-ada", "move")
    clock[0] = 1_000_010.5
    with pytest.raises(Refused) as refused:
        limits.check("browser-of-ada", "move")
    assert refused.value.sentence == "You're going faster than the table can follow; wait a moment and try again."
    clock[0] = 1_000_020.5  # the three are over ten seconds old; the refused one still counts
    limits.check("browser-of-ada", "move")
    limits.check("browser-of-ada", "move")
    with pytest.raises(Refused):
        limits.check("browser-of-ada", "move")


def test_making_tables_too_fast_gets_a_sentence(settings):
    settings.PARLOR_LIMITS = {"act": (100, 10), "join": (2, 60)}
    ada = Client()
    for _ in range(2):
        assert post(ada, "/api/tables", {"game": "high-card", "name": "Ada"})[0] == 201
    status, body = post(ada, "/api/tables", {"game": "high-card", "name": "Ada"})
    assert status == 429 and body["error"] == "That's a lot of tables in a short time; wait a minute and try again."
    assert Table.objects.count() == 2
    # Another browser is counted on its own.
    assert post(Client(), "/api/tables", {"game": "high-card", "name": "Ben"})[0] == 201


@contextmanager
def tables_refusing_writes():
    """The database itself fails every write of a table's row, as a full
    disk would: a move's own row is written first, then its table's fails."""
    name = Table._meta.db_table
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute(f"CREATE TRIGGER disk_full BEFORE UPDATE ON {name} BEGIN SELECT RAISE(ABORT, 'the disk is full'); END")
        else:
            cursor.execute("CREATE FUNCTION disk_full() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'the disk is full'; END $$ LANGUAGE plpgsql")
            cursor.execute(f"CREATE TRIGGER disk_full BEFORE UPDATE ON {name} FOR EACH ROW EXECUTE FUNCTION disk_full()")
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f"DROP TRIGGER disk_full{'' if connection.vendor == 'sqlite' else f' ON {name}'}")
            if connection.vendor != "sqlite":
                cursor.execute("DROP FUNCTION disk_full()")


NOT_SAVED = "The table couldn't save that just now, so nothing changed. Please try again."



def test_a_database_failure_mid_move_changes_nothing_and_says_so():
    ada, code, snap = running_table()
    while not snap["view"]["moves"]:
        snap = ada.get(f"/api/tables/{code}").json()
    before = frozen(code)
    with tables_refusing_writes():
        status, body = post(ada, f"/api/tables/{code}/move", {"seq": snap["seq"], "action": move_from(snap)})
        assert status == 503 and body["error"] == NOT_SAVED
        assert frozen(code) == before  # the move's own row went with the rest
    status, body = post(ada, f"/api/tables/{code}/move", {"seq": snap["seq"], "action": move_from(snap)})
    assert status == 200  # the same move goes through once the database is back
    assert Move.objects.filter(table__code=code, by="person").count() == 1


@pytest.mark.django_db(transaction=True)  # the loop's calls use a connection of their own
def test_a_database_failure_mid_move_from_a_socket_changes_nothing_and_says_so(monkeypatch):
    """A socket's moves go through the loop's batches; when the database
    fails, every move of the batch hears the sentence and none is made."""
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # as the server allows (parlor/asgi.py)
    ada, code, snap = running_table()
    while not snap["view"]["moves"]:
        snap = ada.get(f"/api/tables/{code}").json()
    before = frozen(code)
    asked = (code, Visitor(ada.session["browser"]), {"seq": snap["seq"], "action": move_from(snap)})

    async def move():
        mainloop.adopt()  # as the server's loop
        try:
            await batching.move(*asked)
        finally:
            mainloop.forget()
            await db.close_all()  # the calls' own connections, not the test's

    with tables_refusing_writes():
        with pytest.raises(Refused) as refused:
            asyncio.run(move())
        assert refused.value.sentence == NOT_SAVED and refused.value.status == 503
        assert frozen(code) == before
    asyncio.run(move())
    assert Move.objects.filter(table__code=code, by="person").count() == 1


def test_no_page_or_socket_message_shows_a_seat_token():
    """A seat is played by the browser whose session holds its token: no
    answer, to anyone, carries one, so none can be borrowed."""
    ada, ben, eve = Client(), Client(), Client()
    code = post(ada, "/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    post(ben, f"/api/tables/{code}/join", {"name": "Ben"})
    post(ada, f"/api/tables/{code}/bot")
    answers = [post(ada, f"/api/tables/{code}/start")[1]]
    for client in (ada, ben, eve):
        answers += [client.get(f"/api/tables/{code}").json(), client.get("/api/mine").json()]
    table = Table.objects.get(code=code)
    sent = json.dumps(answers) + "".join(service.views(table).values())
    tokens = [ada.session["browser"], ben.session["browser"]]
    assert all(len(token) >= 24 for token in tokens)
    assert not [token for token in tokens if token in sent]


def test_production_settings_pass_the_deployment_checks(tmp_path):
    env = {**os.environ, "PARLOR_SECURE": "1", "PARLOR_VAR": str(tmp_path), "ALLOWED_HOSTS": "games.example.org"}
    env.pop("DATABASE_URL", None)
    out = subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                         capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "no issues" in out.stdout
