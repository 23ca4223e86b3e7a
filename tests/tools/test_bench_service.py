"""The service benchmark, run small: it plays people's moves and bots'
turns through the table service on a database of its own and prints the
processor time a move with its interval."""

import re
import subprocess
import sys

from tests.live import ROOT
from tests.tools.counting import instructions_a_move


def test_the_service_benchmark_plays_moves_and_prints_a_move_s_cost_with_its_interval():
    done = subprocess.run([sys.executable, "-m", "tools.bench.service", "--quick", "--tables", "6"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    found = re.search(r"processor time a move: (\d+) µs \(95% interval (-?\d+)-(\d+)\), over (\d+) moves", done.stdout)
    assert found, done.stdout
    mean, low, high, moves = (int(x) for x in found.groups())
    assert low <= mean <= high and mean > 0
    assert moves >= 3 * 100  # every round's people's moves, and the bots' besides


def test_the_service_benchmark_measures_this_tree_against_a_commit_in_turn():
    done = subprocess.run([sys.executable, "-m", "tools.bench.service", "--quick", "--rounds", "1", "--tables", "2", "--against", "HEAD",
                           "--pairs", "2"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"this tree: \d+ µs a move \(95% interval -?\d+-\d+\), 2 runs", done.stdout), done.stdout
    assert re.search(r"HEAD: \d+ µs a move \(95% interval -?\d+-\d+\), 2 runs", done.stdout), done.stdout
    found = re.search(r"this tree over HEAD, pair by pair: ([\d.]+) \(95% interval (-?[\d.]+)-([\d.]+)\)", done.stdout)
    assert found, done.stdout
    ratio, low, high = (float(x) for x in found.groups())
    assert low <= ratio <= high and ratio > 0
    listed = subprocess.run(["git", "worktree", "list"], cwd=ROOT, capture_output=True, text=True).stdout
    assert "against" not in listed, listed  # the commit's tree is gone again


def test_the_service_benchmark_says_when_it_cannot_find_the_commit():
    done = subprocess.run([sys.executable, "-m", "tools.bench.service", "--quick", "--against", "no-such-commit"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "could not check out no-such-commit" in done.stdout


def test_the_service_benchmark_counts_the_instructions_a_move_under_callgrind():
    instructions, moves, _out = instructions_a_move("tools.bench.service", "--tables", "2", "--rounds", "1", timeout=300)
    assert moves >= 100  # the round's people's moves, and the bots' besides
    # About two million a move: the read, the rules, the bots, the save and
    # the views (none counted is no count; the whole process, billions).
    assert 100_000 < instructions < 50_000_000
