"""Running a benchmark's instruction count, as its tests do."""

import re
import subprocess
import sys

from tests.live import ROOT


def instructions_a_move(module: str, *args: str, timeout: float) -> tuple[int, int, str]:
    """Run ``python -m module --instructions *args``; the instructions a
    move and the moves it printed, and all it printed."""
    done = subprocess.run([sys.executable, "-m", module, "--instructions", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, done.stdout + done.stderr
    found = re.search(r"instructions a move: ([\d,]+), over (\d+) moves", done.stdout)
    assert found, done.stdout
    return int(found.group(1).replace(",", "")), int(found.group(2)), done.stdout
