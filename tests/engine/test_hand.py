"""Every game's ``hand(view)`` (a replay's every hand face up) lists the
cards the view's seat holds, no more and no fewer, at every point of a game
bots play, and nothing for a watcher."""

import pytest

from engine import play, registry


def held(card) -> str:
    """A card as the state keeps it (a game's own cards come with their names)."""
    return card["card"] if isinstance(card, dict) else card


@pytest.mark.parametrize("slug", ["high-card", "euchre", "get-in-line", "line", "station-master"])
def test_a_seats_hand_as_a_replay_shows_it_face_up_is_the_hand_it_holds(slug):
    game = registry.get(slug)
    n = max(2, game.sizes[0])
    played = play.play(game, ["easy"] * n, "hands", game.options({}))
    for k, state in enumerate(play.states(game, n, "hands", game.options({}), played.moves)):
        if k % 7:
            continue
        for seat in range(n):
            assert sorted(held(c) for c in game.hand(game.view(state, seat))) == sorted(state["hands"][seat]), (k, seat)
        assert game.hand(game.view(state, None)) == []
