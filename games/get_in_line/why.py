"""A Get In Line hint in words: the move as the table says it (a card
played on a space in the contract's own sentence, "Trade in your 5♣",
"Pass"), then what it does for you, read from your team's side of the
board (``policy.Board``, the runs of five the bots count): a line made, the
game won, another team's four blocked or broken, a four of your own left
with its fifth space open, a run built."""

from __future__ import annotations

from engine.why import NUMBERS, sentence

from . import policy
from .board import CORNERS, RUN, THROUGH, WINDOWS, one_eyed, say
from .rules import TEAM_NAMES, _lines
from .rules import sentence as said


def reason(v: dict, move: dict) -> str:
    """The hint's sentence for ``move``, one of the moves ``v`` offers."""
    kind = move["type"]
    if kind == "pass":
        does = "nothing in your hand can play, so you let your turn go by"
    elif kind == "trade":
        does = "both its spaces are taken, so it can never play, and you draw a new card for it"
    else:
        board = policy.Board(v)
        does = _remove(v, board, move["space"]) if one_eyed(move["card"]) else _place(v, board, move["space"])
    return sentence(label(v, move), does)


def label(v: dict, move: dict) -> str:
    """The move as the table shows it: the Pass and Trade in buttons, or
    the card and the space in the contract's sentence."""
    if move["type"] == "pass":
        return "Pass"
    if move["type"] == "trade":
        return f"Trade in your {say(move['card'])}"
    return said(move)


def _team(v: dict, t: int) -> str:
    names = v.get("names") or TEAM_NAMES
    return names[t]


def _run(board: policy.Board, t: int, p: int, chips: list) -> int:
    """The most of a run of five through space p that team t holds (free
    corners counting), among the runs nobody else has a chip in."""
    best = 0
    for i in THROUGH[p]:
        if not board.viable[t][i]:
            continue
        cnt = board._counts(WINDOWS[i], chips)
        if sum(cnt) != cnt[t]:
            continue
        best = max(best, cnt[t] + sum(1 for q in WINDOWS[i] if q in CORNERS))
    return best


def _place(v: dict, board: policy.Board, p: int) -> str:
    me, gaps = board.me, board.gaps()
    chips = list(board.chips)
    chips[p] = me
    if p in gaps[me].values():
        made, dropped = _lines({"chips": chips, "lines": board.lines}, me, p)
        if board.made[me] + len(made) - len(dropped) >= board.target:
            return "it makes your line, and that wins you the game"
        return "it makes you a line"
    blocked = [t for t in range(board.teams) if t != me and p in gaps[t].values()]
    if blocked:
        t = blocked[0]
        wins = board.made[t] + 1 >= board.target
        then = "the line that would win them the game" if wins else "so they can't finish that line"
        return f"it blocks {_team(v, t)}'s four, {then}"
    after = policy.Board({**v, "chips": chips})
    mine = set(after.gaps()[me].values())
    if len(mine) >= 2 and mine - set(gaps[me].values()):
        return "it leaves you two open spaces that would each make a line, and they can block only one"
    held = _run(after, me, p, chips)
    if held == RUN - 1:
        return "it gives you four of a line with the fifth space still open"
    spoilt, t = max(((_run(board, t, p, board.chips), t) for t in range(board.teams) if t != me), default=(0, me))
    if spoilt >= 3:
        return f"it cuts into {_team(v, t)}'s run of {NUMBERS[spoilt]} before it grows into a four"
    if held >= 2:
        return f"it builds your run to {NUMBERS[held]} in a row toward a line"
    return "it claims a space where you can still build a line"


def _remove(v: dict, board: policy.Board, p: int) -> str:
    t = board.chips[p]
    name = _team(v, t)
    if any(i in board.gaps()[t] for i in THROUGH[p]):
        return f"it breaks {name}'s four, so they can't finish that line"
    chips = list(board.chips)
    chips[p] = None
    run = _run(board, t, p, chips) + 1
    if run >= 3:
        return f"it breaks up {name}'s run of {NUMBERS[run]}, and the space is open to you"
    return f"it takes one of {name}'s chips out of a run you can use yourself"
