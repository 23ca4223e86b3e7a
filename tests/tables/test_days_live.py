"""Tables played over days on real servers: two processes of one site
(on PostgreSQL in the scale-out run) send each "your turn" mail exactly
once, and a server killed in the middle of a game over days loses nothing:
the game and the mails to come carry on from the rows."""

from __future__ import annotations

import urllib.parse
import urllib.request

import pytest

from tests.live import Client
from tests.mailbox import Mailbox
from tests.views import move_from

DAY = 86400


@pytest.fixture
def mailbox():
    box = Mailbox()
    yield box
    box.close()


def signed_up(server, name: str) -> Client:
    """A browser that signs up as ``name``, with an e-mail address."""
    client = Client(server)
    form = urllib.parse.urlencode({"username": name.lower(), "email": f"{name.lower()}@example.com",
                                   "password1": "a-long-password-1", "password2": "a-long-password-1"}).encode()
    request = urllib.request.Request(server.url + "/accounts/signup", data=form, method="POST")
    request.add_header("X-CSRFToken", client.cookie("csrftoken"))
    request.add_header("Referer", server.url + "/")
    with client.opener.open(request) as answer:
        assert answer.status == 200 and "Welcome" in answer.read().decode()
    client.email = f"{name.lower()}@example.com"
    client.name = name
    return client


def days_table(ada: Client, ben: Client) -> str:
    status, snap = ada.post("/api/tables", {"game": "euchre", "name": "Ada", "pace": {"kind": "days", "allowance": DAY}})
    assert status == 201, snap
    code = snap["code"]
    assert ben.post(f"/api/tables/{code}/join", {"name": "Ben"})[0] == 200
    status, snap = ada.post(f"/api/tables/{code}/start")
    assert status == 200 and snap["status"] == "playing", snap
    return code


def deciding(people: list[Client], code: str) -> list[tuple[Client, dict]]:
    """The people the table waits on, each with their snapshot (bots think
    for no time here, so it always waits on someone)."""
    found = []
    for person in people:
        snap = person.get(f"/api/tables/{code}")[1]
        if snap["seat"] is not None and snap["seats"][snap["seat"]]["deciding"]:
            found.append((person, snap))
    assert found, "the table waits on nobody"
    return found


def play_turns(mailbox: Mailbox, people: list[Client], code: str, moves: int, turns: dict) -> None:
    """``moves`` times: each person whose turn has come is mailed, once a
    turn (``turns``, each person's turns so far, by their decision's key);
    the first follows the mail's link to the table and moves."""
    for _ in range(moves):
        waiting = told(mailbox, people, code, turns)
        person, snap = waiting[0]
        mail = mailbox.to(person.email)[-1]
        assert f"/t/{code}" in mail.get_content() and mail["Subject"] == f"Your move at Euchre, table {code}"
        status, body = person.post(f"/api/tables/{code}/move", {"seq": snap["seq"], "action": move_from(snap)})
        assert status == 200, body
    # Every mail once: as many as turns (the last move's among them), none
    # more, none a second time.
    told(mailbox, people, code, turns)
    for person in people:
        assert len(mailbox.to(person.email)) == len(turns[person.email])


def told(mailbox: Mailbox, people: list[Client], code: str, turns: dict) -> list[tuple[Client, dict]]:
    """The people the table waits on, once each has been mailed for every
    turn of theirs so far (``turns`` gains the ones that have come)."""
    waiting = deciding(people, code)
    for person, snap in waiting:
        turns[person.email].add(snap["decision"]["key"])
    mailbox.until(lambda mails: all(len([m for m in mails if m["To"] == p.email]) >= len(turns[p.email]) for p in people))
    return waiting


def steady(snap: dict) -> tuple:
    """What a snapshot says that doesn't change with the clock."""
    return snap["seq"], snap["view"], [{k: v for k, v in s.items() if k != "left"} for s in snap["seats"]], snap["pace"]


def test_two_processes_send_each_turn_mail_exactly_once(servers, mailbox):
    fast = {**mailbox.settings, "PARLOR_TURN_MAIL_WAIT": "0", "PARLOR_MAIL_SECONDS": "0.05"}
    one, two = servers.start(**fast), servers.start(**fast)
    ada, ben = signed_up(one, "Ada"), signed_up(two, "Ben")
    code = days_table(ada, ben)
    turns = {ada.email: set(), ben.email: set()}
    play_turns(mailbox, [ada, ben], code, 12, turns)
    assert {m["To"] for m in mailbox.mails} == {ada.email, ben.email}


def test_a_server_killed_mid_game_loses_nothing_and_the_next_mail_still_goes(servers, mailbox):
    # A mail waits a second after its turn comes, so the kill may well fall
    # between the move that keeps a mail and the mail being sent.
    wait = {**mailbox.settings, "PARLOR_TURN_MAIL_WAIT": "1", "PARLOR_MAIL_SECONDS": "0.05"}
    server = servers.start(**wait)
    ada, ben = signed_up(server, "Ada"), signed_up(server, "Ben")
    code = days_table(ada, ben)
    turns = {ada.email: set(), ben.email: set()}
    play_turns(mailbox, [ada, ben], code, 3, turns)
    person, snap = deciding([ada, ben], code)[0]
    assert person.post(f"/api/tables/{code}/move", {"seq": snap["seq"], "action": move_from(snap)})[0] == 200
    before = ada.get(f"/api/tables/{code}")[1]
    server.kill()  # (the mail that move kept is most likely not sent yet)
    again = servers.start(**wait)
    for person in (ada, ben):
        person.use(again)
    after = ada.get(f"/api/tables/{code}")[1]
    assert steady(after) == steady(before)
    play_turns(mailbox, [ada, ben], code, 3, turns)
