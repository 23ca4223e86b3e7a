"""Which names a request may reach the site by: its Host, and the origin of
the page that opens a live connection (web/origins.py).

A server that lists its names (ALLOWED_HOSTS) answers to those alone. A
family's server on the home network, listening beyond loopback with none
listed (`make run HOST=0.0.0.0`), answers to the names its family's phones
reach it by, and to none that a stranger's page could make a browser send
(decision 21):

- loopback: localhost and *.localhost, 127.0.0.0/8, ::1;
- the addresses this machine has as the server starts;
- private-range addresses: 10/8, 172.16/12, 192.168/16, link-local
  169.254/16, IPv6 unique-local fc00::/7 and link-local fe80::/10;
- this machine's name, and every mDNS name (*.local).
"""

from __future__ import annotations

import logging
import socket
from functools import cache
from ipaddress import IPv4Address, ip_address, ip_network

from asgiref.sync import iscoroutinefunction
from django.conf import settings
from django.http import HttpResponseBadRequest
from django.http.request import split_domain_port, validate_host
from django.utils.decorators import sync_and_async_middleware

HOME_NETWORKS = tuple(ip_network(block) for block in (
    "127.0.0.0/8", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16",
    "::1/128", "fc00::/7", "fe80::/10",
))
NOT_THIS_NAME = ("This Parlor answers on the home network by this computer's address (the one it printed as it "
                 "started, like http://192.168.1.20:8000) or by its name ending in .local: open it by one of those.")


def serves_home_network(bound_to: str, allowed_hosts: str) -> bool:
    """Whether a server listening on `bound_to`, with ALLOWED_HOSTS as given
    (empty when not set), answers to the home network's names."""
    return not allowed_hosts.strip() and not _loopback(bound_to)


def _loopback(bound_to: str) -> bool:
    if bound_to.lower() == "localhost":
        return True
    try:
        return ip_address(bound_to.strip("[]")).is_loopback
    except ValueError:  # a name: it may stand for any of the machine's addresses
        return False


def accepted(domain: str) -> bool:
    """Whether the site answers to this name or address, as Django's
    split_domain_port gives it (lower case, an IPv6 address in brackets)."""
    if settings.PARLOR_HOME_NETWORK:
        return on_home_network(domain)
    hosts = settings.ALLOWED_HOSTS
    if settings.DEBUG and not hosts:  # as Django's own get_host: in DEBUG, none listed means loopback
        hosts = [".localhost", "127.0.0.1", "[::1]"]
    return validate_host(domain, hosts)


def on_home_network(domain: str) -> bool:
    if domain == "localhost" or domain.endswith((".localhost", ".local")) or domain in own_names():
        return True
    try:
        address = ip_address(domain[1:-1] if domain.startswith("[") else domain)
    except ValueError:
        return False
    if address.version == 6 and address.ipv4_mapped:
        address = address.ipv4_mapped
    return any(address in block for block in HOME_NETWORKS) or address in own_addresses()


@cache
def own_names() -> frozenset[str]:
    """This machine's name, whole and its first label ("laptop" of
    "laptop.example.lan")."""
    name = socket.gethostname().lower().rstrip(".")
    return frozenset({name, name.split(".")[0]}) - {""}


@cache
def own_addresses() -> frozenset:
    """Every address of this machine's network connections, read from the
    system as the server starts (no traffic is sent)."""
    import psutil

    found = set()
    for addresses in psutil.net_if_addrs().values():
        for entry in addresses:
            if entry.family in (socket.AF_INET, socket.AF_INET6):
                found.add(ip_address(entry.address.split("%")[0]))
    return frozenset(found)


def addresses_to_type(port: int, addresses=None) -> list[str]:
    """The links a phone on the same network types to reach a server bound to
    every address: one for each IPv4 address of this machine past loopback
    and link-local, private ranges first (IPv6 addresses are long to type,
    and the name ending in .local reaches the same server)."""
    if addresses is None:
        addresses = own_addresses()
    typed = [a for a in addresses if isinstance(a, IPv4Address) and not (a.is_loopback or a.is_link_local)]
    typed.sort(key=lambda a: (not any(a in block for block in HOME_NETWORKS), a))
    return [f"http://{a}:{port}" for a in typed]


@sync_and_async_middleware
def home_network_only(get_response):
    """The first middleware when the site answers the home network's names:
    Django is told to take any Host (ALLOWED_HOSTS = ["*"]), as its own
    documentation says to when a middleware checks it, and this one turns
    away a Host that is none of them with a sentence, as Django would with a
    400 (and logs it where Django does)."""

    def refused(request):
        domain, _port = split_domain_port(request.get_host())
        if on_home_network(domain):
            return None
        logging.getLogger("django.security.DisallowedHost").warning(
            "Invalid HTTP_HOST header: %r. It is not a name of this machine on the home network; "
            "set ALLOWED_HOSTS to answer to it.", request.get_host())
        return HttpResponseBadRequest(NOT_THIS_NAME, content_type="text/plain; charset=utf-8")

    if iscoroutinefunction(get_response):
        async def middleware(request):
            return refused(request) or await get_response(request)
    else:
        def middleware(request):
            return refused(request) or get_response(request)
    return middleware
