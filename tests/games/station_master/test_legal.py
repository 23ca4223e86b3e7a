"""Station Master's list of legal moves and the sentence for each: what
``legal`` offers at an Office and during a Draw option, that a whole day
can be played choosing only from it, and the words the generic table
shows."""

import copy
import re

import pytest

import games.station_master as sm
from engine import moves, play
from engine.contract import Illegal, offered
from games.station_master import rules, traffic, words
from tests.games.station_master.test_rules import SECTION, car, drawing, put, table


def office_with_work():
    """Ashford's turn with a freight (No. 51 West) and a mixed (No. 22 East)
    standing there, cars on every track (the east one full, one car's room
    on the west), a car for the west in the Interchange yard, and a hand of
    four (so no Draw option)."""
    state = table(2, cards=["Plains", "Interchange", "Curves"], trains=[put(51, "freight", place=1), put(22, "mixed", place=1)])
    state["yards"][0] = {
        "house": [car("wb1", 0), car("wb2", 3), car("wb3", 0)],
        "west": [car("wb4", 0), car("wb5", 0)],
        "east": [car("wb6", 3), car("wb7", 2), car("wb8", 3)],
    }
    state["interchange"]["cars"] = [car("wb9", 0, None)]
    state["hands"][0] = ["Extra-0", "Extra-1", "TrainOrder-0", "ExtraCrew-0"]
    return state


def test_legal_offers_every_move_can_allows_with_each_choice_of_cars_in_each_order():
    state = office_with_work()
    listed = sm.legal(state, 0)
    by = {}
    for m in listed:
        by.setdefault(m["type"], []).append(m)
    # The west track has room for one car: each west-bound car alone, never the
    # pair; the east-bound one has no room at all.
    assert by["switch"] == [{"type": "switch", "cars": ["wb1"]}, {"type": "switch", "cars": ["wb3"]}]
    west = [m["cars"] for m in by["couple"] if m["train"] == 51]
    east = [m["cars"] for m in by["couple"] if m["train"] == 22]
    assert west == [["wb4"], ["wb5"], ["wb4", "wb5"], ["wb5", "wb4"]]
    assert len(east) == 15 and len({tuple(c) for c in east}) == 15 and ["wb8", "wb6", "wb7"] in east
    assert [m["train"] for m in by["hold"]] == [51, 22] and "draw" not in by
    office = [m for m in by["extra"] if m["at"] == "office"]
    assert {m["card"] for m in by["extra"]} == {"Extra-0"}, "one Extra card stands for its copies"
    assert len([m for m in office if m["dir"] == "west"]) == 4 and len([m for m in office if m["dir"] == "east"]) == 15
    assert [m for m in by["extra"] if m["at"] == "interchange"] == [
        {"type": "extra", "card": "Extra-0", "at": "interchange", "dir": "west", "cars": ["wb9"]}]
    assert by["play"] == [{"type": "play", "card": "TrainOrder-0", "train": 51},
                          {"type": "play", "card": "TrainOrder-0", "train": 22}, {"type": "play", "card": "ExtraCrew-0"}]
    assert listed[-1] == {"type": "done"} == sm.fallback(state, 0)
    for m in listed:
        moves.dispatch(sm, copy.deepcopy(state), 0, copy.deepcopy(m), 1.0)
    assert sm.legal(state, 1) == [] and sm.legal(state, None) == []


def test_a_move_legal_leaves_out_is_refused():
    state = office_with_work()
    listed = sm.legal(state, 0)
    for m in ({"type": "switch", "cars": ["wb1", "wb3"]}, {"type": "switch", "cars": ["wb2"]},
              {"type": "couple", "train": 22, "cars": ["wb6", "wb7", "wb8", "wb4"]}, {"type": "draw"},
              {"type": "extra", "card": "Extra-0", "at": "office", "dir": "west", "cars": ["wb6"]}):
        assert m not in listed
        with pytest.raises(Illegal):
            moves.dispatch(sm, copy.deepcopy(state), 0, m, 1.0)


def test_during_a_draw_option_legal_offers_each_lay_each_scrap_and_keep():
    state = table(2, cards=["Plains", "Heavy Grade", "Interchange"], trains=[put(51, "freight", card=0, left=2)])
    drawing(state, 0, ["Brakeman-0", "Realignment-0", "Airbrakes-0", "Tie-up-0"])
    assert sm.legal(state, 0) == [
        {"type": "lay", "card": "Brakeman-0", "on": 1},
        {"type": "scrap", "card": "Brakeman-0"}, {"type": "scrap", "card": "Realignment-0"},
        {"type": "scrap", "card": "Airbrakes-0"}, {"type": "scrap", "card": "Tie-up-0"},
        {"type": "keep"},
    ]  # (No Realignment on the Plains while No. 51 is on it; no Airbrakes before a Brakeman.)
    assert sm.fallback(state, 0) == {"type": "keep"} and sm.legal(state, 1) == []


@pytest.mark.parametrize("preset, n", [("solitaire", 1), ("co-op", 2), ("competitive", 3), ("cutthroat", 4)])
def test_a_whole_day_plays_to_its_end_choosing_only_from_legal(preset, n):
    sizes = []

    def watch(state, seat, action, _k):
        sizes.append(len(sm.legal(state, seat)))

    for seed in ("legal-a", "legal-b"):
        played = play.play(sm, ["easy"] * n, f"{seed}-{preset}", {"preset": preset}, bot=play.random_move, watch=watch)
        assert sm.result(played.final) is not None and all(by == "bot" for _s, _a, by in played.moves)
    assert max(sizes) <= 100, "legal() grew past a list a player can read"


def test_every_move_says_a_sentence_naming_trains_cars_tracks_and_offices():
    assert sm.say({"type": "couple", "train": 22, "cars": ["wb8", "wb6"]}) == "Couple cars 8 and 6 from your east track to No. 22."
    assert sm.say({"type": "switch", "cars": ["wb1"]}) == "Switch car 1 from your house track to the track for the way it goes."
    assert sm.say({"type": "hold", "train": 103}) == "Hold Extra 103 West at your Office for this Stage."
    assert sm.say({"type": "extra", "card": "Extra-0", "at": "interchange", "dir": "west", "cars": ["wb9"]}) == (
        "Play your Extra card: run an Extra west, made up in the Interchange yard with car 9.")
    assert sm.say({"type": "extra", "card": "Extra-1", "at": "office", "dir": "east", "cars": ["wb6", "wb7", "wb8"]}) == (
        "Play your Extra card: run an Extra east, made up at your Office with cars 6, 7 and 8.")
    assert sm.say({"type": "lay", "card": "Brakeman-0", "on": 1}) == "Lay your Brakeman on the Heavy Grade east of Ashford."
    assert sm.say({"type": "lay", "card": "Realignment-1", "on": 0}) == "Lay your Realignment on the Mainline card west of Ashford."
    assert sm.say({"type": "scrap", "card": "SlowOrder-0"}) == "Scrap your Slow Order card: it is out of the day."
    assert sm.say({"type": "play", "card": "Tie-up-1", "office": 1}) == "Play a Tie-up on Birch Creek: one move fewer in its next turn."
    assert sm.say({"type": "play", "card": "RedFlag-0", "train": 51}) == "Show No. 51 a Red Flag: it is held at that Office this Stage."
    assert sm.say({"type": "play", "card": "ExtraCrew-1"}) == "Call an Extra Crew: two more moves this turn."
    said = set()

    def watch(state, seat, _action, _k):
        said.update(o["say"] for o in offered(sm, state, seat))
        for t in state["trains"]:
            assert words.train_name(t["no"]) == traffic.label(t)

    play.play(sm, ["easy"] * 4, "words", {"preset": "cutthroat"}, bot=play.random_move, watch=watch)
    assert len(said) > 100
    for s in said:
        assert s[0].isupper() and s.endswith(".") and not SECTION.search(s), s
        assert not re.search(r"\bwb\d|[A-Za-z]-\d", s), f"a raw code in {s!r}"
    assert rules.legal is sm.legal
