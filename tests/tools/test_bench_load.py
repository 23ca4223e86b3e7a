"""The load benchmark itself, run small: it holds its tables on SQLite, on
two and four processes with PostgreSQL and Redis, and with hard bots; every
person's move reaches both seats, the set-ups are printed side by side, and
it stops by itself."""

import re
import subprocess
import sys

from tests.live import ROOT
from tests.tools.counting import instructions_a_move


def test_the_load_benchmark_plays_every_set_up_and_accounts_for_every_move():
    # Bots that think for no time: in a few seconds of play on a busy machine
    # every set-up's people get their turns (at the site's think times a run
    # could end before a table's bots had moved).
    done = subprocess.run([sys.executable, "-m", "tools.bench.load", "--tables", "4", "--seconds", "3", "--bot-think", "0"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "(a) SQLite: 4 tables, 1 process(es)" in out and "(b) PostgreSQL + Redis: 4 tables, 2 process(es)" in out
    assert "(c) PostgreSQL + Redis, four: 4 tables, 4 process(es)" in out
    assert "(d) SQLite, hard bots: 4 tables, 1 process(es), hard bots" in out
    sent = [int(n) for n in re.findall(r"people's moves sent: (\d+)", out)]
    reached = [int(n) for n in re.findall(r"reached both seats: (\d+)", out)]
    assert len(sent) == 4 and all(sent) and reached == sent, out
    assert out.count("never reached both: 0") == 4 and out.count("errors: 0") == 4, out
    assert out.count("tables whose moves skip or repeat a seq: 0") == 4, out
    # What else took the cores the servers shared: the whole machine, PostgreSQL and Redis.
    busy = re.findall(r"the machine: (\d+)% of its \d+ cores busy; PostgreSQL \d+% of one core \([\d.]+ ms a move\), Redis \d+%", out)
    assert len(busy) == 4 and all(int(b) > 0 for b in busy), out
    side = out.split("side by side")[1].splitlines()
    assert [line.split()[0] for line in side[2:6]] == ["(a)", "(b)", "(c)", "(d)"], out
    assert side[2].split()[5] == "1.00", out  # the first set-up against itself
    assert re.search(r"this machine.s pace: ten million additions in a Python loop took [\d.]+ s of CPU before the runs and [\d.]+ s after", out), out


def test_the_load_benchmark_refuses_runs_beyond_its_bounds():
    done = subprocess.run([sys.executable, "-m", "tools.bench.load", "--tables", "100000"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "--tables runs from 1 to 2000" in done.stderr
    done = subprocess.run([sys.executable, "-m", "tools.bench.load", "--only", "sqlite,quick"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "no such set-up: quick (the set-ups: sqlite, scaled, four, hard)" in done.stderr


def test_the_load_benchmark_counts_the_server_s_instructions_a_move_under_callgrind():
    instructions, moves, out = instructions_a_move("tools.bench.load", "--seconds", "20", timeout=600)
    assert re.search(r"the server's instructions a move: .* errors: 0\)", out), out
    assert moves >= 2  # a person's move and a bot's, at least, while counted
    # A few million a move: the socket's frames, the rules, the bots, the
    # store and the views (none counted is no count; the whole process's
    # start, billions).
    assert 100_000 < instructions < 100_000_000
