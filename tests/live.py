"""Real servers and real clients for the tests: uvicorn processes on
loopback serving one database, and a small browser-like client with its own
cookies (its session is its seat) that speaks the JSON API and websockets."""

from __future__ import annotations

import http.cookiejar
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from websockets.sync.client import connect

ROOT = Path(__file__).resolve().parent.parent
READY_WITHIN = 30.0  # seconds a server may take to answer its first request


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def manage(env: dict, *args: str) -> subprocess.CompletedProcess:
    """``python manage.py ARGS`` as a host runs it for the site ``env``
    names, with what it said."""
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


class Server:
    def __init__(self, env: dict, port: int, under: list[str] = (), command: list[str] | None = None):
        """``under``: a command the server runs under (a benchmark's
        valgrind, which starts it several times slower). ``command``: the
        way a person starts it instead (a Makefile target), which runs the
        server as a child: its process group is its own, stopped whole."""
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.log = open(Path(env["PARLOR_VAR"]) / f"server-{port}.log", "w")
        self.group = command is not None
        self.proc = subprocess.Popen(
            command or [*under, sys.executable, "-m", "parlor.serve", "--port", str(port)],
            cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=self.group,
        )
        self._wait_ready(READY_WITHIN * 10 if under else READY_WITHIN)

    def said(self) -> str:
        """Everything the server has printed."""
        return Path(self.log.name).read_text()

    def _wait_ready(self, within: float = READY_WITHIN):
        give_up = time.monotonic() + within
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server stopped at start: see {self.log.name}")
            try:
                urllib.request.urlopen(self.url + "/api/games", timeout=2).read()
                return
            except urllib.error.HTTPError:  # it answers (a server with names of its own refuses 127.0.0.1)
                return
            except (urllib.error.URLError, ConnectionError, OSError):
                if time.monotonic() > give_up:
                    raise
                time.sleep(0.05)

    def kill(self):
        """SIGKILL: the process gets no chance to tidy up."""
        if self.proc.poll() is None:
            self._signal(signal.SIGKILL)
            self.proc.wait()

    def _signal(self, sent: int) -> None:
        if self.group:
            os.killpg(self.proc.pid, sent)
        else:
            self.proc.send_signal(sent)

    def stop(self):
        if self.proc.poll() is None:
            self._signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.log.close()


def on_the_home_network(port: int) -> list[str]:
    """The README's command for a server the family's phones reach on the
    home network, `make run HOST=0.0.0.0` (for Servers.start's ``by``): the
    test's own Python runs it, its packages installed (-o install)."""
    return ["make", "-o", "install", "run", "HOST=0.0.0.0", f"PORT={port}", f"PY={sys.executable}"]


def project_redis(db: int, by_socket: bool = False) -> str:
    """The URL of the project's own Redis, which tools/services.sh starts on
    its own port with a password it keeps in a file (see there); by its
    socket file if asked and it has one, as a site on one machine reaches
    it (the tests go over TCP, as a site on several machines does)."""
    port = os.environ.get("PARLOR_REDIS_PORT") or "6390"
    state = Path(os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state")
    home = Path(os.environ.get("PARLOR_REDIS_HOME") or state / "parlor" / "redis")
    try:
        password = (home / "password").read_text().strip()
    except FileNotFoundError:
        raise RuntimeError("The project's Redis has no password yet: run tools/services.sh (make services) first.") from None
    if by_socket and (home / "redis.sock").is_socket():
        return f"unix://:{password}@{home / 'redis.sock'}?db={db}"
    return f"redis://:{password}@127.0.0.1:{port}/{db}"


def scale_out_env(by_socket: bool = False) -> dict:
    """PostgreSQL and Redis for servers that scale out (tools/services.sh
    starts both): PARLOR_TEST_POSTGRES and PARLOR_TEST_REDIS override.
    PostgreSQL is reached by its socket file, Redis by its own if asked
    (``project_redis``)."""
    import getpass

    return {
        "DATABASE_URL": os.environ.get("PARLOR_TEST_POSTGRES", f"postgresql://{getpass.getuser()}@%2Fvar%2Frun%2Fpostgresql/postgres"),
        "REDIS_URL": _this_workers(os.environ.get("PARLOR_TEST_REDIS") or project_redis(2, by_socket)),
    }


def _this_workers(redis_url: str, apart: int = 0) -> str:
    """The Redis database for this test worker: for each worker after the
    first (pytest -n) the next one up, ``apart`` further, so no worker's
    servers hear another's tables or count its sockets, and no worker's
    clearing of its cache wipes another's counts."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    shift = int(worker[2:]) if worker[2:].isdigit() else 0
    base, _, db = redis_url.rpartition("/")
    return f"{base}/{int(db) + apart + shift}" if shift and db.isdigit() else redis_url


# REDIS_URL's databases for the workers after the first (the tests' own
# Django and the servers that share it) start this far up, clear of the
# scaled-out servers' (the next ones up from PARLOR_TEST_REDIS's).
REDIS_APART = 7


def own_redis_url() -> str:
    """REDIS_URL as this test worker is to use it (empty without Redis)."""
    url = os.environ.get("REDIS_URL", "")
    return _this_workers(url, REDIS_APART) if url else ""


def wait_for_redis(port: int, password: str = "") -> None:
    """Until Redis answers (a page would keep reconnecting meanwhile)."""
    import redis as redis_client

    give_up = time.monotonic() + 30
    while True:
        try:
            redis_client.Redis(port=port, password=password or None, socket_connect_timeout=1).ping()
            return
        except redis_client.ConnectionError:
            if time.monotonic() > give_up:
                raise
            time.sleep(0.05)


def run_apart(coroutine) -> None:
    """``asyncio.run(coroutine)`` on a thread of its own, raising here what
    it raised there: a browser test's Playwright, earlier in the same run,
    may leave the test's own thread marked as running an event loop."""
    import asyncio

    failed = []

    def run():
        try:
            asyncio.run(coroutine)
        except BaseException as error:  # handed back to the test's own thread
            failed.append(error)

    apart = threading.Thread(target=run)
    apart.start()
    apart.join()
    if failed:
        raise failed[0]


class OwnRedis:
    """A Redis of the test's own, which the test stops and starts again."""

    def __init__(self, tmp_path, password: str = ""):
        self.port = free_port()
        self.password = password
        self.command = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                        "--appendonly", "no", "--dir", str(tmp_path)] + (["--requirepass", password] if password else [])
        self.process = None

    def start(self) -> None:
        self.process = subprocess.Popen(self.command, stdout=subprocess.DEVNULL)
        wait_for_redis(self.port, self.password)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait()
            self.process = None

    @property
    def url(self) -> str:
        return f"redis://:{self.password}@127.0.0.1:{self.port}/0" if self.password else f"redis://127.0.0.1:{self.port}/0"


class Servers:
    """Live servers sharing one database (SQLite under tmp_path unless
    DATABASE_URL, here or in the environment, names PostgreSQL)."""

    def __init__(self, tmp_path: Path, **extra_env):
        self.database = None
        self.postgres = extra_env.get("DATABASE_URL") or os.environ.get("DATABASE_URL", "")
        if self.postgres.startswith(("postgres://", "postgresql://")):
            # Each test's servers get a database of their own.
            self.database = f"parlor_live_{os.getpid()}_{free_port()}"
            extra_env["DATABASE_URL"] = _pg(self.postgres, self.database)
        self.env = {
            **os.environ,
            **({"REDIS_URL": own_redis_url()} if os.environ.get("REDIS_URL") else {}),
            "PARLOR_VAR": str(tmp_path),
            "PARLOR_SQLITE": str(tmp_path / "parlor.sqlite3"),
            "PARLOR_EXTRA_GAMES": "high-card=tests.highcard",
            "PARLOR_BOT_THINK": "0",
            "PARLOR_TICK_SECONDS": "0.05",
            "PARLOR_LIMIT_ACTS": "1000000",
            "PARLOR_LIMIT_JOINS": "1000000",
            "PARLOR_LIMIT_REFRESHES": "1000000",
            # Every test's browsers come from one address, loopback.
            "PARLOR_LIMIT_ADDRESS_ACTS": "1000000",
            "PARLOR_LIMIT_ADDRESS_JOINS": "1000000",
            "PARLOR_LIMIT_ADDRESS_TALK": "1000000",
            "PARLOR_SOCKETS_PER_ADDRESS": "1000000",
            **extra_env,
        }
        self.running: list[Server] = []
        _migrated_copy(self.env, self.database)
        if not self.env.get("PARLOR_STATIC_ROOT"):
            # Each server collects the static files when they changed; once
            # here, so none does it under a benchmark's valgrind.
            subprocess.run([sys.executable, "-m", "parlor.static"], cwd=ROOT, env=self.env, check=True, stdout=subprocess.DEVNULL)

    def start(self, under: list[str] = (), by=None, **env) -> Server:
        """``by``: the command a person starts it with, for its port."""
        port = free_port()
        server = Server({**self.env, **{k: str(v) for k, v in env.items()}}, port, under, by(port) if by else None)
        self.running.append(server)
        return server

    def stop_all(self):
        for server in self.running:
            server.stop()
        if self.database:
            _pg_admin(self.postgres, f'DROP DATABASE IF EXISTS "{self.database}" WITH (FORCE)')


# One database migrated a process, copied for each pool: starting Django to
# migrate costs seconds, a copy milliseconds, and each pool still starts empty.
_MIGRATED: dict[str, str] = {}


def _migrated_copy(env: dict, database: str | None) -> None:
    """Give the pool's database (the SQLite file, or the PostgreSQL database
    named `database`) every migration, by copying one migrated once."""
    import atexit
    import shutil
    import sqlite3
    import tempfile

    postgres = env["DATABASE_URL"] if database else ""
    if env.get("DATABASE_URL") and not postgres:  # another SQLite file, named by its URL
        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
        return
    key = _pg(postgres, "") if postgres else "sqlite"
    if key not in _MIGRATED:
        if postgres:
            template = f"parlor_migrated_{os.getpid()}_{free_port()}"
            _pg_admin(postgres, f'CREATE DATABASE "{template}"')
            atexit.register(_pg_admin, postgres, f'DROP DATABASE IF EXISTS "{template}" WITH (FORCE)')
            url = _pg(postgres, template)
        else:
            folder = tempfile.mkdtemp(prefix="parlor-migrated-")
            atexit.register(shutil.rmtree, folder, True)
            template = str(Path(folder) / "parlor.sqlite3")
            url = ""
        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, check=True,
                       env={**env, "PARLOR_SQLITE": template, "DATABASE_URL": url})
        _MIGRATED[key] = template
    if postgres:
        _pg_admin(postgres, f'CREATE DATABASE "{database}" TEMPLATE "{_MIGRATED[key]}"')
    else:
        # SQLite's own backup, so a log the migration left is copied too.
        source, copy = sqlite3.connect(_MIGRATED[key]), sqlite3.connect(env["PARLOR_SQLITE"])
        source.backup(copy)
        source.close()
        copy.close()


def migrate_sqlite(path: Path, *to: str) -> None:
    """Run ``manage.py migrate`` (``to`` an app and a migration, or nothing
    for every one) on the SQLite file at ``path``, in a process of its own."""
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{path}", "PARLOR_VAR": str(path.parent)}
    env.pop("REDIS_URL", None)
    done = subprocess.run([sys.executable, "manage.py", "migrate", *to, "--noinput", "-v0"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr


def _pg(url: str, name: str) -> str:
    """The same PostgreSQL server, another database."""
    head, _, tail = url.partition("?")
    base = head.rsplit("/", 1)[0]
    return f"{base}/{name}" + (f"?{tail}" if tail else "")


def _pg_admin(url: str, sql: str) -> None:
    import dj_database_url
    import psycopg

    cfg = dj_database_url.parse(_pg(url, "postgres"))
    with psycopg.connect(dbname="postgres", user=cfg["USER"] or None, host=cfg["HOST"] or None,
                         port=cfg["PORT"] or None, password=cfg["PASSWORD"] or None, autocommit=True) as conn:
        conn.execute(sql)


class Client:
    """One browser: its own cookie jar (and so its own session and seat)."""

    def __init__(self, server: Server):
        self.server = server
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.opener.open(server.url + "/").read()  # the page sets the CSRF cookie and the session

    def on(self, server: Server) -> Client:
        """The same browser (the same cookies) talking to another server."""
        twin = Client.__new__(Client)
        twin.__dict__.update(self.__dict__)
        twin.server = server
        return twin

    def use(self, server: Server):
        """Talk to another server of the same site (the cookies carry over)."""
        self.server = server
        return self

    def cookie(self, name: str) -> str:
        return next((c.value for c in self.jar if c.name == name), "")

    def call(self, method: str, path: str, body=None, raw: bytes | None = None):
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        request = urllib.request.Request(self.server.url + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        request.add_header("X-CSRFToken", self.cookie("csrftoken"))
        request.add_header("Referer", self.server.url + "/")
        try:
            with self.opener.open(request) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as refused:
            body = refused.read() or b"{}"
            try:
                return refused.code, json.loads(body)
            except ValueError:  # not the API's answer: keep what came, to show it
                return refused.code, {"page": body.decode("utf-8", "replace")[:2000]}

    def get(self, path):
        return self.call("GET", path)

    def post(self, path, body=None, raw=None):
        return self.call("POST", path, body, raw)

    def socket(self, code: str):
        cookies = "; ".join(f"{c.name}={c.value}" for c in self.jar)
        url = self.server.url.replace("http", "ws") + f"/ws/tables/{code}/"
        opened = connect(url, origin=self.server.url, additional_headers={"Cookie": cookies}, open_timeout=10)
        return Socket(opened.__enter__())


class Socket:
    """A websocket that remembers every message it received."""

    def __init__(self, ws):
        self.ws = ws
        self.received: list[dict] = []

    def send(self, message: dict):
        self.ws.send(json.dumps(message))

    def next(self, timeout: float = 20.0) -> dict:
        message = json.loads(self.ws.recv(timeout=timeout))
        self.received.append(message)
        return message

    def until(self, wanted, timeout: float = 20.0) -> dict:
        """The first message (snapshot or error) for which wanted(m) holds."""
        while True:
            message = self.next(timeout)
            if wanted(message):
                return message

    def newest(self, wanted, timeout: float = 20.0) -> dict:
        """The newest message for which wanted(m) holds: the first to come,
        then any already here, so a reader that fell behind a busy server
        acts on the table as it is now, not on a view long gone."""
        found = self.until(wanted, timeout)
        while True:
            try:
                message = self.next(timeout=0)
            except TimeoutError:
                return found
            if wanted(message):
                found = message

    def close(self):
        self.ws.close()


def moving_too_fast_over_a_socket(pool: Servers) -> None:
    """A browser over its limit on its socket gets the sentence, and the
    table stays as it was (the count is shared with its HTTP calls)."""
    server = pool.start(PARLOR_LIMIT_ACTS="3")
    ada = Client(server)
    code = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    ada.post(f"/api/tables/{code}/bot")
    ada.post(f"/api/tables/{code}/start")  # two of the three
    ws = ada.socket(code)
    # Ada's turn: the bot has moved, and the table waits for her.
    playing = ws.until(lambda m: m.get("type") == "snapshot" and m["status"] == "playing" and m["view"]["moves"])
    ws.send({"type": "act", "do": "back"})  # the third (refused, but counted)
    ws.send({"type": "move", "seq": playing["seq"], "action": {"type": "ready"}})
    refused = ws.until(lambda m: m.get("type") == "error" and m.get("status") == 429)
    assert refused["message"] == "You're going faster than the table can follow; wait a moment and try again."
    status, now = ada.get(f"/api/tables/{code}")
    assert now["seq"] == playing["seq"]
    ws.close()
