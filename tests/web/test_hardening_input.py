"""Probes of what a hostile visitor sends, written as they would send it:
raw JSON text with a lone surrogate, names that hide or impersonate, a body
past the size limit, requests sent half-way and then held, and NUL in an
address, a cookie or a body. Each gets a sentence (or, for a request never
finished, the door), and nothing else at the table changes for it."""

import http.client
import json
import socket
import urllib.request

import pytest
from django.test import Client
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from tables import service
from tables.asking import BROKEN_TEXT, NOT_SAVED
from tables.models import Move, Table
from tables.service import Visitor
from tests.live import Client as LiveClient
from tests.views import move_from
from web.nul import NUL_ADDRESS

LONE = r"\ud800"  # as it stands in the JSON text: half of a surrogate pair, alone
NO_NAME = "Tell us your name first, so the table knows who you are."


def post_raw(client, path, text: str):
    response = client.post(path, text.encode(), content_type="application/json")
    return response.status_code, response.json()


def move_text(snap) -> str:
    """The JSON text of the seat's first legal move, with an extra field
    holding a lone surrogate."""
    return '{"seq": ' + str(snap["seq"]) + ', "action": ' + json.dumps(move_from(snap))[:-1] + ', "note": "' + LONE + '"}}'


def a_table(host="Ada"):
    ada = Client()
    status, snap = post_raw(ada, "/api/tables", json.dumps({"game": "high-card", "name": host}))
    assert status == 201
    return ada, snap["code"]


def frozen(code):
    table = Table.objects.get(code=code)
    return json.dumps([table.state, table.status, list(table.seats.values()), Move.objects.filter(table=table).count()], sort_keys=True, default=str)


# -- 1. A lone surrogate ----------------------------------------------------

@pytest.mark.django_db
def test_a_lone_surrogate_as_a_guests_name_is_refused_with_a_sentence():
    status, body = post_raw(Client(), "/api/tables", '{"game": "high-card", "name": "Ada' + LONE + '"}')
    assert (status, body) == (400, {"error": BROKEN_TEXT})
    assert not Table.objects.exists()


@pytest.mark.django_db
def test_a_lone_surrogate_as_a_join_name_is_refused_and_the_table_is_as_it_was():
    ada, code = a_table()
    before = frozen(code)
    status, body = post_raw(Client(), f"/api/tables/{code}/join", '{"name": "' + LONE + 'Ben"}')
    assert (status, body) == (400, {"error": BROKEN_TEXT})
    assert frozen(code) == before


@pytest.mark.django_db
def test_a_lone_surrogate_in_a_legal_moves_extra_field_is_refused_and_nothing_moves():
    ada, code = a_table()
    post_raw(ada, f"/api/tables/{code}/bot", "{}")
    status, snap = post_raw(ada, f"/api/tables/{code}/start", "{}")
    before = frozen(code)
    status, body = post_raw(ada, f"/api/tables/{code}/move", move_text(snap))
    assert (status, body) == (400, {"error": BROKEN_TEXT})
    assert frozen(code) == before
    # A surrogate pair that makes one character is text like any other.
    status, body = post_raw(ada, f"/api/tables/{code}/move", json.dumps({"seq": snap["seq"], "action": {**move_from(snap), "note": "\U0001F642"}}))
    assert status == 200 and body["seq"] > snap["seq"]


def two_tables_on_their_hosts_turn():
    """Ada's and Cy's tables, each with a bot, each waiting for its host."""
    out = []
    for browser, name in (("ada-browser", "Ada"), ("cy-browser", "Cy")):
        who = Visitor(browser, name)
        code = service.create("high-card", who).code
        service.add_bot(code, who)
        service.start(code, who)
        out.append((code, who, service.read(code, who)))
    return out


@pytest.mark.django_db
@pytest.mark.parametrize("bad_first", [False, True])
def test_a_move_the_store_cannot_write_costs_no_other_move_of_its_batch(bad_first):
    """Past the wire (a script calling the service, say), a move carrying a
    lone surrogate is refused alone; the move batched with it is made."""
    (good_code, ada, good), (bad_code, cy, bad) = two_tables_on_their_hosts_turn()
    bad_before = frozen(bad_code)
    asked = [(good_code, ada, good["seq"], move_from(good)),
             (bad_code, cy, bad["seq"], {**move_from(bad), "note": "\ud800"})]
    outcomes = service.move_all(asked[::-1] if bad_first else asked)
    made, refused = (outcomes[1], outcomes[0]) if bad_first else outcomes
    assert made is None
    assert refused.sentence == BROKEN_TEXT and refused.status == 400
    assert Table.objects.get(code=good_code).seq > good["seq"]
    assert frozen(bad_code) == bad_before


@pytest.mark.django_db
def test_a_move_that_breaks_its_batch_is_made_again_alone_and_costs_no_other_move(monkeypatch):
    """A fault in one move (here the game's code fails on it) rolls its batch
    back; every other move of the batch is made again, and made."""
    import tests.highcard as highcard

    plain = highcard.MOVES["play"]

    def faulty(state, seat, action, now):
        if action.get("break"):
            raise RuntimeError("a fault in the game's code")
        return plain(state, seat, action, now)

    monkeypatch.setitem(highcard.MOVES, "play", faulty)
    (good_code, ada, good), (bad_code, cy, bad) = two_tables_on_their_hosts_turn()
    assert move_from(good)["type"] == move_from(bad)["type"] == "play"
    bad_before = frozen(bad_code)
    outcomes = service.move_all([(bad_code, cy, bad["seq"], {**move_from(bad), "break": True}),
                                 (good_code, ada, good["seq"], move_from(good))])
    assert outcomes[1] is None
    assert outcomes[0].sentence == NOT_SAVED and outcomes[0].status == 503
    assert Table.objects.get(code=good_code).seq > good["seq"]
    assert Move.objects.filter(table__code=good_code, by="person").count() == 1
    assert frozen(bad_code) == bad_before


def test_a_lone_surrogate_over_a_socket_gets_the_error_frame_and_the_socket_stays_open(servers):
    server = servers.start()
    lone_surrogate_over_a_socket(server)


def test_a_lone_surrogate_over_a_socket_on_postgresql(scaled):
    lone_surrogate_over_a_socket(scaled.start())


def lone_surrogate_over_a_socket(server):
    ada, ben = LiveClient(server), LiveClient(server)
    status, snap = ada.post("/api/tables", raw=b'{"game": "high-card", "name": "Ada"}')
    code = snap["code"]
    ben_ws = ben.socket(code)
    ben_ws.until(lambda m: m.get("type") == "snapshot")
    ben_ws.ws.send('{"type": "act", "do": "join", "name": "Ben' + LONE + '"}')
    refused = ben_ws.until(lambda m: m.get("type") == "error")
    assert refused["message"] == BROKEN_TEXT and refused["status"] == 400
    # Ben sits down over HTTP, as the page does; the socket, still open, sees it.
    assert ben.post(f"/api/tables/{code}/join", {"name": "Ben"})[0] == 200
    ben_ws.until(lambda m: m.get("type") == "snapshot" and len(m["seats"]) == 2)
    ben_ws.close()
    ben_ws = ben.socket(code)  # the page's next socket plays for his seat
    ben_ws.until(lambda m: m.get("type") == "snapshot" and m["seat"] == 1)
    ada_ws = ada.socket(code)
    ada_ws.until(lambda m: m.get("type") == "snapshot")
    ada_ws.send({"type": "act", "do": "start"})
    sockets = {0: ada_ws, 1: ben_ws}
    playing = ada_ws.until(lambda m: m.get("type") == "snapshot" and m["status"] == "playing")
    ws = sockets[playing["view"]["turn"]]
    mine = playing if ws is ada_ws else ws.until(lambda m: m.get("type") == "snapshot" and m["view"]["moves"])
    ws.ws.send('{"type": "move", ' + move_text(mine)[1:])
    refused = ws.until(lambda m: m.get("type") == "error")
    assert refused["message"] == BROKEN_TEXT and refused["status"] == 400
    ws.send({"type": "move", "seq": mine["seq"], "action": move_from(mine)})  # still open, and the move is made
    assert ws.until(lambda m: m.get("type") == "snapshot" and m["seq"] > mine["seq"])["seq"] > mine["seq"]
    ada_ws.close()
    ben_ws.close()
    server.log.flush()
    assert "Traceback" not in open(server.log.name).read()


# -- 10. Names ---------------------------------------------------------------

@pytest.mark.django_db
@pytest.mark.parametrize("name", ["\u200b\u200b\u200b", "\u202e", "\u2066\u2069", "\x07\x08", "\ufeff \u200d", "\u00ad"])
def test_a_name_of_nothing_visible_is_refused_with_a_sentence(name):
    status, body = post_raw(Client(), "/api/tables", json.dumps({"game": "high-card", "name": name}))
    assert (status, body) == (400, {"error": NO_NAME})
    ada, code = a_table()
    status, body = post_raw(Client(), f"/api/tables/{code}/join", json.dumps({"name": name}))
    assert (status, body) == (400, {"error": NO_NAME})


@pytest.mark.django_db
@pytest.mark.parametrize("given, shown", [
    ("Ada\u202eevil", "Adaevil"),  # a right-to-left override would turn what follows it round
    ("A\u200bd\u200ca", "Ada"),  # zero-width space and non-joiner
    ("Ben\x1b[31m", "Ben[31m"),  # a terminal's escape, without its escape
    ("Cy\u0007\u0001", "Cy"),
    ("Dot\u2028Line", "Dot Line"),  # a line break is a space
    ("\U0001F468\u200d\U0001F469\u200d\U0001F467", "\U0001F468\u200d\U0001F469\u200d\U0001F467"),  # one family emoji stays one
])
def test_names_are_cleaned_of_what_cannot_be_seen(given, shown):
    status, snap = post_raw(Client(), "/api/tables", json.dumps({"game": "high-card", "name": given}))
    assert status == 201 and snap["seats"][0]["name"] == shown
    status, snap = post_raw(Client(), f"/api/tables/{snap['code']}/join", json.dumps({"name": given[::-1] + "x"}))
    assert status == 200


def test_a_name_with_a_right_to_left_override_given_at_the_lobby_is_shown_cleaned_everywhere(servers):
    server = servers.start()
    ada, ben = LiveClient(server), LiveClient(server)
    # The lobby's own request, as JSON text: the override escaped in it.
    status, snap = ada.post("/api/tables", raw=b'{"game": "high-card", "name": "Ada\\u202eevil"}')
    assert status == 201 and snap["seats"][0]["name"] == "Adaevil"
    # The browser's name, as the site keeps it, prefills the sign-up page...
    page = ada.opener.open(server.url + "/accounts/signup").read().decode()
    assert 'value="Adaevil"' in page and "\u202e" not in page
    # ...and is the name a socket sits down under when its frame gives none.
    code = ben.post("/api/tables", {"game": "high-card", "name": "Ben"})[1]["code"]
    ws = ada.socket(code)
    ws.until(lambda m: m.get("type") == "snapshot")
    ws.ws.send('{"type": "act", "do": "join"}')
    seated = ws.until(lambda m: m.get("type") == "snapshot" and m["seat"] is not None)
    assert [s["name"] for s in seated["seats"]] == ["Ben", "Adaevil"]
    ws.close()


@pytest.mark.django_db
@pytest.mark.parametrize("copy", ["Ada", "ada", "ADA", " Ada ", "A\u200bda", "\uff21\uff44\uff41"])
def test_a_name_already_at_the_table_is_refused(copy):
    ada, code = a_table("Ada")
    before = frozen(code)
    status, body = post_raw(Client(), f"/api/tables/{code}/join", json.dumps({"name": copy}))
    assert status == 409
    assert body["error"] == "Someone at this table is already called Ada; pick another name, a nickname or an initial will do."
    assert frozen(code) == before
    status, body = post_raw(Client(), f"/api/tables/{code}/join", json.dumps({"name": "Ada B."}))
    assert status == 200


@pytest.mark.django_db
def test_a_bots_name_is_taken_too_and_a_bot_never_takes_a_persons():
    ada, code = a_table("Robin")  # the first bot's name
    status, snap = post_raw(ada, f"/api/tables/{code}/bot", "{}")
    bot_name = snap["seats"][1]["name"]
    assert bot_name != "Robin"
    status, body = post_raw(Client(), f"/api/tables/{code}/join", json.dumps({"name": bot_name.upper()}))
    assert status == 409 and bot_name in body["error"]


# -- 11. Large bodies and Django's own refusals, as JSON ---------------------

TOO_BIG = {"error": "That request is far too large for anything Parlor takes; send a smaller one."}
HUGE = b'{"name": "' + b"x" * (3 * 1024 * 1024) + b'"}'  # past Django's 2.5 MB


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/api/tables", "/api/tables/CODE", "/api/tables/CODE/join", "/api/tables/CODE/move",
                                  "/api/tables/CODE/nothing", "/api/games", "/api/mine", "/api/no-such-thing"])
def test_a_body_over_the_size_limit_gets_a_json_sentence_at_every_api_address(path):
    ada, code = a_table()
    response = ada.post(path.replace("CODE", code), HUGE, content_type="application/json")
    assert response["Content-Type"] == "application/json"
    assert response.status_code in (404, 405, 413) and isinstance(response.json()["error"], str)
    if path.endswith(("tables", "join", "move")):  # where a body is read
        assert response.status_code == 413 and response.json() == TOO_BIG


@pytest.mark.django_db
def test_a_large_form_post_to_the_api_without_its_token_gets_a_json_sentence():
    """A form body is read by the CSRF check itself, before any view."""
    client = Client(enforce_csrf_checks=True)
    response = client.post("/api/tables", b"name=" + b"x" * (3 * 1024 * 1024), content_type="application/x-www-form-urlencoded")
    assert response.status_code in (403, 413) and "error" in response.json()


@pytest.mark.django_db
def test_a_fault_in_an_api_call_answers_a_json_sentence(monkeypatch):
    from web import api

    def broken(*args, **kwargs):
        raise RuntimeError("a fault")

    monkeypatch.setattr(api.service, "tables_of", broken)
    response = Client(raise_request_exception=False).get("/api/mine")
    assert response.status_code == 500
    assert response.json() == {"error": "Something went wrong at Parlor's end, so nothing changed. Please try again in a moment."}


def test_a_body_over_the_size_limit_sent_to_a_live_server_gets_a_json_sentence(servers):
    server = servers.start()
    ada = LiveClient(server)
    status, body = ada.post("/api/tables", raw=HUGE)
    assert (status, body) == (413, TOO_BIG)


# -- 12. Half-sent requests --------------------------------------------------

def dropped(connection: socket.socket, trickle: bytes = b"") -> bool:
    """Whether the server closes this connection, sending no answer, while
    the client sends ``trickle`` a byte at a time (or nothing)."""
    connection.settimeout(0.2 if trickle else 30)
    for k in range(max(len(trickle), 1)):
        try:
            if trickle:
                connection.send(trickle[k:k + 1])
            answer = connection.recv(1024)
        except TimeoutError:
            continue
        except (BrokenPipeError, ConnectionResetError):
            return True
        return answer == b""
    return False


@pytest.fixture
def impatient(servers):
    """A server that gives a request one second to arrive whole."""
    return servers.start(PARLOR_REQUEST_SECONDS="1")


def test_a_connection_that_sends_headers_a_byte_at_a_time_is_dropped(impatient):
    with socket.create_connection(("127.0.0.1", impatient.port)) as connection:
        connection.send(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        assert dropped(connection, b"X-Slow: " + b"a" * 400 + b"\r\n\r\n")


def test_a_body_never_finished_is_dropped(impatient):
    ada = LiveClient(impatient)
    cookies = "; ".join(f"{c.name}={c.value}" for c in ada.jar)
    with socket.create_connection(("127.0.0.1", impatient.port)) as connection:
        connection.send(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                        b"Content-Length: 1000\r\nX-CSRFToken: " + ada.cookie("csrftoken").encode() +
                        b"\r\nReferer: " + impatient.url.encode() + b"/\r\nCookie: " + cookies.encode() +
                        b'\r\n\r\n{"game": "high-')
        assert dropped(connection)
    assert ada.get("/api/mine") == (200, {"tables": []})  # no table came of it


def test_a_connection_that_sends_nothing_is_dropped(impatient):
    with socket.create_connection(("127.0.0.1", impatient.port)) as connection:
        assert dropped(connection)


def test_a_request_sent_whole_is_answered_and_a_socket_outlives_the_deadline(impatient):
    ada = LiveClient(impatient)
    status, snap = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})
    assert status == 201
    ws = ada.socket(snap["code"])
    ws.until(lambda m: m.get("type") == "snapshot")
    # Past the deadline (the server drops a silent connection at it), the socket still answers.
    with socket.create_connection(("127.0.0.1", impatient.port)) as connection:
        assert dropped(connection)
    ws.send({"type": "refresh"})
    assert ws.until(lambda m: m.get("type") == "snapshot")["code"] == snap["code"]
    ws.close()


# -- 13. NUL, which PostgreSQL can neither keep nor compare -------------------
# SQLite, asked for a row by text holding NUL, finds none; PostgreSQL fails
# the request. Each probe runs on the tests' own database and on PostgreSQL
# with Redis, and has one answer on both.

NUL_SENTENCE = "That message holds a NUL character, which no name or move needs; leave it out and send it again."


def answer(server, target: bytes, headers: bytes = b"") -> tuple[int, http.client.HTTPMessage, bytes]:
    """A GET sent byte for byte as written (``%00`` or a NUL byte stays as
    it is; no client cleans it), and its answer."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=20) as connection:
        closing = b"" if b"Connection:" in headers else b"Connection: close\r\n"
        connection.sendall(b"GET " + target + b" HTTP/1.1\r\nHost: 127.0.0.1:" + str(server.port).encode() +
                           b"\r\n" + closing + headers + b"\r\n")
        response = http.client.HTTPResponse(connection)
        response.begin()
        return response.status, response.headers, response.read()


def socket_refused(server, target: str) -> int:
    """The HTTP status a websocket handshake to ``target`` is refused with."""
    with pytest.raises(InvalidStatus) as refused:
        connect(server.url.replace("http", "ws") + target, origin=server.url, open_timeout=10)
    return refused.value.response.status_code


@pytest.fixture(params=["servers", "scaled"], ids=["own-database", "postgresql"])
def server(request):
    """A live server on the tests' own database, and one on PostgreSQL with Redis."""
    return request.getfixturevalue(request.param).start()


def no_fault_logged(server) -> bool:
    server.log.flush()
    return "Traceback" not in open(server.log.name).read()


def test_an_address_holding_nul_leads_nowhere(server):
    """A shared replay's or result's token, a player's name, a table's code
    or any query, holding %00: nothing is there, for a page or a script."""
    ada = LiveClient(server)
    code = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    for target in [b"/api/replays/shared/%00", b"/api/replays/shared/abc%00def", b"/api/tables/%00",
                   f"/api/tables/{code}%00".encode(), f"/api/tables/{code}/replay?step=%00".encode(), b"/api/mine?seat=%00"]:
        status, headers, body = answer(server, target)
        assert (status, headers["Content-Type"], json.loads(body)) == (404, "application/json", {"error": NUL_ADDRESS}), target
    for target in [b"/replays/shared/%00", b"/accounts/results/shared/%00", b"/accounts/players/%00",
                   b"/accounts/players/Ada%00", f"/t/{code}%00".encode(), b"/accounts/leaderboards?game=%00", b"/?from=%00"]:
        assert answer(server, target)[0] == 404, target
    # A socket's handshake likewise: refused, where the same without NUL opens.
    assert socket_refused(server, f"/ws/tables/{code}%00/") == 403
    assert socket_refused(server, f"/ws/tables/{code}/?seat=%00") == 403
    ws = ada.socket(code)
    assert ws.until(lambda m: m.get("type") == "snapshot")["seat"] == 0
    ws.close()
    assert no_fault_logged(server)


def test_a_session_cookie_holding_nul_is_a_fresh_visitor(server):
    ada = LiveClient(server)
    code = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    key = ada.cookie("sessionid")
    # A NUL byte itself is refused by the HTTP server, as HTTP asks of any
    # header holding one, before Parlor reads the request.
    raw = b"Cookie: sessionid=" + key.encode() + b"\x00\r\n"
    assert answer(server, b"/", raw)[0] == 400
    handshake = (b"Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n"
                 b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nOrigin: " + server.url.encode() + b"\r\n")
    assert answer(server, f"/ws/tables/{code}/".encode(), handshake + raw)[0] == 400
    # Written as a cookie may write it (an escape in a quoted value), it
    # reaches Parlor: it names no session, so the browser is a fresh
    # visitor, on every page, and the cookie is cleared.
    held = b'Cookie: sessionid="' + key.encode() + b'\\000"\r\n'
    for target in [b"/", b"/api/mine", b"/accounts/leaderboards", f"/t/{code}".encode(), b"/accounts/signup"]:
        status, headers, body = answer(server, target, held)
        assert status == 200, target
        assert any(c.startswith('sessionid="";') for c in headers.get_all("Set-Cookie")), target
    assert json.loads(answer(server, b"/api/mine", held)[2]) == {"tables": []}
    # Its socket opens, watching; the real cookie still holds Ada's seat.
    with connect(server.url.replace("http", "ws") + f"/ws/tables/{code}/", origin=server.url,
                 additional_headers={"Cookie": f'sessionid="{key}\\000"'}, open_timeout=10) as held_socket:
        assert json.loads(held_socket.recv(timeout=20))["seat"] is None
    ws = ada.socket(code)
    assert ws.until(lambda m: m.get("type") == "snapshot")["seat"] == 0
    ws.close()
    assert ada.get("/api/mine")[1]["tables"][0]["code"] == code
    assert no_fault_logged(server)


def test_a_body_holding_nul_gets_a_sentence(server):
    ada, ben = LiveClient(server), LiveClient(server)
    code = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    assert ben.post(f"/api/tables/{code}/join", raw=b'{"name": "Ben\\u0000"}') == (400, {"error": NUL_SENTENCE})
    assert ben.post(f"/api/tables/{code}/join", raw=b'{"name": "Ben\x00"}') == (400, {"error": "That message isn't valid JSON."})
    ws = ben.socket(code)
    ws.until(lambda m: m.get("type") == "snapshot")
    ws.ws.send('{"type": "act", "do": "join", "name": "Ben\\u0000"}')
    assert ws.until(lambda m: m.get("type") == "error")["message"] == NUL_SENTENCE
    ws.close()
    assert len(ada.get(f"/api/tables/{code}")[1]["seats"]) == 1
    # A form's fields refuse it with Django's own sentence, and no account is made.
    signup = urllib.request.Request(server.url + "/accounts/signup", method="POST",
                                    data=b"username=Ben%00&password1=a+long+pass+phrase&password2=a+long+pass+phrase",
                                    headers={"X-CSRFToken": ben.cookie("csrftoken"), "Referer": server.url + "/"})
    page = ben.opener.open(signup).read().decode()
    assert "Null characters are not allowed." in page
    assert answer(server, b"/accounts/players/Ben")[0] == 404
    assert no_fault_logged(server)


@pytest.mark.django_db
def test_the_admins_filters_holding_nul_lead_nowhere():
    from django.contrib.auth import get_user_model

    keeper = get_user_model().objects.create_user("keeper", password="a long pass phrase", is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(keeper)
    assert client.get("/admin/ratings/rating/?game=x").status_code == 200
    assert client.get("/admin/ratings/rating/?game=%00").status_code == 404
