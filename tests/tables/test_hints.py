"""Hints through the table service: the hint is the hard bot's move from
the asking seat's own view, with its sentence; every hint that can't be
had is refused with a sentence and changes nothing; the host turns hints
off in the waiting room; and a game in which anyone was shown a hint is
kept, marked on its result, and rated for nobody. (Outside a server there
is no pool of workers: these hints are worked out in the service's thread.)"""

import json
import random
import re
import threading

import pytest

import games.euchre as euchre
from ratings import keeper
from ratings.models import Rating
from tables import hints
from tables.asking import Refused, Visitor
from tables.models import Result, Seat, Table
from tests.ratings.test_keeper import person, post, snap_of
from tests.views import move_from, offered_to

pytestmark = pytest.mark.django_db(transaction=True)  # the keeper rates once a finished game commits

ANSWER_WITHIN = 120  # seconds a hint may take to be worked out (it never does)


def started(host, game="high-card", others=(), bots=("medium",)):
    code = post(host, "/api/tables", {"game": game, "name": "Ada"})[1]["code"]
    for name, other in others:
        assert post(other, f"/api/tables/{code}/join", {"name": name})[0] == 200
    for level in bots:
        assert post(host, f"/api/tables/{code}/bot", {"level": level})[0] == 200
    status, snap = post(host, f"/api/tables/{code}/start")
    assert status == 200, snap
    return code


def visitor(code, index) -> Visitor:
    """Who the person at seat ``index`` is, to the service."""
    return Visitor(Seat.objects.get(table__code=code, index=index).browser)


def my_turn(client, code) -> dict:
    """The table once this person has a move to make (each read plays the bots)."""
    for _ in range(200):
        snap = snap_of(client, code)
        if any(m["action"]["type"] != "ready" for m in offered_to(snap)):
            return snap
        if offered_to(snap):
            post(client, f"/api/tables/{code}/move", {"seq": snap["seq"], "action": move_from(snap)})
    raise AssertionError("it never came to this person's turn")


def hint(code, index, seq) -> dict:
    return hints.answer(hints.question(code, visitor(code, index), seq)).result(ANSWER_WITHIN)


def table_as_it_is(code):
    table = Table.objects.get(code=code)
    return json.dumps([table.state, table.status, list(table.seats.values())], sort_keys=True, default=str)


def test_a_hint_is_the_hard_bots_move_from_your_own_view_with_its_sentence():
    ada = person()
    code = started(ada, "euchre", bots=("medium", "medium", "medium"))
    snap = my_turn(ada, code)
    table = Table.objects.get(code=code)
    question = hints.question(code, visitor(code, 0), snap["seq"])
    # The bot is handed Ada's view and nothing else: no other hand's card
    # (but the turned card, which everyone saw the dealer pick up, and the
    # log's lines, which may show an earlier hand's cards played openly).
    assert question.view == euchre.view(table.state, 0)
    others = {card for seat in (1, 2, 3) for card in table.state["hands"][seat]} - {table.state["up"]}
    board = {key: value for key, value in question.view.items() if key != "events"}
    assert not others & set(re.findall(r'"([9TJQKA][CDHS]\d)"', json.dumps(board)))

    found = hints.answer(question).result(ANSWER_WITHIN)
    # The move a hard bot in Ada's seat would make now, its rng seeded as a bot's.
    view = euchre.view(table.state, 0)
    move, reason = euchre.bots.decide(view, "hard", random.Random(f"{table.seed}:{snap['seq']}:0"))
    assert found["action"] == move
    assert {"action": move, "say": found["say"]} in offered_to(snap)
    # Its sentence names the move as Ada's table does ("Call ♥", not the
    # generic table's "Order it up"), then what it does for her.
    assert found["why"] == reason and found["why"].startswith(euchre.why.label(view, move) + ": ")
    # Asked again (another tab), the same answer, not worked out twice.
    assert hints.answer(hints.question(code, visitor(code, 0), snap["seq"])) is hints.answer(question)


def test_a_hint_that_cant_be_had_is_refused_with_a_sentence_and_changes_nothing():
    ada, ben, watcher = person(), person(), person()
    code = post(ada, "/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    with pytest.raises(Refused, match="There's no game under way at this table."):
        hints.question(code, visitor(code, 0), 0)
    assert post(ben, f"/api/tables/{code}/join", {"name": "Ben"})[0] == 200
    assert post(ada, f"/api/tables/{code}/start")[0] == 200
    snap = snap_of(ada, code)
    moving, waiting = (0, 1) if offered_to(snap) else (1, 0)
    seq = snap["seq"]
    before = table_as_it_is(code)
    refusals = [
        (Visitor("a-browser-with-no-seat"), seq, hints.WATCHING),
        (visitor(code, waiting), seq, hints.NOT_YOUR_TURN),
        (visitor(code, moving), seq - 1, hints.STALE),
        (visitor(code, moving), "7", hints.NO_SEQ),
        (visitor(code, moving), True, hints.NO_SEQ),
    ]
    for who, asked_at, sentence in refusals:
        with pytest.raises(Refused) as refused:
            hints.question(code, who, asked_at)
        assert refused.value.sentence == sentence
    assert table_as_it_is(code) == before
    assert snap_of(watcher, code)["seat"] is None

    # A seat a bot covers is the bot's to play, hints and all.
    mover = ada if moving == 0 else ben
    assert post(ada, f"/api/tables/{code}/cover", {"seat": moving, "level": "medium"})[0] == 200
    with pytest.raises(Refused, match="A bot is playing your seat for now"):
        hints.question(code, visitor(code, moving), snap_of(mover, code)["seq"])
    assert not Seat.objects.filter(table__code=code, hinted=True).exists()


def test_the_host_turns_hints_off_in_the_waiting_room_and_a_hint_is_then_refused():
    ada, ben = person(), person()
    code = post(ada, "/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    assert post(ben, f"/api/tables/{code}/join", {"name": "Ben"})[0] == 200
    assert snap_of(ben, code)["hints"] is True  # allowed unless the host says otherwise
    assert post(ben, f"/api/tables/{code}/hints", {"on": False}) == (403, {"error": "Only the host can turn hints on or off."})
    assert post(ada, f"/api/tables/{code}/hints", {"on": "no"}) == (400, {"error": hints.SAY_ON})
    status, snap = post(ada, f"/api/tables/{code}/hints", {"on": False})
    assert status == 200 and snap["hints"] is False
    assert snap_of(ben, code)["hints"] is False
    assert post(ada, f"/api/tables/{code}/start")[0] == 200
    status, body = post(ada, f"/api/tables/{code}/hints", {"on": True})
    assert status == 409 and body["error"] == "Settings can't change during a game; end it or wait for Play again."
    snap = my_turn(ada, code)
    with pytest.raises(Refused, match=hints.HINTS_OFF):
        hints.question(code, visitor(code, 0), snap["seq"])
    assert not Seat.objects.get(table__code=code, index=0).hinted


def play_out(code, *clients):
    """Every person plays their first listed move until the game is over."""
    for _ in range(500):
        snaps = [snap_of(c, code) for c in clients]
        if snaps[0]["status"] == "over":
            return snaps
        client, snap = next((c, s) for c, s in zip(clients, snaps) if offered_to(s))
        assert post(client, f"/api/tables/{code}/move", {"seq": snap["seq"], "action": move_from(snap)})[0] == 200
    raise AssertionError("the game never ended")


def test_a_game_in_which_anyone_saw_a_hint_is_kept_and_marked_but_rated_for_nobody():
    ada, ben = person("ada"), person("ben")
    code = started(ada, others=[("Ben", ben)], bots=("hard",))
    asker, index = next((c, s["seat"]) for c in (ada, ben) if offered_to(s := snap_of(c, code)))
    found = hint(code, index, snap_of(asker, code)["seq"])
    # (High Card's bots have no words of their own: the plain sentence.)
    assert found["why"] in (f"{found['say']}: it's the move the strong bot would make with your cards.",
                            f"{found['say']}: it's the only move you have.")
    # The mark is kept with the seat (a restarted server reads it back) and shown to everyone.
    assert Seat.objects.get(table__code=code, index=index).hinted
    assert [s["hinted"] for s in snap_of(ada if asker is ben else ben, code)["seats"]] == [i == index for i in range(3)]

    last = play_out(code, ada, ben)[0]
    result = Result.objects.get(table__code=code)
    assert result.kept and [seat["hinted"] for seat in result.seats] == [i == index for i in range(3)]
    assert last["result"]["hinted"] == [index]
    assert last["result"]["ratings"][:2] == ["not rated: hints were shown in this game"] * 2
    for player in (ada.user, ben.user):
        row = Rating.objects.get(user=player, game="high-card")
        assert (row.mu, row.sigma, row.played, row.rated) == (1500.0, 350.0, 1, 0)
    # A rebuild lands on the same: the mark is in the kept result.
    assert keeper.rebuild()["ratings"] == 0

    # Play again: a new game, nobody hinted in it yet.
    assert post(ada, f"/api/tables/{code}/again")[0] == 200
    assert not any(s["hinted"] for s in snap_of(ada, code)["seats"])


def test_a_hint_the_worker_has_already_decided_when_asked_is_still_answered(monkeypatch):
    """A worker may finish before the service has filed the question: its
    answer calls back at once, and the server must go on (it once waited on
    itself here, and every table of the process stood still)."""
    from concurrent.futures import Future

    from tables import workers

    ada = person()
    code = started(ada)
    snap = my_turn(ada, code)
    question = hints.question(code, visitor(code, 0), snap["seq"])
    made = Future()
    made.set_result(workers.decide(question.module, question.view, hints.LEVEL, question.seed))
    monkeypatch.setattr(workers, "running", lambda: True)
    monkeypatch.setattr(workers, "size", lambda: 2)
    monkeypatch.setattr(workers, "ask", lambda *asked: made)

    answered = []
    asking = threading.Thread(target=lambda: answered.append(hints.answer(question).result(ANSWER_WITHIN)), daemon=True)
    asking.start()
    asking.join(ANSWER_WITHIN)
    assert answered and {"action": answered[0]["action"], "say": answered[0]["say"]} in offered_to(snap)
    # And the worker it took is free again: the next question is not turned away as busy.
    assert hints._in_workers == 0
