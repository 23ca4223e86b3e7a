"""Probes of the Redis that `make test` and `make bench` start
(tools/services.sh), sent as the attacker sent them: a client on loopback
with no password. The project's Redis refuses it, listens on loopback only,
and the Makefile's URLs carry its password; a Redis already on the machine
without a password is left as it was."""

import os
import signal
import stat
import subprocess
import time
from pathlib import Path

import pytest
import redis

from tests.live import ROOT, free_port, project_redis

SERVICES = ROOT / "tools" / "services.sh"


def services(**env) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(SERVICES)], cwd=ROOT, env={**os.environ, **env}, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def started():
    done = services()
    assert done.returncode == 0, done.stderr
    return project_redis(0)


def test_the_projects_redis_refuses_a_client_without_its_password(started):
    port = int(started.rsplit(":", 1)[1].split("/")[0])
    with pytest.raises(redis.AuthenticationError):
        redis.Redis(host="127.0.0.1", port=port, socket_connect_timeout=2).ping()
    with pytest.raises(redis.AuthenticationError):
        redis.Redis(host="127.0.0.1", port=port, password="guessed", socket_connect_timeout=2).ping()
    ours = redis.Redis.from_url(started, socket_connect_timeout=2)
    assert ours.ping()
    assert ours.config_get("bind")["bind"] == "127.0.0.1 -::1"  # loopback only
    assert ours.config_get("protected-mode")["protected-mode"] == "yes"


def test_its_socket_file_opens_to_this_user_alone_and_asks_the_password_too(started):
    by_socket = project_redis(0, by_socket=True)
    path = Path(by_socket.split("@", 1)[1].split("?", 1)[0])
    assert by_socket.startswith("unix://") and path.is_socket()
    assert stat.S_IMODE(path.stat().st_mode) == 0o700
    with pytest.raises(redis.AuthenticationError):
        redis.Redis(unix_socket_path=str(path), socket_connect_timeout=2).ping()
    assert redis.Redis.from_url(by_socket, socket_connect_timeout=2).ping()


def test_its_password_is_long_random_and_readable_by_this_user_alone(started):
    password = started.split("://:", 1)[1].split("@", 1)[0]
    assert len(password) == 32 and password.isalnum()
    home = Path(os.environ.get("PARLOR_REDIS_HOME") or Path(os.environ.get("XDG_STATE_HOME") or Path.home() / ".local/state")
                / "parlor" / "redis")
    assert stat.S_IMODE((home / "password").stat().st_mode) == 0o600
    assert stat.S_IMODE(home.stat().st_mode) == 0o700
    assert stat.S_IMODE((home / "redis.conf").stat().st_mode) == 0o600  # it holds the password too


def test_the_makefiles_test_and_bench_urls_carry_the_password(started):
    password = started.split("://:", 1)[1].split("@", 1)[0]
    planned = subprocess.run(["make", "-n", "test", "bench"], cwd=ROOT, capture_output=True, text=True, timeout=60).stdout
    urls = [line for line in planned.splitlines() if "REDIS" in line and "redis://" in line]
    assert len(urls) == 2, planned  # the first run's live servers, the PostgreSQL run (the benchmarks find it themselves)
    for line in urls:
        assert f"redis://:{password}@127.0.0.1:" in line, line
    assert "127.0.0.1:6379" not in planned and "localhost:6379" not in planned  # (the digits alone may be in the install stamp)


def test_a_redis_already_running_without_a_password_is_left_alone(tmp_path):
    """Someone's Redis, with no password, on a port of its own: the
    project's starts beside it on another port, and the script refuses to
    take the other's port for its own."""
    theirs = free_port()
    other = subprocess.Popen(["redis-server", "--port", str(theirs), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                              "--dir", str(tmp_path)], stdout=subprocess.DEVNULL)
    home = tmp_path / "ours"
    try:
        for _ in range(100):
            try:
                redis.Redis(port=theirs, socket_connect_timeout=1).ping()
                break
            except redis.ConnectionError:
                time.sleep(0.05)
        taken = services(PARLOR_REDIS_PORT=str(theirs), PARLOR_REDIS_HOME=str(home))
        assert taken.returncode == 1
        assert f"Port {theirs} holds a server that isn't this project's Redis" in taken.stderr
        ours = free_port()
        done = services(PARLOR_REDIS_PORT=str(ours), PARLOR_REDIS_HOME=str(home))
        assert done.returncode == 0, done.stderr
        password = (home / "password").read_text()
        assert redis.Redis(port=ours, password=password).ping()
        assert redis.Redis(port=theirs).config_get("requirepass")["requirepass"] == ""  # theirs as it was
        assert redis.Redis(port=theirs).ping()
    finally:
        other.terminate()
        other.wait()
        pid = home / "redis.pid"
        if pid.exists():
            os.kill(int(pid.read_text()), signal.SIGTERM)
