"""What a "your turn" mail costs: a person's move at a table played over
days, which keeps the mail's row in the move's own transaction (the
outbox, decision 27), against the same move at a live table, which keeps
none; and the ticker's drain, a mail at a time (claimed, checked, sent
through Django's in-memory mail backend here, and its sending kept).

K Get In Line tables of two signed-in people and no bots, so every move
hands the turn to the other person and, over days, keeps a mail. Each
figure is the wall time (a round trip to PostgreSQL is most of it there)
a move or a mail, the mean of its rounds with a 95% interval. On SQLite
(a fresh file) unless DATABASE_URL names a PostgreSQL database to use
(migrated here; its tables are left as they were made).

    .venv/bin/python -m tools.bench.turnmail            # about half a minute
    .venv/bin/python -m tools.bench.turnmail --quick    # a few seconds
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tools.stats import mean_interval

ROOT = Path(__file__).resolve().parents[2]
GAME = "get-in-line"


def _tables(service, pace: str, count: int, users: list) -> list:
    from tables.asking import Visitor

    made = []
    for k in range(count):
        host = Visitor(f"{pace}-host{k}", "Ada", users[0].pk)
        guest = Visitor(f"{pace}-guest{k}", "Ben", users[1].pk)
        code = service.create(GAME, host, pace_of={"kind": pace, "allowance": 86400}).code
        service.join(code, guest)
        service.start(code, host)
        made.append((code, [host, guest]))
    return made


def _moves(service, tables: list, moves: int) -> float:
    """Seconds for ``moves`` people's moves, a table at a time in turn."""
    import games.get_in_line as game
    from tables.models import Table
    from tools.bench.load import choose

    took, made = 0.0, 0
    while made < moves:
        for code, people in tables:
            table = Table.objects.get(code=code)
            if table.status != "playing":
                service.again(code, people[0])
                continue
            seat = table.state["turn"]
            move = choose(game.view(table.state, seat))
            start = time.perf_counter()
            service.move(code, people[seat], table.state["seq"], move)
            took += time.perf_counter() - start
            made += 1
    return took / made


def _measure_here(count: int, rounds: int, moves: int) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "parlor.settings")
    os.environ["PARLOR_TURN_MAIL_WAIT"] = "0"
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.PARLOR_TURN_MAILS_A_DAY = 10**9
    settings.PARLOR_DAYS_TABLES = 10**6
    from django.core import mail

    from tables import service, turnmail

    mail.outbox = []
    stamp = time.time_ns()
    users = [get_user_model().objects.create_user(f"{who}{stamp}", email=f"{who}@example.com") for who in ("ada", "ben")]
    live, days = _tables(service, "live", count, users), _tables(service, "days", count, users)
    _moves(service, live, moves // 4), _moves(service, days, moves // 4)  # warm
    turnmail.drain(most=10**6)
    figures = {"live": [], "days": [], "mail": []}
    for _ in range(rounds):
        figures["live"].append(_moves(service, live, moves) * 1e6)
        figures["days"].append(_moves(service, days, moves) * 1e6)
        turnmail.drain(most=10**6)  # (the turns that passed: their mails are given up)
        _moves(service, days, len(days))  # a move at each table: a mail each, every one still to be sent
        start, sent = time.perf_counter(), turnmail.drain(most=10**6)
        figures["mail"].append((time.perf_counter() - start) / max(sent, 1) * 1e6)
    for name, each in figures.items():
        print("figures", name, " ".join(f"{x:.1f}" for x in each))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run (a few seconds)")
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=None, help="rounds measured (default 8, quick 3)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    rounds = args.rounds or (3 if args.quick else 8)
    moves = 100 if args.quick else 400
    if args.child:
        _measure_here(args.tables, rounds, moves)
        return 0
    store = "PostgreSQL" if os.environ.get("DATABASE_URL", "").startswith("postgres") else "SQLite"
    print(f"A turn mail's cost: {args.tables} Get In Line tables of two signed-in people each, live and over days, "
          f"on {store}; {rounds} rounds of {moves} moves a pace, then the drain of the mails they kept")
    with tempfile.TemporaryDirectory() as var:
        env = {**os.environ, "PARLOR_VAR": var, "PARLOR_SQLITE": str(Path(var) / "bench.sqlite3")}
        command = [sys.executable, "-m", "tools.bench.turnmail", "--child", "--tables", str(args.tables), "--rounds", str(rounds),
                   *(["--quick"] if args.quick else [])]
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode:
        print("  the measurement failed:", done.stderr.strip()[-500:])
        return 1
    said = {}
    for line in done.stdout.splitlines():
        if line.startswith("figures "):
            _, name, *values = line.split()
            said[name] = [float(v) for v in values]
    for name, words in (("live", "a move at a live table (no mail kept)"), ("days", "a move over days (a mail kept with it)"),
                        ("mail", "a mail drained (claimed, checked, sent, kept as sent)")):
        mean, half = mean_interval(said[name])
        print(f"  {words}: {mean:.0f} µs (95% interval {mean - half:.0f}-{mean + half:.0f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
