"""Get In Line's rules: the state, the three moves, lines, the end, the view.

The state is one JSON object (see ``new``). Moves arrive through
``engine.moves.dispatch``, which ticks, refuses a move out of turn or of an
unknown type, and plays the move on the state itself; every function here
either raises ``Illegal`` with a sentence a player can act on, before it
changes anything, or changes the state.
Rules marked "ours" are the engine's where the published rules say nothing
(games/get_in_line/README.md lists them).
"""

from __future__ import annotations

from itertools import combinations, compress, repeat
from operator import is_

from engine import deck, log, moves, rounds
from engine.contract import Illegal

from .board import (
    ALIKE,
    CARDS,
    CORNERS,
    DIRECTIONS,
    LAYOUT,
    RUN,
    SIZE,
    SPACES,
    face,
    is_jack,
    one_eyed,
    say,
    sort_hand,
    two_eyed,
)

slug = "get-in-line"
title = "Get In Line"

# Cards dealt to each seat, by the size of the table (the published rules).
HAND = {2: 7, 3: 6, 4: 6, 6: 5, 8: 4, 9: 4, 10: 3, 12: 3}
TEAMS = (2, 3)
TEAM_NAMES = ("Blue", "Orange", "Green")
DEFAULTS = {"teams": 2, "bot_pace": "brisk"}
MAX_TURNS = 1000  # the ceiling (ours): no real game comes near it

REFUSE_SIZE = ("Get In Line needs teams of the same size: play with 2, 3, 4, 6, 8, 9, 10 or 12. "
               "Add a bot or remove a seat.")


# -- the table -------------------------------------------------------------

def options(raw: dict | None) -> dict:
    """A table's settings, from whatever the host asked for: teams 2 or 3
    (it matters only at 6 and 12 seats) and the bots' pace."""
    return {
        "teams": moves.choice(raw, "teams", TEAMS, DEFAULTS["teams"]),
        "bot_pace": moves.choice(raw, "bot_pace", tuple(moves.BOT_PACE), DEFAULTS["bot_pace"]),
    }


def team_count(players: int, wanted: int = 2) -> int:
    """How many teams `players` split into (equal teams, at most three): three
    when they must (3, 9), two when they must, the host's choice at six and
    twelve."""
    if players % 2 and players % 3 == 0:
        return 3
    if players % 3:
        return 2
    return wanted if wanted in TEAMS else 2


def team(state: dict, seat: int) -> int:
    """A seat's team: seats alternate round the table."""
    return seat % state["teams"]


def new(players: int, seed: str, now: float, settings: dict | None = None) -> dict:
    """A fresh game: two decks shuffled by the seed, dealt one card at a time
    round the table, and the first player chosen by the seed."""
    if not isinstance(players, int) or isinstance(players, bool) or players not in HAND:
        raise Illegal(REFUSE_SIZE)
    rules = options(settings)
    teams = team_count(players, rules["teams"])
    stock = deck.shuffled(deck.build(2, 0), f"{seed}:0")
    hands: list[list[str]] = [[] for _ in range(players)]
    for _ in range(HAND[players]):
        for s in range(players):
            hands[s].append(stock.pop())
    first = deck.seed_number(seed) % players
    state = {
        "game": slug, "n": players, "seed": seed, "teams": teams,
        "target": 2 if teams == 2 else 1,
        "rules": {"teams": rules["teams"]}, "_pace": moves.BOT_PACE[rules["bot_pace"]],
        "seq": 0, "logged": 0, "events": [],
        "hands": hands, "stock": stock, "discards": [], "shuffles": 0,
        "chips": [None] * (SIZE * SIZE), "lines": [],
        "phase": "play", "first": first, "turn": first, "turns": 0, "traded": False, "passes": 0,
        "last": None, "winner": None, "outcome": None,
        **rounds.fresh(players),
    }
    log.event(state, "start", first=first, teams=teams, target=state["target"])
    return state


# -- where a card can go -----------------------------------------------------

def locked(state: dict) -> set[int]:
    """Spaces in a completed line (any team's): a one-eyed jack can't touch
    them."""
    return {p for line in state["lines"] for p in line["cells"]}


def targets(state: dict, team: int, card: str) -> list[int]:
    """Where this card can go now: its open spaces (a natural card), any open
    space (a two-eyed jack), or the chips it can take off (a one-eyed jack).
    The one definition, shared by the moves, the view and the bots."""
    chips = state["chips"]
    spaces = NATURAL_SPACES.get(card)
    if spaces is not None:
        return [p for p in spaces if chips[p] is None]
    if two_eyed(card):
        # (Each seat's view asks at every change: the spaces are walked in C.)
        return list(compress(PLAIN, map(is_, map(chips.__getitem__, PLAIN), repeat(None))))
    if one_eyed(card):
        safe = locked(state)
        return [p for p in PLAIN if chips[p] is not None and chips[p] != team and p not in safe]
    return [p for p in SPACES.get(face(card), ()) if chips[p] is None]


PLAIN = [p for p in range(SIZE * SIZE) if p not in CORNERS]  # every space but the free corners, in order
# A natural card's two spaces, by the card itself (a jack has none here).
NATURAL_SPACES = {card: SPACES[face(card)] for card in CARDS if not is_jack(card) and face(card) in SPACES}


def dead(state: dict, card: str) -> bool:
    """A natural card whose two spaces are both taken. A jack is never dead."""
    return not is_jack(card) and dead_at(card, targets(state, 0, card))  # (a jack's spaces are not looked up)


def dead_at(card: str, spaces: list[int]) -> bool:
    """``dead``, given where the card can go (``targets``)."""
    return not spaces and not is_jack(card) and face(card) in SPACES


def counts(state: dict) -> list[int]:
    """Lines made so far, per team."""
    out = [0] * state["teams"]
    for line in state["lines"]:
        out[line["team"]] += 1
    return out


def _count(state: dict, t: int) -> int:
    return sum(1 for line in state["lines"] if line["team"] == t)


# -- lines -------------------------------------------------------------------

def _run(chips, t: int, p: int, dr: int, dc: int) -> list[int]:
    """The unbroken stretch of team t's spaces through p in one direction (a
    free corner counts for everyone), in order, as the runs of five read."""

    def own(q: int) -> bool:
        return q in CORNERS or chips[q] == t

    r, c = divmod(p, SIZE)
    while 0 <= r - dr < SIZE and 0 <= c - dc < SIZE and own((r - dr) * SIZE + c - dc):
        r, c = r - dr, c - dc
    out = []
    while 0 <= r < SIZE and 0 <= c < SIZE and own(r * SIZE + c):
        out.append(r * SIZE + c)
        r, c = r + dr, c + dc
    return out


def _lines(state: dict, t: int, p: int) -> tuple[list[list[int]], list[list[int]]]:
    """What a chip of team t on space p does to t's lines, as (new, dropped).

    Along each direction, an unbroken stretch of n spaces holds (n - 1) // 4
    lines at most, since two may share only one space: nine in a row is two,
    six is one. Lines already made stay; if the stretch can hold more only
    when they're set differently (five from the middle, then four more round
    it), the stretch's lines are laid again to take in every chip they
    covered, and the ones that were are `dropped`."""
    chips = state["chips"]
    have = [line["cells"] for line in state["lines"] if line["team"] == t]
    made: list[list[int]] = []
    dropped: list[list[int]] = []
    for dr, dc in DIRECTIONS:
        run = _run(chips, t, p, dr, dc)
        n = len(run)
        if n < RUN:
            continue
        spaces = set(run)
        inside = [cells for cells in have if set(cells) <= spaces]
        fixed = {run.index(cells[0]) for cells in inside}
        want = (n - 1) // (RUN - 1)
        if len(fixed) >= want:
            continue

        def covers(starts, run=run) -> set[int]:
            return {q for s in starts for q in run[s:s + RUN]}

        every = [c for c in combinations(range(n - RUN + 1), want)
                 if all(b - a >= RUN - 1 for a, b in zip(c, c[1:]))]
        every.sort(key=lambda c: p not in covers(c))  # (the lines this chip makes, if it can)
        held = {q for cells in inside for q in cells}
        pick = next((c for c in every if fixed <= set(c)), None) or next((c for c in every if held <= covers(c)), None)
        if pick is None:
            continue
        laid = [run[s:s + RUN] for s in pick]
        dropped += [cells for cells in inside if cells not in laid]
        made += [cells for cells in laid if cells not in inside]
    return made, dropped


# -- moves -------------------------------------------------------------------

def _mine(state: dict, seat) -> None:
    if state["phase"] != "play":
        raise Illegal("This game is over.")
    if state["turn"] != seat:
        raise Illegal("It's not your turn.")


def _held(state: dict, seat: int, card) -> list[str]:
    hand = state["hands"][seat]
    if not isinstance(card, str) or card not in hand:
        raise Illegal("Play a card from your own hand.")
    return hand


def _why_not(state: dict, t: int, card: str, space: int) -> str:
    """Why this card can't go on this space, as a sentence."""
    chips = state["chips"]
    shown = LAYOUT[space]
    if one_eyed(card):
        if chips[space] is None:
            return "A one-eyed jack takes a chip off, and that space has none."
        if chips[space] == t:
            return "That's your team's chip: a one-eyed jack takes off another team's."
        return "That chip is part of a line, so it stays."
    if space in CORNERS:
        return "The corners are free spaces for every team, so no chip goes there."
    if two_eyed(card):
        return "A two-eyed jack goes on an open space, and that one's taken."
    if shown != face(card):
        return f"That's the {say(shown)}, not the {say(card)}."
    if dead(state, card):
        return f"Both {say(card)} spaces are taken, so that card is dead: trade it in."
    return f"That {say(card)} already has a chip on it: play the other one."


def _draw(state: dict, seat: int) -> None:
    """The seat draws one card. When the stock runs out, the discards are
    shuffled into a new stock with a seed derived from the game's (ours)."""
    if not state["stock"]:
        if not state["discards"]:
            return
        state["shuffles"] += 1
        state["stock"] = deck.shuffled(state["discards"], f"{state['seed']}:{state['shuffles']}")
        state["discards"] = []
        log.event(state, "reshuffle", shuffles=state["shuffles"], cards=len(state["stock"]))
    state["hands"][seat].append(state["stock"].pop())


def _next(state: dict, now: float) -> None:
    """The turn passes to the left; the ceiling (ours) ends a game that has
    run MAX_TURNS turns."""
    state["turns"] += 1
    state["turn"] = (state["turn"] + 1) % state["n"]
    state["traded"] = False
    if state["turns"] >= MAX_TURNS:
        _stuck(state, "long")


def _stuck(state: dict, how: str) -> None:
    """A game that can't go on: the team with most lines wins, else a draw."""
    lines = counts(state)
    best = max(lines)
    leaders = [t for t, k in enumerate(lines) if k == best]
    _finish(state, leaders[0] if len(leaders) == 1 else None, how)


def _finish(state: dict, winner, how: str) -> None:
    lines = counts(state)
    if how != "long":
        state["turns"] += 1  # (the turn that ended it counts; a ceiling's already counted)
    state["winner"] = winner
    state["outcome"] = {"winner": winner, "how": how, "lines": lines, "turns": state["turns"]}
    state["turn"] = None
    state["traded"] = False
    log.event(state, "won" if winner is not None else "drawn", team=winner, how=how, lines=lines)
    rounds.score(state, [lines[team(state, s)] for s in range(state["n"])])
    rounds.end(state, last=True)


def play(state: dict, seat: int, action: dict, now: float) -> None:
    """Play a card: a chip on one of its spaces (a one-eyed jack: a chip
    off), then draw."""
    _mine(state, seat)
    card = action.get("card")
    hand = _held(state, seat, card)
    space = action.get("space")
    if not isinstance(space, int) or isinstance(space, bool) or not 0 <= space < SIZE * SIZE:
        raise Illegal("Pick a space on the board.")
    mine = team(state, seat)
    if space not in targets(state, mine, card):
        raise Illegal(_why_not(state, mine, card, space))
    hand.remove(card)
    state["discards"].append(card)
    chips = state["chips"]
    if one_eyed(card):
        gone = chips[space]
        chips[space] = None
        state["last"] = {"seat": seat, "card": face(card), "space": space, "kind": "remove", "team": gone}
        log.event(state, "remove", seat=seat, card=card, space=space, team=gone)
    else:
        chips[space] = mine
        state["last"] = {"seat": seat, "card": face(card), "space": space, "kind": "place", "team": mine}
        log.event(state, "play", seat=seat, card=card, space=space, team=mine)
        made, dropped = _lines(state, mine, space)
        for cells in dropped:
            state["lines"].remove({"team": mine, "cells": cells})
        for k, cells in enumerate(made):
            state["lines"].append({"team": mine, "cells": cells})
            # (A line laid again in another place isn't news: only a new one is.)
            if k >= len(dropped):
                log.event(state, "line", team=mine, seat=seat, cells=cells, count=_count(state, mine))
        if made and _count(state, mine) >= state["target"]:
            _draw(state, seat)  # (the winning turn still draws)
            return _finish(state, mine, "lines")
    _draw(state, seat)
    state["passes"] = 0
    if all(c is not None for p, c in enumerate(chips) if p not in CORNERS):
        return _stuck(state, "full")
    _next(state, now)


def trade(state: dict, seat: int, action: dict, now: float) -> None:
    """Trade in a dead card for a new one, once a turn. The turn goes on."""
    _mine(state, seat)
    card = action.get("card")
    hand = _held(state, seat, card)
    if is_jack(card):
        raise Illegal("A jack is never dead, so it can't be traded in.")
    if not dead(state, card):
        raise Illegal(f"Only a dead card can be traded in, and the {say(card)} still has an open space.")
    if state["traded"]:
        raise Illegal("You've already traded in a card this turn: play a card, or pass if none can play.")
    hand.remove(card)
    state["discards"].append(card)
    state["traded"] = True
    log.event(state, "trade", seat=seat, card=card)
    _draw(state, seat)


def pass_(state: dict, seat: int, action: dict, now: float) -> None:
    """Pass (ours): only when nothing in the hand can play, and after trading
    a dead card in if there is one. Everyone passing in turn ends the game."""
    _mine(state, seat)
    mine = team(state, seat)
    hand = state["hands"][seat]
    if any(targets(state, mine, c) for c in hand):
        raise Illegal("You have a card that can play, so you can't pass.")
    if not state["traded"] and any(dead(state, c) for c in hand):
        raise Illegal("Trade in your dead card first: the new one might play.")
    state["passes"] += 1
    log.event(state, "pass", seat=seat)
    if state["passes"] >= state["n"]:
        return _stuck(state, "passed")
    _next(state, now)


MOVES = {"play": play, "trade": trade, "pass": pass_}


# -- what the table service asks ---------------------------------------------

def deciding(state: dict) -> list[tuple[int, str, str]]:
    """The one seat deciding: whoever's turn it is (a trade-in is part of the
    same decision's turn, but a new key, since the hand changed)."""
    if state["phase"] != "play" or state["turn"] is None:
        return []
    return [(state["turn"], "play", f"turn{state['turns']}-{int(state['traded'])}")]


def choices(state: dict, seat) -> dict:
    """What this seat may do now, the one definition the view, ``legal``,
    ``fallback`` and so the bots share: its hand (sorted as shown), where each
    card can go (``targets``), its dead cards, and which of play, trade and
    pass it may make. Only the seat's own hand and the public board count."""
    mine = team(state, seat) if seat is not None else None
    hand = sort_hand(state["hands"][seat]) if seat is not None else None
    my_turn = seat is not None and state["phase"] == "play" and state["turn"] == seat
    where, deads = {}, []
    if hand is not None:
        # Cards that go alike (one face from either deck, or two jacks of
        # one kind) are looked up once: every change at a table builds each
        # seat's view, and a hand often holds a pair.
        alike: dict[str, list[int]] = {}
        for c in hand:
            kind = ALIKE[c]
            if kind not in alike:
                alike[kind] = targets(state, mine, c)
            where[c] = list(alike[kind])
            if dead_at(c, where[c]):
                deads.append(c)
    playable = my_turn and any(where.values())
    return {
        "team": mine, "hand": hand, "where": where, "dead": deads,
        "can": {
            "play": bool(playable),
            "trade": bool(my_turn and deads and not state["traded"]),
            "pass": bool(my_turn and not playable and (state["traded"] or not deads)),
        },
    }


def legal(state: dict, seat) -> list[dict]:
    """Every move this seat may make now, from ``choices``: each dead card
    it may trade in, each card on each space it can go (``targets``), or the
    pass. Empty for a seat whose turn it isn't. A two-eyed jack alone lists
    every open space, so a hand's list can run to a few hundred moves."""
    c = choices(state, seat)
    can = c["can"]
    out: list[dict] = []
    if can["trade"]:
        out += [{"type": "trade", "card": card} for card in c["dead"]]
    if can["play"]:
        out += [{"type": "play", "card": card, "space": p} for card in c["hand"] for p in c["where"][card]]
    if can["pass"]:
        out.append({"type": "pass"})
    return out


def fallback(state: dict, seat: int) -> dict:
    """An always-legal move, the first of ``legal``: trade a dead card, else
    play the first card that can go somewhere on its first space, else pass."""
    listed = legal(state, seat)
    return listed[0] if listed else {"type": "pass"}


def sentence(action: dict) -> str:
    """A move as a player reads it: "Play your 7♥ on the 7♥ in row 5,
    column 9.", "Trade in your dead 5♣ for a new card.", "Pass: nothing in
    your hand can play." (The contract's ``say``.)"""
    kind = action.get("type")
    card = action.get("card")
    if kind == "pass":
        return "Pass: nothing in your hand can play."
    if kind == "trade":
        return f"Trade in your dead {say(card)} for a new card."
    space = action.get("space")
    r, c = divmod(space, SIZE)
    at = f"the {say(LAYOUT[space])} in row {r + 1}, column {c + 1}"
    if one_eyed(card):
        return f"Take the chip off {at} with your one-eyed jack ({say(card)})."
    if two_eyed(card):
        return f"Put your chip on {at} with your two-eyed jack ({say(card)})."
    return f"Play your {say(card)} on {at}."


def result(state: dict) -> dict | None:
    """None while playing; then each seat's score (its team's lines, kept by
    rounds as one round) and its place, its team's rank by lines: with three
    teams the two that made none share second."""
    out = rounds.result(state)
    if out is None:
        return None
    ranks = rounds.places(state["outcome"]["lines"])
    out["places"] = [ranks[team(state, s)] for s in range(state["n"])]
    return out


def team_of(state: dict | None, n: int, settings: dict | None = None) -> list[int]:
    """Which team each seat plays for: seat % teams."""
    teams = state["teams"] if state is not None else team_count(n, options(settings)["teams"])
    return [s % teams for s in range(n)]


def view(state: dict, seat) -> dict:
    """What one seat (None: a spectator) may know. The seat's own hand is the
    only secret it is shown; nobody else's ever appears."""
    n, teams = state["n"], state["teams"]
    c = choices(state, seat)
    mine, hand = c["team"], c["hand"]
    return {
        "game": slug, "seq": state["seq"], "n": n, "seat": seat,
        "team": mine, "teams": teams, "team_of": [s % teams for s in range(n)], "names": list(TEAM_NAMES[:teams]),
        "target": state["target"], "rules": dict(state["rules"]),
        "layout": list(LAYOUT), "chips": list(state["chips"]),
        "lines": [{"team": line["team"], "cells": list(line["cells"])} for line in state["lines"]],
        "made": counts(state),
        "phase": state["phase"], "turn": state["turn"], "turns": state["turns"], "first": state["first"],
        "traded": state["traded"], "passes": state["passes"],
        "mine": hand, "sizes": [len(h) for h in state["hands"]],
        "stock": len(state["stock"]), "discards": list(state["discards"]),
        "where": c["where"], "dead": c["dead"], "can": c["can"],
        "last": dict(state["last"]) if state["last"] else None,
        "winner": state["winner"], "outcome": dict(state["outcome"]) if state["outcome"] else None,
        "events": log.recent(state, seat),
    }
