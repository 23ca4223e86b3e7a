"""Station Master: every fact the Mainline deck and the multiplayer set-up
fix, each as its own test, plus the helpers the other Station Master test
modules share (a table laid out by hand, trains put where a test needs
them)."""

import collections
import json
import pathlib
import random
import re

import pytest

import games.station_master as sm
from engine import moves, play
from engine.contract import Illegal
from games.station_master import division, homeoffice, presets, rules, timetable, traffic
from tests.walking import strings

DOCS = pathlib.Path(__file__).resolve().parents[3] / "games" / "station_master" / "README.md"


# -- helpers shared by the Station Master tests ------------------------------------------

def table(n=2, preset=None, seed="t", cards=None, up="east", trains=None, **settings):
    """A fresh game at Stage 1, the first seat's turn, optionally with the
    Mainline laid by hand and the timetable emptied (trains=[])."""
    if preset is None:
        preset = "solitaire" if n == 1 else "competitive"
    state = sm.new(n, seed, 0.0, {"preset": preset, **settings})
    if cards is not None:
        state["cards"] = [lay_card(name, up) for name in cards]
        j = division.interchange(state["cards"])
        state["interchange"] = {"card": j, "cars": []} if j is not None else None
    if trains is not None:
        state["trains"] = list(trains)
    state["superintendent"] = 0
    state["order"] = list(range(n))
    rules.begin_turn(state, 0)
    return state


def lay_card(name, up="east"):
    card = {"name": name, "printed": name, "mods": []}
    if name == "Heavy Grade":
        card["up"] = up
    return card


def put(no, kind, place=None, card=None, left=0, since=0, owner=None, direction=None):
    """A train of this kind, standing at a place or on a card."""
    direction = direction or ("west" if no % 2 else "east")
    t = timetable.new_train(no, direction, kind, 1, owner)
    if kind == "extra":
        t["cap"] = rules.EXTRA_ROOM
    if place is not None:
        t.update(status="standing", place=place, since=since)
    else:
        t.update(status="running", card=card, left=left, since=since)
    return t


def car(cid, to, seat=0):
    return {"id": cid, "to": to, "for": seat, "from": None if seat is None else rules.office(seat)}


def find(state, no):
    return next(t for t in state["trains"] if t["no"] == no)


def move(state, seat, **action):
    return moves.dispatch(sm, state, seat, action, 1.0)


def refused(state, seat, **action) -> str:
    """The sentence a refused move gives; the state must be left exactly as it was."""
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(Illegal) as err:
        move(state, seat, **action)
    assert json.dumps(state, sort_keys=True) == before
    return str(err.value)


def drawing(state, seat, hand):
    """Put a seat at its Draw option holding these cards."""
    state["hands"][seat] = list(hand)
    state["phase"] = "lay"
    state["turn"] = seat
    state["movesLeft"] = 1


def play_out(n, seed, settings, levels, watch=None):
    """A whole game by bots (directly through the rules); calls
    watch(state) after every move. Returns (final state, decisions)."""
    state = sm.new(n, seed, 0.0, settings)
    steps = 0
    while sm.result(state) is None:
        (seat, _kind, _key), = sm.deciding(state)
        action = play.bot_move(sm, state, seat, levels[seat], random.Random(f"{seed}:{steps}"))
        moves.dispatch(sm, state, seat, action, float(steps))
        steps += 1
        if watch:
            watch(state)
        assert steps < 2000, "a day ran past any sensible length"
    return state, steps


# -- the Division ------------------------------------------------------------------------

def test_the_mainline_deck_is_ten_cards_plains_twice_every_other_once():
    assert collections.Counter(division.MAINLINE_DECK) == {
        "Plains": 2, "Curves": 1, "Hilly": 1, "Heavy Grade": 1, "Double Track": 1,
        "Uncontrolled Siding": 1, "Tunnel": 1, "Trestle": 1, "Interchange": 1,
    }
    assert "West Division Point" not in division.MAINLINE_DECK and "East Division Point" not in division.MAINLINE_DECK


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_a_division_lays_n_plus_one_cards_without_replacement_between_fixed_ends(n):
    printed_once = set(division.MAINLINE_DECK) - {"Plains"}
    for k in range(300):
        cards = division.deal(n, f"deal-{k}")
        names = [c["name"] for c in cards]
        assert len(names) == n + 1
        counts = collections.Counter(names)
        assert counts["Plains"] <= 2 and all(counts[name] <= 1 for name in printed_once)
    v = sm.view(sm.new(n, "lay-out", 0.0, {"preset": "solitaire" if n == 1 else "co-op"}), None)
    assert [p["name"] for p in v["places"]][0] == "West Division Point"
    assert [p["name"] for p in v["places"]][-1] == "East Division Point"
    assert [p["seat"] for p in v["places"][1:-1]] == list(range(n))
    assert len(v["cards"]) == n + 1


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_a_heavy_grade_is_dealt_with_chance_n_plus_one_in_ten(n):
    games = 3000
    dealt = sum(any(c["name"] == "Heavy Grade" for c in division.deal(n, f"grade-{n}-{k}")) for k in range(games))
    assert abs(dealt / games - (n + 1) / 10) < 0.03


def test_the_uphill_way_is_rolled_from_the_seed_and_splits_evenly():
    ups = [division.uphill(f"roll-{k}") for k in range(3000)]
    assert set(ups) == {"east", "west"}
    assert 0.46 < ups.count("east") / len(ups) < 0.54
    assert division.uphill("same-seed") == division.uphill("same-seed")
    # Nobody chooses it: no move names a direction for the grade.
    for k in range(200):
        for card in division.deal(4, f"grade-dir-{k}"):
            if card["name"] == "Heavy Grade":
                assert card["up"] == division.uphill(f"grade-dir-{k}")


def test_the_uphill_way_never_changes_during_a_game():
    seed = next(f"g{k}" for k in range(500) if any(c["name"] == "Heavy Grade" for c in division.deal(4, f"g{k}")))
    ups = []
    play_out(4, seed, {"preset": "co-op"}, ["hard"] * 4,
             watch=lambda s: ups.append([c.get("up") for c in s["cards"] if c["name"] == "Heavy Grade"]))
    assert len({json.dumps(u) for u in ups}) == 1


# -- crossing a Mainline card --------------------------------------------------------------

FAST, SLOW = put(1, "passenger", place=2), put(51, "freight", place=2)
MIXED = put(21, "mixed", place=2)


@pytest.mark.parametrize("name,fast,slow", [
    ("Plains", 1, 2), ("Double Track", 1, 2), ("Uncontrolled Siding", 1, 2), ("Trestle", 1, 2),
    ("Interchange", 1, 2), ("Curves", 2, 3), ("Tunnel", 2, 3), ("Heavy Grade", 2, 3),
])
def test_crossing_stages_by_speed_and_class(name, fast, slow):
    card = lay_card(name)
    assert division.crossing(card, FAST) == fast
    assert division.crossing(card, SLOW) == slow


def test_hilly_is_60_for_a_train_with_a_coach_and_30_without():
    hilly = lay_card("Hilly")
    assert division.crossing(hilly, FAST) == 1        # coaches, Fast
    assert division.crossing(hilly, MIXED) == 2       # one coach, Slow: 60 plus one
    assert division.crossing(hilly, SLOW) == 3        # no coach, Slow: 30 plus one
    coachless_fast = dict(FAST, coaches=0)
    assert division.crossing(hilly, coachless_fast) == 2


def test_grade_cards_take_stages_off_and_never_below_one():
    grade = lay_card("Heavy Grade", up="west")      # westbound trains climb
    down_fast = dict(FAST, dir="east")
    up_fast = dict(FAST, dir="west")
    down_slow = dict(SLOW, dir="east")
    grade["mods"] = ["Brakeman"]
    assert division.crossing(grade, down_fast) == 1 and division.crossing(grade, up_fast) == 2
    assert division.crossing(grade, down_slow) == 2
    grade["mods"] = ["Brakeman", "Airbrakes"]
    assert division.crossing(grade, down_slow) == 1
    assert division.crossing(grade, down_fast) == 1    # two off two is nothing: never less than one
    grade["mods"] = ["Helpers"]
    assert division.crossing(grade, up_fast) == 1 and division.crossing(grade, down_fast) == 2
    assert division.crossing(grade, dict(SLOW, dir="west")) == 2


def test_a_slow_order_adds_a_stage():
    plains = lay_card("Plains")
    plains["mods"] = ["Slow Order"]
    assert division.crossing(plains, FAST) == 2 and division.crossing(plains, SLOW) == 3


# -- the Home Office deck and where its track cards go --------------------------------------

def test_the_home_office_deck_holds_the_grade_cards_and_two_realignments():
    names = collections.Counter(homeoffice.name(c) for c in homeoffice.contents(3, hinder=False))
    assert names["Brakeman"] == names["Airbrakes"] == names["Helpers"] == 1 and names["Realignment"] == 2
    assert "Red Flag" not in names
    hindering = collections.Counter(homeoffice.name(c) for c in homeoffice.contents(3, hinder=True))
    assert hindering["Red Flag"] == hindering["Tie-up"] == hindering["Slow Order"] == 2


def test_brakeman_and_helpers_go_only_on_the_heavy_grade():
    state = table(2, cards=["Plains", "Heavy Grade", "Curves"], trains=[])
    drawing(state, 0, ["Brakeman-0", "Helpers-0"])
    assert "only on the Heavy Grade" in refused(state, 0, type="lay", card="Brakeman-0", on=0)
    assert "only on the Heavy Grade" in refused(state, 0, type="lay", card="Helpers-0", on=2)
    move(state, 0, type="lay", card="Brakeman-0", on=1)
    assert state["cards"][1]["mods"] == ["Brakeman"]


def test_airbrakes_need_a_brakeman_already_on_the_grade():
    state = table(2, cards=["Plains", "Heavy Grade", "Curves"], trains=[])
    drawing(state, 0, ["Airbrakes-0"])
    assert "once a Brakeman is there" in refused(state, 0, type="lay", card="Airbrakes-0", on=1)
    state["cards"][1]["mods"] = ["Brakeman"]
    move(state, 0, type="lay", card="Airbrakes-0", on=1)
    assert state["cards"][1]["mods"] == ["Brakeman", "Airbrakes"]


@pytest.mark.parametrize("before,after", [
    ("Plains", "Double Track"), ("Curves", "Plains"), ("Uncontrolled Siding", "Double Track"),
    ("Trestle", "Uncontrolled Siding"),
])
def test_realignment_turns_the_four_cards_it_can(before, after):
    state = table(2, cards=["Hilly", before, "Tunnel"], trains=[])
    drawing(state, 0, ["Realignment-0"])
    move(state, 0, type="lay", card="Realignment-0", on=1)
    assert state["cards"][1]["name"] == after
    assert "Realignment-0" not in state["hands"][0]


@pytest.mark.parametrize("name", ["Hilly", "Heavy Grade", "Double Track", "Tunnel", "Interchange"])
def test_realignment_changes_nothing_else(name):
    state = table(2, cards=["Plains", name, "Plains"], trains=[])
    drawing(state, 0, ["Realignment-0"])
    assert "cannot change" in refused(state, 0, type="lay", card="Realignment-0", on=1)


def test_realignment_goes_only_on_an_unoccupied_card():
    state = table(2, cards=["Plains", "Curves", "Plains"], trains=[put(51, "freight", card=1, left=2)])
    drawing(state, 0, ["Realignment-0"])
    assert "empty Mainline card" in refused(state, 0, type="lay", card="Realignment-0", on=1)
    move(state, 0, type="lay", card="Realignment-0", on=0)
    assert state["cards"][0]["name"] == "Double Track"


def test_track_cards_are_laid_only_during_a_draw_option():
    state = table(2, cards=["Plains", "Heavy Grade", "Curves"], trains=[])
    state["hands"][0] = ["Brakeman-0"]
    assert "during your Draw option" in refused(state, 0, type="lay", card="Brakeman-0", on=1)
    state["deck"] = ["Extra-0"]
    move(state, 0, type="draw")
    move(state, 0, type="lay", card="Brakeman-0", on=1)
    assert state["cards"][1]["mods"] == ["Brakeman"]


# -- trains, Extras and the Interchange ----------------------------------------------------

@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_odd_numbered_trains_run_west_and_even_east(n):
    state, _ = play_out(n, f"numbers-{n}", {"preset": "solitaire" if n == 1 else "co-op"}, ["medium"] * n)
    assert len({t["no"] for t in state["trains"]}) == len(state["trains"])
    for t in state["trains"]:
        assert t["dir"] == ("west" if t["no"] % 2 else "east"), t
    assert any(t["kind"] == "extra" for t in state["trains"])


def test_an_extra_belongs_to_the_player_who_played_it():
    state = table(2, cards=["Plains", "Plains", "Plains"], trains=[])
    state["hands"][0] = ["Extra-0"]
    state["yards"][0]["east"] = [car("k1", 3, seat=0), car("k2", 2, seat=0)]
    move(state, 0, type="extra", card="Extra-0", at="office", dir="east", cars=["k1", "k2"])
    extra = state["trains"][-1]
    assert extra["owner"] == 0 and extra["no"] % 2 == 0 and extra["kind"] == "extra"
    assert traffic.label(extra) == f"Extra {extra['no']} East"
    # At Birch Creek, the other seat cannot put its cars on it.
    extra.update(place=2)
    state["yards"][1]["east"] = [car("k3", 3, seat=1)]
    rules.begin_turn(state, 1)
    assert "belongs to another Office" in refused(state, 1, type="couple", train=extra["no"], cars=["k3"])
    assert all(o["train"] != extra["no"] for o in sm.view(state, 1)["can"]["couple"])


def test_an_extra_may_start_at_the_interchange_only_if_it_is_on_the_board():
    state = table(2, cards=["Plains", "Tunnel", "Plains"], trains=[])
    state["hands"][0] = ["Extra-0"]
    assert "no Interchange" in refused(state, 0, type="extra", card="Extra-0", at="interchange", dir="west")
    state = table(2, cards=["Plains", "Interchange", "Plains"], trains=[])
    state["hands"][1] = ["Extra-0"]
    state["interchange"]["cars"] = [car("i1", 0, seat=None), car("i2", 3, seat=None), car("i3", 1, seat=None)]
    rules.begin_turn(state, 1)
    move(state, 1, type="extra", card="Extra-0", at="interchange", dir="west")
    extra = state["trains"][-1]
    assert extra["status"] == "yard" and extra["owner"] == 1
    # No sorting at the Interchange: it takes the cars billed its way, in the order they stand.
    assert [c["id"] for c in extra["cars"]] == ["i1", "i3"] and all(c["for"] == 1 for c in extra["cars"])
    assert [c["id"] for c in state["interchange"]["cars"]] == ["i2"]


def test_cars_are_sorted_only_in_small_yards():
    # The Interchange offers no switching move: only a seat's own house track can be switched.
    state = table(2, cards=["Plains", "Interchange", "Plains"], trains=[])
    state["interchange"]["cars"] = [car("i1", 0, seat=None)]
    assert "house track" in refused(state, 0, type="switch", cars=["i1"])
    state["yards"][0]["house"] = [car("h1", 0)]
    move(state, 0, type="switch", cars=["h1"])
    assert [c["id"] for c in state["yards"][0]["west"]] == ["h1"]


# -- the board ---------------------------------------------------------------------------------

def test_the_superintendent_is_always_named_on_the_board():
    seen = []

    def watch(state):
        for seat in [None, *range(state["n"])]:
            v = sm.view(state, seat)
            seen.append(v["superintendent"]["seat"])
            assert v["superintendent"]["office"] == division.TOWNS[v["superintendent"]["seat"]]

    state, _ = play_out(3, "badge", {"preset": "co-op"}, ["medium"] * 3, watch)
    assert set(seen) == {0, 1, 2}
    assert sm.view(state, None)["superintendent"]["office"]


def test_the_superintendent_goes_first_with_one_move_more():
    state = sm.new(3, "first", 0.0, {"preset": "co-op"})
    sup = state["superintendent"]
    assert state["turn"] == sup and state["movesLeft"] == rules.MOVES_PER_TURN + 1
    move(state, sup, type="done")
    assert state["turn"] == (sup + 1) % 3 and state["movesLeft"] == rules.MOVES_PER_TURN


def test_a_card_just_drawn_is_marked_for_the_drawer_and_nobody_else():
    state = table(3, preset="co-op", trains=[])
    state["deck"].append("Helpers-0")
    move(state, 0, type="draw")
    assert sm.view(state, 0)["justDrawn"] == "Helpers-0"
    for seat in (None, 1, 2):
        v = sm.view(state, seat)
        assert "justDrawn" not in v and "Helpers-0" not in set(strings({k: x for k, x in v.items() if k != "events"}))
    private = [e for e in sm.view(state, 1)["events"] if e.get("card") == "Helpers-0"]
    assert not private


def test_other_hands_and_the_decks_are_face_down():
    state = table(3, preset="co-op")
    v = sm.view(state, 1)
    assert [h["card"] for h in v["hand"]] == state["hands"][1]
    assert [o["hand"] for o in v["offices"]] == [len(h) for h in state["hands"]]
    shown = set(strings({k: x for k, x in v.items() if k != "events"}))
    secrets = state["hands"][0] + state["hands"][2] + state["deck"] + [b.split(":")[0] for b in state["waybills"]]
    assert secrets and not shown & set(secrets)


# -- presets -------------------------------------------------------------------------------------

def test_five_presets_answer_the_same_questions_from_one_definition():
    rows = sm.options_schema
    preset_row, questions = rows[0], [r for r in rows if r.get("custom")]
    keys = [q["key"] for q in questions]
    assert keys == [q["key"] for q in presets.QUESTIONS]
    assert preset_row["key"] == "preset" and preset_row["default"] == sm.DEFAULTS["preset"]
    assert preset_row["choices"] == ["co-op", "competitive", "cutthroat", "solitaire", "custom"]
    assert [p["label"] for p in preset_row["presets"]] == ["Co-op", "Competitive", "Cutthroat", "Solitaire", "Custom"]
    for p in preset_row["presets"]:
        assert list(p["answers"]) == keys
        for q in questions:
            assert p["answers"][q["key"]] in q["choices"]
        chosen = sm.options({"preset": p["key"]})
        assert {k: chosen[k] for k in keys} == p["answers"]
    for row in rows:
        assert set(row["labels"]) == set(row["choices"]) and row["default"] in row["choices"]
        assert sm.DEFAULTS[row["key"]] == row["default"]
    assert sm.PRESETS is presets.PRESETS and json.loads(json.dumps(rows)) == rows


def test_solitaire_is_one_player():
    solitaire = next(p for p in sm.options_schema[0]["presets"] if p["key"] == "solitaire")
    assert solitaire["sizes"] == [1]
    assert sm.new(1, "alone", 0.0, {"preset": "solitaire"})["n"] == 1
    with pytest.raises(Illegal, match="one player"):
        sm.new(2, "alone", 0.0, {"preset": "solitaire"})
    for key in ("co-op", "competitive", "cutthroat"):
        with pytest.raises(Illegal, match="two to four Offices"):
            sm.new(1, "alone", 0.0, {"preset": key})


def test_custom_keeps_each_allowed_answer_and_presets_ignore_answers():
    raw = {"preset": "custom", "scoring": "together", "hinder": "yes", "day": "long", "goal": "stiff", "seats": "one"}
    chosen = sm.options(raw)
    assert {k: chosen[k] for k in raw} == raw
    assert sm.options({**raw, "preset": "competitive"}) == sm.DEFAULTS
    assert sm.options({"preset": "custom", "day": "forever"})["day"] == "standard"
    state = sm.new(1, "custom", 0.0, raw)
    assert state["stages"] == timetable.stages(1, "long") and any(homeoffice.name(c) == "Tie-up"
                                                                 for c in state["deck"] + state["hands"][0])
    with pytest.raises(Illegal, match="nobody to beat"):
        sm.new(1, "custom", 0.0, {**raw, "scoring": "each"})


# -- words a player reads ------------------------------------------------------------------------

SECTION = re.compile(r"§|\b[Ss]ection \d|\b[Rr]ules? \d|\b\d+\.\d+\b")


def test_no_rule_section_numbers_in_anything_a_player_reads():
    said = list(strings(sm.options_schema)) + [q["label"] for q in presets.QUESTIONS]
    said += list(homeoffice.TEXT.values())

    def watch(state):
        for seat in [None, *range(state["n"])]:
            said.extend(strings(sm.view(state, seat)))

    play_out(3, "words", {"preset": "cutthroat"}, ["easy", "medium", "hard"], watch)
    state = table(2, cards=["Plains", "Heavy Grade", "Interchange"], trains=[put(51, "freight", card=0, left=2)])
    for action in ({"type": "couple", "train": 99}, {"type": "lay", "card": "Brakeman-0", "on": 0},
                   {"type": "extra", "card": "nope"}, {"type": "switch", "cars": []}, {"type": "keep"}):
        with pytest.raises(Illegal) as err:
            move(state, 0, **action)
        said.append(str(err.value))
    drawing(state, 0, ["Brakeman-0", "Realignment-0", "Airbrakes-0"])
    for action in ({"type": "lay", "card": "Brakeman-0", "on": 0}, {"type": "lay", "card": "Realignment-0", "on": 0},
                   {"type": "lay", "card": "Airbrakes-0", "on": 1}, {"type": "couple", "train": 51, "cars": ["x"]}):
        with pytest.raises(Illegal) as err:
            move(state, 0, **action)
        said.append(str(err.value))
    said.append(DOCS.read_text())
    assert len(said) > 1000
    offenders = [s for s in said if SECTION.search(s)]
    assert not offenders, offenders[:3]


def test_the_rules_page_says_it_is_our_design():
    text = DOCS.read_text()
    assert "our design" in text and "(ours)" in text
