"""The contract suite proven on High Card, the test-only game."""

import tests.highcard as highcard
from engine import deck
from tests.table_contract import TableGameContract


class TestHighCardContract(TableGameContract):
    game = highcard

    def scramble(self, state, keep, rng):
        others = [s for s in range(state["n"]) if s != keep]
        pool = [c for s in others for c in state["hands"][s]]
        rng.shuffle(pool)
        for s in others:
            size = len(state["hands"][s])
            state["hands"][s], pool = pool[:size], pool[size:]

    def hidden(self, state, seat):
        return {c for s, hand in enumerate(state["hands"]) if s != seat for c in hand}

    def places(self, state, keep):
        # The cards not dealt this deal are a place too: a seat cannot tell
        # them from another's hand.
        out = {f"hand {s}": list(hand) for s, hand in enumerate(state["hands"]) if s != keep}
        gone = set(highcard.played(state)) | {c for hand in state["hands"] for c in hand}
        out["undealt"] = [c for c in deck.build(1, ranks=highcard.RANKS) if c not in gone]
        return out
