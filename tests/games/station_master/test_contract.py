"""The contract suite on Station Master: one table size for each preset.
Scrambling re-deals every secret a seat must not see: the other seats'
Home Office cards, the face-down Home Office deck and the face-down
waybill pile."""

import copy
import random
from collections import Counter

import games.station_master as station_master
from engine import play
from games.station_master import homeoffice, timetable
from tests.table_contract import TableGameContract, chi_square_critical


def scramble_secrets(state, keep, rng):
    others = [s for s in range(state["n"]) if s != keep]
    pool = [c for s in others for c in state["hands"][s]] + list(state["deck"])
    rng.shuffle(pool)
    for s in others:
        size = len(state["hands"][s])
        state["hands"][s], pool = pool[:size], pool[size:]
        if state["drawn"][s] is not None:
            state["drawn"][s] = state["hands"][s][-1] if state["hands"][s] else None
    state["deck"] = pool
    # Each face-down waybill gets another's destination, so the pile
    # changes even when it holds one card.
    ids = [b.split(":")[0] for b in state["waybills"]]
    tos = [b.split(":")[1] for b in state["waybills"]]
    rng.shuffle(ids)
    rng.shuffle(tos)
    if len(tos) == 1:
        tos = [{"W": "E", "E": "W", "w": "e", "e": "w"}[tos[0]]]
    state["waybills"] = [f"{i}:{to}" for i, to in zip(ids, tos)]


def secrets_of(state, seat):
    hidden = {c for s, hand in enumerate(state["hands"]) if s != seat for c in hand}
    hidden |= set(state["deck"])
    hidden |= {b.split(":")[0] for b in state["waybills"]}
    return hidden


class StationMasterContract(TableGameContract):
    # A smaller table has a longer day (more Stages, so more steps): each
    # table checks every k-th step, about as many states in every game.
    game = station_master
    games_per_level = 1
    check_every = 5
    refused_states = 3  # an Office's turn asks many different things: a few states of each

    def scramble(self, state, keep, rng):
        scramble_secrets(state, keep, rng)

    def hidden(self, state, seat):
        return secrets_of(state, seat)

    def places(self, state, keep):
        out = {f"hand {s}": list(hand) for s, hand in enumerate(state["hands"]) if s != keep}
        out["deck"] = list(state["deck"])
        return out


class TestCompetitiveContract(StationMasterContract):
    sizes = (3,)
    check_every = 4
    settings = [{}]


class TestSolitaireContract(StationMasterContract):
    sizes = (1,)
    settings = [{"preset": "solitaire"}]


class TestCoopContract(StationMasterContract):
    sizes = (2,)
    settings = [{"preset": "co-op"}]
    check_every = 5


class TestCutthroatContract(StationMasterContract):
    sizes = (4,)
    settings = [{"preset": "cutthroat"}]
    check_every = 8


def test_a_world_bills_the_waybills_still_to_come_by_the_public_mix_and_numbers_them_as_the_pile_does():
    steps = []
    play.play(station_master, ["medium"] * 2, "waybills",
              watch=lambda s, seat, a, k: steps.append((copy.deepcopy(s), seat)) if k == 30 else None)
    state, seat = steps[0]
    v = station_master.view(state, seat)
    tos = Counter()
    for k in range(300):
        world = station_master.determinize(v, random.Random(k))
        assert [b.split(":")[0] for b in world["waybills"]] == [b.split(":")[0] for b in state["waybills"]]
        tos.update(b.split(":")[1] for b in world["waybills"])
    total = sum(tos.values())
    mix = dict(timetable.WAYBILL_MIX)
    chi = sum((tos[to] - total * k / 10) ** 2 / (total * k / 10) for to, k in mix.items())
    assert set(tos) == set(mix) and chi < chi_square_critical(3)


def test_the_view_shows_the_discards_and_the_cards_out_of_the_day_and_nothing_else_face_up():
    def check(state, seat, action, k):
        if k % 7:
            return
        v = station_master.view(state, seat)
        hidden = [c for h in state["hands"] for c in h] + state["deck"]
        assert sorted(hidden + v["discards"] + v["out"]) == sorted(homeoffice.contents(state["n"], state["rules"]["hinder"] == "yes"))
        assert v["discards"] == state["discard"] and v["moveNo"] == state["moveNo"]

    play.play(station_master, ["hard"] * 4, "face-up", {"preset": "cutthroat"}, watch=check)
