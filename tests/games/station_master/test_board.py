"""What the board says in words, for the table to draw: each Mainline
card's speed, crossing times and what it does (a Heavy Grade's uphill way
and the cards laid on it, a Realignment's change), each train's way, sort,
consist and how it is running (an Extra names its Office), and how the
day's points stand, won or lost by how much."""

import re
from pathlib import Path

import games.station_master as sm
from tests.games.station_master.test_rules import car, move, play_out, put, table
from tests.walking import strings


def card_named(view, name):
    return next(c for c in view["cards"] if c["name"] == name)


def test_a_heavy_grade_says_which_way_is_uphill_and_what_the_cards_on_it_change():
    state = table(2, cards=["Heavy Grade", "Plains", "Curves"], up="east", trains=[])
    grade = card_named(sm.view(state, 0), "Heavy Grade")
    assert grade["speed"] == "30 mph" and grade["uphill"] == "Uphill to the east"
    assert grade["crossing"] == "Fast 2 Stages · Slow 3 Stages"
    state["cards"][0]["mods"] += ["Brakeman", "Airbrakes"]
    grade = card_named(sm.view(state, 0), "Heavy Grade")
    assert grade["crossing"] == "West: Fast 1 Stage · Slow 1 Stage. East: Fast 2 Stages · Slow 3 Stages."
    assert grade["modWords"] == ["Brakeman: downhill one Stage quicker.", "Airbrakes: downhill one more Stage quicker."]
    assert grade["between"] == "between the West Division Point and Ashford"


def test_hilly_tells_a_train_with_a_coach_from_one_without():
    state = table(2, cards=["Hilly", "Plains", "Curves"], trains=[])
    hilly = card_named(sm.view(state, 0), "Hilly")
    assert hilly["speed"] == "60 mph with a coach, 30 mph without"
    assert hilly["crossing"] == "Fast 1 Stage · Slow mixed 2 Stages · Slow freight 3 Stages"


def test_a_realigned_card_says_what_it_was():
    state = table(2, cards=["Plains", "Tunnel", "Curves"], trains=[])
    state["phase"], state["hands"][0] = "lay", ["Realignment-0"]
    move(state, 0, type="lay", card="Realignment-0", on=0)
    realigned = sm.view(state, 1)["cards"][0]
    assert realigned["name"] == "Double Track"
    assert realigned["realigned"] == "Realigned: was Plains, now Double Track."
    assert realigned["does"] == "Trains may meet and pass here."


def test_a_train_says_its_way_sort_consist_and_how_it_runs_and_an_extra_whose_it_is():
    freight = put(51, "freight", place=2)
    freight["cars"] = [car("a", 0)]
    extra = put(103, "extra", place=1, owner=1)
    state = table(2, trains=[freight, extra])
    state["trains"][1]["held"] = state["stage"]
    by = {t["no"]: t for t in sm.view(state, 0)["trains"]}
    assert (by[51]["way"], by[51]["sort"], by[51]["consist"]) == ("West", "Slow freight", "1 of 5 cars")
    assert by[51]["where"] == "at Birch Creek"
    assert by[103]["name"] == "Extra 103 West" and by[103]["ownerOffice"] == "Birch Creek"
    assert by[103]["condition"] == "held this Stage"


def test_the_board_draws_speed_boards_stage_boards_and_each_places_letter():
    """What the drawing needs besides the sentences: a card's speed board,
    its crossing times as numbers (a row each way where the ways differ),
    and the letter each place's cars wear."""
    state = table(3, cards=["Hilly", "Heavy Grade", "Plains", "Curves"], up="west", trains=[])
    state["cards"][1]["mods"] = ["Helpers"]
    v = sm.view(state, 0)
    hilly, grade = v["cards"][0], v["cards"][1]
    assert (hilly["limit"], grade["limit"], v["cards"][3]["limit"]) == ("60/30", "30", "30")
    assert hilly["stageBoard"] == [{"way": None, "times": [["Fast", 1], ["Slow mixed", 2], ["Slow freight", 3]]}]
    assert grade["stageBoard"] == [{"way": "west", "times": [["Fast", 1], ["Slow", 2]]}, {"way": "east", "times": [["Fast", 2], ["Slow", 3]]}]
    assert [p["mark"] for p in v["places"]] == ["W", "A", "B", "C", "E"]


def test_a_train_wears_its_number_and_a_mark_for_how_it_runs():
    late = put(51, "freight", place=2)
    late["due"] = [9, 5, 3, 1, 1]
    held = put(52, "freight", place=1)
    held["held"] = 5
    running = put(1, "passenger", card=2, left=2)
    extra = put(104, "extra", card=0, left=1, owner=1)
    state = table(3, trains=[late, held, running, extra])
    state["stage"] = 5
    by = {t["no"]: t for t in sm.view(state, 0)["trains"]}
    assert (by[51]["mark"], by[51]["condition"], by[51]["plate"]) == ("late", "2 Stages late", "No. 51")
    assert (by[52]["mark"], by[52]["condition"]) == ("held", "held this Stage")
    assert (by[1]["mark"], by[1]["ahead"]) == ("on-time", "2 Stages to go")
    assert (by[104]["mark"], by[104]["plate"], by[104]["name"]) == ("extra", "Extra 104", "Extra 104 East")
    assert "ahead" not in by[51]
    # No. 51 is due at Ashford this Stage: the timetable lights it, until the day is over.
    assert by[51]["comingDue"] and not by[52]["comingDue"]
    state["phase"] = "over"
    assert not any(t["comingDue"] for t in sm.view(state, 0)["trains"])


def test_the_score_says_won_or_lost_by_how_much_and_ranks_offices_with_what_earned_them():
    state = table(2, preset="co-op", trains=[])
    state.update(phase="over", table=state["goal"] - 7)
    assert sm.view(state, 0)["score"]["line"] == f"Lost: {state['goal'] - 7} points against a goal of {state['goal']}, 7 short."
    state["table"] = state["goal"] + 3
    assert sm.view(state, 0)["score"]["line"] == f"Won: {state['goal'] + 3} points against a goal of {state['goal']}, 3 over."
    # What earned the table's points names only what earned some.
    state.update(phase="work", table=0, delivered=[0, 0])
    assert sm.view(state, 0)["score"]["earned"] == "nothing earned yet"
    state.update(table=9, delivered=[2, 3])
    assert sm.view(state, 0)["score"]["earned"] == "5 cars set out (4 at a Division Point, 1 at an Office) for 9"
    state = table(3, preset="competitive", trains=[])
    state.update(phase="over", points=[4, 9, 1], delivered=[3, 6, 1])
    score = sm.view(state, 2)["score"]
    assert score["line"] == "Birch Creek wins with 9 points."
    assert [(r["office"], r["points"], r["earned"]) for r in score["offices"]] == [
        ("Birch Creek", 9, "6 cars set out (3 at a Division Point, 3 at an Office)"),
        ("Ashford", 4, "3 cars set out (1 at a Division Point, 2 at an Office)"),
        ("Cold Spring", 1, "1 car set out (1 at an Office)")]
    state["points"], state["delivered"] = [0, 0, 0], [0, 0, 0]
    assert sm.view(state, 0)["score"]["offices"][0]["earned"] == "no cars set out"


SECTION_NUMBER = re.compile(r"§|\b\d+\.\d+\b|\bRules? \d")


def test_no_sentence_a_player_reads_names_a_rule_section():
    """Through a whole Cutthroat day: every view's words and log lines, for
    every seat and a watcher, and every move's sentence."""
    said = set()

    def watch(state):
        for seat in (None, *range(state["n"])):
            said.update(strings(sm.view(state, seat)))
        said.update(sm.say(m) for seat, _k, _key in sm.deciding(state) for m in sm.legal(state, seat))

    play_out(3, "sections", {"preset": "cutthroat"}, ["easy"] * 3, watch)
    assert len(said) > 200
    assert [s for s in said if SECTION_NUMBER.search(s)] == []
    rules_page = (Path(sm.__file__).parent / "web" / "rules.js").read_text()
    assert "Realignment" in rules_page and not SECTION_NUMBER.search(rules_page)
