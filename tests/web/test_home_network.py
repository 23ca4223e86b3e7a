"""A family's server on the home network (README, Playing on the home
network; decision 21). Started as the README says, `make run HOST=0.0.0.0`,
it answers a phone that reaches it by the machine's network address or its
.local name, the page and its live connection, and still turns away any
other name; with ALLOWED_HOSTS set, nothing changes. Every request goes over
loopback, carrying the name a phone would send."""

import http.client
import socket
from ipaddress import ip_address

import pytest
from django.test import override_settings
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from parlor import serve
from tests.live import Client, Socket, on_the_home_network
from web import hosts


def page(server, host: str, path: str = "/") -> tuple[int, str]:
    """A page asked for by the name `host`, as a phone that reached the
    server by it sends it (the request itself goes over loopback)."""
    asking = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        asking.request("GET", path, headers={"Host": host})
        answer = asking.getresponse()
        return answer.status, answer.read().decode()
    finally:
        asking.close()


def live_connection(server, host: str, code: str, origin: str, cookies: str) -> Socket:
    """The table's socket as a page opened by `host` opens it: the URL's
    host is `host`, the connection is to loopback."""
    wire = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    opened = connect(f"ws://{host}/ws/tables/{code}/", sock=wire, origin=origin,
                     additional_headers={"Cookie": cookies}, open_timeout=10)
    return Socket(opened.__enter__())


def cookies_of(client: Client) -> str:
    return "; ".join(f"{c.name}={c.value}" for c in client.jar)


def snapshot(message) -> bool:
    return message.get("type") == "snapshot"


def test_a_home_server_answers_a_phone_by_its_network_address_or_local_name_page_and_live_connection(servers):
    server = servers.start(by=on_the_home_network)
    assert "On this network:" in server.said()
    ada = Client(server)
    code = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    port = server.port
    for host in (f"192.168.1.20:{port}", f"10.0.0.7:{port}", f"172.20.1.5:{port}", f"[fd12:3456::20]:{port}",
                 f"[fe80::20]:{port}", f"laptop.local:{port}"):
        status, text = page(server, host, f"/t/{code}")
        assert status == 200, host
        assert f'data-code="{code}"' in text
        ws = live_connection(server, host, code, origin=f"http://{host}", cookies=cookies_of(ada))
        assert ws.until(snapshot)["seat"] == 0, host
        ws.close()


def test_a_home_server_turns_away_a_name_that_is_not_one_of_the_home_networks(servers):
    server = servers.start(by=on_the_home_network)
    ada = Client(server)
    code = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    port = server.port
    for host in ("games.example.org", f"8.8.8.8:{port}", f"0.0.0.0:{port}", f"[2606:4700::1111]:{port}",
                 f"192.168.1.20.example.org:{port}", f"laptop.local.example.org:{port}", "local"):
        status, text = page(server, host, f"/t/{code}")
        assert (status, text) == (400, hosts.NOT_THIS_NAME), host
    for host in ("192.168.1.20@games.example.org", "192.168.1.20:80:80", "[fd12::1"):
        assert page(server, host)[0] == 400, host  # not a name at all: Django's own refusal
    home = f"192.168.1.20:{port}"
    for host, origin in ((f"games.example.org:{port}", f"http://games.example.org:{port}"),
                         (home, f"http://games.example.org:{port}"),  # a stranger's page
                         (home, f"http://192.168.1.21:{port}"),  # another machine's page
                         (home, f"https://{home}")):  # another scheme
        with pytest.raises(InvalidStatus) as refused:
            live_connection(server, host, code, origin=origin, cookies=cookies_of(ada))
        assert refused.value.response.status_code == 403, (host, origin)


def test_with_allowed_hosts_set_a_server_on_every_address_answers_to_those_alone(servers):
    server = servers.start(by=on_the_home_network, ALLOWED_HOSTS="games.example.org,127.0.0.1")
    assert "On this network:" not in server.said()
    ada = Client(server)
    code = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    home = f"192.168.1.20:{server.port}"
    assert page(server, "games.example.org", f"/t/{code}")[0] == 200
    status, text = page(server, home, f"/t/{code}")
    assert status == 400 and "Bad Request (400)" in text  # Django's own refusal, as before
    with pytest.raises(InvalidStatus) as refused:
        live_connection(server, home, code, origin=f"http://{home}", cookies=cookies_of(ada))
    assert refused.value.response.status_code == 403


@pytest.mark.parametrize("domain", [
    "localhost", "a.localhost", "127.0.0.1", "127.8.9.1", "[::1]",
    "10.0.0.1", "10.255.255.254", "172.16.0.1", "172.31.255.1", "192.168.0.1", "192.168.1.20", "169.254.10.1",
    "[fd00::1]", "[fc12::1]", "[fe80::1]", "[::ffff:192.168.1.20]",
    "laptop.local", "annes-macbook-air.local",
])
def test_the_home_network_takes_loopback_private_addresses_and_local_names(domain):
    assert hosts.on_home_network(domain)


@pytest.mark.parametrize("domain", [
    "games.example.org", "8.8.8.8", "0.0.0.0", "172.15.0.1", "172.32.0.1", "192.169.0.1", "11.0.0.1",
    "[2606:4700::1111]", "[::]", "[::ffff:8.8.8.8]", "local", "laptop.local.example.org",
    "192.168.1.20.example.org", "localhost.example.org", "",
])
def test_the_home_network_refuses_public_addresses_and_other_names(domain):
    assert not hosts.on_home_network(domain)


def test_the_machines_own_addresses_and_name_count_as_home(monkeypatch):
    """A public address of this machine's own (a server with one, or a VPN's)."""
    monkeypatch.setattr(hosts, "own_addresses", lambda: frozenset({ip_address("203.0.113.9")}))
    monkeypatch.setattr(hosts, "own_names", lambda: frozenset({"den-laptop"}))
    assert hosts.on_home_network("203.0.113.9") and hosts.on_home_network("den-laptop")
    assert not hosts.on_home_network("203.0.113.10") and not hosts.on_home_network("den-laptop2")


@pytest.mark.parametrize(("bound_to", "allowed_hosts", "home"), [
    ("0.0.0.0", "", True), ("::", "", True), ("192.168.1.20", "", True), ("laptop.local", "", True),
    ("127.0.0.1", "", False), ("localhost", "", False), ("::1", "", False),
    ("0.0.0.0", "games.example.org", False), ("0.0.0.0", " ", True),
])
def test_the_home_network_is_served_when_bound_beyond_loopback_with_no_names_set(bound_to, allowed_hosts, home):
    assert hosts.serves_home_network(bound_to, allowed_hosts) is home


def test_a_home_server_says_the_address_a_phone_types(monkeypatch):
    mine = {ip_address(a) for a in ("127.0.0.1", "::1", "169.254.3.3", "fe80::1", "203.0.113.9", "192.168.1.20")}
    monkeypatch.setattr(hosts, "own_addresses", lambda: frozenset(mine))
    with override_settings(PARLOR_HOME_NETWORK=True):
        said = serve.where("0.0.0.0", 8000)
    assert said[0] == "Parlor is serving at http://127.0.0.1:8000/ on this computer (Ctrl+C stops it)"
    assert said[1:3] == ["On this network: http://192.168.1.20:8000", "On this network: http://203.0.113.9:8000"]
    with override_settings(PARLOR_HOME_NETWORK=False):  # names of its own: not by its addresses
        assert not [line for line in serve.where("0.0.0.0", 8000) if "On this network" in line]
    assert serve.where("127.0.0.1", 8000) == ["Parlor is serving at http://127.0.0.1:8000/ (Ctrl+C stops it)"]
