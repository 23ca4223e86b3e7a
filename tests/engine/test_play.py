"""engine/play.py, the one loop every tool, benchmark and the contract suite
play their games through, proven on High Card."""

import json
import types

import tests.highcard as highcard
from engine import play
from engine.contract import completed


def _dump(state) -> str:
    return json.dumps(state, sort_keys=True)


def test_a_seeded_game_is_the_same_game_every_time_and_replays_from_its_moves():
    a = play.play(highcard, ["easy", "medium", "hard"], "loop")
    b = play.play(highcard, ["easy", "medium", "hard"], "loop")
    assert highcard.result(a.final) is not None and a.moves == b.moves and _dump(a.final) == _dump(b.final)
    assert all(by == "bot" for _seat, _action, by in a.moves)
    assert _dump(play.replay(highcard, 3, "loop", None, a.moves)) == _dump(a.final)
    assert a.final["seq"] == len(a.moves)


def test_until_stops_the_same_game_at_the_first_moment_asked_for():
    whole = play.play(highcard, ["easy", "easy"], "until")
    part = play.play(highcard, ["easy", "easy"], "until", until=lambda s: s["seq"] == 5)
    assert highcard.result(part.final) is None and part.final["seq"] == 5
    assert part.moves == whole.moves[:5]
    assert _dump(play.replay(highcard, 2, "until", None, part.moves)) == _dump(part.final)


def test_the_hooks_decide_pick_and_watch():
    asked, watched = [], []

    def bot(game, state, seat, level, rng):
        asked.append((seat, level))
        return play.random_move(game, state, seat, level, rng)

    def pick(seats, k):
        return seats[-1]  # the highest of several deciding seats (after each deal, everyone readies)

    def watch(state, seat, action, k):
        assert state["seq"] == k  # told before the move is made
        watched.append((seat, action))

    p = play.play(highcard, ["x", "y"], "hooks", bot=bot, pick=pick, watch=watch)
    assert watched == [(seat, action) for seat, action, _by in p.moves]
    assert {level for _seat, level in asked} == {"x", "y"}
    readies = [seat for seat, action, _by in p.moves if action["type"] == "ready"]
    assert readies[:2] == [1, 0]  # pick chose seat 1 first


def test_a_refused_bot_move_is_replaced_by_the_fallback():
    def wrong(game, state, seat, level, rng):
        return {"type": "play", "card": "nothing"}

    p = play.play(highcard, ["easy", "easy"], "refused", bot=wrong)
    assert highcard.result(p.final) is not None
    assert all(by == "fallback" for _seat, _action, by in p.moves)


def test_without_a_fallback_of_its_own_a_game_falls_back_to_the_first_legal_move():
    # (its default filled in where the registry loads a game)
    bare = completed(types.SimpleNamespace(**{k: getattr(highcard, k) for k in ("legal", "view")},
                                           bots=types.SimpleNamespace(choose=highcard.bots.choose)))
    state = highcard.new(2, "bare", 0.0)
    seat = state["turn"]
    assert play.fallback(bare, state, seat) == highcard.legal(state, seat)[0]


def test_a_bot_sees_a_copy_of_its_seats_view_only():
    seen = []

    def choose(view, level, rng):
        seen.append(view)
        view["mine"].clear()  # a bot that scribbles on what it was given changes nothing
        return {"type": "ready"}

    game = types.SimpleNamespace(view=highcard.view, bots=types.SimpleNamespace(choose=choose))
    state = highcard.new(2, "copy", 0.0)
    before = _dump(state)
    play.bot_move(game, state, 1, "easy", None)
    assert _dump(state) == before
    assert seen[0]["seat"] == 1 and "hands" not in seen[0]
