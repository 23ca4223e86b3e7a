"""High Card: a small game that exists only for the tests. Each seat holds
three secret cards; each trick everyone plays one, the highest rank takes it
(ties go to the earlier card), and the most tricks after two deals wins.
It proves the table contract and the service on a game with a secret hand."""

from __future__ import annotations

from engine import deck, log, moves, rounds
from engine.contract import Illegal

from . import bots  # noqa: F401 (the contract's bots module)
from .cards import RANKS, power

slug = "high-card"
title = "High Card"
players = (1, 4)
sizes = (2, 3, 4)
DEALS = 2
HAND = 3
DEFAULTS = {"bot_pace": "brisk"}
bot_think = {"play": 1.0, "ready": 0.0}


def options(raw):
    return {"bot_pace": moves.choice(raw, "bot_pace", tuple(moves.BOT_PACE), "brisk")}


def new(n: int, seed: str, now: float, settings=None) -> dict:
    if n not in sizes:
        raise Illegal("High Card needs 2, 3 or 4 seats: add a bot or remove a seat.")
    state = {
        "game": slug, "n": n, "seed": seed, "rules": options(settings), "seq": 0,
        "logged": 0, "events": [], "deals": 0, "phase": "play",
        **rounds.fresh(n),
    }
    _deal(state)
    return state


def _deal(state: dict) -> None:
    n = state["n"]
    stock = deck.shuffled(deck.build(1, ranks=RANKS), f"{state['seed']}:{state['deals']}")
    state["hands"] = [[stock.pop() for _ in range(HAND)] for _ in range(n)]
    state["leader"] = state["turn"] = state["deals"] % n
    state["trick"], state["taken"] = [], [0] * n
    state["deals"] += 1
    state["phase"] = "play"
    log.event(state, "deal", deal=state["deals"])
    for s in range(n):
        log.event(state, "dealt", to=[s], cards=list(state["hands"][s]))


def play(state, seat, action, now):
    card = action.get("card")
    hand = state["hands"][seat]
    if state["phase"] != "play":
        raise Illegal("Wait for the next deal before playing a card.")
    if not isinstance(card, str) or card not in hand:
        raise Illegal("Play a card from your own hand.")
    hand.remove(card)
    state["trick"].append({"seat": seat, "card": card})
    log.event(state, "play", seat=seat, card=card)
    n = state["n"]
    if len(state["trick"]) < n:
        state["turn"] = (seat + 1) % n
        return
    best = max(state["trick"], key=lambda p: power(p["card"]))
    state["taken"][best["seat"]] += 1
    log.event(state, "trick", seat=best["seat"])
    state["trick"] = []
    state["turn"] = best["seat"]
    if not any(state["hands"]):
        rounds.score(state, state["taken"])
        state["turn"] = None
        rounds.end(state, last=state["deals"] >= DEALS)


def ready(state, seat, action, now):
    rounds.ready(state, seat, _deal)


MOVES = {"play": play, "ready": ready}


def deciding(state):
    if state["phase"] == "scored":
        return rounds.ready_deciding(state)
    if state["phase"] != "play":
        return []
    step = HAND * state["n"] - sum(len(h) for h in state["hands"])
    return [(state["turn"], "play", f"play{state['deals']}-{step}")]


def legal(state, seat) -> list[dict]:
    """Every move this seat may make now."""
    if state["phase"] == "scored" and not state["ready"][seat]:
        return [{"type": "ready"}]
    if state["phase"] == "play" and state["turn"] == seat:
        return [{"type": "play", "card": c} for c in sorted(state["hands"][seat])]
    return []


def say(action) -> str:
    return "Next deal" if action["type"] == "ready" else action["card"]


def view(state, seat):
    return {
        "game": slug, "seq": state["seq"], "n": state["n"], "seat": seat, "phase": state["phase"],
        "turn": state["turn"], "mine": sorted(state["hands"][seat]) if seat is not None else None,
        "sizes": [len(h) for h in state["hands"]], "trick": [dict(p) for p in state["trick"]],
        "taken": list(state["taken"]), "totals": list(state["totals"]), "deal": state["deals"],
        "scores": [list(r) for r in state["scores"]], "ready": list(state["ready"]),
        "moves": legal(state, seat) if seat is not None else [],
        "events": log.recent(state, seat),
    }


def played(v) -> list[str]:
    """The cards played since this deal began, from the log (every seat saw them)."""
    out = []
    for e in v["events"]:
        if e["kind"] == "deal":
            out = []
        elif e["kind"] == "play":
            out.append(e["card"])
    return out


def determinize(v, rng):
    """A whole state this seat could be looking at: the other hands dealt at
    random from the cards it has not seen (the deck but its hand and the
    cards played this deal)."""
    n, me = v["n"], v["seat"]
    seen = set(v["mine"]) | set(played(v))
    unseen = [c for c in deck.build(1, ranks=RANKS) if c not in seen]
    sizes = {s: v["sizes"][s] for s in range(n) if s != me}
    sizes["undealt"] = len(unseen) - sum(sizes.values())
    dealt = deck.deal(unseen, sizes, rng)
    events = [dict(e, to=[me]) if e["kind"] == "dealt" else dict(e) for e in v["events"]]
    return {
        "game": slug, "n": n, "seed": f"unseen-{rng.getrandbits(64):016x}", "rules": {"bot_pace": "brisk"},
        "seq": v["seq"], "logged": events[-1]["n"] + 1 if events else 0, "events": events,
        "deals": v["deal"], "phase": v["phase"], "scores": [list(r) for r in v["scores"]],
        "totals": list(v["totals"]), "ready": list(v["ready"]),
        "hands": [list(v["mine"]) if s == me else dealt[s] for s in range(n)],
        "leader": (v["deal"] - 1) % n, "turn": v["turn"], "trick": [dict(p) for p in v["trick"]],
        "taken": list(v["taken"]),
    }


def fallback(state, seat):
    if state["phase"] == "scored":
        return {"type": "ready"}
    return {"type": "play", "card": sorted(state["hands"][seat])[0]}


def result(state):
    return rounds.result(state)
