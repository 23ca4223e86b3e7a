"""The games' own tests, and what several of them share."""

from engine import play


def some_way_in(game, seed: str, k: int) -> tuple[dict, str]:
    """A game of two medium bots after its first k moves, and the stream
    the bot to move there is given (engine/play.py)."""
    moves = play.play(game, ["medium", "medium"], seed).moves[:k]
    return play.replay(game, 2, seed, None, moves), f"{seed}:{k}"
