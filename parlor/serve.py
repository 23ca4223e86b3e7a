"""Serve Parlor: uvicorn with the options the site relies on, in one place
for `make run`, the scale-out set-up and the tests' servers. The lifespan
starts each process's bot ticker; a table's messages are a few kilobytes, so
sockets skip per-message compression, which would cost the server more than
it saves the wire; and a request not sent whole within a few seconds is
dropped (tables/internals.py).

Before it listens, a server collects the static files if they changed since
they were last collected (parlor/static.py), so any way of starting it serves
its pages, and says where it is: on the home network (bound to every
address, `--host 0.0.0.0`), the addresses a phone types (web/hosts.py).

    python -m parlor.serve [--host 127.0.0.1] [--port 8000]
"""

from __future__ import annotations

import argparse
import os

import uvicorn

from tables.internals import DeadlineProtocol

EVERY_ADDRESS = {"0.0.0.0", "::", ""}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description="Serve Parlor.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--log-level", default="warning")
    args = parser.parse_args(argv)
    # The settings learn where the server listens, for the names it answers to.
    os.environ["PARLOR_BIND"] = args.host
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "parlor.settings")
    import django

    django.setup()
    from parlor.static import collect_when_changed

    collect_when_changed(say=_say)
    for line in where(args.host, args.port):
        _say(line)
    # Where the links in the mails lead when SITE_URL doesn't say (tables/turnmail.py).
    os.environ["PARLOR_SERVED_AT"] = served_at(args.host, args.port)
    uvicorn.run("parlor.asgi:application", host=args.host, port=args.port, lifespan="on", http=DeadlineProtocol,
                ws_per_message_deflate=False, log_level=args.log_level)


def where(host: str, port: int) -> list[str]:
    """What the server says as it starts: where to open it, and on the home
    network the links the family's phones type."""
    from django.conf import settings

    from web import hosts

    if host not in EVERY_ADDRESS:
        shown = f"[{host}]" if ":" in host else host
        return [f"Parlor is serving at http://{shown}:{port}/ (Ctrl+C stops it)"]
    here = "[::1]" if host == "::" else "127.0.0.1"
    lines = [f"Parlor is serving at http://{here}:{port}/ on this computer (Ctrl+C stops it)"]
    if settings.PARLOR_HOME_NETWORK:
        links = hosts.addresses_to_type(port)
        lines += [f"On this network: {link}" for link in links] or [
            f"On this network: no connection has an address yet; once this computer joins the Wi-Fi, type its address and :{port}"]
        if links:
            lines.append("Open it by that address here too: a table's link and QR code lead the phones to the address you opened.")
    return lines


def served_at(host: str, port: int) -> str:
    """The address the server is reached by: the one it is bound to, or on
    the home network the first a phone types."""
    from django.conf import settings

    from web import hosts

    if host not in EVERY_ADDRESS:
        return f"http://{f'[{host}]' if ':' in host else host}:{port}"
    links = hosts.addresses_to_type(port) if settings.PARLOR_HOME_NETWORK else []
    return links[0] if links else f"http://127.0.0.1:{port}"


def _say(line: str) -> None:
    print(line, flush=True)


if __name__ == "__main__":
    main()
