"""Station Master's day and turn as a player meets them: moves, the Small
Yard, the Draw option, Extras, Home Office cards, the timetable, scoring
and the result for each way of scoring."""

import re

import pytest

import games.station_master as sm
from games.station_master import division, rules, scoring, timetable, traffic
from tests.games.station_master.test_rules import car, find, move, play_out, put, refused, table

# -- the turn -----------------------------------------------------------------------------------

def test_a_turn_is_two_moves_then_the_next_office_takes_its_turn():
    state = table(3, preset="co-op", trains=[])
    state["movesLeft"] = 2
    state["deck"] += ["Extra-8", "Extra-9"]
    move(state, 0, type="draw")
    move(state, 0, type="keep")
    assert state["turn"] == 0
    move(state, 0, type="draw")
    move(state, 0, type="keep")
    assert state["turn"] == 1


def test_done_ends_a_turn_and_the_last_turn_moves_the_trains():
    state = table(2, trains=[put(51, "freight", place=2)])
    move(state, 0, type="done")
    assert state["turn"] == 1 and find(state, 51)["place"] == 2
    move(state, 1, type="done")
    assert state["stage"] == 2 and find(state, 51)["card"] == 1


def test_a_tie_up_costs_the_named_office_a_move_in_its_next_turn():
    state = table(3, preset="cutthroat", trains=[])
    state["hands"][0] = ["Tie-up-0"]
    assert "another Office" in refused(state, 0, type="play", card="Tie-up-0", office=0)
    move(state, 0, type="play", card="Tie-up-0", office=2)
    move(state, 0, type="done")
    assert state["turn"] == 1 and state["movesLeft"] == 2
    move(state, 1, type="done")
    assert state["turn"] == 2 and state["movesLeft"] == 1


def test_an_extra_crew_gives_two_more_moves_and_is_out_of_the_day():
    state = table(2, trains=[])
    state["hands"][0] = ["ExtraCrew-0"]
    before = state["movesLeft"]
    move(state, 0, type="play", card="ExtraCrew-0")
    assert state["movesLeft"] == before - 1 + 2
    assert "ExtraCrew-0" not in state["discard"] + state["deck"] + state["hands"][0]


def test_a_red_flag_holds_a_train_at_another_office_only():
    state = table(2, preset="cutthroat", trains=[put(51, "freight", place=2), put(52, "freight", place=1)])
    state["hands"][0] = ["RedFlag-0"]
    assert "another Office" in refused(state, 0, type="play", card="RedFlag-0", train=52)
    move(state, 0, type="play", card="RedFlag-0", train=51)
    assert find(state, 51)["held"] == state["stage"]
    traffic.movement(state)
    assert find(state, 51)["place"] == 2 and find(state, 52)["card"] == 1


# -- the Small Yard ------------------------------------------------------------------------------

def test_switching_sorts_up_to_two_cars_to_the_track_for_their_way():
    state = table(2, trains=[])   # Ashford is place 1: west of it is the West Division Point only
    state["yards"][0]["house"] = [car("a", 0), car("b", 3), car("c", 2)]
    assert "at most 2" in refused(state, 0, type="switch", cars=["a", "b", "c"])
    move(state, 0, type="switch", cars=["a", "b"])
    yard = state["yards"][0]  # read again: a move replaces the state's contents
    assert [c["id"] for c in yard["west"]] == ["a"] and [c["id"] for c in yard["east"]] == ["b"]
    assert [c["id"] for c in yard["house"]] == ["c"]


def test_a_full_track_takes_no_more_cars():
    state = table(2, trains=[])
    state["yards"][0]["east"] = [car(f"e{i}", 3) for i in range(rules.TRACKS["east"])]
    state["yards"][0]["house"] = [car("x", 3)]
    assert "room for 0" in refused(state, 0, type="switch", cars=["x"])
    assert sm.view(state, 0)["can"]["switch"] == []


def test_couple_only_sorted_cars_for_the_way_a_train_runs_and_only_what_fits():
    state = table(2, trains=[put(52, "freight", place=1), put(2, "passenger", place=1), put(51, "freight", place=2)])
    yard = state["yards"][0]
    yard["house"] = [car("h", 3)]
    yard["east"] = [car(f"e{i}", 3) for i in range(3)]
    yard["west"] = [car("w", 0)]
    assert "Switch a car off the house track" in refused(state, 0, type="couple", train=52, cars=["h"])
    assert "couple only cars from your east track" in refused(state, 0, type="couple", train=52, cars=["w"])
    assert "carries coaches only" in refused(state, 0, type="couple", train=2, cars=["e0"])
    assert "not standing at your Office" in refused(state, 0, type="couple", train=51, cars=["w"])
    find(state, 52)["cars"] = [car(f"t{i}", 3, seat=1) for i in range(3)]
    assert "room for 2 more cars" in refused(state, 0, type="couple", train=52, cars=["e0", "e1", "e2"])
    move(state, 0, type="couple", train=52, cars=["e0", "e2"])
    assert [c["id"] for c in find(state, 52)["cars"]][-2:] == ["e0", "e2"]
    assert [c["id"] for c in state["yards"][0]["east"]] == ["e1"]


def test_a_load_that_finds_the_house_track_full_goes_by_truck():
    state = table(2, trains=[])
    state["yards"][0]["house"] = [car(f"h{i}", 3) for i in range(rules.TRACKS["house"])]
    lost = state["lost"]
    move(state, 0, type="done")
    move(state, 1, type="done")
    assert state["stage"] == 2 and state["lost"] == lost + 1
    assert len(state["yards"][0]["house"]) == rules.TRACKS["house"]


def test_loads_stop_three_stages_before_the_day_ends():
    assert timetable.loads_today(2, 20) and timetable.loads_today(17, 20)
    assert not timetable.loads_today(18, 20) and not timetable.loads_today(1, 20)


# -- the Draw option ------------------------------------------------------------------------------

def test_the_draw_option_then_lay_scrap_or_keep_and_nothing_else_meanwhile():
    state = table(2, trains=[put(52, "freight", place=1)])
    state["deck"].append("Extra-7")
    state["yards"][0]["east"] = [car("e", 3)]
    move(state, 0, type="draw")
    assert state["phase"] == "lay" and sm.deciding(state)[0][1] == "lay"
    assert "Finish your Draw option" in refused(state, 0, type="couple", train=52, cars=["e"])
    move(state, 0, type="scrap", card="Extra-7")
    assert state["phase"] == "work" and "Extra-7" not in state["hands"][0] + state["discard"]


def test_no_draw_while_holding_four_cards():
    state = table(2, trains=[])
    state["hands"][0] = ["Extra-0", "Extra-1", "Extra-2", "Extra-3"]
    assert "hold 4 cards" in refused(state, 0, type="draw")
    assert sm.view(state, 0)["can"]["draw"] is False


def test_an_empty_deck_is_made_up_again_from_the_discards():
    state = table(2, trains=[])
    state["deck"], state["discard"] = [], ["Extra-5", "TrainOrder-1"]
    move(state, 0, type="draw")
    assert state["hands"][0][-1] in ("Extra-5", "TrainOrder-1") and state["discard"] == []
    assert len(state["deck"]) == 1


# -- Extras ----------------------------------------------------------------------------------------

def test_an_extra_is_made_up_from_one_track_and_one_at_a_time():
    state = table(2, trains=[])
    state["hands"][0] = ["Extra-0", "Extra-1"]
    state["yards"][0]["east"] = [car("e1", 3), car("e2", 2)]
    state["yards"][0]["west"] = [car("w1", 0)]
    assert "east track" in refused(state, 0, type="extra", card="Extra-0", at="office", dir="east", cars=["w1"])
    move(state, 0, type="extra", card="Extra-0", at="office", dir="east", cars=["e1", "e2"])
    extra = state["trains"][-1]
    assert extra["place"] == 1 and extra["cls"] == "Slow" and extra["coaches"] == 0
    assert "one at a time" in refused(state, 0, type="extra", card="Extra-1", at="office", dir="west", cars=["w1"])


def test_an_extra_ties_up_when_its_last_car_is_set_out():
    state = table(3, preset="co-op", cards=["Plains", "Plains", "Plains", "Plains"],
                  trains=[put(102, "extra", card=1, left=1, owner=0)])
    find(state, 102)["cars"] = [car("e", 2)]
    traffic.movement(state)
    extra = find(state, 102)
    assert extra["status"] == "gone" and state["table"] == 1


# -- the timetable -----------------------------------------------------------------------------------

def test_the_timetable_times_come_from_the_cards_as_dealt():
    for k in range(20):
        state = sm.new(3, f"times-{k}", 0.0, {"preset": "co-op"})
        for t in state["trains"]:
            if t["kind"] == "extra":
                continue
            place, stage = timetable.origin(3, t["dir"]), t["start"]
            assert t["due"][place] == stage
            while place != timetable.terminus(3, t["dir"]):
                j = division.card_ahead(place, t["dir"])
                stage += division.crossing(state["cards"][j], t)
                place = division.place_beyond(j, t["dir"])
            assert t["due"][place] == stage - 1 + timetable.GRACE


def test_scheduled_trains_come_on_at_their_division_point_at_their_start():
    state = sm.new(2, "on-time", 0.0, {})
    for t in state["trains"]:
        if t["start"] == 1:
            assert t["status"] == "standing" and t["place"] == timetable.origin(2, t["dir"])
        else:
            assert t["status"] == "due"
    assert {t["kind"] for t in state["trains"]} == {"passenger", "freight", "mixed"}
    assert sorted(t["no"] for t in state["trains"]) == [1, 2, 3, 4, 21, 22, 23, 24, 51, 52, 53, 54, 55, 56]


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_the_day_is_longer_at_a_smaller_table(n):
    # Every Stage goes round every Office, so a smaller table gets more of them.
    assert timetable.stages(n, "standard") == 48 - 6 * n
    assert timetable.stages(n, "short") == 44 - 6 * n and timetable.stages(n, "long") == 52 - 6 * n
    state = sm.new(n, "day", 0.0, {"preset": "solitaire" if n == 1 else "co-op"})
    assert sm.view(state, 0)["stages"] == 48 - 6 * n


def test_the_rules_page_gives_the_days_length_at_every_office_count():
    from tests.games.station_master.test_rules import DOCS

    text = " ".join(DOCS.read_text().split())
    said = re.search(r"The day lasts (\d+) Stages less (\w+) for every Office \((\d+) for one player, (\d+) for "
                     r"two, (\d+) for three and (\d+) for four\); a short day has (\w+) fewer, a long day (\w+) more", text)
    assert said, "the rules page does not say how long the day is"
    words = {"two": 2, "four": 4, "six": 6, "eight": 8}
    base, per, *standard = (int(x) if x.isdigit() else words[x] for x in said.groups()[:6])
    shorter, longer = words[said.group(7)], words[said.group(8)]
    for n in (1, 2, 3, 4):
        assert timetable.stages(n, "standard") == base - per * n == standard[n - 1]
        assert timetable.stages(n, "short") == standard[n - 1] - shorter
        assert timetable.stages(n, "long") == standard[n - 1] + longer


# -- scoring -------------------------------------------------------------------------------------------

def test_a_car_scores_two_at_a_division_point_and_one_at_an_office_for_its_forwarder():
    state = table(3, cards=["Plains"] * 4, trains=[put(52, "freight", card=2, left=1), put(54, "freight", card=3, left=1)])
    find(state, 52)["cars"] = [car("a", 3, seat=0), car("b", 4, seat=1)]
    find(state, 54)["cars"] = [car("c", 4, seat=1)]
    traffic.movement(state)
    assert state["points"] == [1, 2, 0]
    assert [c["id"] for c in find(state, 52)["cars"]] == ["b"]


def test_an_interchange_car_scores_for_the_extras_owner():
    state = table(2, cards=["Plains", "Interchange", "Plains"], trains=[])
    state["hands"][1] = ["Extra-0"]
    state["interchange"]["cars"] = [car("i", 3, seat=None)]
    rules.begin_turn(state, 1)
    move(state, 1, type="extra", card="Extra-0", at="interchange", dir="east")
    for _ in range(6):
        traffic.movement(state)
        state["stage"] += 1
    assert state["points"] == [0, 2]


def test_on_time_trains_add_to_the_table_only_when_scoring_together():
    for preset, bonus in (("co-op", scoring.ON_TIME), ("competitive", 0)):
        state = table(2, preset=preset, cards=["Plains"] * 3, trains=[put(2, "passenger", card=2, left=1)])
        find(state, 2)["due"] = [1, 2, 3, 5]
        state["stage"] = 4
        traffic.movement(state)
        assert find(state, 2)["onTime"] and state["table"] == bonus
        state = table(2, preset=preset, cards=["Plains"] * 3, trains=[put(2, "passenger", card=2, left=1)])
        find(state, 2)["due"] = [1, 2, 3, 3]
        state["stage"] = 4
        traffic.movement(state)
        assert find(state, 2)["onTime"] is False and state["table"] == 0


def test_competitive_places_by_points_with_ties_sharing():
    state = table(3)
    state["points"], state["phase"] = [5, 9, 5], "over"
    assert sm.result(state) == {"places": [2, 1, 2], "scores": [5, 9, 5]}


def test_the_table_wins_or_loses_together_against_the_goal():
    state = table(3, preset="co-op")
    state["phase"], state["table"] = "over", state["goal"]
    assert sm.result(state) == {"places": [1, 1, 1], "scores": [state["goal"]] * 3, "won": True, "goal": state["goal"]}
    state["table"] -= 1
    assert sm.result(state)["won"] is False


def test_the_goal_follows_the_loads_the_office_count_and_the_answer():
    for n in (1, 2, 3, 4):
        stages = timetable.stages(n, "standard")
        goals = {level: scoring.goal(n, stages, level) for level in ("gentle", "standard", "stiff")}
        assert goals["gentle"] < goals["standard"] < goals["stiff"]
        # A longer day brings more loads, and asks for more.
        assert scoring.goal(n, stages - 4, "standard") < goals["standard"] < scoring.goal(n, stages + 4, "standard")
    # 18 points for every 10 loads at two Offices: 100 loads ask for 180.
    assert timetable.loads_in_day(2, 36) == 100 and scoring.goal(2, 36, "standard") == 180
    v = sm.view(sm.new(2, "goal", 0.0, {"preset": "co-op"}), 0)
    assert v["goal"] == scoring.goal(2, timetable.stages(2, "standard"), "standard")
    assert sm.view(sm.new(2, "goal", 0.0, {}), 0)["goal"] is None


def test_a_whole_day_by_bots_scores_what_was_delivered():
    state, _ = play_out(2, "tally", {}, ["medium", "medium"])
    delivered = [e for e in state["events"] if e["kind"] == "delivered"]
    assert sum(state["points"]) == state["table"] and sum(state["delivered"]) >= len(delivered) > 0
    assert sm.result(state)["scores"] == state["points"]


# -- the rules page ------------------------------------------------------------------------------------

def test_the_rules_page_numbers_are_the_engines():
    from tests.games.station_master.test_rules import DOCS

    text = " ".join(DOCS.read_text().split())
    goals = [scoring.goal(n, timetable.stages(n, "standard"), "standard") for n in (1, 2, 3, 4)]
    assert f"the standard goals are {goals[0]}, {goals[1]}, {goals[2]} and {goals[3]}" in text
    loads = [timetable.loads_in_day(n, timetable.stages(n, "standard")) for n in (1, 2, 3, 4)]
    assert f"brings {loads[0]} loads for one Office, {loads[1]} for two, {loads[2]} for three and {loads[3]} for four" in text
    rates = scoring.GOAL_PER_TEN_LOADS
    assert (f"**{rates[2]} points for every 10 loads** the Offices will receive in the day at two or three "
            f"Offices, {rates[1]} at one and {rates[4]} at four") in text and rates[2] == rates[3]
    assert (f"({-scoring.GOAL_STEP['gentle']} fewer for a gentle goal, "
            f"{scoring.GOAL_STEP['stiff']} more for a stiff one)") in text
    assert f"house track** (room for {rules.TRACKS['house']} cars)" in text
    assert f"west track** (room for {rules.TRACKS['west']})" in text
    lines = DOCS.read_text().splitlines()
    rows = {"Mixed": timetable.KINDS["mixed"]["cap"], "Freight": timetable.KINDS["freight"]["cap"], "Extra": rules.EXTRA_ROOM}
    for name, room in rows.items():
        row = next(line for line in lines if line.startswith(f"| {name} | ") and "Slow" in line)
        assert row.endswith(f"| {room} |"), row
    assert f"A turn is **{['no', 'one', 'two', 'three'][rules.MOVES_PER_TURN]} moves**" in text
    assert f"**{['no', 'one', 'two', 'three'][timetable.LOADS_PER_STAGE]} loads come in**" in text


def test_a_malformed_move_is_refused_with_a_sentence_and_changes_nothing():
    import itertools
    import json

    from engine.contract import Illegal
    from engine.moves import dispatch

    state = table(2, preset="cutthroat", cards=["Plains", "Interchange", "Heavy Grade"])
    junk = [None, True, -1, 99, "x", ["x", "x"], "Extra-0", 1.5]
    fields = ("train", "cars", "card", "on", "at", "dir", "office")
    before = json.dumps(state, sort_keys=True)
    tried = 0
    for kind in sorted(sm.MOVES):
        for field, value in itertools.product(fields, junk):
            try:
                dispatch(sm, json.loads(before), 0, {"type": kind, field: value}, 1.0)
            except Illegal as refusal:
                assert str(refusal).endswith(".") and str(refusal)[0].isupper()
            tried += 1
    assert tried == len(sm.MOVES) * len(fields) * len(junk)
    assert json.dumps(state, sort_keys=True) == before
