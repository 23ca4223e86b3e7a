"""What a Station Master game does to ratings, preset by preset (the rules
page's Results, and docs/decisions/0012): a table that scores together is
one side with nobody against it and is not rated; Offices that score for
themselves are rated against each other. Decided through the contract's
team_of, from the settings stored with the result."""

import pytest

from games import station_master
from ratings import keeper
from ratings import tables as rating_tables

SLUG = "station-master"


def person(user):
    return {"name": f"player {user}", "kind": "person", "level": "medium", "user": user, "covered": False}


def bot(level="medium"):
    return {"name": f"{level} bot", "kind": "bot", "level": level, "user": None, "covered": False}


@pytest.mark.parametrize("settings, n, sides", [
    ({"preset": "co-op"}, 3, [0, 0, 0]),
    ({"preset": "solitaire"}, 1, [0]),
    ({"preset": "competitive"}, 3, [0, 1, 2]),
    ({"preset": "cutthroat"}, 4, [0, 1, 2, 3]),
    ({"preset": "custom", "scoring": "together"}, 2, [0, 0]),
    ({"preset": "custom", "scoring": "each"}, 2, [0, 1]),
    # A preset's own answer wins over a stray one stored beside it.
    ({"preset": "co-op", "scoring": "each"}, 2, [0, 0]),
])
def test_the_sides_follow_who_scores(settings, n, sides):
    assert rating_tables.teams_of(SLUG, n, settings) == sides


def test_the_sides_from_a_game_in_play_are_the_ones_its_settings_give():
    for preset in ("co-op", "competitive"):
        state = station_master.new(3, "sides", 0.0, {"preset": preset})
        assert station_master.team_of(state, 3) == rating_tables.teams_of(SLUG, 3, {"preset": preset})


@pytest.mark.parametrize("settings, n, why", [
    ({"preset": "solitaire"}, 1, "nobody to play against"),
    ({"preset": "co-op"}, 3, "the table played together, with nobody against it"),
    ({"preset": "custom", "scoring": "together"}, 2, "the table played together, with nobody against it"),
    ({"preset": "competitive"}, 2, None),
])
def test_a_table_playing_as_one_side_says_why_it_is_never_rated(settings, n, why):
    assert rating_tables.one_side(SLUG, n, settings) == why


def test_a_co_op_table_is_kept_but_nobody_is_rated():
    before = {1: (1600.0, 90.0), 2: (1450.0, 120.0)}
    out = keeper.assess(SLUG, {"preset": "co-op"}, [person(1), person(2), bot("hard")], [1, 1, 1], before)
    for o in out[:2]:
        assert not o.rated and o.why == keeper.TOGETHER and o.after == o.before == before[o.user]
    assert keeper.line(out[0]) == "not rated: the table played together, with nobody against it"


def test_a_solitaire_table_has_nobody_to_play_against():
    out = keeper.assess(SLUG, {"preset": "solitaire"}, [person(1)], [1], {1: (1500.0, 200.0)})
    assert not out[0].rated and out[0].why == keeper.ALONE and out[0].after == (1500.0, 200.0)


@pytest.mark.parametrize("preset", ["competitive", "cutthroat"])
def test_competing_offices_are_rated_against_each_other(preset):
    before = {1: (1500.0, 100.0), 2: (1500.0, 100.0)}
    out = keeper.assess(SLUG, {"preset": preset}, [person(1), bot("medium"), person(2)], [1, 2, 3], before)
    assert [o.rated for o in out] == [True, False, True]
    assert out[0].delta > 0 > out[2].delta  # first place up, last place down
    assert out[1].after == out[1].before  # a bot is never updated


def test_station_masters_bots_are_anchored_by_a_measured_run():
    measured = rating_tables.load_anchors()[SLUG]
    assert "tools/ratings/anchors.py" in measured["from"]
    levels = rating_tables.anchors(SLUG)
    assert levels["easy"] < levels["medium"] == 1500.0 < levels["hard"]
