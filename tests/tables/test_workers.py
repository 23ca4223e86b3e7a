"""Hard bots think in worker processes: a person's move at another table is
answered while a bot thinks, the bot's move lands once it has decided, and
the workers end with their server, however it ends. Live servers on SQLite;
the held game's hard bot waits for the test to let it go."""

import json
import os
import random
import signal
import time
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest
from django.db import transaction
from django.test import Client as DjangoClient

import tests.highcard as highcard
from tables import bots, rows, service, workers
from tables.hold import Held
from tables.models import Move, Table
from tests.live import Client
from tests.views import move_from, offered_to

HELD_GAMES = "high-card=tests.highcard,held-card=tests.tables.held_card"
WITHIN = 30.0  # seconds a state may take to come about before the test fails


def until(happened, what: str):
    """Wait for a state (not a time): ``happened()`` true, or fail saying ``what``."""
    give_up = time.monotonic() + WITHIN
    while not happened():
        assert time.monotonic() < give_up, f"waited {WITHIN:.0f} s for {what}"
        time.sleep(0.02)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # (a worker that has ended but not yet been reaped by its forkserver; it may
    # be reaped between the two looks, and then it is gone as surely)
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (ProcessLookupError, FileNotFoundError):
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.fixture
def hold(tmp_path):
    folder = tmp_path / "hold"
    folder.mkdir()
    return folder


def held_server(servers, hold, **env):
    return servers.start(PARLOR_EXTRA_GAMES=HELD_GAMES, PARLOR_TEST_HOLD=str(hold), **env)


def a_hard_bot_thinking(server, hold):
    """Ada and a hard bot at Held Card, the bot thinking (Ada moves first if
    the deal gives her the lead). The table, and the bot's worker's pid."""
    ada = Client(server)
    code = ada.post("/api/tables", {"game": "held-card", "name": "Ada"})[1]["code"]
    ada.post(f"/api/tables/{code}/bot", {"level": "hard"})
    status, snap = ada.post(f"/api/tables/{code}/start")
    assert status == 200, snap
    if snap["view"]["moves"]:
        status, snap = ada.post(f"/api/tables/{code}/move", {"seq": snap["seq"], "action": move_from(snap)})
        assert status == 200, snap
    thinking = hold / f"thinking-{snap['seq']}"
    until(thinking.exists, "the hard bot to start thinking")
    until(lambda: thinking.read_text(), "the bot to say where it thinks")
    return ada, code, snap, int(thinking.read_text())


def test_a_person_is_answered_while_a_hard_bot_thinks_in_a_worker_and_then_the_bot_moves(servers, hold):
    server = held_server(servers, hold)
    ada, held, before, worker = a_hard_bot_thinking(server, hold)
    assert worker != server.proc.pid, "the bot should think in a worker, not in the server"

    # Ben, at another table, moves and is answered while the bot thinks.
    ben = Client(server)
    other = ben.post("/api/tables", {"game": "high-card", "name": "Ben"})[1]["code"]
    ben.post(f"/api/tables/{other}/bot", {"level": "medium"})
    ben.post(f"/api/tables/{other}/start")
    ws = ben.socket(other)
    snap = ws.until(lambda m: m.get("type") == "snapshot" and m["status"] == "playing" and m["view"]["moves"])
    ws.send({"type": "move", "seq": snap["seq"], "action": move_from(snap)})
    answered = ws.until(lambda m: m.get("type") == "error" or m["seq"] > snap["seq"])
    assert answered["type"] == "snapshot" and answered["view"]["seq"] > snap["seq"]
    ws.close()
    status, still = ada.get(f"/api/tables/{held}")
    assert still["seq"] == before["seq"] and still["seats"][1]["deciding"], "the bot should still be thinking"
    assert alive(worker)

    # Let the bot go: its move reaches Ada's page.
    page = ada.socket(held)
    page.until(lambda m: m.get("type") == "snapshot")
    (hold / "release").write_text("")
    moved = page.until(lambda m: m.get("type") == "snapshot" and m["seq"] > before["seq"])
    assert moved["view"]["sizes"][1] == before["view"]["sizes"][1] - 1 or moved["view"]["deal"] > before["view"]["deal"]
    page.close()

    server.stop()
    until(lambda: not alive(worker), "the worker to end with its server")


def test_a_killed_server_leaves_no_worker_behind_and_the_bot_moves_after_the_restart(servers, hold):
    first = held_server(servers, hold)
    ada, held, before, worker = a_hard_bot_thinking(first, hold)
    first.kill()
    until(lambda: not alive(worker), "the worker to end with its killed server")

    (hold / "release").write_text("")  # the next server's bot decides at once
    second = held_server(servers, hold)
    page = ada.use(second).socket(held)
    moved = page.until(lambda m: m.get("type") == "snapshot" and m["seq"] > before["seq"])
    assert moved["status"] in ("playing", "over")
    page.close()


# The service with the pool stood in for: questions answered by the test ----


class Questions:
    """Stands in for the pool: keeps each question and its future, for the
    test to answer as a worker would."""

    def __init__(self):
        self.asked: list[tuple[dict, str, str, Future]] = []

    def ask(self, module, view, level, seed):
        future = Future()
        self.asked.append((view, level, seed, future))
        return future

    def answer_as_the_bot(self, which=-1):
        view, level, seed, future = self.asked[which]
        future.set_result(workers.decide(highcard.__name__, view, level, seed))


@pytest.fixture
def questions(monkeypatch):
    pool = Questions()
    monkeypatch.setattr(workers, "running", lambda: True)
    monkeypatch.setattr(workers, "ask", pool.ask)
    monkeypatch.setattr(bots, "_asked", {})
    return pool


def post(client, path, body=None):
    response = client.post(path, json.dumps(body or {}), content_type="application/json")
    return response.status_code, response.json()


def bot_to_move(questions=None):
    """Ada and a hard bot at High Card, the bot to move (Ada moved first if
    she had the lead): its code, Ada's client and the table."""
    ada = DjangoClient()
    code = post(ada, "/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    post(ada, f"/api/tables/{code}/bot", {"level": "hard"})
    status, snap = post(ada, f"/api/tables/{code}/start")
    if snap["view"]["moves"]:
        post(ada, f"/api/tables/{code}/move", {"seq": snap["seq"], "action": move_from(snap)})
    return code, ada, Table.objects.get(code=code)


def kept(code, seq):
    return list(Move.objects.filter(table__code=code, seq=seq).values_list("seat", "action", "by"))


@pytest.mark.django_db(transaction=True)  # the questions go out as changes commit
def test_a_hard_bot_is_asked_once_from_its_view_and_its_answer_is_played_once(questions):
    code, ada, table = bot_to_move(questions)
    seq = table.state["seq"]
    assert len(questions.asked) == 1
    view, level, seed, future = questions.asked[0]
    assert level == "hard" and view["seat"] == 1 and view == highcard.view(table.state, 1)
    assert table.due_at is not None and table.due_at <= time.time()  # due while it thinks: a lost answer is asked again
    service.tick([code])
    assert len(questions.asked) == 1 and Table.objects.get(code=code).state["seq"] == seq

    questions.answer_as_the_bot()
    assert service.tick([code]) == [code]
    assert kept(code, seq) == [(1, future.result()[0], "bot")]
    service.tick([code])
    table = Table.objects.get(code=code)
    assert Move.objects.filter(table=table).count() == table.state["seq"] > seq


@pytest.mark.django_db(transaction=True)  # the questions go out as changes commit
def test_an_answer_for_a_table_that_has_moved_on_is_dropped_and_the_bot_asked_again(questions):
    code, ada, table = bot_to_move(questions)
    while Table.objects.get(code=code).state["turn"] != 0:  # on to Ada's turn
        questions.answer_as_the_bot()
        service.tick([code])
    seq = Table.objects.get(code=code).state["seq"]
    post(ada, f"/api/tables/{code}/cover", {"seat": 0, "level": "hard"})
    view, _level, _seed, future = questions.asked[-1]
    assert view["seat"] == 0 and view["seq"] == seq
    questions.answer_as_the_bot()  # the bot covering Ada has decided, but before it is played...
    post(ada, f"/api/tables/{code}/back")  # ...Ada takes her seat back and plays another card herself
    snap = ada.get(f"/api/tables/{code}").json()
    mine = [m["action"] for m in offered_to(snap) if m["action"] != future.result()[0]][-1]
    status, after = post(ada, f"/api/tables/{code}/move", {"seq": seq, "action": mine})
    assert status == 200, after
    service.tick([code])
    assert kept(code, seq) == [(0, mine, "person")]
    table = Table.objects.get(code=code)
    if table.state["turn"] == 1:  # the bot's turn now: asked afresh, at the table as it stands
        assert questions.asked[-1][0]["seat"] == 1 and questions.asked[-1][0]["seq"] == table.state["seq"]
    assert Move.objects.filter(table=table).count() == table.state["seq"]


@pytest.mark.django_db(transaction=True)  # the questions go out as changes commit
def test_a_bots_own_error_in_its_worker_plays_the_fallback_but_a_lost_worker_is_asked_again(questions):
    code, ada, table = bot_to_move(questions)
    seq = table.state["seq"]
    questions.asked[-1][3].set_exception(BrokenProcessPool("a worker died"))
    service.tick([code])
    assert kept(code, seq) == [] and len(questions.asked) == 2
    questions.asked[-1][3].set_exception(ValueError("the bot's own mistake"))
    service.tick([code])
    assert kept(code, seq) == [(1, highcard.fallback(table.state, 1), "fallback")]


def the_bots_own_move_is_played(code, table):
    """Wait for the bot's move at the table as it stood, and check it is the
    move the bot makes in-process (its rng seeded the same)."""
    seq = table.state["seq"]
    until(lambda: service.tick([code]) or kept(code, seq), "the worker's answer to be played")
    in_process = highcard.bots.choose(highcard.view(table.state, 1), "hard", random.Random(f"{table.seed}:{seq}:1"))
    assert kept(code, seq) == [(1, in_process, "bot")]


@pytest.mark.django_db(transaction=True)  # the questions go out as changes commit
def test_a_real_worker_makes_the_move_the_bot_makes_in_process():
    workers.start(1, ["tests.highcard"])
    try:
        code, ada, table = bot_to_move()
        the_bots_own_move_is_played(code, table)
        pids = [p.pid for p in (workers._pool._processes or {}).values()]
    finally:
        workers.stop()
    assert pids and not any(alive(pid) for pid in pids)


@pytest.mark.django_db(transaction=True)  # the questions go out as changes commit
def test_a_bot_asked_before_the_table_moved_on_is_asked_again_where_it_now_stands(questions):
    code, ada, table = bot_to_move(questions)
    while (snap := ada.get(f"/api/tables/{code}").json())["view"]["phase"] != "scored":  # to the end of a deal
        if offered_to(snap):
            post(ada, f"/api/tables/{code}/move", {"seq": snap["seq"], "action": move_from(snap)})
        else:
            questions.answer_as_the_bot()
            service.tick([code])
    asked_at = questions.asked[-1]
    assert asked_at[0]["phase"] == "scored" and asked_at[0]["seq"] == snap["seq"]  # the bot thinks about "ready"
    post(ada, f"/api/tables/{code}/move", {"seq": snap["seq"], "action": {"type": "ready"}})
    again = questions.asked[-1]
    assert asked_at[3].cancelled() and again[0]["seq"] == snap["seq"] + 1
    questions.answer_as_the_bot()
    service.tick([code])
    table = Table.objects.get(code=code)
    assert table.state["phase"] == "play" and kept(code, snap["seq"] + 1) == [(1, {"type": "ready"}, "bot")]
    assert Move.objects.filter(table=table).count() == table.state["seq"]


@pytest.mark.django_db(transaction=True)  # the questions go out as changes commit
def test_a_question_about_a_change_that_rolled_back_is_never_sent(questions):
    code, ada, table = bot_to_move(questions)
    while Table.objects.get(code=code).state["turn"] != 0:  # on to Ada's turn
        questions.answer_as_the_bot()
        service.tick([code])
    asked = len(questions.asked)

    def cover_ada():
        """Under the table's lock, a hard bot covers Ada's seat: her turn is its."""
        (table, seats), = rows.locked_with_seats([code])
        seats[0].covered, seats[0].level = True, "hard"
        bots.advance(Held(table, seats), time.time())

    class Undone(Exception):
        pass

    with pytest.raises(Undone), transaction.atomic():
        cover_ada()  # the bot would be asked, once this commits...
        raise Undone  # ...but it never does
    assert len(questions.asked) == asked
    with transaction.atomic():
        cover_ada()
    assert len(questions.asked) == asked + 1 and questions.asked[-1][0]["seat"] == 0


@pytest.mark.django_db(transaction=True)  # the questions go out as changes commit
def test_a_worker_that_dies_loses_no_bot_move():
    workers.start(1, ["tests.highcard"])
    try:
        worker = workers._pool.submit(os.getpid).result(timeout=WITHIN)  # a worker up and idle
        os.kill(worker, signal.SIGKILL)
        until(lambda: not alive(worker), "the worker to die")
        code, ada, table = bot_to_move()
        the_bots_own_move_is_played(code, table)
    finally:
        workers.stop()
