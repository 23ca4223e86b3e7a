"""The table service's own cost a move, without sockets: K tables of Get In
Line on a fresh SQLite file, two people and two medium bots at each, the
people's moves made through ``tables.service.move`` and the bots' turns
through ``tables.ticker.tick``, each change's views built as if every
browser watched (and handed to no socket). Prints the processor time a
move (people's and bots' together: the read, the rules, the bots' choice,
the save, the commit and the views) as the mean of its rounds with a 95%
interval. Only the service's own calls are timed: the bench's look at each
table to find whose turn it is reads through the ORM, outside the timing,
and leaves the state the server keeps between moves where it was.

The load benchmark (``load.py``) measures the whole server, sockets and
all; this one measures only the part of a move the service's own code
takes, in seconds and with no servers, to compare one change of that code
with another. On a shared machine its rounds vary by more than most changes
save, so ``--against REF`` measures this tree and a commit in turn, each
run in a process of its own, and prints the ratio of each pair's times.
``--instructions`` counts instead the instructions the service's calls take
a move, under valgrind's callgrind, over the same games every run (the
tables' codes and seeds dealt from one seed): two runs of the same code
agree within a few tenths of a percent, where their times differ by a
tenth or more. It counts the work in Python and C, not what the kernel does
for it (a commit's writes), so it says which code does less, and the timed
runs what that is worth.

    .venv/bin/python -m tools.bench.service            # about half a minute
    .venv/bin/python -m tools.bench.service --quick    # a few seconds
    .venv/bin/python -m tools.bench.service --against HEAD~1   # six runs of each, about six minutes
    .venv/bin/python -m tools.bench.service --instructions --against HEAD~1   # three of each, about three minutes
"""

from __future__ import annotations

import argparse
import gc
import operator
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tools.stats import mean_interval

ROOT = Path(__file__).resolve().parents[2]
GAME = "get-in-line"


def _round(tables: list, people_moves: int, seen: dict) -> tuple[int, float]:
    """Play until ``people_moves`` people's moves are made, a table at a time
    in turn, each followed by its bots' turn; (moves of all kinds, seconds).
    ``seen`` holds each table's (game number, seq) when last read, from one
    round to the next, so every move made is counted in the round that
    reads it. Each service call goes through ``operator.call``, the C
    function callgrind counts instructions inside (``--instructions``)."""
    import games.get_in_line as game
    from tables import service, ticker
    from tables.models import Table
    from tools.bench.load import choose

    made = moves = 0
    took = 0.0
    act = getattr(service, "act", operator.call)  # (a commit from before an action returned its views)

    def timed(call, *args):
        nonlocal took
        start = time.process_time()
        try:
            return operator.call(call, *args)
        finally:
            took += time.process_time() - start

    while made < people_moves:
        for code, people in tables:
            # (The ORM's read, not the service's: it would take the state the
            # service keeps for the table's next move.)
            table = Table.objects.get(code=code)
            number, seq = seen.get(code, (None, None))
            if number == table.number:
                moves += table.state["seq"] - seq  # the bots' moves since, and the person's
            seen[code] = (table.number, table.state["seq"])
            if table.status != "playing":
                timed(act, service.again, code, people[0])
                continue
            seats = {s.browser: s.index for s in table.seats.all()}
            for who in people:
                if table.state["turn"] == seats[who.browser]:
                    move = choose(game.view(table.state, seats[who.browser]))
                    if move is not None:
                        timed(act, service.move, code, who, table.state["seq"], move)
                        made += 1
            timed(act, ticker.tick, [code])
    return moves, took


def _measure_here(count: int, rounds: int, people_moves: int, counted: bool = False) -> None:
    """The measurement, in a process of its own with its own database.
    ``counted``: under callgrind, the same tables and games every run."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "parlor.settings")
    os.environ["PARLOR_BOT_THINK"] = "0.000001"  # each bot is due the moment after the move before it
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from tables import service
    from tables.asking import Visitor

    if counted:  # the tables' codes and seeds, so every run deals the same games
        import tools.bench._dealt  # noqa: F401

    from channels.layers import get_channel_layer

    # As if every browser watched: the views are built (and handed to no socket).
    get_channel_layer().heard_at = lambda name: True
    if not hasattr(service, "act"):  # a commit from before an action returned its views: they went to the loop
        from tables import mainloop

        def handed(callback, *args):
            for arg in args:
                if hasattr(arg, "close"):
                    arg.close()
            return True

        mainloop.hand = handed
    tables = []
    for k in range(count):
        host, guest = Visitor(f"host{k}", f"Host{k}"), Visitor(f"guest{k}", f"Guest{k}")
        code = service.create(GAME, host).code
        service.join(code, guest)
        service.add_bot(code, host, "medium")
        service.add_bot(code, host, "medium")
        service.start(code, host)
        tables.append((code, [host, guest]))
    gc.freeze()  # as the server does once it has started (parlor/asgi.py)
    seen: dict[str, tuple] = {}
    _round(tables, people_moves, seen)  # warm: a round unmeasured (its first moves, the caches, the log file grown)
    if counted:  # callgrind, which started without looking, looks from here on
        subprocess.run(["callgrind_control", "--instr=on", str(os.getpid())], check=True, capture_output=True)
    each, total = [], 0
    for _ in range(rounds):
        moves, took = _round(tables, people_moves, seen)
        each.append(took / moves * 1e6)
        total += moves
    print(f"figures {total} " + " ".join(f"{x:.2f}" for x in each))


def _run_child(tree: Path, tables: int, rounds: int, quick: bool, counted: bool = False) -> tuple[str, str]:
    """One measurement by the code in ``tree``, in a process and database of
    its own, driven by this file's ``_measure_here`` whatever the tree's holds (so
    a commit from before a way of measuring is measured the same way): its
    output and its errors. ``counted``: under callgrind, counting the
    instructions of the service's calls."""
    with tempfile.TemporaryDirectory() as var:
        env = {**os.environ, "PARLOR_VAR": var, "PARLOR_SQLITE": str(Path(var) / "bench.sqlite3"), "PYTHONPATH": str(tree)}
        command = [sys.executable, __file__, "--child", "--tables", str(tables), "--rounds", str(rounds),
                   *(["--quick"] if quick else []), *(["--instructions"] if counted else [])]
        if counted:
            env["PYTHONHASHSEED"] = "0"
            # The database made first, at full speed: callgrind would take most of a minute over it.
            subprocess.run([sys.executable, "manage.py", "migrate", "--verbosity", "0"], cwd=tree, env=env,
                           check=True, capture_output=True)
            command = ["valgrind", "--tool=callgrind", "--instr-atstart=no", "--collect-atstart=no",
                       "--toggle-collect=_operator_call", f"--callgrind-out-file={var}/callgrind.out", *command]
        done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(done.stderr.strip()[-500:])
    return done.stdout, done.stderr


def _measured(tree: Path, tables: int, rounds: int, quick: bool) -> tuple[int, list[float]]:
    """The moves the code in ``tree`` made, and each round's µs a move."""
    total, *each = _run_child(tree, tables, rounds, quick)[0].split("figures")[-1].split()
    return int(total), [float(x) for x in each]


def _counted(tree: Path, tables: int, rounds: int, quick: bool) -> tuple[int, int]:
    """The instructions the service's calls took in the code in ``tree``,
    counted by callgrind over the same games every run, and the moves."""
    out, errors = _run_child(tree, tables, rounds, quick, counted=True)
    collected = re.search(r"Collected : (\d+)", errors)
    if collected is None:
        raise RuntimeError(errors.strip()[-500:])
    return int(collected.group(1)), int(out.split("figures")[-1].split()[0])


def _against(ref: str, pairs: int, run, unit: str) -> int:
    """This tree's code against ``ref``'s, measured in turn (this, then that,
    then that, then this...), so a machine whose speed drifts while they run
    moves both alike; the ratio of each pair says which is quicker. ``run``
    measures the code in a tree: its figure a move, in ``unit``."""
    with tempfile.TemporaryDirectory() as there:
        tree = Path(there) / "against"
        made = subprocess.run(["git", "worktree", "add", "--detach", str(tree), ref], cwd=ROOT,
                              capture_output=True, text=True)
        if made.returncode:
            print(f"  could not check out {ref}:", made.stderr.strip())
            return 1
        try:
            mine, theirs = [], []
            for k in range(pairs):
                for side in ((ROOT, tree) if k % 2 == 0 else (tree, ROOT)):
                    (mine if side == ROOT else theirs).append(run(side))
        except RuntimeError as failed:
            print("  the measurement failed:", failed)
            return 1
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, capture_output=True)
    digits = ",.0f" if unit == "instructions" else ".0f"  # (millions of instructions read better in groups)
    for name, runs in (("this tree", mine), (ref, theirs)):
        mean, half = mean_interval(runs)
        print(f"  {name}: {mean:{digits}} {unit} a move (95% interval {mean - half:{digits}}-{mean + half:{digits}}),"
              f" {len(runs)} runs")
    ratio, half = mean_interval([a / b for a, b in zip(mine, theirs)])
    print(f"  this tree over {ref}, pair by pair: {ratio:.3f} (95% interval {ratio - half:.3f}-{ratio + half:.3f})")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run (a few seconds)")
    parser.add_argument("--tables", type=int, default=None, help="(default 40, with --instructions 20)")
    parser.add_argument("--rounds", type=int, default=None, help="rounds measured (default 8, quick 3)")
    parser.add_argument("--against", metavar="REF", help="measure this tree against a commit, in alternating runs")
    parser.add_argument("--pairs", type=int, default=None, help="runs of each, with --against (default 6, with --instructions 3)")
    parser.add_argument("--instructions", action="store_true",
                        help="count the instructions a move under callgrind, the same games every run, in place of timing it")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.instructions:  # (callgrind runs the code some fifty times slower: a short run, counted whole)
        args.quick, args.tables = True, args.tables or 20
        args.pairs = args.pairs or 3
    args.tables, args.pairs = args.tables or 40, args.pairs or 6
    rounds = args.rounds or (3 if args.quick else 8)
    people_moves = 100 if args.quick else 1000
    if args.child:
        _measure_here(args.tables, rounds, people_moves, args.instructions)
        return 0
    print(f"The table service a move, no sockets: {args.tables} Get In Line tables on SQLite, two people and two "
          f"medium bots each, every change's views built; {rounds} rounds of {people_moves} people's moves")
    if args.against:
        def run(tree) -> float:  # one run's figure a move
            if args.instructions:
                instructions, moves = _counted(tree, args.tables, rounds, args.quick)
                return instructions / moves
            return statistics.fmean(_measured(tree, args.tables, rounds, args.quick)[1])

        return _against(args.against, args.pairs, run, "instructions" if args.instructions else "µs")
    try:
        if args.instructions:
            instructions, total = _counted(ROOT, args.tables, rounds, args.quick)
        else:
            total, each = _measured(ROOT, args.tables, rounds, args.quick)
    except RuntimeError as failed:
        print("  the measurement failed:", failed)
        return 1
    if args.instructions:
        print(f"  instructions a move: {instructions / total:,.0f}, over {total} moves, people's and bots' (counted by"
              " callgrind, the same games every run: two runs of the same code count within a few tenths of a"
              " percent of each other)")
        return 0
    mean, half = mean_interval(each)
    print(f"  processor time a move: {mean:.0f} µs (95% interval {mean - half:.0f}-{mean + half:.0f}),"
          f" over {total} moves, people's and bots'")
    return 0


if __name__ == "__main__":
    sys.exit(main())
