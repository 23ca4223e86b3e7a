"""Load benchmark: K tables of Get In Line, each with two people on real
websocket clients and two bots at brisk pace, people moving as fast as the
rules allow. Prints moves per second, the latency from a move's send to the
last seat's updated view (median, 95th, 99th percentile), errors, the
servers' CPU and memory, each with its 95% interval, and how busy the whole
machine was, with PostgreSQL's and Redis's share, for (a) one process on
SQLite, (b) two processes on PostgreSQL and Redis and (c) four, with medium
bots, and (d) one process on SQLite with hard bots, which think in the
server's worker processes (their CPU is counted with the server's); then
the set-ups side by side, each as a ratio of (a)'s moves a second. Loopback
only; bounded in tables and seconds. ``--instructions`` counts instead the
instructions the server takes a move, under callgrind (``counted``).

    python -m tools.bench.load [--tables 500] [--seconds 30] [--only sqlite|scaled|four|hard[,...]]
    python -m tools.bench.load --only sqlite,hard   # hard bots beside medium ones, in one run
    python -m tools.bench.load --instructions   # one table's game, about a minute in a quiet hour
    python -m tools.bench.load --instructions --only scaled --tables 40   # two processes, PostgreSQL and Redis
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import orjson
import uvloop
from websockets.asyncio.client import connect

from tests.live import ROOT, Client, Servers, scale_out_env
from tools.stats import mean_interval

GAME = "get-in-line"
START_WITHIN = 2.4  # seconds over which the games start: one round of two brisk bots
DRAIN_SECONDS = 10.0  # after the deadline, how long views of moves already sent may take to arrive
OPEN_SECONDS = 120.0  # how long a socket may take to open and show its table
MOST_TABLES, MOST_SECONDS = 2000, 600.0  # the run's bounds


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
        self.over = False  # its game has ended


class Load:
    def __init__(self, seconds: float, sockets: int):
        self.seconds = seconds
        self.deadline = float("inf")  # set once every socket holds its table
        self.waiting = sockets
        self.playing = sockets
        self.all_read = asyncio.Event()
        self.everyone = asyncio.Event()
        self.latencies: list[float] = []
        self.moves = 0
        self.errors: list[str] = []
        self.unanswered = 0
        self.cpu = self.memory = self.generator = 0.0
        self.kernel = 0.0  # the part of the servers' CPU spent in the kernel
        self.machine = 0.0  # the part of all the machine's cores busy
        self.postgresql = self.redis = 0.0  # their CPU, in cores
        self.all_moves = 0  # people's and bots', while the people play
        self.played_before = 0  # the tables' moves when the measuring began
        self.go = asyncio.Event()  # the people may move (cleared while a count begins)
        self.go.set()
        self.held = 0  # people with a move to make, held meanwhile
        self.sent_at: list[float] = []  # when each person's move was sent
        self.each_second: list[tuple[float, int]] = []  # the servers' CPU and the moves played, second by second

    async def person(self, url: str, cookies: str, origin: str, table: Table, who: int):
        """One person on a socket of their own: plays, then holds the socket
        open until everyone has finished. A socket that cannot open is an
        error, and the others play on without it."""
        try:
            # No pings from this end: a browser sends none (the server pings it).
            ws = await connect(url, origin=origin, additional_headers={"Cookie": cookies}, open_timeout=OPEN_SECONDS,
                               max_size=2**22, ping_interval=None)
            async with asyncio.timeout(OPEN_SECONDS):
                orjson.loads(await ws.recv())  # the table as it stands, sent on connecting
        except Exception as failed:
            self.errors.append(f"a socket could not open: {failed!r}")
            self.arrived()
            self.finished()
            return
        async with ws:
            self.arrived()
            await self.everyone.wait()
            try:
                await self.play(ws, table, who)
            finally:
                self.finished()
            # Every socket stays open until everyone has read their last
            # move's views: a thousand sockets closing at once would fall on
            # the last moves' replies, and that is not what play costs.
            await self.all_read.wait()

    def arrived(self) -> None:
        self.waiting -= 1
        if not self.waiting:
            # The sockets are all open: from here the generator's own
            # collector walks only what play makes, so its pauses don't
            # pass for the servers' latency.
            gc.freeze()
            self.deadline = time.monotonic() + self.seconds
            self.everyone.set()

    def finished(self) -> None:
        self.playing -= 1
        if not self.playing:
            self.all_read.set()

    async def play(self, ws, table: Table, who: int):
        """Moves as soon as it is this person's turn until the deadline, then
        reads on until every move they sent has reached both seats."""
        if who == 0:  # the host starts the game, as families do: not all in the same instant
            await asyncio.sleep(random.Random(table.code).uniform(0, START_WITHIN))
            await ws.send(orjson.dumps({"type": "act", "do": "start"}).decode())
        last_sent = -1
        while True:
            closing = time.monotonic() >= self.deadline
            if closing and not table.sent:
                break
            wait = (self.deadline + DRAIN_SECONDS if closing else self.deadline) - time.monotonic()
            try:
                async with asyncio.timeout(max(0.1, wait)):
                    raw = await ws.recv()
            except TimeoutError:
                if closing:
                    break
                continue
            message = orjson.loads(raw)
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
                break  # (each person reads to the end: the other may still owe a view)
            if message["status"] != "playing" or time.monotonic() >= self.deadline:
                continue
            view = message["view"]
            if view["turn"] == message["seat"] and seq > last_sent:
                move = choose(view)
                if move is not None:
                    if not self.go.is_set():  # (held while a count begins: see drive)
                        self.held += 1
                        await self.go.wait()
                        self.held -= 1
                    last_sent = seq
                    table.sent[seq] = time.monotonic()
                    self.sent_at.append(table.sent[seq])
                    self.moves += 1
                    await ws.send(orjson.dumps({"type": "move", "seq": seq, "action": move}).decode())


def cpu_seconds(pid: int) -> tuple[float, float]:
    """A process's CPU so far, with its finished children's: in its own code,
    and in the kernel's for it (the sockets' writes and reads, the database
    file's)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[13])) / tick, (int(fields[12]) + int(fields[14])) / tick


def processes():
    """Every process on the machine: its pid, its name and the fields of
    its stat after the name."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            pid, rest = stat.read_text().split(" (", 1)
        except OSError:  # ended meanwhile
            continue
        name, fields = rest.rsplit(")", 1)
        yield int(pid), name, fields.split()


def family(pid: int) -> list[int]:
    """A server and every process under it (its bot workers come from a
    forkserver it started), so their CPU and memory count with it."""
    children: dict[int, list[int]] = {}
    for me, _name, fields in processes():
        children.setdefault(int(fields[1]), []).append(me)
    found, todo = [], [pid]
    while todo:
        found.append(todo.pop())
        todo += children.get(found[-1], [])
    return found


def used(servers: list, measure) -> float:
    total = 0.0
    for server in servers:
        for pid in family(server.proc.pid):
            try:
                total += measure(pid)
            except (OSError, IndexError):  # ended meanwhile
                pass
    return total


def servers_cpu(servers: list) -> tuple[float, float]:
    """The servers' and their workers' CPU: in their own code, in the kernel's."""
    return used(servers, lambda pid: cpu_seconds(pid)[0]), used(servers, lambda pid: cpu_seconds(pid)[1])


def machine_busy() -> tuple[float, float]:
    """The whole machine's busy and total CPU so far, in seconds over all its
    cores (busy: not idle and not waiting on the disk)."""
    ticks = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    tick = os.sysconf("SC_CLK_TCK")
    return (sum(ticks) - ticks[3] - ticks[4]) / tick, sum(ticks) / tick


def named_cpu(names: frozenset[str]) -> float:
    """The CPU so far of every process of these names, with their ended
    children's (a database's connections are processes of its own)."""
    return sum(used_by(pid) for pid, name, _fields in processes() if name in names)


def used_by(pid: int) -> float:
    try:
        return sum(cpu_seconds(pid))
    except (OSError, IndexError):  # ended meanwhile
        return 0.0


POSTGRESQL, REDIS = frozenset({"postgres"}), frozenset({"redis-server"})


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def setup(servers: list, count: int, level: str = "medium") -> list[tuple]:
    """K tables, each hosted on the first server with a guest joining on the
    last (so with two processes every move crosses between them), and two
    bots at ``level``."""

    def one(k: int) -> tuple:
        host, guest = Client(servers[0]), Client(servers[-1])
        code = answer(host.post("/api/tables", {"game": GAME, "name": f"Host{k}"}))["code"]
        answer(guest.post(f"/api/tables/{code}/join", {"name": f"Guest{k}"}))
        answer(host.post(f"/api/tables/{code}/bot", {"level": level}))
        answer(host.post(f"/api/tables/{code}/bot", {"level": level}))
        return Table(code), host, guest

    with ThreadPoolExecutor(8) as pool:
        return list(pool.map(one, range(count)))


def answer(reply: tuple) -> dict:
    status, body = reply
    if status >= 300:
        raise RuntimeError(f"setting up a table got {status}: {body}")
    return body


def audit(pool: Servers, codes: list[str]) -> str:
    """From the database: each table's moves, one per seq from the first to
    the state's, none twice and none missing."""
    script = (
        "import json, sys\n"
        "from tables.models import Move, Table\n"
        "bad = 0; kept = 0\n"
        "for t in Table.objects.filter(code__in=json.loads(sys.stdin.read())):\n"
        "    seqs = list(Move.objects.filter(table=t, number=t.number).values_list('seq', flat=True))\n"
        "    kept += len(seqs)\n"
        "    bad += sorted(seqs) != list(range(t.state['seq'] if t.state else 0))\n"
        "print('audit', kept, bad)\n"
    )
    done = _asked(pool, script, codes)
    if done.returncode:
        return "the audit could not read the database: " + done.stderr.strip().splitlines()[-1]
    kept, bad = done.stdout.split("audit")[-1].split()
    return f"{kept} moves kept; tables whose moves skip or repeat a seq: {bad}"


async def drive(tables, seconds: float, servers: list, begin=None, end=None) -> Load:
    """Play the tables for ``seconds``; ``begin()``, if given, is called (on
    a thread) once every table's game is under way, before the measuring,
    and ``end()`` once every person has stopped playing."""
    load = Load(seconds, 2 * len(tables))

    async def ending():
        await load.all_read.wait()
        await asyncio.to_thread(end)

    async def measure():
        """The servers' CPU and memory while the people play."""
        await load.everyone.wait()
        reached = lambda: [max(table.seen.values(), default=0) for table, _h, _g in tables]  # noqa: E731  (each table's seq)
        played = lambda: sum(reached())  # noqa: E731
        if begin is not None:
            # Once every game is under way (a game's start costs more than a
            # move), the people are held from moving until each table waits
            # on its person, with nothing in flight, so the count begins
            # between two moves, the same ones every run. (Under callgrind a
            # game can end before the last has begun: it waits on nobody.)
            while min(reached()) < 4:
                await asyncio.sleep(0.01)
            load.go.clear()
            while load.held < sum(not table.over for table, _h, _g in tables):
                await asyncio.sleep(0.01)
            await asyncio.to_thread(begin)
            load.played_before = played()
            load.go.set()
        began, mine, moves_then = servers_cpu(servers), time.process_time(), played()
        machine_then, stores_then = machine_busy(), (named_cpu(POSTGRESQL), named_cpu(REDIS))
        last, last_moves = sum(began), moves_then
        for _second in range(max(1, round(seconds))):  # each second's CPU a move, for its interval
            if end is not None and load.all_read.is_set():
                break  # (a count ends with the play, not with the clock)
            await asyncio.sleep(seconds / max(1, round(seconds)))
            now, moves_now = sum(servers_cpu(servers)), played()
            load.each_second.append((now - last, moves_now - last_moves))
            last, last_moves = now, moves_now
        load.generator = (time.process_time() - mine) / seconds
        (busy, total), (busy0, total0) = machine_busy(), machine_then
        load.machine = (busy - busy0) / max(total - total0, 1e-9)
        load.postgresql = (named_cpu(POSTGRESQL) - stores_then[0]) / seconds
        load.redis = (named_cpu(REDIS) - stores_then[1]) / seconds
        (user, system), (user0, system0) = servers_cpu(servers), began
        load.cpu = (user - user0 + system - system0) / seconds
        load.kernel = (system - system0) / seconds / max(load.cpu, 1e-9)
        load.all_moves = played() - moves_then
        load.memory = used(servers, rss_mb)

    measuring = asyncio.ensure_future(measure())
    ended = asyncio.ensure_future(ending()) if end is not None else None
    runs = []
    for table, host, guest in tables:
        for who, person in enumerate((host, guest)):
            cookies = "; ".join(f"{c.name}={c.value}" for c in person.jar)
            url = person.server.url.replace("http", "ws") + f"/ws/tables/{table.code}/"
            runs.append(load.person(url, cookies, person.server.url, table, who))
    try:
        # However the servers behave, the run ends: every socket has its
        # time to open, the play its seconds, and the last views theirs.
        async with asyncio.timeout(OPEN_SECONDS + seconds + DRAIN_SECONDS + 30):
            for failure in await asyncio.gather(*runs, return_exceptions=True):
                if isinstance(failure, Exception):
                    load.errors.append(repr(failure))
            await measuring
            if ended is not None:
                await ended
    except TimeoutError:
        load.errors.append("the run did not finish in its time; it was stopped")
    load.unanswered = sum(len(table.sent) for table, _h, _g in tables)
    return load


def ratio_interval(pairs: list[tuple[float, int]], rounds: int = 1000) -> tuple[float, float, float]:
    """Σ CPU over Σ moves, with its 95% interval from resampling the seconds."""
    if not pairs or not sum(m for _c, m in pairs):
        return (float("nan"),) * 3
    draw = random.Random(0)
    ratio = lambda some: sum(c for c, _m in some) / max(1, sum(m for _c, m in some))  # noqa: E731
    again = sorted(ratio(draw.choices(pairs, k=len(pairs))) for _ in range(rounds))
    return ratio(pairs), again[int(0.025 * rounds)], again[int(0.975 * rounds)]


def quantile_interval(ordered: list[float], p: float) -> tuple[float, float, float]:
    """The p-quantile of sorted values with its 95% interval, from the ranks
    the binomial puts around it."""
    n = len(ordered)
    if not n:
        return (float("nan"),) * 3
    spread = 1.96 * (n * p * (1 - p)) ** 0.5
    at = lambda rank: ordered[max(0, min(n - 1, int(rank)))]  # noqa: E731
    return at(n * p), at(n * p - spread), at(n * p + spread)


def per_second(times: list[float], began: float, seconds: float) -> list[float]:
    """How many of these moments fell in each whole second of the run."""
    counts = [0] * max(1, int(seconds))
    for t in times:
        if 0 <= t - began < len(counts):
            counts[int(t - began)] += 1
    return counts


def run(name: str, pool: Servers, processes: int, tables: int, seconds: float, level: str = "medium",
        think: float = 1.0) -> dict:
    servers = [pool.start(PARLOR_BOT_THINK=think) for _ in range(processes)]
    made = setup(servers, tables, level)
    # The people's sockets on uvloop and orjson, as the servers are, so the
    # load generator takes as little of the cores it shares with them.
    load = uvloop.run(drive(made, seconds, servers))
    lat = sorted(load.latencies)
    rate, rate_pm = mean_interval(per_second(load.sent_at, load.deadline - seconds, seconds))
    quantiles = {p: [x * 1000 for x in quantile_interval(lat, p)] for p in (0.5, 0.95, 0.99)}
    _cpu, cpu_low, cpu_high = (x * 1000 for x in ratio_interval(load.each_second))
    a_move = lambda cores: cores * seconds / max(load.all_moves, 1) * 1000  # noqa: E731  (ms of CPU a move)
    print(f"{name}: {tables} tables, {processes} process(es), {level} bots, {seconds:.0f} s of play{reached_by(pool.env)}")
    print(f"  people's moves sent: {load.moves} ({load.moves / seconds:.0f}/s, each second {rate:.0f} ± {rate_pm:.0f}); "
          f"reached both seats: {len(load.latencies)}; never reached both: {load.unanswered}")
    print("  move to last seat's view: " + ", ".join(
        f"{label} {q:.1f} ms ({low:.1f}–{high:.1f})" for label, (q, low, high) in zip(("median", "95th", "99th"), quantiles.values())))
    print(f"  load generator: {load.generator * 100:.0f}% of one core")
    # PostgreSQL and Redis work for the servers on the same cores: a busy
    # machine makes moves wait in its run queue, not on the servers.
    print(f"  the machine: {load.machine * 100:.0f}% of its {os.cpu_count()} cores busy; PostgreSQL "
          f"{load.postgresql * 100:.0f}% of one core ({a_move(load.postgresql):.2f} ms a move), "
          f"Redis {load.redis * 100:.0f}%")
    print(f"  errors: {len(load.errors)}" + (f" (first: {load.errors[0]})" if load.errors else ""))
    print(f"  servers: {load.cpu * 100:.0f}% of one core, {load.memory:.0f} MB resident; "
          f"{a_move(load.cpu):.2f} ms of CPU a move ({cpu_low:.2f}–{cpu_high:.2f}; "
          f"{load.all_moves} moves, bots' included; {load.kernel * 100:.0f}% of it in the kernel)")
    for server in servers:  # bots still thinking would move while the audit reads
        server.stop()
    audited = audit(pool, [table.code for table, _h, _g in made])
    print(f"  {audited}")
    return {"name": name, "moves": load.moves / seconds, "rate_pm": rate_pm, "quantiles": quantiles,
            "errors": len(load.errors), "unanswered": load.unanswered,
            "cpu": a_move(load.cpu), "cpu_interval": (cpu_low, cpu_high), "audited": audited,
            "machine": load.machine}


def counted(tables: int, seconds: float, scaled: bool = False) -> None:
    """The server's instructions a move: one process on SQLite (or, with
    ``scaled``, two on PostgreSQL and Redis, their counts added) under
    valgrind's callgrind, counting from the moment every table's game is
    under way until every person has stopped (their game over, or the
    seconds up), over every move made meanwhile, people's and bots'. It
    counts the server's own work and its libraries' (the sockets' frames,
    uvloop, SQLite, orjson, the Redis link), not the kernel's for it nor
    PostgreSQL's and Redis's own, whatever the machine's pace. Every run on
    SQLite plays the same game, begun between the same two moves: two runs
    counted 2,508,451 and 2,504,256 a move, where timed runs differ by a
    tenth. With more tables, moves that arrive together share a transaction
    and a turn of the bots, so the count falls with how busy the server is,
    and runs agree less. The bots move at once; the poll for overdue bots
    is off (alarms ring them), so a second the server waits costs next to
    nothing."""
    with tempfile.TemporaryDirectory() as tmp:
        # The server deals its tables' codes and seeds from one seed, so every
        # run plays the same games (Python runs a sitecustomize on its path
        # as it starts, before ``-m`` puts the project there).
        (Path(tmp) / "sitecustomize.py").write_text(
            f"import sys\nsys.path.insert(0, {str(ROOT)!r})\nimport tools.bench._dealt\n")
        store = scale_out_env(by_socket=True) if scaled else {"DATABASE_URL": "", "REDIS_URL": ""}
        pool = Servers(Path(tmp), **store, PARLOR_LIMIT_ACTS="1000000", PARLOR_LIMIT_JOINS="1000000",
                       PARLOR_TICK_SECONDS="3600", PYTHONHASHSEED="0", PYTHONPATH=tmp)
        # (Named by process: a process a server forks, such as a worker for
        # the bots, writes its own count, never over its server's.)
        outs = [Path(tmp) / f"callgrind.{k}.%p.out" for k in range(2 if scaled else 1)]
        try:
            servers = [pool.start(under=["valgrind", "--tool=callgrind", "--instr-atstart=no",
                                         f"--callgrind-out-file={out}"], PARLOR_BOT_THINK=0) for out in outs]
            made = setup(servers, tables)

            def switch(on):
                for server in servers:
                    subprocess.run(["callgrind_control", f"--instr={on}", str(server.proc.pid)], check=True, capture_output=True)

            load = uvloop.run(drive(made, seconds, servers, begin=lambda: switch("on"), end=lambda: switch("off")))
            moves = _seqs(pool, [table.code for table, _h, _g in made]) - load.played_before
        finally:
            pool.stop_all()
        total = sum(next(int(line.split()[1]) for line in out.read_text().splitlines() if line.startswith("totals:"))
                    for out in Path(tmp).glob("callgrind.*.out"))
    where = "PostgreSQL and Redis, two processes" if scaled else "SQLite, one process"
    print(f"the server's instructions a move: {total / max(moves, 1):,.0f}, over {moves} moves, people's and bots' "
          f"({tables} table(s) of Get In Line on {where}, {load.moves} people's moves in {seconds:.0f} s "
          f"under callgrind; errors: {len(load.errors)})")


def _seqs(pool: Servers, codes: list[str]) -> int:
    """The moves the tables of these codes have made, all told."""
    script = ("import json, sys\nfrom tables.models import Table\n"
              "print('seqs', sum(t.seq for t in Table.objects.filter(code__in=json.loads(sys.stdin.read()))))\n")
    done = _asked(pool, script, codes)
    done.check_returncode()
    return int(done.stdout.split("seqs")[-1].split()[0])


def _asked(pool: Servers, script: str, codes: list[str]) -> subprocess.CompletedProcess:
    """A script run against the pool's database, the tables' codes on its input."""
    return subprocess.run([sys.executable, "manage.py", "shell", "-c", script], cwd=ROOT, env=pool.env,
                          input=json.dumps(codes), capture_output=True, text=True)


def reached_by(env: dict) -> str:
    """How the servers reach PostgreSQL and Redis: by their socket files (as
    on one machine), or over TCP."""
    if not env.get("DATABASE_URL"):
        return ""
    ways = [f"{store} by {'its socket' if local else 'TCP'}" for store, local in (
        ("PostgreSQL", "@%2F" in env["DATABASE_URL"] or "host=/" in env["DATABASE_URL"]),
        ("Redis", env.get("REDIS_URL", "").startswith("unix:")))]
    return " (" + ", ".join(ways) + ")"


def side_by_side(figures: list[dict]) -> None:
    """Every set-up of the run in one table, moves a second as a ratio of the first's."""
    if len(figures) < 2:
        return
    first = figures[0]["moves"]
    print("\nside by side (ratio: moves a second over the first set-up's):")
    print(f"  {'set-up':<34} {'moves/s':>11} {'ratio':>5} {'median ms':>10} {'95th ms':>8} {'99th ms':>8} "
          f"{'errors':>6} {'CPU ms a move':>14} {'machine busy':>13}")
    for f in figures:
        q = f["quantiles"]
        print(f"  {f['name']:<34} {f['moves']:>5.0f} ± {f['rate_pm']:<3.0f} {f['moves'] / max(first, 1e-9):>5.2f} "
              f"{q[0.5][0]:>10.1f} {q[0.95][0]:>8.1f} {q[0.99][0]:>8.1f} {f['errors'] + f['unanswered']:>6} "
              f"{f['cpu']:>7.2f} ({f['cpu_interval'][0]:.2f}–{f['cpu_interval'][1]:.2f}) {f['machine'] * 100:>10.0f}%")


def pace() -> float:
    """Seconds of CPU a plain Python loop of ten million additions takes: on
    a shared machine the same code's figures move with it from one hour to
    the next (0.5-0.6 s in a quiet hour here, three times that in a busy one),
    so a run's figures are read against it."""
    start, total = time.process_time(), 0
    for i in range(10_000_000):
        total += i
    return time.process_time() - start


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=None, help="(default 500; with --instructions 1)")
    parser.add_argument("--seconds", type=float, default=None, help="(default 30; with --instructions at most 300)")
    parser.add_argument("--only", type=lambda names: names.split(","), default=None,
                        help="the set-ups to run, of sqlite, scaled, four, hard (default all)")
    parser.add_argument("--quick", action="store_true", help="20 tables for 8 seconds")
    parser.add_argument("--bot-think", type=float, default=1.0, metavar="SCALE",
                        help="the bots' think times scaled (1: the site's; its own test's runs move on at once)")
    parser.add_argument("--instructions", action="store_true",
                        help="count the server's instructions a move under callgrind (one SQLite process, its"
                             " table's game played to its end; with --only scaled, two on PostgreSQL and Redis),"
                             " in place of the runs")
    args = parser.parse_args(argv)
    if args.tables is None:
        args.tables = 1 if args.instructions else 500
    if args.seconds is None:
        args.seconds = 300.0 if args.instructions else 30.0
    if not (1 <= args.tables <= MOST_TABLES and 0 < args.seconds <= MOST_SECONDS):
        parser.error(f"--tables runs from 1 to {MOST_TABLES}, --seconds up to {MOST_SECONDS:.0f}")
    if args.instructions:
        if args.only not in (None, ["sqlite"], ["scaled"]):
            parser.error("--instructions counts the SQLite set-up, or with --only scaled the PostgreSQL and Redis one")
        counted(args.tables, args.seconds, scaled=args.only == ["scaled"])
        return
    if args.quick:
        args.tables, args.seconds = 20, 8.0
    # No rate limits; the bots' net polls as often as the site's (the tests' poll faster).
    limits = {"PARLOR_LIMIT_ACTS": "1000000", "PARLOR_LIMIT_JOINS": "1000000", "PARLOR_TICK_SECONDS": "1.0"}
    runs = [
        ("sqlite", "(a) SQLite", {"DATABASE_URL": "", "REDIS_URL": ""}, 1, "medium"),
        ("scaled", "(b) PostgreSQL + Redis", scale_out_env(by_socket=True), 2, "medium"),
        ("four", "(c) PostgreSQL + Redis, four", scale_out_env(by_socket=True), 4, "medium"),
        ("hard", "(d) SQLite, hard bots", {"DATABASE_URL": "", "REDIS_URL": ""}, 1, "hard"),
    ]
    unknown = set(args.only or ()) - {r[0] for r in runs}
    if unknown:
        parser.error(f"no such set-up: {', '.join(sorted(unknown))} (the set-ups: sqlite, scaled, four, hard)")
    figures = []
    before = pace()
    for only, name, env, processes, level in runs:
        if args.only is not None and only not in args.only:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            pool = Servers(Path(tmp), **env, **limits)
            try:
                figures.append(run(name, pool, processes, args.tables, args.seconds, level, args.bot_think))
            finally:
                pool.stop_all()
    side_by_side(figures)
    print(f"\nthis machine's pace: ten million additions in a Python loop took {before:.2f} s of CPU before the runs"
          f" and {pace():.2f} s after")

if __name__ == "__main__":
    main()
