"""Euchre's hard bot searches (engine/search.py): it deals the cards it
cannot see again in ways its view allows, tries each of its moves in every
deal, plays the hand out with medium in every seat and makes the move that
scores best on average, in points for the hand and the game; a bid bolder
than passing (or than keeping the partner) only where it beats that by
more than the luck of the deals (``clearly``).

It searches the bidding (order, call, pass, alone or not, defending alone),
the dealer's discard and the first trick; from the second trick on,
policy._search plays the rest face up, which is exact there and cheaper.
Once a world's cards are being played, its tricks are played on bit sets
(playout.py), card for card as medium plays them through the rules, about
twenty times quicker."""

from __future__ import annotations

import statistics

from engine import registry, search

from . import playout, policy, why
from .rules import TARGET, is_trump, score_hand, team

# Worlds a decision, by kind: each world plays every move out to the end of
# the hand (a fraction of a millisecond each), so a bid takes about 120 ms at
# the 95th percentile; more worlds shrink the luck a decision rests on (against ISMCTS,
# half as many for every kind, and 16 face-up deals in place of 32, took
# 56.4% of the points where these took 58.4%, the same deals; README).
WORLDS = {"bid": 192, "defend": 64, "discard": 40, "play": 48}
# Standard errors by which a bolder bid must beat the safer one it replaces,
# world by world: naming trump over passing, going alone over the partner's
# help (a lone hand risks more on a noisier average).
CLEAR = {"name": 0.5, "alone": 1.0}

GAME = 4.0  # what winning the game is worth beyond its points
TRIES = 40  # deals tried for each world whose hands fit the bids


def hand_over(state: dict, start: dict) -> bool:
    """A play-out stops when the hand is scored or thrown in."""
    return state["phase"] in ("scored", "over") or state["deals"] != start["deals"]


def worth(totals: list[int], seat: int):
    """What a played-out world is worth to the seat: its team's points less
    the other's since ``totals``, and GAME more (or less) if that ended the
    game."""
    ours, theirs = team(seat), 1 - team(seat)

    def value(state: dict, _seat: int) -> float:
        now = state["totals"]
        gain = (now[ours] - totals[ours]) - (now[theirs] - totals[theirs])
        if max(now) >= TARGET and now[ours] != now[theirs]:
            gain += GAME if now[ours] > now[theirs] else -GAME
        return gain

    return value


def finish(state: dict) -> bool:
    """Play the world's hand to its end on bit sets once its cards are being
    played, and score it as the rules do."""
    if state["phase"] != "play":
        return False
    ours, theirs = playout.medium_tricks(state)
    state["taken"] = [ours, theirs, 0, 0]  # (per seat: team 0's tricks in seat 0, team 1's in seat 1)
    score_hand(state)
    return True


def keep_trump(v: dict, legal: list[dict], _rng) -> list[dict]:
    """The discards worth weighing: never a trump while the hand holds a
    card that isn't (a few worlds can favour burying the card just picked
    up, and a strong player never does)."""
    return [m for m in legal if not is_trump(m["card"], v["trump"])] or legal


def safer(move: dict, moves: list[dict]):
    """The bid a bolder one must clearly beat: going alone, the same bid
    with the partner; naming trump, passing (None if there is none to
    beat, as for a stuck dealer)."""
    if move.get("alone"):
        plain = dict(move, alone=False)
        if plain in moves:
            return plain
    if move["type"] in ("order", "call") and {"type": "pass"} in moves:
        return {"type": "pass"}
    return None


def needs(move: dict) -> float:
    """The standard errors by which a bolder bid must beat the safer one
    (CLEAR): going alone, or naming trump."""
    return CLEAR["alone"] if move.get("alone") else CLEAR["name"]


def clearly(moves: list[dict], worths: list[list[float]]) -> int:
    """The bid to make: the best on average of those that beat, over the
    same worlds, the safer bid each replaces by more than ``needs`` standard
    errors of their difference (by more than the luck of the deals), each
    safer bid having done so in turn; passing, or bidding with the partner,
    needs nothing."""
    means = [statistics.fmean(w) for w in worths]

    def sound(i: int) -> bool:
        base = safer(moves[i], moves)
        if base is None:
            return True
        j = moves.index(base)
        mean, error = search.gain(worths[i], worths[j])
        return mean > needs(moves[i]) * error and mean > 0 and sound(j)

    return max((i for i in range(len(moves)) if sound(i)), key=lambda i: (means[i], -i))


def deal(game, v: dict, rng) -> dict:
    """A world for the search: the contract's deal, tried again (up to
    TRIES times) until the other seats' hands fit their bids as medium
    would have made them (policy.fits_bids), else the first."""
    first = None
    for _ in range(TRIES):
        world = game.determinize(v, rng)
        if policy.fits_bids(v, {s: h for s, h in enumerate(world["hands"]) if s != v["seat"]}):
            return world
        first = first or world
    return first


def rule_first(v: dict, legal: list[dict], rng) -> list[dict]:
    """The cards worth weighing, the one hard's rules of play choose (medium's
    play, counting every card) first: a card the worlds score no better
    than it is not played in its place (the worlds' play-outs are medium's,
    which often tell two cards apart by nothing at all)."""
    ruled = {"type": "play", "card": policy.rule_move(v, "hard", rng)["card"]}
    return [ruled] + [m for m in legal if m != ruled]


# The moves a kind of decision weighs (by default all), best guess first.
WEIGHED = {"discard": keep_trump, "play": rule_first}


def plan(v: dict, kind: str) -> search.Plan:
    """How hard searches a decision of this kind from this view."""
    return search.Plan(worlds=WORLDS[kind], value=worth(v["totals"], v["seat"]), stop=hand_over, reason=why.reason,
                       deal=deal, finish=finish, moves=WEIGHED.get(kind),
                       pick=clearly if kind in ("bid", "defend") else None)


def think(v: dict, kind: str, rng) -> search.Choice:
    """Hard's move for a bid, a discard or an early card, with its reason."""
    return search.choose(registry.get("euchre"), v, rng, plan(v, kind))
