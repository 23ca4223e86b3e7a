"""How a Station Master day is announced as it starts (the contract's
optional opening hook): the preset, who holds which Office and who is
Superintendent, with {n} for seat n's name, which the table fills in."""

import re

import pytest

import games.station_master as sm
from games.station_master import division


@pytest.mark.parametrize("n, preset", [(2, "co-op"), (3, "competitive"), (4, "cutthroat")])
def test_the_start_names_the_preset_every_office_and_the_superintendent(n, preset):
    state = sm.new(n, f"start-{n}", 0.0, {"preset": preset})
    said = sm.opening(state)
    label = next(p["label"] for p in sm.PRESETS if p["key"] == preset)
    assert said.startswith(f"{label}: {{0}} holds Ashford")
    for seat in range(n):
        assert f"{{{seat}}} holds {division.TOWNS[seat]}" in said
    assert said.endswith(f". {{{state['superintendent']}}} is Superintendent for the first Stage.")
    assert sm.view(state, None)["superintendent"]["seat"] == state["superintendent"]  # the board agrees


def test_solitaire_says_the_one_office_is_superintendent():
    state = sm.new(1, "start-1", 0.0, {"preset": "solitaire"})
    assert sm.opening(state) == "Solitaire: {0} runs Ashford and is Superintendent for the first Stage."


def test_the_announcement_has_no_rule_section_numbers():
    for n, preset in ((1, "solitaire"), (4, "co-op")):
        assert not re.search(r"§|\b\d+\.\d+\b", sm.opening(sm.new(n, "numbers", 0.0, {"preset": preset})))
