"""``python -m tools.replay FILE``: a downloaded game record replayed in a
plain Python process, with no server, database or Django. A sound record
prints how the game ended; a record that is malformed, or whose moves the
rules refuse, gets a sentence (naming the move: its number, seat and
action) and a non-zero exit, whatever its bytes."""

import json
import os
import re
import subprocess
import sys

import pytest

from engine import play, registry
from engine import record as records
from tests.live import ROOT
from tools import replay

NAMES = ["Ada", "Otto", "Robin", "Cy"]


def recorded(slug: str, seed: str) -> dict:
    """A game bots played from ``seed``, as its replay page would download it."""
    game = registry.get(slug)
    n = game.sizes[0] if game.sizes[0] > 1 else 2
    settings = game.options({})
    played = play.play(game, ["easy"] * n, seed, settings)
    seats = [{"name": NAMES[0], "kind": "person"}] + [{"name": name, "kind": "bot", "level": "easy"} for name in NAMES[1:n]]
    return records.written(game, settings, seed, seats, [(seat, action) for seat, action, _ in played.moves],
                           [float(k + 1) for k in range(len(played.moves))], game.result(played.final), "2025-01-01T12:00:00")


@pytest.fixture(scope="module")
def euchre():
    return recorded("euchre", "r1")


def run(tmp_path, doc, *flags) -> subprocess.CompletedProcess:
    """``python -m tools.replay`` on the record, as a person runs it, with no Django settings about."""
    path = tmp_path / "record.json"
    path.write_bytes(doc if isinstance(doc, bytes) else json.dumps(doc).encode())
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    return subprocess.run([sys.executable, *flags, "-m", "tools.replay", str(path)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def replayed(tmp_path, doc, capsys) -> tuple[int, str, str]:
    path = tmp_path / "record.json"
    path.write_bytes(doc if isinstance(doc, bytes) else json.dumps(doc).encode())
    code = replay.main([str(path)])
    said = capsys.readouterr()
    return code, said.out, said.err.strip()


def test_a_record_replays_in_a_plain_python_process_and_prints_how_the_game_ended(tmp_path, euchre):
    done = run(tmp_path, euchre, "-X", "importtime")
    assert done.returncode == 0, done.stderr
    imported = {line.split("|")[-1].strip().split(".")[0] for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert {"engine", "games"} <= imported and not imported & {"django", "tables", "web", "accounts", "ratings"}
    lines = done.stdout.splitlines()
    assert lines[0] == (f"Euchre, replayed from its record: {len(euchre['moves'])} moves from seed 'r1', "
                        "played to its end, as the record says.")
    assert re.split(r" {2,}", lines[1]) == ["place", "seat", "name", "score"]
    rows = [re.split(r" {2,}", line) for line in lines[2:]]
    places, scores = euchre["result"]["places"], euchre["result"]["scores"]
    # Each seat's place is its side's among the sides, as the result page says: the winning partners
    # 1st, the others 2nd (not 3rd, their place among the four seats).
    winners = [s for s in range(4) if places[s] == 1]
    assert len(winners) == 2 and winners[1] - winners[0] == 2
    assert [(int(place), int(seat)) for place, seat, *_ in rows] == sorted((1 if s in winners else 2, s) for s in range(4))
    assert [(name, int(score)) for _, seat, name, score in rows] == [
        (NAMES[int(seat)] + ("" if seat == "0" else " (bot, easy)"), scores[int(seat)]) for _, seat, *_ in rows]


def test_a_tampered_record_is_refused_with_a_sentence_naming_the_move(tmp_path, euchre):
    tampered = json.loads(json.dumps(euchre))
    k = next(i for i, m in enumerate(tampered["moves"]) if m["action"]["type"] == "play" and i > 20)
    seat, card = tampered["moves"][k]["seat"], tampered["moves"][k]["action"]["card"]
    held_by_another = next(m["action"]["card"] for m in tampered["moves"][k + 1:]
                           if m["action"]["type"] == "play" and m["seat"] != seat and m["action"]["card"] != card)
    tampered["moves"][k]["action"]["card"] = held_by_another
    done = run(tmp_path, tampered)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.strip() == (
        f"Move {k + 1} of {len(euchre['moves'])}, seat {seat} ({NAMES[seat]}) playing "
        f'{{"card": "{held_by_another}", "type": "play"}}, is refused by the rules of Euchre: '
        "That card isn't in your hand: play one you hold.")



def changed(doc: dict, change) -> dict:
    copy = json.loads(json.dumps(doc))
    change(copy)
    return copy


def test_a_move_out_of_turn_or_after_the_end_is_named_too(tmp_path, euchre, capsys):
    last = len(euchre["moves"])
    out_of_turn = changed(euchre, lambda d: d["moves"][3].update(seat=(d["moves"][3]["seat"] + 1) % 4))
    code, out, err = replayed(tmp_path, out_of_turn, capsys)
    seat = out_of_turn["moves"][3]["seat"]
    assert (code, out) == (1, "") and err.startswith(f"Move 4 of {last}, seat {seat} ({NAMES[seat]}) playing {{")
    assert err.endswith("is refused by the rules of Euchre: It's not your turn.")
    after = changed(euchre, lambda d: d["moves"].append(dict(d["moves"][-1])))
    code, out, err = replayed(tmp_path, after, capsys)
    assert (code, out) == (1, "") and err.startswith(f"Move {last + 1} of {last + 1}, ")
    assert err.endswith("is refused by the rules of Euchre: This game is over.")


SEATS = "The record's seats must be a list of 4 seats (a table of Euchre), each with a name of 1 to 40 characters."
ENDS_EARLY = "The record stops before the game's end: after its 10 moves, Euchre is still being played."
# (A change made to a sound Euchre record, and the sentence it gets.)
MALFORMED = {
    "empty": (lambda d: b"", "This isn't a Parlor game record: it isn't readable JSON."),
    "not text": (lambda d: b"\xff\xfe\x00{", "This isn't a Parlor game record: it isn't readable JSON."),
    "cut short": (lambda d: json.dumps(d).encode()[:-40], "This isn't a Parlor game record: it isn't readable JSON."),
    "NaN": (lambda d: json.dumps(d).replace('"at": 1.0', '"at": NaN').encode(),
            "This isn't a Parlor game record: it isn't readable JSON."),
    "nested deep": (lambda d: b"[" * 200000, "This isn't a Parlor game record: it isn't readable JSON."),
    "a list": (lambda d: b"[]", 'This isn\'t a Parlor game record: a record begins {"format": "parlor game record", ...}.'),
    "another format": (lambda d: d.update(format="chess game"),
                       'This isn\'t a Parlor game record: a record begins {"format": "parlor game record", ...}.'),
    "a later version": (lambda d: d.update(version=2), "This record's version is 2; this Parlor reads version 1."),
    "version true": (lambda d: d.update(version=True), "This record's version is true; this Parlor reads version 1."),
    "unknown game": (lambda d: d.update(game="chess"), 'This record is of a game Parlor doesn\'t have: "chess".'),
    "game a list": (lambda d: d.update(game=["euchre"]), 'This record is of a game Parlor doesn\'t have: ["euchre"].'),
    "no seed": (lambda d: d.update(seed=""), "The record's seed must be text of 1 to 64 characters."),
    "seed a number": (lambda d: d.update(seed=7), "The record's seed must be text of 1 to 64 characters."),
    "settings a list": (lambda d: d.update(settings=[]), 'The record\'s settings must be a JSON object, like {"bot_pace": "brisk"}.'),
    "no seats": (lambda d: d.update(seats=[]),
                 SEATS),
    "five seats": (lambda d: d["seats"].append({"name": "Eve"}),
                   SEATS),
    "a nameless seat": (lambda d: d["seats"][1].pop("name"),
                        SEATS),
    "three seats": (lambda d: d["seats"].pop(), SEATS),
    "moves a dict": (lambda d: d.update(moves={}), "The record's moves must be a list of at most 20000 moves."),
    "a seat past the table": (lambda d: d["moves"][5].update(seat=4),
                              "Move 6 names no seat of this game: each move says its seat, a number from 0 to 3."),
    "a seat true": (lambda d: d["moves"][5].update(seat=True),
                    "Move 6 names no seat of this game: each move says its seat, a number from 0 to 3."),
    "a move not an object": (lambda d: d["moves"].__setitem__(2, "pass"),
                             "Move 3 names no seat of this game: each move says its seat, a number from 0 to 3."),
    "a time as text": (lambda d: d["moves"][0].update(at="noon"), "Move 1's time must be a number of seconds."),
    "a move that is no move": (lambda d: d["moves"][0].update(action="pass"), None),
    "moves cut short": (lambda d: d.update(moves=d["moves"][:10]), ENDS_EARLY),
    "result a list": (lambda d: d.update(result=[1, 2]),
                      'The record\'s result must be a JSON object, like {"places": [1, 2], "scores": [10, 7]}.'),
}


@pytest.mark.parametrize("name", MALFORMED)
def test_a_malformed_record_is_refused_with_a_sentence_and_a_non_zero_exit(tmp_path, euchre, capsys, name):
    change, sentence = MALFORMED[name]
    doc = json.loads(json.dumps(euchre))
    made = change(doc)
    code, out, err = replayed(tmp_path, made if isinstance(made, bytes) else doc, capsys)
    assert (code, out) == (1, "")
    if sentence is None:  # (the rules' own sentence, after the move's)
        seat = doc["moves"][0]["seat"]
        assert err == (f'Move 1 of {len(doc["moves"])}, seat {seat} ({NAMES[seat]}) playing "pass", is refused by the rules '
                       'of Euchre: A move must say what it is, like {"type": "pass"}.')
    else:
        assert err == sentence


def test_a_record_whose_result_was_changed_is_refused(tmp_path, euchre, capsys):
    places = euchre["result"]["places"]
    swapped = changed(euchre, lambda d: d["result"].update(places=[places[1], places[0], places[3], places[2]]))
    code, out, err = replayed(tmp_path, swapped, capsys)
    assert (code, out) == (1, "")
    assert err == (f"The record says the game ended with places {json.dumps(swapped['result']['places'])} and scores "
                   f"{json.dumps(euchre['result']['scores'])}, but its moves end it with places {json.dumps(places)} "
                   f"and scores {json.dumps(euchre['result']['scores'])}.")


def test_a_file_that_is_not_there_or_a_folder_is_refused_with_a_sentence(tmp_path, capsys):
    assert replay.main([str(tmp_path / "nothing.json")]) == 1
    assert capsys.readouterr().err.strip() == f"There is no file {tmp_path / 'nothing.json'}."
    assert replay.main([str(tmp_path)]) == 1
    assert capsys.readouterr().err.strip() == f"{tmp_path} is a folder: give the record's file."


def test_a_game_its_settings_cannot_start_is_refused_with_the_rules_sentence(tmp_path, capsys):
    alone = changed(recorded("station-master", "r3"), lambda d: d.update(seats=d["seats"][:1], moves=[]))
    code, out, err = replayed(tmp_path, alone, capsys)
    assert (code, out) == (1, "") and err == ("The recorded game can't start: Competitive needs two to four Offices: "
                                              "add a bot, or choose Solitaire to play alone.")


@pytest.mark.parametrize("slug", ["get-in-line", "line", "station-master"])
def test_every_game_replays_from_its_record(tmp_path, capsys, slug):
    doc = recorded(slug, "r2")
    code, out, err = replayed(tmp_path, doc, capsys)
    assert (code, err) == (0, "") and out.startswith(f"{registry.get(slug).title}, replayed from its record: ")
