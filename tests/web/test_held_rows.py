"""On PostgreSQL a server makes each table's moves on threads of their own:
a move at one table is answered while another table's row is held by
another connection, and the held move is made once the row is free."""

import os
import time

import psycopg
import pytest

from tests.live import Client, Servers, _pg, own_redis_url, scale_out_env
from tests.views import move_from

GIVE_UP = 20.0  # seconds a state may take to come, before the test fails


@pytest.fixture
def site(tmp_path):
    """Servers on PostgreSQL and Redis: the run's own when it names them."""
    given = os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")) and os.environ.get("REDIS_URL")
    env = {"DATABASE_URL": os.environ["DATABASE_URL"], "REDIS_URL": own_redis_url()} if given else scale_out_env()
    pool = Servers(tmp_path, **env)
    yield pool
    pool.stop_all()


def ready_to_move(server):
    """A person and a bot playing High Card, the person's socket open on
    the table at a moment the person may move."""
    person = Client(server)
    code = person.post("/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    person.post(f"/api/tables/{code}/bot")
    person.post(f"/api/tables/{code}/start")
    ws = person.socket(code)
    snap = ws.until(lambda m: m.get("type") == "snapshot" and m["status"] == "playing" and m["view"]["moves"])
    return code, ws, snap


def moves_waiting_on_a_lock(conn) -> int:
    return conn.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                        "AND wait_event_type = 'Lock'").fetchone()[0]


def until_waiting(conn, count: int) -> None:
    give_up = time.monotonic() + GIVE_UP
    while moves_waiting_on_a_lock(conn) != count:
        assert time.monotonic() < give_up, "the server's move never reached the held row"
        time.sleep(0.01)


def test_a_move_is_answered_while_another_tables_row_is_held(site):
    one, two = site.start(), site.start()
    held_code, held_ws, held_snap = ready_to_move(one)
    free_code, free_ws, free_snap = ready_to_move(one)
    far_code, far_ws, far_snap = ready_to_move(two)
    url = _pg(site.postgres, site.database)
    with psycopg.connect(url, autocommit=True) as watching, psycopg.connect(url) as holding:
        # Another connection holds the first table's row, as a slow statement would.
        holding.execute("SELECT id FROM tables_table WHERE code = %s FOR UPDATE", [held_code])
        held_ws.send({"type": "move", "seq": held_snap["seq"], "action": move_from(held_snap)})
        until_waiting(watching, 1)

        for ws, snap in ((free_ws, free_snap), (far_ws, far_snap)):
            ws.send({"type": "move", "seq": snap["seq"], "action": move_from(snap)})
            answer = ws.until(lambda m, seq=snap["seq"]: m.get("type") == "error" or m["seq"] > seq)
            assert answer["type"] == "snapshot", answer
        assert moves_waiting_on_a_lock(watching) == 1  # answered while the first move still waits
        assert not [m for m in held_ws.received if m.get("type") == "error"]

        holding.rollback()
        answer = held_ws.until(lambda m: m.get("type") == "error" or m["seq"] > held_snap["seq"])
        assert answer["type"] == "snapshot", answer
        made = watching.execute("SELECT count(*) FROM tables_move m JOIN tables_table t ON t.id = m.table_id "
                                "WHERE t.code = %s AND m.by = 'person'", [held_code]).fetchone()[0]
        assert made == 1  # made once, not lost nor twice
    for ws in (held_ws, free_ws, far_ws):
        ws.close()
