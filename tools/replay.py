"""Replay a game's record downloaded from its replay page, in a plain Python
process (the engine and the games; no server, no database, no Django), and
print how it ended:

    .venv/bin/python -m tools.replay parlor-euchre-12.json

It exits 0 once every move is played and the game ends as the record says;
otherwise it prints a sentence saying what is wrong (the first move the
rules refuse, by its number, seat and action) and exits 1."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.record import Unreadable, read, replayed
from engine.sides import side_places, teams_of

LARGEST = 20 * 1024 * 1024  # bytes: a long game's record is a few hundred kilobytes


def load(path: str) -> bytes:
    """The file's bytes, or a sentence saying why there are none to read."""
    file = Path(path)
    try:
        if file.stat().st_size > LARGEST:
            raise Unreadable(f"{path} is too large to be a game record (over {LARGEST // 1024 // 1024} MB).")
        return file.read_bytes()
    except FileNotFoundError:
        raise Unreadable(f"There is no file {path}.") from None
    except IsADirectoryError:
        raise Unreadable(f"{path} is a folder: give the record's file.") from None
    except OSError as error:
        raise Unreadable(f"{path} can't be read: {error.strerror or error}.") from None


def table(record, ended: dict) -> list[str]:
    """The result, one line a seat, best place first: a seat's place is its
    side's place among the sides, as the result page says it."""
    places = [0] * len(record.seats)
    for seats, place in side_places(teams_of(record.game.slug, len(record.seats), record.settings), ended["places"]):
        for seat in seats:
            places[seat] = place
    scores = ended.get("scores") or []
    rows = [("place", "seat", "name", "score")]
    for seat in sorted(range(len(record.seats)), key=lambda s: (places[s], s)):
        seated = record.seats[seat]
        who = record.name(seat) + (f" (bot, {seated.get('level')})" if seated.get("kind") == "bot" else "")
        rows.append((str(places[seat]), str(seat), who, str(scores[seat]) if seat < len(scores) else ""))
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    return ["  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in rows]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.replay", description=__doc__.split("\n\n")[0])
    parser.add_argument("file", help="a game's record, as its replay page downloads it (JSON)")
    args = parser.parse_args(argv)
    try:
        record = read(load(args.file))
        final = replayed(record)
    except Unreadable as unreadable:
        print(unreadable.sentence, file=sys.stderr)
        return 1
    game = record.game
    said = ", as the record says" if record.result is not None else ""
    print(f"{game.title}, replayed from its record: {len(record.moves)} moves from seed {record.seed!r}, "
          f"played to its end{said}.")
    print("\n".join(table(record, game.result(final))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
