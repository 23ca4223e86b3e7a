"""The service benchmark, run small: it plays people's moves and bots'
turns through the table service on a database of its own and prints the
processor time a move with its interval."""

import re
import subprocess
import sys

from tests.live import ROOT


def test_the_service_benchmark_plays_moves_and_prints_a_move_s_cost_with_its_interval():
    done = subprocess.run([sys.executable, "-m", "tools.bench.service", "--quick", "--tables", "6"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    found = re.search(r"processor time a move: (\d+) µs \(95% interval (-?\d+)-(\d+)\), over (\d+) moves", done.stdout)
    assert found, done.stdout
    mean, low, high, moves = (int(x) for x in found.groups())
    assert low <= mean <= high and mean > 0
    assert moves >= 3 * 100  # every round's people's moves, and the bots' besides
