"""A finished game's record, as one JSON document a player may download and
replay anywhere: the game, its settings, the seed, the seats, each move
with the time it was made, and the result it ended with. The server writes
it (``tables.replays``); ``read`` takes it back from any bytes and
``replayed`` plays it through the engine, with no server and no database
(``tools/replay.py``). Whatever is wrong with a record, the answer is a
sentence (``Unreadable``), naming the move the rules refuse."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass

from . import play, registry
from .contract import Illegal

FORMAT = "parlor game record"
VERSION = 1
LONGEST_SEED = 64
LONGEST_NAME = 40
SHOWN = 120  # characters of a move quoted in a sentence


class Unreadable(Exception):
    """A record that can't be replayed, and why, in a sentence."""

    def __init__(self, sentence: str):
        super().__init__(sentence)
        self.sentence = sentence

    def __str__(self) -> str:
        return self.sentence


@dataclass
class Record:
    game: object
    settings: dict
    seed: str
    seats: list  # each {"name", "kind", "level"}
    moves: list  # (seat, action)
    times: list  # when each move was made
    result: dict | None  # the places and scores the record says the game ended with

    def name(self, seat: int) -> str:
        """A seat's name as it may be printed: any character that isn't
        printable (a terminal's escape, say) shown as a question mark."""
        return "".join(c if c.isprintable() else "?" for c in self.seats[seat]["name"])


def written(game, settings: dict, seed: str, seats: list, moves: list, times: list, result: dict,
            finished: str) -> dict:
    """A game's record as a JSON-ready dict. Each seat keeps its name, kind
    and a bot's level, never an account."""
    return {
        "format": FORMAT, "version": VERSION,
        "game": game.slug, "title": game.title, "finished": finished,
        "settings": dict(settings), "seed": seed,
        "seats": [{"name": s.get("name", ""), "kind": s.get("kind", "person"),
                   **({"level": s["level"]} if s.get("kind") == "bot" and s.get("level") else {})} for s in seats],
        "moves": [{"seat": seat, "action": action, "at": at} for (seat, action), at in zip(moves, times)],
        "result": {"places": list(result.get("places", [])), "scores": list(result.get("scores", []))},
    }


def quoted(value) -> str:
    """A piece of a record in a sentence: its JSON, cut short."""
    text = json.dumps(value, ensure_ascii=True, sort_keys=True)
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


def _finite(text: str):
    raise ValueError(f"{text} is not a number JSON has")


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read(data: bytes | str) -> Record:
    """The record in ``data``, checked for everything but its moves' rules."""
    try:
        doc = json.loads(data, parse_constant=_finite)
    except (ValueError, RecursionError):
        raise Unreadable("This isn't a Parlor game record: it isn't readable JSON.") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise Unreadable(f'This isn\'t a Parlor game record: a record begins {{"format": "{FORMAT}", ...}}.')
    if not _whole(doc.get("version")) or doc["version"] != VERSION:
        raise Unreadable(f"This record's version is {quoted(doc.get('version'))}; this Parlor reads version {VERSION}.")
    game = registry.get(doc.get("game"))
    if game is None:
        raise Unreadable(f"This record is of a game Parlor doesn't have: {quoted(doc.get('game'))}.")
    seed, settings, seats, moves = doc.get("seed"), doc.get("settings"), doc.get("seats"), doc.get("moves")
    if not isinstance(seed, str) or not 0 < len(seed) <= LONGEST_SEED:
        raise Unreadable(f"The record's seed must be text of 1 to {LONGEST_SEED} characters.")
    if not isinstance(settings, dict):
        raise Unreadable('The record\'s settings must be a JSON object, like {"bot_pace": "brisk"}.')
    if not isinstance(seats, list) or len(seats) not in game.sizes or not all(
            isinstance(s, dict) and isinstance(s.get("name"), str) and 0 < len(s["name"]) <= LONGEST_NAME for s in seats):
        counts = [str(size) for size in game.sizes]
        some = f"{', '.join(counts[:-1])} or {counts[-1]}" if len(counts) > 1 else counts[0]
        raise Unreadable(f"The record's seats must be a list of {some} seats (a table of {game.title}), "
                         f"each with a name of 1 to {LONGEST_NAME} characters.")
    if not isinstance(moves, list) or len(moves) > play.MOST_MOVES:
        raise Unreadable(f"The record's moves must be a list of at most {play.MOST_MOVES} moves.")
    made, times = [], []
    for k, move in enumerate(moves, 1):
        seat = move.get("seat") if isinstance(move, dict) else None
        if not _whole(seat) or not 0 <= seat < len(seats):
            raise Unreadable(f"Move {k} names no seat of this game: each move says its seat, "
                             f"a number from 0 to {len(seats) - 1}.")
        at = move.get("at", float(k))
        if not isinstance(at, (int, float)) or isinstance(at, bool) or not math.isfinite(at):
            raise Unreadable(f"Move {k}'s time must be a number of seconds.")
        made.append((seat, move.get("action")))
        times.append(float(at))
    result = doc.get("result")
    if result is not None and not isinstance(result, dict):
        raise Unreadable('The record\'s result must be a JSON object, like {"places": [1, 2], "scores": [10, 7]}.')
    return Record(game, settings, seed, [dict(s) for s in seats], made, times, result)


def replayed(record: Record) -> dict:
    """The final state of the recorded game, played from its seed move by
    move through the engine; refused with a sentence naming the first move
    the rules refuse, or if the moves end before the game or the game ends
    otherwise than the record says."""
    game, seats = record.game, len(record.seats)
    states = play.states(game, seats, record.seed, record.settings, record.moves, record.times)
    try:
        state = next(states)
    except Illegal as refused:
        raise Unreadable(f"The recorded game can't start: {refused.sentence}") from None
    done = 0  # moves played
    try:
        for state in states:  # noqa: B007 (the last state is the one wanted)
            done += 1
    except (Illegal, KeyError, IndexError, TypeError, ValueError, AttributeError, RecursionError) as refused:
        k = done + 1
        seat, action = record.moves[done]
        why = refused.sentence if isinstance(refused, Illegal) else "it isn't a move of this game."
        raise Unreadable(f"Move {k} of {len(record.moves)}, seat {seat} ({record.name(seat)}) playing "
                         f"{quoted(action)}, is refused by the rules of {game.title}: {why}") from None
    ended = game.result(state)
    if ended is None:
        raise Unreadable(f"The record stops before the game's end: after its {done} moves, {game.title} is still being played.")
    said = record.result
    if said is not None and (said.get("places"), said.get("scores", [])) != (ended["places"], ended.get("scores", [])):
        raise Unreadable(f"The record says the game ended with places {quoted(said.get('places'))} and scores "
                         f"{quoted(said.get('scores'))}, but its moves end it with places {quoted(ended['places'])} "
                         f"and scores {quoted(ended.get('scores', []))}.")
    return state
