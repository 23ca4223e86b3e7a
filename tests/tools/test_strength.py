"""python -m tools.strength GAME runs for every game, in the smallest run
each allows, and prints shares of wins with their 95% intervals and how many
games each is over. (Figures only: nothing here is timed.)"""

import re
import subprocess
import sys

import pytest

from tests.live import ROOT

SMALLEST = {
    "euchre": ["--games", "2", "--pairs", "medium:easy"],
    "get-in-line": ["--games", "1", "--pairs", "easy:medium"],
    "line": ["--games", "1", "--pairs", "easy:medium"],
    "station-master": ["--games", "1", "--presets", "solitaire"],
}
# A share, then its interval: "85.0%  (95% 64.0% to 94.8%" or "35.0% [18.1%, 56.7%]"; then
# what it is a share of: "17/20;", "34/44 hands", "20 games" or "n=20".
SHARE = re.compile(r"(\d+\.\d)%\s+(?:\(95% |\[)\s*(\d+\.\d)%(?: to |, )\s*(\d+\.\d)%")
COUNT = re.compile(r"\d+/(\d+)[; ]|(\d+) games|n=(\d+)")


def test_every_game_has_a_strength_tool_that_prints_shares_with_intervals():
    from engine import registry

    assert set(SMALLEST) == set(registry.REGISTERED) - {"high-card"}
    runs = {slug: subprocess.Popen([sys.executable, "-m", "tools.strength", slug, *args], cwd=ROOT,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for slug, args in SMALLEST.items()}
    for slug, run in runs.items():
        out, err = run.communicate(timeout=300)
        assert run.returncode == 0, (slug, err)
        lines = [line for line in out.splitlines() if SHARE.search(line)]
        assert lines, (slug, out)
        for line in lines:
            share, low, high = (float(x) for x in SHARE.search(line).groups())
            assert low <= share <= high, (slug, line)
            games = next(int(g) for g in COUNT.search(line).groups() if g)
            assert games >= 1, (slug, line)


def test_the_strength_tool_names_the_games_when_asked_for_none():
    done = subprocess.run([sys.executable, "-m", "tools.strength"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "euchre, get-in-line, line, station-master" in done.stderr


@pytest.mark.parametrize("slug, one, rest", [("line", "_one", []), ("get-in-line", "_pairing", ["--no-field"])])
def test_a_long_run_splits_between_processes_by_its_first_deal(slug, one, rest, monkeypatch, capsys):
    # A run of two deals from deal 1 plays deals 1 and 2, and says where it began.
    from engine import registry

    strength = registry.hook(slug, "strength")
    played = []
    monkeypatch.setattr(strength, one, lambda job: played.append(job[3]) or [(0.5, "full", 1)] * 2)
    assert strength.main(["--games", "2", "--first", "1", "--pairs", "easy:medium", "--players", "2", *rest]) == 0
    assert played == [1, 2] and "(deals 1 on)" in capsys.readouterr().out
