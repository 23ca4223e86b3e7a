"""Line's game state and turns: dealing, the five moves, bonus turns, the
end, the moves a seat may make (``choices``, one list for ``legal``, the
view and the bots) and the view. Row rules live in ``rules``; this module
never decides whether a row is legal by itself.

The state (one JSON dict):

- ``grid``: 16 entries row by row, each a card or None.
- ``hands``: each seat's cards; ``pile``: the face-down draw pile (drawn
  from the end); ``discard``: the face-up discard (its top is the end).
- ``turn``: the seat to move; ``bonus``: whether this is a bonus turn.
- ``stage``: ``"play"`` (place, upgrade or shift, or draw when none is
  possible), ``"place"`` (put down the card just taken or drawn, in
  ``drawn``) or ``"discard"`` (back down to seven).
- ``phase``: ``"play"`` or ``"over"``; ``outcome`` once it is over.
"""

from __future__ import annotations

from engine import deck, log, moves
from engine.contract import Illegal

from . import rules
from .rules import HAND, SIZE, SQUARES, name

slug = "line"


# -- dealing ------------------------------------------------------------------


SIZES = (2, 3, 4)


def new(n: int, seed: str, now: float, settings=None) -> dict:
    """A fresh game for ``n`` seats, dealt from the table's seed: seven
    cards each, one at a time from the first player (who is drawn from the
    seed too), then one card turned up to start the discard."""
    if n not in SIZES:
        raise Illegal("Line is for 2, 3 or 4 players: add a bot or free a seat.")
    stock = deck.shuffled(deck.build(1, jokers=4), f"{seed}:deal")
    first = deck.Stream(f"{seed}:first").below(n)
    hands = [[] for _ in range(n)]
    for k in range(HAND * n):                      # one at a time, the first player first
        hands[(first + k) % n].append(stock.pop())
    turned = stock.pop()
    state = {
        "game": slug, "n": n, "seed": seed, "rules": options(settings), "seq": 0,
        "logged": 0, "events": [], "phase": "play",
        "grid": [None] * SQUARES, "hands": hands, "pile": stock, "discard": [turned],
        "first": first, "turn": first, "bonus": False, "stage": "play",
        "drawn": None, "drawn_from": None, "steps": 0, "turns": 1,
        "last": None, "outcome": None,
    }
    log.event(state, "deal", first=first, turned=turned)
    for s in range(n):
        log.event(state, "dealt", to=[s], cards=list(hands[s]))
    return state


# -- checks shared by the moves -------------------------------------------------


def _int(value, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _stage(state: dict, wanted: str) -> None:
    stage = state["stage"]
    if stage == wanted:
        return
    if stage == "place":
        raise Illegal(f"First put down {name(state['drawn'])}, the card you just "
                      f"{'took' if state['drawn_from'] == 'discard' else 'drew'}.")
    if stage == "discard":
        raise Illegal("You hold eight cards: discard one to get back to seven.")
    if wanted == "place":
        raise Illegal("Choose a card and a square to play it in.")
    raise Illegal("There is nothing to discard: you discard only when a drawn card takes your hand over seven.")


def _from_hand(state: dict, seat: int, card) -> str:
    if not isinstance(card, str) or card not in state["hands"][seat]:
        raise Illegal("Choose a card from your own hand.")
    return card


def _placeable(grid, card: str, square) -> None:
    if not _int(square, 0, SQUARES - 1):
        raise Illegal("Choose one of the grid's squares, 0 to 15.")
    if grid[square] is not None:
        raise Illegal("That square is taken: play into an empty one.")
    row = rules.row_of(square)
    why = rules.why_not(rules.row_cards(grid, row) + [card])
    if why:
        raise Illegal(f"{name(card)[0].upper() + name(card)[1:]} can't go in row {row + 1}: {why[0].lower() + why[1:]}")


def must_draw(state: dict, seat: int) -> bool:
    """Whether this seat, in its play stage, has no place, upgrade or shift."""
    return not rules.can_act(state["grid"], state["hands"][seat])


def _top_goes_down(state: dict) -> bool:
    return bool(state["discard"]) and bool(rules.where(state["grid"], state["discard"][-1]))


# -- the moves --------------------------------------------------------------------


def place(state: dict, seat: int, action: dict, now: float) -> None:
    """Play a card from your hand into an empty square, or put down the card
    you just took or drew."""
    card = action.get("card")
    if state["stage"] == "place":
        if card != state["drawn"]:
            raise Illegal(f"Put down {name(state['drawn'])}, the card you just "
                          f"{'took' if state['drawn_from'] == 'discard' else 'drew'}.")
        _placeable(state["grid"], card, action.get("square"))
        drawn = True
    else:
        _stage(state, "play")
        _from_hand(state, seat, card)
        _placeable(state["grid"], card, action.get("square"))
        state["hands"][seat].remove(card)
        drawn = False
    square = action["square"]
    state["grid"][square] = card
    state["drawn"] = state["drawn_from"] = None
    row = rules.row_of(square)
    done = rules.complete(rules.row_cards(state["grid"], row))
    state["last"] = {"seat": seat, "type": "place", "card": card, "square": square, "drawn": drawn}
    log.event(state, "place", seat=seat, card=card, square=square, drawn=drawn)
    _after(state, seat, row if done else None)


def upgrade(state: dict, seat: int, action: dict, now: float) -> None:
    """Swap a joker out of a full row for a real card from your hand that
    keeps the row valid; the freed joker goes into a legal empty square or
    your hand."""
    _stage(state, "play")
    grid = state["grid"]
    card = _from_hand(state, seat, action.get("card"))
    square = action.get("square")
    if rules.is_joker(card):
        raise Illegal("Upgrade with a real card: a joker can't replace a joker.")
    if not _int(square, 0, SQUARES - 1) or grid[square] is None or not rules.is_joker(grid[square]):
        raise Illegal("Choose a square holding a joker to upgrade.")
    row = rules.row_of(square)
    held = rules.row_cards(grid, row)
    if len(held) < SIZE:
        raise Illegal("A joker in a half-built row can't be upgraded: the row must be full.")
    joker = grid[square]
    if not rules.complete([c for c in held if c != joker] + [card]):
        raise Illegal(f"{name(card)} in the joker's place would not keep row {row + 1} a valid "
                      f"{rules.kind(held) or 'row'}.")
    if "joker_to" not in action:
        raise Illegal("Say where the freed joker goes: an empty square, or None for your hand.")
    to = action["joker_to"]
    if to is not None:
        if not _int(to, 0, SQUARES - 1) or grid[to] is not None:
            raise Illegal("The freed joker goes into an empty square or into your hand.")
        why = rules.why_not(rules.row_cards(grid, rules.row_of(to)) + [joker])
        if why:
            raise Illegal(f"The freed joker can't go in row {rules.row_of(to) + 1}: {why[0].lower() + why[1:]}")
    state["hands"][seat].remove(card)
    grid[square] = card
    done = None
    if to is None:
        state["hands"][seat].append(joker)
    else:
        grid[to] = joker
        if rules.complete(rules.row_cards(grid, rules.row_of(to))):
            done = rules.row_of(to)
    # (Any joker: once one is back in a hand, which of the four it is
    # belongs to that hand's secrets.)
    state["last"] = {"seat": seat, "type": "upgrade", "card": card, "square": square, "joker": rules.JOKER, "joker_to": to}
    log.event(state, "upgrade", seat=seat, card=card, square=square, joker=joker, joker_to=to)
    _after(state, seat, done)


def shift(state: dict, seat: int, action: dict, now: float) -> None:
    """Play a card into a completed run and push one of its four cards off
    onto the discard; the row must still be a valid run."""
    _stage(state, "play")
    grid = state["grid"]
    card = _from_hand(state, seat, action.get("card"))
    row, out = action.get("row"), action.get("out")
    if not _int(row, 0, SIZE - 1):
        raise Illegal("Choose one of the rows, 0 to 3.")
    held = rules.row_cards(grid, row)
    if not rules.complete(held):
        raise Illegal("Only a completed row can be shifted.")
    if rules.kind(held) != "run":
        raise Illegal("Sets never shift: only a completed run can.")
    if out == card:
        raise Illegal("You can't push off the card you just played: that would leave the row as it was.")
    if not isinstance(out, str) or out not in held:
        raise Illegal(f"Push off one of the four cards already in row {row + 1}.")
    if out not in rules.pushable(held, card):
        raise Illegal(f"With {name(card)} in, {name(out)} is not at an end of the run to push off: "
                      f"row {row + 1} would not stay a run.")
    square = grid.index(out)
    state["hands"][seat].remove(card)
    grid[square] = card
    state["discard"].append(out)
    state["last"] = {"seat": seat, "type": "shift", "card": card, "row": row, "out": out, "square": square}
    log.event(state, "shift", seat=seat, card=card, row=row, out=out, square=square)
    _after(state, seat, None)


def draw(state: dict, seat: int, action: dict, now: float) -> None:
    """Only when no place, upgrade or shift is possible: take the top
    discard if it can go straight down, else draw from the pile."""
    _stage(state, "play")
    if not must_draw(state, seat):
        raise Illegal("You can still play a card, upgrade or shift, so you can't draw yet.")
    if _top_goes_down(state):
        card = state["discard"].pop()
        state["drawn"], state["drawn_from"], state["stage"] = card, "discard", "place"
        state["last"] = {"seat": seat, "type": "take", "card": card}
        log.event(state, "take", seat=seat, card=card)
        state["steps"] += 1
        return
    if not state["pile"]:          # (the turn's start ends the game before this)
        raise Illegal("The draw pile is empty, so the game is over.")
    card = state["pile"].pop()
    state["steps"] += 1
    if rules.where(state["grid"], card):
        # A drawn card you can play goes down at once: the table sees it.
        state["drawn"], state["drawn_from"], state["stage"] = card, "pile", "place"
        state["last"] = {"seat": seat, "type": "draw", "card": card}
        log.event(state, "draw", seat=seat, card=card)
        return
    hand = state["hands"][seat]
    hand.append(card)
    state["last"] = {"seat": seat, "type": "draw", "card": None}
    log.event(state, "draw", seat=seat, card=None)
    log.event(state, "drew", to=[seat], card=card)
    if len(hand) > HAND:
        state["stage"] = "discard"
        return
    _next(state, seat)


def discard(state: dict, seat: int, action: dict, now: float) -> None:
    """Discard back to seven after a drawn card that could not be played."""
    _stage(state, "discard")
    card = _from_hand(state, seat, action.get("card"))
    state["hands"][seat].remove(card)
    state["discard"].append(card)
    state["last"] = {"seat": seat, "type": "discard", "card": card}
    log.event(state, "discard", seat=seat, card=card)
    state["steps"] += 1
    _next(state, seat)


MOVES = {"place": place, "upgrade": upgrade, "shift": shift, "draw": draw, "discard": discard}


# -- after a move ------------------------------------------------------------------


def _after(state: dict, seat: int, completed) -> None:
    """After a card reaches the grid: a full grid ends the game at once (no
    bonus turn); a completed row earns one extra turn, unless this already
    is one."""
    state["steps"] += 1
    if completed is not None:
        log.event(state, "row", seat=seat, row=completed, made=rules.kind(rules.row_cards(state["grid"], completed)))
    if rules.full(state["grid"]):
        _end(state, "full", seat)
        return
    if completed is not None and not state["bonus"]:
        state["bonus"], state["stage"] = True, "play"
        log.event(state, "bonus", seat=seat)
        _start(state)
        return
    _next(state, seat)


def _next(state: dict, seat: int) -> None:
    state["turn"] = (seat + 1) % state["n"]
    state["bonus"], state["stage"] = False, "play"
    state["turns"] += 1
    _start(state)


def _start(state: dict) -> None:
    """A turn begins: a player with nothing to play, no discard to take and
    an empty pile would have to draw from it, so the game ends."""
    seat = state["turn"]
    if must_draw(state, seat) and not _top_goes_down(state) and not state["pile"]:
        _end(state, "empty", seat)


def _end(state: dict, how: str, seat: int) -> None:
    hands = state["hands"]
    totals = [rules.total(h) for h in hands]
    cards = [len(h) for h in hands]
    state["phase"], state["stage"], state["turn"], state["bonus"] = "over", None, None, False
    state["outcome"] = {
        "how": how, "seat": seat, "totals": totals, "cards": cards,
        "hands": [rules.sort_hand(h) for h in hands], "places": places(totals, cards),
    }
    state["totals"] = totals
    log.event(state, "over", how=how, seat=seat, totals=totals, cards=cards, places=state["outcome"]["places"])


def places(totals, cards) -> list[int]:
    """Lowest total first; a tie goes to whoever holds fewer cards; still
    tied, the place (a win, when first) is shared."""
    keys = list(zip(totals, cards))
    return [1 + sum(1 for other in keys if other < mine) for mine in keys]


def result(state: dict):
    if state["phase"] != "over":
        return None
    out = state["outcome"]
    return {"places": list(out["places"]), "scores": list(out["totals"]), "cards": list(out["cards"]), "how": out["how"]}


# -- who decides, and the always-legal move -------------------------------------------


def decision(state: dict) -> str | None:
    """What the seat to move must do now: ``"play"`` (place, upgrade or
    shift), ``"draw"``, ``"place"`` (the drawn card) or ``"discard"``."""
    if state["phase"] != "play":
        return None
    if state["stage"] == "play":
        return "draw" if must_draw(state, state["turn"]) else "play"
    return state["stage"]


def deciding(state: dict) -> list:
    what = decision(state)
    if what is None:
        return []
    return [(state["turn"], what, f"{what}-{state['steps']}-{state['turn']}")]


def legal(state: dict, seat: int) -> list[dict]:
    """Every move this seat may make now (each upgrade's and shift's
    choices spelled out): ``choices`` of what its view offers."""
    return choices(offer(state, seat, hints=False))


def fallback(state: dict, seat: int) -> dict:
    """Always legal: put a drawn card in its first square; discard the
    dearest card; else the first place, upgrade or shift; else draw."""
    if state["stage"] == "discard":
        hand = rules.sort_hand(state["hands"][seat])
        return {"type": "discard", "card": max(hand, key=rules.points)}
    return legal(state, seat)[0]


# -- what a seat may do, and the words for it --------------------------------------------


def offer(state: dict, seat, hints: bool = True) -> dict:
    """What this seat may do now, as its view shows it: ``must``, what it
    must decide (None when it is not its turn); ``mine``, its hand in
    order; ``drawn``, a taken or drawn card waiting to go down; and for
    each card it holds (and the drawn card, on its own turn) the squares it
    may go to (``where``), the upgrades it allows (``upgrades``) and the
    shifts it allows (``shifts``).

    The view shows the hand's hints at every moment, so the table can light
    up where a card could go while others play; with ``hints=False`` only
    what this decision's moves need is worked out (``legal``'s quick way)."""
    grid = state["grid"]
    hand = rules.sort_hand(state["hands"][seat]) if seat is not None else None
    mine = seat is not None and state["phase"] == "play" and state["turn"] == seat
    must = decision(state) if mine else None
    drawn = state["drawn"] if state["stage"] == "place" else None
    held = (hand or []) if hints or must == "play" else []
    cards = list(held)
    if mine and drawn is not None:
        cards.append(drawn)
    return {
        "must": must, "mine": hand, "drawn": drawn,
        "where": {c: rules.where(grid, c) for c in cards},
        "upgrades": {c: rules.upgrades(grid, c) for c in held},
        "shifts": {c: rules.shifts(grid, c) for c in held},
    }


def choices(v: dict) -> list[dict]:
    """Every move open to the seat whose view (or ``offer``) this is, each
    upgrade's and shift's choices spelled out: the one list of moves that
    ``legal``, the bots and the view's ``can`` all read."""
    must = v["must"]
    if must == "draw":
        return [{"type": "draw"}]
    if must == "place":
        c = v["drawn"]
        return [{"type": "place", "card": c, "square": i} for i in v["where"][c]]
    if must == "discard":
        return [{"type": "discard", "card": c} for c in v["mine"]]
    if must != "play":
        return []
    out = []
    for c in v["mine"]:
        out += [{"type": "place", "card": c, "square": i} for i in v["where"][c]]
        for u in v["upgrades"][c]:
            out += [{"type": "upgrade", "card": c, "square": u["square"], "joker_to": j} for j in u["joker_to"]]
        for s in v["shifts"][c]:
            out += [{"type": "shift", "card": c, "row": s["row"], "out": o} for o in s["out"]]
    return out


ORDINAL = ("first", "second", "third", "fourth")


def _square(i: int) -> str:
    return f"the {ORDINAL[rules.row_of(i)]} row, {ORDINAL[i % SIZE]} square"


def say(action: dict) -> str:
    """A move as a short plain sentence, as a button reads: "Play 7♥ on the
    second row, third square", "Discard K♣". A draw is one move whether it
    takes the top discard or the pile's card, so it reads "Draw"."""
    kind = action["type"]
    if kind == "draw":
        return "Draw"
    card = name(action["card"])
    if kind == "place":
        return f"Play {card} on {_square(action['square'])}"
    if kind == "discard":
        return f"Discard {card}"
    if kind == "shift":
        return f"Shift {card} into the {ORDINAL[action['row']]} row, pushing {name(action['out'])} off"
    to = action["joker_to"]
    home = "take the joker into your hand" if to is None else f"put the joker on {_square(to)}"
    return f"Upgrade the joker in the {ORDINAL[rules.row_of(action['square'])]} row with {card} and {home}"


# -- the view -------------------------------------------------------------------------


def view(state: dict, seat) -> dict:
    """What one seat (None: a spectator) may know, and what it may do."""
    grid = state["grid"]
    may = offer(state, seat)
    hand, what = may["mine"], may["must"]
    kinds = {m["type"] for m in choices(may)}
    rows = []
    for r in range(SIZE):
        held = rules.row_cards(grid, r)
        laid = rules.tidy(held)
        empty = iter(rules.empties(grid, r))
        rows.append({
            "row": r, "squares": list(rules.squares(r)), "cards": held, "kind": rules.kind(held),
            "complete": rules.complete(held),
            "tidy": [grid.index(c) if c is not None else next(empty) for c in laid],
            "joker_as": rules.stands_for(held),
            "shifts": rules.complete(held) and rules.kind(held) == "run",
        })
    top = state["discard"][-1] if state["discard"] else None
    drawn = may["drawn"]
    return {
        "game": slug, "seq": state["seq"], "n": state["n"], "seat": seat, "rules": dict(state["rules"]),
        "phase": state["phase"], "turn": state["turn"], "first": state["first"], "turns": state["turns"],
        "stage": state["stage"], "bonus": state["bonus"],
        "grid": list(grid), "rows": rows,
        "mine": hand, "total": rules.total(hand) if hand is not None else None,
        "sizes": [len(h) for h in state["hands"]],
        "pile": len(state["pile"]), "discards": list(state["discard"]), "top": top,
        "top_goes_down": _top_goes_down(state),
        "drawn": drawn, "drawn_from": state["drawn_from"] if drawn else None,
        "where": may["where"], "upgrades": may["upgrades"], "shifts": may["shifts"],
        "must": what,
        "can": {kind: kind in kinds for kind in MOVES},
        "values": dict(rules.POINTS),
        "last": dict(state["last"]) if state["last"] else None,
        "outcome": _copy(state["outcome"]),
        "events": log.recent(state, seat),
    }


def _copy(value):
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def options(raw) -> dict:
    return {"bot_pace": moves.choice(raw, "bot_pace", tuple(moves.BOT_PACE), "brisk")}
