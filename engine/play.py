"""The one loop that plays a seeded game with bots, move by move through
``moves.dispatch``: the strength tools, the benchmarks, the contract tests
and the rating anchors all play their games here, so a game played by any of
them is one a table could have played, and replays from its seed and moves.

A bot decides from its seat's view alone (``bot_move``); a move a bot gets
wrong is replaced by the game's fallback, as at a table."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .contract import Illegal
from .moves import dispatch, plain_copy

MOST_MOVES = 20000  # no game needs more: a game that does has a loop in its rules


def bot_move(game, state: dict, seat: int, level: str, rng) -> dict:
    """The move a bot at ``level`` makes for ``seat``, from that seat's view
    alone. The view is not copied: it is built afresh, sharing nothing with
    the state but the log's entries, which never change, and no bot changes
    what it reads (the contract suite holds every game and level to both; a
    copy was a fifth of a bot's decision)."""
    return game.bots.choose(game.view(state, seat), level, rng)


def random_move(game, state: dict, seat: int, level: str, rng) -> dict:
    """Any one of the seat's legal moves, at random: the playout of the
    benchmarks, and a bot that knows nothing but the rules."""
    return rng.choice(game.legal(state, seat))


def fallback(game, state: dict, seat: int) -> dict:
    """The game's always-legal move for a seat, or by default the first of
    its legal moves."""
    return game.fallback(plain_copy(state), seat)


@dataclass
class Played:
    """A game played to its end: what it started from, each move as
    ``(seat, action, by)`` (by is "bot" or "fallback"), and the final state."""

    n: int
    seed: str
    settings: dict | None
    levels: list
    moves: list = field(default_factory=list)
    final: dict | None = None


def play(game, levels: list, seed: str, settings: dict | None = None, *, bot=bot_move, pick=None, watch=None,
         most: int = MOST_MOVES, until=None) -> Played:
    """Play a fresh game for ``len(levels)`` seats, seat ``s`` a bot at
    ``levels[s]``, to its result. Move ``k`` is made at time ``k + 1`` with
    its bot's rng seeded ``"{seed}:{k}"``, so the same call plays the same
    game on any machine.

    ``bot(game, state, seat, level, rng)`` makes each decision (``bot_move``
    by default; ``random_move`` for playouts). ``pick(seats, k)`` chooses
    which of several deciding seats moves first (the lowest by default).
    ``watch(state, seat, action, k)`` is told of each move before it is made,
    with the state it is made on (to time, record or check; it must not
    change the state). ``until(state)``, when given, stops the game early,
    at the first state it holds for (``final`` is then that state, a game
    dealt and played to a moment a page or a test is to show)."""
    state = game.new(len(levels), seed, 0.0, settings)
    played = Played(len(levels), seed, settings, list(levels))
    for k in range(most):
        if game.result(state) is not None or (until is not None and until(state)):
            played.final = state
            return played
        seats = sorted({seat for seat, _kind, _key in game.deciding(state)})
        if not seats:
            raise AssertionError(f"{game.slug} {seed}: nobody is deciding but the game is not over (move {k})")
        seat = seats[0] if pick is None else pick(seats, k)
        action, by = bot(game, state, seat, levels[seat], random.Random(f"{seed}:{k}")), "bot"
        if watch is not None:
            watch(state, seat, action, k)
        try:
            dispatch(game, state, seat, action, float(k + 1))
        except Illegal:
            action, by = fallback(game, state, seat), "fallback"
            dispatch(game, state, seat, action, float(k + 1))
        played.moves.append((seat, action, by))
    raise AssertionError(f"{game.slug} {seed}: no result after {most} moves")


def states(game, n: int, seed: str, settings: dict | None, moves: list, times: list | None = None):
    """The state of a game from its seed and its moves ``(seat, action,
    ...)``: the fresh one, then after each move in turn (one dict, changed
    in place). Move ``k`` is made at the time ``play`` made it, or at
    ``times[k]`` (a table's game, at the times its moves were made)."""
    state = game.new(n, seed, 0.0, settings)
    yield state
    for k, (seat, action, *_by) in enumerate(moves):
        dispatch(game, state, seat, plain_copy(action), float(k + 1) if times is None else times[k])
        yield state


def replay(game, n: int, seed: str, settings: dict | None, moves: list, times: list | None = None) -> dict:
    """The state a game reaches from its seed and its moves (``states``)."""
    *_, state = states(game, n, seed, settings, moves, times)
    return state
