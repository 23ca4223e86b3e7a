"""One search for every game: perfect-information Monte Carlo over the
contract (decision 8).

A bot that searches knows only its seat's view. It deals itself worlds the
view could be showing (``game.determinize(view, rng)``: the seat's secrets
as they are, everyone else's dealt again), tries each of its moves in each
world (``game.legal``, the same in every world: it depends only on what the
seat may know), plays each world on with a fast policy to a horizon, and
makes the move whose outcome is best on average. The same worlds, and the
same random stream for the play after the move, serve every move, so moves
are compared on the same luck.

Each game says how (``Plan``): how many worlds (the budget), which moves
are worth trying (its medium bot's best few, say), the policy that plays
on (by default the game's own medium bot, from the seat's view),
where a play-out stops, and what a stopped world is worth to the seat. A
game may also finish a play-out its own quicker way (Euchre plays the
tricks on bit sets), as long as it plays exactly what the policy would.

A plan may keep its own pick (``margin``): the first of its moves (the
game's medium move, say) is made unless another beats it over the same
worlds by more than ``margin`` standard errors of their difference, world
by world: by more than the luck of the worlds dealt. Such a search also stops early, after
``least`` worlds, once a move is that clearly ahead or none is ahead of
the pick at all: where the worlds show nothing to gain it costs little.

The budget is a count of worlds, never a clock: the same view and the same
random stream give the same move on any machine, so replays and tests do
not depend on timing. A plan may also set ``seconds``, a ceiling that stops
dealing new worlds once it has passed (at least ``least`` are always
played); a table's bot may use it, a test or a replay never does.

Every game's bots module offers ``decide(view, level, rng)``: the move
``choose`` makes and, from a hard bot, the hint's sentence saying what the
move does for the seat, in the game's own words (None from the other
levels), for the hints a table may show.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from . import play
from .contract import Illegal, completed
from .moves import plain_copy, working_copy
from .why import sentence

STEPS = 2000  # moves in one play-out at the most: a horizon is meant to come well before


def medium(game, state: dict, seat: int, rng) -> dict:
    """The default policy a world is played on with: the game's medium bot,
    from the seat's view (``play.bot_move``)."""
    return play.bot_move(game, state, seat, "medium", rng)


def whole_game(state: dict, start: dict) -> bool:
    """The default horizon: play on to the game's end."""
    return False


@dataclass(frozen=True)
class Plan:
    """How a game searches: ``worlds`` dealt per decision; ``value(state,
    seat)``, what a world is worth to the seat once its play-out stops (or
    the game ends); ``stop(state, start)``, whether to stop playing on (by
    default at the game's end), given the world as it was before the move;
    ``policy(game, state, seat, rng)``, the move every seat makes while
    playing on; ``moves(view, legal, rng)``, the moves worth trying, best
    guess first (by default all of ``legal``): ties go to the earlier;
    ``reason(view, move)``, the hint's sentence for the move made, in the
    game's words (engine/why.py); ``seconds`` and ``least``, an optional time
    ceiling and the worlds always played under it; ``deal(game, view, rng)``,
    how a world is dealt (by default the contract's ``determinize``: a game
    may lean its deals towards what the other seats' moves suggest);
    ``margin``, when set, the standard errors by which a move must beat
    the first of ``moves`` for the search to make it in place of that one
    (and the search stops early once one has, or none is ahead after
    ``least`` worlds); ``finish(state)``, a quicker way to play the world
    on to its horizon from here, with the policy's very moves: it says False where it can't,
    and the play-out goes on move by move; ``pick(moves, worths)``, when set, the index of
    the move to make from every move's worth world by world (a game's own rule for how
    clearly a move must win), in place of the best on average."""

    worlds: int
    value: Callable
    stop: Callable = whole_game
    policy: Callable = medium
    moves: Callable | None = None
    reason: Callable | None = None
    seconds: float | None = None
    least: int = 4
    deal: Callable | None = None
    finish: Callable | None = None
    margin: float | None = None
    pick: Callable | None = None


@dataclass
class Choice:
    """What a search decided: the move, a sentence saying why, the moves
    tried with their average worth, the worlds it played, and whether the
    move made is the first tried (the plan's own pick, with a margin)."""

    move: dict
    reason: str
    tried: list
    worlds: int
    kept: bool = False


def play_on(game, state: dict, start: dict, plan: Plan, rng) -> dict:
    """Play a world on from ``state`` with the plan's policy in every seat,
    until its horizon or the game's end. Moves go straight to the rules
    (the world is the search's own, so no copy a move): a move the rules
    refuse is replaced by the game's fallback, as at a table."""
    for _ in range(STEPS):
        if game.result(state) is not None or plan.stop(state, start):
            return state
        if plan.finish is not None and plan.finish(state):
            return state
        deciding = game.deciding(state)
        if not deciding:
            return state
        seat = min(d[0] for d in deciding)
        action = plan.policy(game, state, seat, rng)
        try:
            game.MOVES[action["type"]](state, seat, action, 0.0)
        except Illegal:
            action = game.fallback(plain_copy(state), seat)
            game.MOVES[action["type"]](state, seat, action, 0.0)
    return state


def choose(game, view: dict, rng, plan: Plan) -> Choice:
    """The move a seat makes after searching, from its view alone: seeded by
    ``rng`` (the bot's stream), bounded by the plan's count of worlds."""
    game = completed(game)  # (a game's own bot hands over its package as imported)
    seat = view["seat"]
    worlds = [random.Random(rng.getrandbits(64)) for _ in range(plan.worlds)]
    deal = plan.deal or (lambda game, view, stream: game.determinize(view, stream))
    first = deal(game, view, worlds[0])
    legal = game.legal(first, seat)
    moves = plan.moves(view, legal, rng) if plan.moves is not None else list(legal)
    moves = [m for m in moves if m in legal] or legal[:1]
    if len(moves) == 1:
        return Choice(moves[0], _reason(game, view, plan, (moves[0], None), None), [(moves[0], None)], 0, True)
    worths: list[list[float]] = [[] for _ in moves]  # per move, its worth in each world played
    deadline = None if plan.seconds is None else time.perf_counter() + plan.seconds
    played = 0
    for k, stream in enumerate(worlds):
        if deadline is not None and played >= plan.least and time.perf_counter() > deadline:
            break
        world = first if k == 0 else deal(game, view, stream)
        after = stream.getrandbits(64)  # the same play-on luck for every move in this world
        for i, move in enumerate(moves):
            w = working_copy(world)
            try:
                game.MOVES[move["type"]](w, seat, plain_copy(move), 0.0)
            except Illegal:
                worths[i].append(-1e9)  # (never: legal() listed it in this very world)
                continue
            play_on(game, w, world, plan, random.Random(after))
            worths[i].append(plan.value(w, seat))
        played += 1
        if plan.margin is not None and played >= plan.least and _settled(worths, plan.margin):
            break
    means = [sum(w) / played for w in worths]
    order = sorted(range(len(moves)), key=lambda i: (-means[i], i))
    kept = plan.margin is not None and order[0] != 0 and not _clear(worths[order[0]], worths[0], plan.margin)
    if kept:
        order.remove(0)
        order.insert(0, 0)
    if plan.pick is not None:
        chosen = plan.pick(moves, worths)
        order.remove(chosen)
        order.insert(0, chosen)
    best = (moves[order[0]], means[order[0]])
    second = (moves[order[1]], means[order[1]]) if len(order) > 1 else None
    tried = [(moves[i], means[i]) for i in range(len(moves))]
    return Choice(best[0], _reason(game, view, plan, best, second), tried, played, order[0] == 0)


def gain(worths: list[float], pick: list[float]) -> tuple[float, float]:
    """How much better a move did than the pick over the same worlds: the
    mean of the differences, world by world, and its standard error."""
    d = [a - b for a, b in zip(worths, pick)]
    return statistics.fmean(d), (statistics.stdev(d) / len(d) ** 0.5 if len(d) > 1 else 0.0)


def _clear(worths: list[float], pick: list[float], margin: float) -> bool:
    """Whether a move beat the pick by more than ``margin`` standard errors
    (by any amount, where every world agreed)."""
    mean, error = gain(worths, pick)
    return mean > margin * error and mean > 0


def _settled(worths: list[list[float]], margin: float) -> bool:
    """Whether more worlds would change nothing worth the cost: a move is
    already clearly ahead of the pick, or none is ahead of it at all."""
    gains = [gain(w, worths[0]) for w in worths[1:]]
    return all(mean <= 0 for mean, _ in gains) or any(_clear(w, worths[0], margin) for w in worths[1:])


def _reason(game, view, plan, best, second) -> str:
    """The hint's sentence for the move made: the game's own words (the
    plan's ``reason``), else the move's words and a plain why, never the
    search's numbers (engine/why.py)."""
    if plan.reason is not None:
        return plan.reason(view, best[0])
    if second is None:
        return sentence(game.say(best[0]), "it's the only move worth making from where you are")
    return sentence(game.say(best[0]), "of your moves, it turned out best for you over the deals the strong bot tried")
