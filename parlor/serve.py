"""Serve Parlor: uvicorn with the options the site relies on, in one place
for `make run`, the scale-out set-up and the tests' servers. The lifespan
starts each process's bot ticker; a table's messages are a few kilobytes, so
sockets skip per-message compression, which would cost the server more than
it saves the wire; and a request not sent whole within a few seconds is
dropped (parlor/deadline.py).

    python -m parlor.serve [--host 127.0.0.1] [--port 8000]
"""

from __future__ import annotations

import argparse

import uvicorn

from parlor.deadline import DeadlineProtocol


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description="Serve Parlor.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--log-level", default="warning")
    args = parser.parse_args(argv)
    uvicorn.run("parlor.asgi:application", host=args.host, port=args.port, lifespan="on", http=DeadlineProtocol,
                ws_per_message_deflate=False, log_level=args.log_level)


if __name__ == "__main__":
    main()
