"""Load benchmark: K tables of Get In Line, each with two people on real
websocket clients and two bots at brisk pace, people moving as fast as the
rules allow. Prints moves per second, the latency from a move's send to the
last seat's updated view (median, 95th, 99th percentile), errors, and the
servers' CPU and memory, for (a) one process on SQLite and (b) two processes
on PostgreSQL and Redis. Loopback only; bounded in tables and seconds.

    python -m tools.bench.load [--tables 500] [--seconds 30] [--only sqlite|scaled]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import connect

from tests.live import Client, Servers, scale_out_env

GAME = "get-in-line"


def choose(view: dict) -> dict | None:
    """A legal move from the view alone, the way a quick person plays."""
    can = view.get("can") or {}
    if can.get("trade") and view.get("dead"):
        return {"type": "trade", "card": view["dead"][0]}
    if can.get("play"):
        for card, spaces in sorted(view["where"].items()):
            if spaces:
                return {"type": "play", "card": card, "space": spaces[0]}
    if can.get("pass"):
        return {"type": "pass"}
    return None


class Table:
    def __init__(self, code: str):
        self.code = code
        self.sent: dict[int, float] = {}  # seq a move was made against -> when it was sent
        self.seen: dict[int, int] = {}  # socket -> latest seq it has seen
        self.over = False


class Load:
    def __init__(self, deadline: float):
        self.deadline = deadline
        self.latencies: list[float] = []
        self.moves = 0
        self.errors: list[str] = []

    async def person(self, url: str, cookies: str, origin: str, table: Table, who: int):
        async with connect(url, origin=origin, additional_headers={"Cookie": cookies}, open_timeout=60,
                           max_size=2**22) as ws:
            last_sent = -1
            while time.monotonic() < self.deadline and not table.over:
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, self.deadline - time.monotonic()))
                except TimeoutError:
                    break
                message = json.loads(raw)
                if message["type"] == "error":
                    if "moved on" not in message["message"]:
                        self.errors.append(message["message"])
                    continue
                seq = message["seq"]
                table.seen[who] = seq
                now = time.monotonic()
                for s in [s for s in table.sent if all(v > s for v in table.seen.values()) and len(table.seen) == 2]:
                    self.latencies.append(now - table.sent.pop(s))
                if message["status"] in ("over", "ended"):
                    table.over = True
                    break
                if message["status"] != "playing":
                    continue
                view = message["view"]
                if view["turn"] == message["seat"] and seq > last_sent:
                    move = choose(view)
                    if move is not None:
                        last_sent = seq
                        table.sent[seq] = time.monotonic()
                        self.moves += 1
                        await ws.send(json.dumps({"type": "move", "seq": seq, "action": move}))


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def setup(servers: list, count: int) -> list[tuple]:
    """K tables, each hosted on the first server with a guest joining on the
    last (so with two processes every move crosses between them)."""
    tables = []
    for k in range(count):
        host, guest = Client(servers[0]), Client(servers[-1])
        code = host.post("/api/tables", {"game": GAME, "name": f"Host{k}"})[1]["code"]
        guest.post(f"/api/tables/{code}/join", {"name": f"Guest{k}"})
        host.post(f"/api/tables/{code}/bot", {"level": "medium"})
        host.post(f"/api/tables/{code}/bot", {"level": "medium"})
        tables.append((Table(code), host, guest))
    return tables


async def drive(tables, seconds: float) -> Load:
    load = Load(time.monotonic() + seconds)
    runs = []
    for table, host, guest in tables:
        for who, person in enumerate((host, guest)):
            cookies = "; ".join(f"{c.name}={c.value}" for c in person.jar)
            url = person.server.url.replace("http", "ws") + f"/ws/tables/{table.code}/"
            runs.append(load.person(url, cookies, person.server.url, table, who))
    started = asyncio.gather(*runs, return_exceptions=True)
    await asyncio.sleep(1.0)  # every socket connected and holding its view
    for table, host, _guest in tables:
        host.post(f"/api/tables/{table.code}/start")
    for failure in await started:
        if isinstance(failure, Exception):
            load.errors.append(repr(failure))
    return load


def run(name: str, pool: Servers, processes: int, tables: int, seconds: float) -> None:
    servers = [pool.start(PARLOR_BOT_THINK=1) for _ in range(processes)]
    made = setup(servers, tables)
    cpu0 = {s.proc.pid: cpu_seconds(s.proc.pid) for s in servers}
    began = time.monotonic()
    load = asyncio.run(drive(made, seconds))
    took = time.monotonic() - began
    cpu = sum(cpu_seconds(pid) - was for pid, was in cpu0.items())
    memory = sum(rss_mb(s.proc.pid) for s in servers)
    lat = sorted(load.latencies) or [float("nan")]
    pct = lambda p: lat[min(len(lat) - 1, int(p * len(lat)))] * 1000  # noqa: E731
    print(f"{name}: {tables} tables, {processes} process(es), {took:.0f} s")
    print(f"  people's moves sent: {load.moves} ({load.moves / took:.0f}/s); views answered: {len(load.latencies)}")
    print(f"  move to last seat's view: median {statistics.median(lat) * 1000:.1f} ms, "
          f"95th {pct(0.95):.1f} ms, 99th {pct(0.99):.1f} ms")
    print(f"  errors: {len(load.errors)}" + (f" (first: {load.errors[0]})" if load.errors else ""))
    print(f"  servers: {cpu / took * 100:.0f}% of one core, {memory:.0f} MB resident")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--only", choices=["sqlite", "scaled"])
    parser.add_argument("--quick", action="store_true", help="20 tables for 8 seconds")
    args = parser.parse_args(argv)
    if args.quick:
        args.tables, args.seconds = 20, 8.0
    limits = {"PARLOR_LIMIT_ACTS": "1000000", "PARLOR_LIMIT_JOINS": "1000000"}
    if args.only in (None, "sqlite"):
        with tempfile.TemporaryDirectory() as tmp:
            pool = Servers(Path(tmp), DATABASE_URL="", REDIS_URL="", **limits)
            try:
                run("(a) SQLite", pool, 1, args.tables, args.seconds)
            finally:
                pool.stop_all()
    if args.only in (None, "scaled"):
        with tempfile.TemporaryDirectory() as tmp:
            pool = Servers(Path(tmp), **scale_out_env(), **limits)
            try:
                run("(b) PostgreSQL + Redis", pool, 2, args.tables, args.seconds)
            finally:
                pool.stop_all()


if __name__ == "__main__":
    main()
