"""Abuse refused and faults survived, in-process: rate limits with a
sentence, a database failure mid-move that changes nothing, and production
settings that pass Django's deployment checks."""

import json
import os
import subprocess
import sys
import types

import pytest
from django.db import DatabaseError
from django.test import Client

from tables import limits, rows
from tables.models import Move, Table
from tables.service import Refused

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


def test_a_database_failure_mid_move_changes_nothing_and_says_so(monkeypatch):
    ada, code, snap = running_table()
    while not snap["view"]["moves"]:
        snap = ada.get(f"/api/tables/{code}").json()
    before = frozen(code)

    def broken(*args, **kwargs):
        raise DatabaseError("the disk is full")

    monkeypatch.setattr(rows, "record", broken)
    move = {k: v for k, v in snap["view"]["moves"][0].items() if k != "label"}
    status, body = post(ada, f"/api/tables/{code}/move", {"seq": snap["seq"], "action": move})
    assert status == 503 and body["error"] == "The table couldn't save that just now, so nothing changed. Please try again."
    monkeypatch.undo()
    assert frozen(code) == before
    status, body = post(ada, f"/api/tables/{code}/move", {"seq": snap["seq"], "action": move})
    assert status == 200  # the same move goes through once the database is back


def test_production_settings_pass_the_deployment_checks(tmp_path):
    env = {**os.environ, "PARLOR_SECURE": "1", "PARLOR_VAR": str(tmp_path), "ALLOWED_HOSTS": "games.example.org"}
    env.pop("DATABASE_URL", None)
    out = subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                         capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "no issues" in out.stdout
