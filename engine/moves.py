"""The one door for a move, and the helpers every game's options use."""

from __future__ import annotations

from .contract import Illegal

# How much longer bots think at each pace (multiplies a game's bot_think).
BOT_PACE = {"brisk": 1.0, "relaxed": 1.8}


def pace_setting() -> dict:
    """The waiting room's Bot speed row (see ``options_schema``), the same at
    every game's table."""
    return {"key": "bot_pace", "label": "Bot speed", "hint": "Relaxed is easier to follow.",
            "choices": list(BOT_PACE), "labels": {"brisk": "Brisk", "relaxed": "Relaxed"}, "default": "brisk"}


def choice(raw, key: str, allowed, default):
    """The host's value for ``key`` if it is exactly one of ``allowed``
    (a bool never passes for a number), else the default."""
    if not isinstance(raw, dict) or key not in raw:
        return default
    value = raw[key]
    for ok in allowed:
        if value == ok and type(value) is type(ok):
            return ok
    return default


_SCALARS = frozenset({str, int, float, bool, type(None)})


def plain_copy(value):
    """A copy of JSON data (dicts, lists and plain values): what a state is
    made of, and several times quicker than copy.deepcopy. Plain values, most
    of a state, are taken as they are without a call each."""
    if isinstance(value, dict):
        return {k: v if type(v) in _SCALARS else plain_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [v if type(v) in _SCALARS else plain_copy(v) for v in value]
    return value


def working_copy(state: dict) -> dict:
    """A copy of a state to play on or hand to a bot. The log's entries are
    shared, not copied: an entry never changes once written (``log.event``
    only appends), and the log is most of a long game's state."""
    return {k: list(v) if k == "events" and isinstance(v, list) else plain_copy(v) for k, v in state.items()}


def deciders(game, state: dict) -> set[int]:
    return {seat for seat, _kind, _key in game.deciding(state)}


def dispatch(game, state: dict, seat: int, action, now: float) -> dict:
    """Apply one move to ``state`` itself: tick the game's clock, refuse a
    malformed move or one out of turn with a sentence, apply it, bump
    ``seq``. Nothing is copied: a refused move leaves ``state`` exactly as
    it was because every move makes each check that can refuse before its
    first change (the contract suite's refusal test holds every game to it).
    A crash in a move may leave it half made: a table's transaction undoes
    it."""
    if not isinstance(action, dict):
        raise Illegal("A move must say what it is, like {\"type\": \"pass\"}.")
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in game.MOVES:
        names = ", ".join(sorted(game.MOVES))
        raise Illegal(f"That is not a move in {game.title}; the moves are: {names}.")
    if game.result(state) is not None:
        raise Illegal("This game is over.")
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in deciders(game, state):
        raise Illegal("It's not your turn.")
    game.MOVES[kind](state, seat, action, now)
    state["seq"] = state.get("seq", 0) + 1
    return state
