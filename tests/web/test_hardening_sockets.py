"""What an attacker sends at the sockets and the limits, and what they get
back: a socket without a cookie that tries to sit down or move, a fresh
cookie jar for every request, cookieless reads, a stranger covering a seat,
a crowd of sockets from one browser or address, a flood of refreshes, and
an Origin from another port or scheme of the same host."""

import json
import urllib.request

import pytest
from django.contrib.sessions.models import Session
from django.test import Client as DjangoClient
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from tables.models import Table
from tests.live import Client, Socket
from tests.views import move_from, offered_to
from web import caps
from web.api import BROKE
from web.consumers import WATCHING_ONLY

TOO_MANY_TABLES = "That's a lot of tables in a short time; wait a minute and try again."
TOO_FAST = "You're going faster than the table can follow; wait a moment and try again."


def raw_socket(server, code, origin=None, cookies="", forwarded=None) -> Socket:
    """A socket as a script opens it: no cookie unless given, any Origin."""
    headers = {"Cookie": cookies} if cookies else {}
    if forwarded:
        headers["X-Forwarded-For"] = forwarded
    url = server.url.replace("http", "ws") + f"/ws/tables/{code}/"
    return Socket(connect(url, origin=origin or server.url, additional_headers=headers, open_timeout=10).__enter__())


def cookies_of(client: Client) -> str:
    return "; ".join(f"{c.name}={c.value}" for c in client.jar)


def snapshot(m):
    return m.get("type") == "snapshot"


def fresh_jar_post(server, path, body, forwarded=None):
    """A POST from a browser never seen before: a fresh cookie jar that
    fetches the page for its CSRF cookie, then posts."""
    fresh = Client(server)
    request = urllib.request.Request(server.url + path, data=json.dumps(body).encode(), method="POST")
    for name, value in [("Content-Type", "application/json"), ("X-CSRFToken", fresh.cookie("csrftoken")),
                        ("Referer", server.url + "/")] + ([("X-Forwarded-For", forwarded)] if forwarded else []):
        request.add_header(name, value)
    try:
        with fresh.opener.open(request) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read())


def closed_with(ws: Socket) -> int:
    """The close code of a socket the server is closing."""
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            ws.next()
    return closed.value.rcvd.code


# 2. A socket with no cookie watches only.

def test_cookieless_sockets_cannot_take_seats_or_move(servers):
    server = servers.start()
    ada = Client(server)
    code = ada.post("/api/tables", {"game": "get-in-line", "name": "Ada"})[1]["code"]
    intruders = [raw_socket(server, code) for _ in range(11)]
    for k, ws in enumerate(intruders):
        assert ws.until(snapshot)["seat"] is None
        ws.send({"type": "act", "do": "join", "name": f"Bot{k}"})
        refused = ws.until(lambda m: m.get("type") == "error")
        assert refused["message"] == WATCHING_ONLY and refused["status"] == 403
    assert [s["name"] for s in ada.get(f"/api/tables/{code}")[1]["seats"]] == ["Ada"]
    ada.post(f"/api/tables/{code}/bot")
    status, snap = ada.post(f"/api/tables/{code}/start")
    assert status == 200
    ws = intruders[0]
    # Watching still works: the intruder sees the game begin, as a watcher.
    seen = ws.until(lambda m: snapshot(m) and m["status"] == "playing")
    assert seen["seat"] is None and seen["view"]["seat"] is None
    ws.send({"type": "move", "seq": snap["seq"], "action": {"type": "pass"}})
    assert ws.until(lambda m: m.get("type") == "error")["message"] == WATCHING_ONLY
    assert ada.get(f"/api/tables/{code}")[1]["seq"] == snap["seq"]
    for ws in intruders:
        ws.close()


def test_a_page_that_sat_down_over_http_plays_on_its_next_socket(servers):
    server = servers.start()
    ada, ben = Client(server), Client(server)
    code = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    assert ben.post(f"/api/tables/{code}/join", {"name": "Ben"})[0] == 200
    ws = ben.socket(code)
    assert ws.until(snapshot)["seat"] == 1
    ws.send({"type": "act", "do": "leave"})
    assert ws.until(lambda m: snapshot(m) and m["seat"] is None)["seats"][-1]["name"] == "Ada"
    ws.close()


# 3. Limits per browser and per address; reads make no session.

@pytest.mark.django_db
def test_a_fresh_cookie_jar_for_each_table_meets_the_address_limit(settings):
    settings.PARLOR_ADDRESS_LIMITS = {"act": (10**6, 10), "join": (3, 60)}
    answers = [DjangoClient().post("/api/tables", json.dumps({"game": "high-card", "name": "Eve"}),
                                 content_type="application/json") for _ in range(5)]
    assert [a.status_code for a in answers] == [201, 201, 201, 429, 429]
    assert answers[-1].json()["error"] == TOO_MANY_TABLES
    assert Table.objects.count() == 3
    # Someone at another address is counted on their own.
    other = DjangoClient(REMOTE_ADDR="192.0.2.44")
    assert other.post("/api/tables", json.dumps({"game": "high-card", "name": "Ben"}), content_type="application/json").status_code == 201


@pytest.mark.django_db
def test_fresh_cookie_jars_for_each_action_meet_the_address_limit(settings):
    settings.PARLOR_ADDRESS_LIMITS = {"act": (4, 10), "join": (10**6, 60)}
    ada = DjangoClient(REMOTE_ADDR="192.0.2.1")
    code = ada.post("/api/tables", json.dumps({"game": "high-card", "name": "Ada"}), content_type="application/json").json()["code"]
    statuses = [DjangoClient().post(f"/api/tables/{code}/start", "{}", content_type="application/json") for _ in range(6)]
    assert [s.status_code for s in statuses] == [403] * 4 + [429] * 2
    assert statuses[-1].json()["error"] == TOO_FAST
    # Ada's own address still has its room.
    assert ada.post(f"/api/tables/{code}/bot", "{}", content_type="application/json").status_code == 200


def test_behind_the_configured_proxy_each_reported_address_counts_on_its_own(servers):
    server = servers.start(PARLOR_LIMIT_ADDRESS_JOINS=2)  # the proxy: loopback, uvicorn's default
    made = [fresh_jar_post(server, "/api/tables", {"game": "high-card", "name": "Eve"}, forwarded="203.0.113.7")
            for _ in range(3)]
    assert [status for status, _ in made] == [201, 201, 429] and made[-1][1]["error"] == TOO_MANY_TABLES
    assert fresh_jar_post(server, "/api/tables", {"game": "high-card", "name": "Ben"}, forwarded="203.0.113.8")[0] == 201


def test_a_forged_forwarded_address_from_an_untrusted_peer_gains_nothing(servers):
    server = servers.start(PARLOR_LIMIT_ADDRESS_JOINS=2, FORWARDED_ALLOW_IPS="192.0.2.250")  # the proxy is elsewhere
    made = [fresh_jar_post(server, "/api/tables", {"game": "high-card", "name": "Eve"}, forwarded=f"203.0.113.{k}")
            for k in range(3)]
    assert [status for status, _ in made] == [201, 201, 429]


@pytest.mark.django_db
def test_cookieless_reads_and_refused_actions_write_no_session():
    ada = DjangoClient()
    code = ada.post("/api/tables", json.dumps({"game": "high-card", "name": "Ada"}), content_type="application/json").json()["code"]
    sessions = Session.objects.count()
    for _ in range(20):
        for path in ("/", f"/t/{code}", f"/api/tables/{code}", "/api/mine", "/api/games"):
            assert DjangoClient().get(path).status_code == 200, path
        refused = DjangoClient().post(f"/api/tables/{code}/leave", "{}", content_type="application/json")
        assert refused.status_code == 403
    assert Session.objects.count() == sessions
    # Taking a seat is what makes one, and the seat stays with the browser.
    ben = DjangoClient()
    assert ben.post(f"/api/tables/{code}/join", json.dumps({"name": "Ben"}), content_type="application/json").status_code == 200
    assert Session.objects.count() == sessions + 1
    assert ben.get(f"/api/tables/{code}").json()["seat"] == 1


# 4. Covering an idle seat: the people at the table and the host only.

@pytest.mark.django_db
def test_a_stranger_with_the_code_cannot_cover_an_idle_seat(settings):
    ada, ben, eve = DjangoClient(), DjangoClient(), DjangoClient()
    post = lambda client, path, body=None: client.post(path, json.dumps(body or {}), content_type="application/json")  # noqa: E731
    code = post(ada, "/api/tables", {"game": "high-card", "name": "Ada"}).json()["code"]
    post(ben, f"/api/tables/{code}/join", {"name": "Ben"})
    post(ada, f"/api/tables/{code}/bot")
    post(ada, f"/api/tables/{code}/start")
    table = Table.objects.get(code=code)
    table.clocks = {k: v - settings.PARLOR_IDLE_SECONDS - 1 for k, v in table.clocks.items()}
    table.save()
    waiting_on = next(s["index"] for s in ada.get(f"/api/tables/{code}").json()["seats"] if s["deciding"])
    assert not eve.get(f"/api/tables/{code}").json()["seats"][waiting_on]["canCover"]
    refused = post(eve, f"/api/tables/{code}/cover", {"seat": waiting_on})
    assert refused.status_code == 403
    assert refused.json()["error"] == "Only the host and the people playing at this table can cover a seat."
    assert not ada.get(f"/api/tables/{code}").json()["seats"][waiting_on]["covered"]
    other = ben if waiting_on == 0 else ada
    assert other.get(f"/api/tables/{code}").json()["seats"][waiting_on]["canCover"]
    covered = post(other, f"/api/tables/{code}/cover", {"seat": waiting_on})
    assert covered.status_code == 200 and covered.json()["seats"][waiting_on]["covered"]


# 5. Caps on sockets and refreshes.

def test_one_browser_cannot_open_sockets_without_end(servers):
    server = servers.start(PARLOR_SOCKETS_PER_BROWSER=3)
    ada = Client(server)
    code = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    held = [ada.socket(code) for _ in range(3)]
    for ws in held:
        assert ws.until(snapshot)["seat"] == 0
    extra = ada.socket(code)
    refused = extra.next()
    assert refused["type"] == "error" and refused["message"] == caps.TOO_MANY_FROM_BROWSER
    assert closed_with(extra) == 4429
    # Another browser at the same address is not held back by Ada's tabs.
    ben = raw_socket(server, code)
    assert snapshot(ben.next())
    # A tab closed makes room for another.
    held.pop().close()
    while True:
        again = ada.socket(code)
        if snapshot(again.next()):
            break
        closed_with(again)  # (the server hadn't yet heard the tab close)
    for ws in [*held, again, ben]:
        ws.close()


def test_one_address_cannot_open_sockets_without_end(servers):
    server = servers.start(PARLOR_SOCKETS_PER_ADDRESS=3)
    ada = Client(server)
    code = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    held = [raw_socket(server, code, forwarded="203.0.113.9") for _ in range(3)]
    for ws in held:
        assert snapshot(ws.next())
    extra = raw_socket(server, code, forwarded="203.0.113.9")
    assert extra.next()["message"] == caps.TOO_MANY_FROM_ADDRESS
    assert closed_with(extra) == 4429
    neighbour = raw_socket(server, code, forwarded="203.0.113.10")
    assert snapshot(neighbour.next())
    for ws in [*held, neighbour]:
        ws.close()


def test_a_flood_of_refreshes_costs_a_few_reads_and_gets_sentences(servers):
    server = servers.start(PARLOR_LIMIT_REFRESHES=3, PARLOR_REFRESH_SECONDS=3600)
    ada = Client(server)
    code = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    ws = ada.socket(code)
    ws.until(snapshot)
    for _ in range(200):
        ws.send({"type": "refresh"})
    ws.ws.send("{nope")  # its answer marks the end of the refreshes' answers
    answers = []
    while (answer := ws.next()).get("message") != "That message isn't valid JSON.":
        answers.append(answer)
    assert sum(1 for a in answers if snapshot(a)) == 3
    assert [a["message"] for a in answers if not snapshot(a)] == [caps.TOO_MANY_REFRESHES] * 197
    # Live changes still come, refreshes or none.
    ada.post(f"/api/tables/{code}/bot")
    assert len(ws.until(lambda m: snapshot(m) and len(m["seats"]) == 2)["seats"]) == 2
    ws.close()


def test_refreshes_past_the_allowance_are_answered_together_once_it_returns(servers):
    server = servers.start(PARLOR_LIMIT_REFRESHES=1, PARLOR_REFRESH_SECONDS=2)
    ada = Client(server)
    code = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    ws = ada.socket(code)
    ws.until(snapshot)
    for _ in range(5):
        ws.send({"type": "refresh"})
    ws.ws.send("{nope")
    answers = []
    while (answer := ws.next()).get("message") != "That message isn't valid JSON.":
        answers.append(answer)
    assert [a.get("message") for a in answers] == [None] + [caps.TOO_MANY_REFRESHES] * 4
    assert ws.until(snapshot)["code"] == code  # the four, answered by one table once the allowance is back
    ws.close()


# 9. The exact origin.

def test_a_socket_from_another_port_or_scheme_of_the_same_host_is_turned_away(servers):
    server = servers.start(CSRF_TRUSTED_ORIGINS="https://games.example.org")
    ada = Client(server)
    code = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    port = server.port
    for forged in (f"http://127.0.0.1:{port + 1}", "http://127.0.0.1", f"https://127.0.0.1:{port}",
                   f"http://localhost:{port}", "http://games.example.org", "null"):
        with pytest.raises(InvalidStatus) as refused:
            raw_socket(server, code, origin=forged, cookies=cookies_of(ada))
        assert refused.value.response.status_code == 403, forged
    for good in (server.url, "https://games.example.org"):
        ws = raw_socket(server, code, origin=good, cookies=cookies_of(ada))
        assert ws.until(snapshot)["seat"] == 0, good
        ws.close()


# One bad frame never costs a player their socket.

FUMBLING = {"PARLOR_EXTRA_GAMES": "high-card=tests.highcard,fumbling-card=tests.web.fumbling_card"}
FRAMES = [
    # (the frame as a script sends it, what its refusal is "for", its status)
    ('{"type": "act", "do": "settings", "settings": {"fumble": true}}', "settings", 500),  # a fault in the game's code
    ('{"type": "dance"}', "dance", 400),
    ('{"type": "act", "do": 7}', "act", 400),
    ('{"type": ["move"]}', None, 400),
    ('{not json', None, 400),
    ('[1, 2]', None, 400),
]


def test_a_frame_that_faults_or_cannot_be_read_is_answered_and_the_socket_plays_on(servers):
    bad_frames_then_a_good_move(servers.start(**FUMBLING))


def test_a_frame_that_faults_or_cannot_be_read_is_answered_on_postgresql(scaled):
    bad_frames_then_a_good_move(scaled.start(**FUMBLING))


def bad_frames_then_a_good_move(server):
    ada = Client(server)
    code = ada.post("/api/tables", {"game": "fumbling-card", "name": "Ada"})[1]["code"]
    ada.post(f"/api/tables/{code}/bot")
    ws = ada.socket(code)
    ws.until(snapshot)
    refusals = []
    for frame, asked, status in FRAMES:
        ws.ws.send(frame)
        refusals.append(ws.until(lambda m: m.get("type") == "error"))
        assert (refusals[-1]["for"], refusals[-1]["status"]) == (asked, status), frame
        assert refusals[-1]["message"].endswith("."), frame  # a sentence a player can read
    # The fault is the site's, said plainly; the server's log keeps what it was.
    assert refusals[0]["message"] == BROKE
    assert "KeyError: 'fumble'" in open(server.log.name).read()
    # The same socket starts the game and makes Ada's move.
    ws.send({"type": "act", "do": "start"})
    mine = ws.until(lambda m: snapshot(m) and m["status"] == "playing" and offered_to(m))
    ws.send({"type": "move", "seq": mine["seq"], "action": move_from(mine)})
    made = ws.until(lambda m: snapshot(m) and m["seq"] > mine["seq"])
    assert "fumble" not in made["settings"]
    ws.close()
