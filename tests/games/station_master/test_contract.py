"""The contract suite on Station Master: one table size for each preset.
Scrambling re-deals every secret a seat must not see: the other seats'
Home Office cards, the face-down Home Office deck and the face-down
waybill pile."""

import games.station_master as station_master
from tests.table_contract import TableGameContract


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

    def scramble(self, state, keep, rng):
        scramble_secrets(state, keep, rng)

    def hidden(self, state, seat):
        return secrets_of(state, seat)


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
