"""How Get In Line's bots weigh a card play, every level by its own
weights (``LEVEL``): medium's policy, which hard ranks its moves by and
plays its worlds out with, and the board the hints read.

A bot decides from ``rules.view()`` for its own seat and nothing else, and
counts its partners' chips as its own (the board holds chips by team). It
trades in a dead card (easy only 60% of the time when something else could
play), passes if nothing can play, and otherwise scores every (card, space)
pair over the runs of five through the space and takes the best:

- building: a run with no other team's chips that will hold k of ours scores
  ``build[k]``; each line made adds LINE, the winning line WIN. A run counts
  only if it could become a line (``can_line``: it shares at most one space
  with each of the team's lines);
- blocking: spoiling another team's run of k scores ``block[k]``; a four
  scores 900, times 1.0 if it would have won them the game, else 0.8;
- holding jacks: a two-eyed jack spent without making a line or blocking a
  four costs ``hold_two``; a one-eyed jack that doesn't break a four costs
  ``hold_one``;
- noise: up to ``noise`` at random, so equal moves vary.

Hard makes medium's move unless its search (``hard``, through
engine/search.py) finds one of medium's next best clearly better, played a
few turns on over dealt-again hands by medium in every seat (``quick``).
"""

from __future__ import annotations

import sys
from array import array
from operator import itemgetter

from .board import ALIKE, CORNERS, RUN, SIZE, THROUGH, WINDOWS, one_eyed, two_eyed
from .rules import TEAMS, _lines

LINE = 1_000
WIN = 100_000
FREE = [sum(1 for q in w if q in CORNERS) for w in WINDOWS]  # free corners in each run
OPEN = [[q for q in w if q not in CORNERS] for w in WINDOWS]  # the spaces of each run a chip can take
RUNS_AT = [itemgetter(*runs) for runs in THROUGH]  # RUNS_AT[q](per_run): the entries of the runs through q

# A run's tally: its chips as one number, team t's count times 6**t (a count
# is at most five, so one base-6 digit a team) plus FREE_TALLY if a free
# corner is in it. Every run's tally is kept in one integer, TALLY_BITS a
# run, so a chip adds its team's digit to all the runs through its space in
# one addition (ADDS), and reading the integer back gives every run's tally.
DIGIT = RUN + 1
FREE_TALLY = DIGIT ** max(TEAMS)
TALLIES = 2 * FREE_TALLY  # every tally is less
TALLY_BITS = 16
_ONES = [sum(1 << (TALLY_BITS * i) for i in THROUGH[q]) for q in range(SIZE * SIZE)]  # one in each run through q
ADDS = [[DIGIT ** t * one for one in _ONES] for t in range(max(TEAMS))]
CORNER_TALLIES = sum(FREE_TALLY * _ONES[q] for q in CORNERS)


def _counts_of(tally: int, teams: int) -> tuple[list[int], int]:
    """A run's chips per team and free corners, from its tally."""
    return [tally // DIGIT ** t % DIGIT for t in range(teams)], tally // FREE_TALLY


def _four_of(tally: int) -> int | None:
    """The team holding four of a run with this tally (its chips alone and a
    free corner come to four), or None."""
    cnt, free = _counts_of(tally, max(TEAMS))
    held = RUN - 1 - free
    return cnt.index(held) if sum(cnt) == held and held in cnt else None


FOUR_OF = [_four_of(tally) for tally in range(TALLIES)]
FOURS = frozenset(tally for tally, t in enumerate(FOUR_OF) if t is not None)  # the tallies of a four


# How each level weighs things (hard weighs as medium does). build[k]: a
# run of ours with k after the move (short of five); block[k]: spoiling a
# run of theirs with k.
LEVEL = {
    "easy": {"build": (0, 1, 4, 16, 64), "block": (0, 0, 0, 0, 900), "block_odds": 0.25, "hold_two": 0, "hold_one": 0,
             "noise": 90.0},
    "medium": {"build": (0, 1, 4, 16, 64), "block": (0, 0, 2, 12, 900), "block_odds": 1.0, "hold_two": 160, "hold_one": 140,
               "noise": 2.0},
}


class Board:
    """The board as one seat sees it, with each run of five counted."""

    def __init__(self, v: dict):
        self.me = v["team"]
        self.teams = v["teams"]
        self.target = v["target"]
        self.made = list(v["made"])
        self.chips = list(v["chips"])
        self.lines = [{"team": line["team"], "cells": list(line["cells"])} for line in v["lines"]]
        self.free = FREE
        # tallies[i]: run i's tally, every run's read from one integer (an
        # addition a chip costs less than counting five cells a run).
        packed = CORNER_TALLIES
        for q, t in enumerate(self.chips):
            if t is not None:
                packed += ADDS[t][q]
        self.tallies = array("H", packed.to_bytes(TALLY_BITS // 8 * len(WINDOWS), "little"))
        if sys.byteorder == "big":
            self.tallies.byteswap()
        # viable[t][i]: run i could still become a line of team t (can_line:
        # it shares at most one space with each of t's lines); spoilt: the
        # runs that can't for some team.
        self.viable = [[True] * len(WINDOWS) for _ in range(self.teams)]
        self.spoilt: set[int] = set()
        for line in self.lines:
            shared: dict[int, int] = {}
            for q in line["cells"]:
                for i in THROUGH[q]:
                    shared[i] = shared.get(i, 0) + 1
            for i, k in shared.items():
                if k > 1:
                    self.viable[line["team"]][i] = False
                    self.spoilt.add(i)
        self._gaps: list[dict[int, int]] | None = None
        self._fours: tuple[frozenset[int], frozenset[int]] | None = None
        self.placing: list[float] | None = None  # per run, what a chip of ours there is worth (placing())
        self.opening: list[float] | None = None  # per run, what taking its one chip not ours out opens for ours

    def _counts(self, cells, chips=None) -> list[int]:
        chips = self.chips if chips is None else chips
        out = [0] * self.teams
        for q in cells:
            t = chips[q]
            if t is not None:
                out[t] += 1
        return out

    def gaps(self) -> list[dict[int, int]]:
        """Per team, the runs it holds four of, each with its open space."""
        if self._gaps is None:
            self._gaps = [{} for _ in range(self.teams)]
            # (Most boards hold no four: one look at the set of tallies says so.)
            fours = FOURS.intersection(self.tallies)
            if fours:
                chips = self.chips
                for i, tally in enumerate(self.tallies):
                    if tally in fours:
                        t = FOUR_OF[tally]
                        if self.viable[t][i]:
                            for q in OPEN[i]:
                                if chips[q] is None:
                                    self._gaps[t][i] = q
                                    break
        return self._gaps

    def fours(self) -> tuple[frozenset[int], frozenset[int]]:
        """The runs we hold four of, and those another team does."""
        if self._fours is None:
            gaps = self.gaps()
            theirs = [i for t, g in enumerate(gaps) if t != self.me for i in g]
            self._fours = frozenset(gaps[self.me]), frozenset(theirs)
        return self._fours

    def threats(self, t: int, i: int, cnt: list[int], chips) -> int | None:
        """The open space that would finish run i for team t, if t holds
        four of it (a free corner counting) and nobody else is in it."""
        if not self.viable[t][i] or sum(cnt) != cnt[t] or cnt[t] + self.free[i] != RUN - 1:
            return None
        for q in WINDOWS[i]:
            if q not in CORNERS and chips[q] is None:
                return q
        return None


def can_line(cells, lines) -> bool:
    """Whether a run of five could become a line for a team with these lines:
    two lines may share one space, no more."""
    return all(len(line.intersection(cells)) <= 1 for line in lines)


def _spoiling(cnt: list[int], free: int, t: int, w: dict, near: tuple[bool, ...], viable) -> float:
    """What spoiling team t's run, holding cnt chips a team, is worth (before
    easy's chance of seeing it)."""
    if cnt[t] == 0 or sum(cnt) != cnt[t] or not viable[t]:
        return 0.0
    k = min(cnt[t] + free, RUN - 1)
    value = w["block"][k]
    if k == RUN - 1:
        value *= 1.0 if near[t] else 0.8
    return value


def _run_worth(tally: int, me: int, w: dict, near: tuple[bool, ...], viable) -> tuple[float, float]:
    """What a chip of ours in a run with this tally is worth (building ours,
    else spoiling theirs), and what taking its one chip not ours out opens."""
    cnt, free = _counts_of(tally, len(near))
    opens = 0
    if sum(cnt) - cnt[me] == 1 and viable[me]:
        opens = w["build"][min(cnt[me] + free, RUN - 1)]
    if sum(cnt) == cnt[me]:  # ours alone (or empty): nobody else's to spoil
        if not viable[me]:
            return 0.0, opens
        k = cnt[me] + free + 1
        return (0.0 if k >= RUN else w["build"][k]), opens
    s = 0.0
    for t in range(len(near)):
        if t != me:
            s += _spoiling(cnt, free, t, w, near, viable)
    return s, opens


# (level's weights, seat's team, who is one line from the win, for whom a
# run could still be a line) -> per tally, what a run is worth to place and
# to open (_run_worth): a few hundred tables at most, each of TALLIES entries.
_WORTHS: dict[tuple, tuple[list[float], list[float]]] = {}


def _worths(w: dict, me: int, near: tuple[bool, ...], viable: tuple[bool, ...]) -> tuple[list[float], list[float]]:
    """_run_worth for every tally, worked out once for each level, team and
    standing: a lookup a run then, where weighing it was a call."""
    key = (w["build"], w["block"], me, near, viable)
    got = _WORTHS.get(key)
    if got is None:
        pairs = [_run_worth(tally, me, w, near, viable) for tally in range(TALLIES)]
        got = _WORTHS[key] = [p[0] for p in pairs], [p[1] for p in pairs]
    return got


def _per_run(b: Board, w: dict, part: int) -> list[float]:
    """Per run, part of _run_worth (0 placing, 1 opening), by its tally."""
    near = tuple(made + 1 >= b.target for made in b.made)
    table = _worths(w, b.me, near, (True,) * b.teams)[part]
    out = [table[tally] for tally in b.tallies]
    for i in b.spoilt:
        viable = tuple(b.viable[t][i] for t in range(b.teams))
        out[i] = _worths(w, b.me, near, viable)[part][b.tallies[i]]
    return out


def placing(b: Board, w: dict) -> list[float]:
    """Per run, what a chip of ours in it is worth, once a decision."""
    if b.placing is None:
        b.placing = _per_run(b, w, 0)
    return b.placing


def opening(b: Board, w: dict) -> list[float]:
    """Per run, what taking out the one chip in it not ours opens for ours,
    once a decision."""
    if b.opening is None:
        b.opening = _per_run(b, w, 1)
    return b.opening


def _theirs_in(tally: int, me: int) -> bool:
    """Whether a run with this tally holds a chip not ours."""
    chips = tally % FREE_TALLY
    return chips != chips // DIGIT ** me % DIGIT * DIGIT ** me


def _missed(b: Board, p: int, w: dict, rng) -> tuple[float, bool]:
    """Easy sees a run of theirs to spoil only some of the time (block_odds,
    a draw for each such run through p in turn): what it misses, and whether
    it still sees a four of theirs through p."""
    worth = placing(b, w)
    lost, missed = 0.0, []
    for i in THROUGH[p]:
        if worth[i] and _theirs_in(b.tallies[i], b.me) and rng.random() >= w["block_odds"]:
            lost += worth[i]
            missed.append(i)
    theirs = b.fours()[1]
    return lost, any(i in theirs and i not in missed for i in THROUGH[p])


def _scores(b: Board, card: str, where: list[int], w: dict, rng) -> list[float]:
    """The base score of playing this card on each space of ``where``, in
    turn (the card's and the board's part looked up once for all of them)."""
    if one_eyed(card):
        return _remove_scores(b, where, w, rng)
    worth = placing(b, w)
    ours, theirs = b.fours()
    chance = w["block_odds"] < 1.0
    hold = w["hold_two"] if two_eyed(card) else 0
    noise = w["noise"]
    me = b.me
    out = []
    for p in where:
        through = THROUGH[p]
        s = sum(RUNS_AT[p](worth))
        if chance:
            lost, blocked_four = _missed(b, p, w, rng)
            s -= lost
        else:
            blocked_four = bool(theirs) and not theirs.isdisjoint(through)
        new = 0
        if ours and not ours.isdisjoint(through):  # (p finishes a four of ours)
            chips = list(b.chips)
            chips[p] = me
            made, dropped = _lines({"chips": chips, "lines": b.lines}, me, p)
            new = len(made) - len(dropped)
            s += LINE * new
            if new and b.made[me] + new >= b.target:
                s += WIN
        if hold and not new and not blocked_four:
            s -= hold
        out.append(s + rng.random() * noise)
    return out


def _remove_scores(b: Board, where: list[int], w: dict, rng) -> list[float]:
    """The base score of taking the chip off each space of ``where`` (a
    one-eyed jack), in turn: every run of theirs through it spoilt (what a
    chip of ours there would be worth, since it holds theirs), and what it
    opens for ours."""
    worth, opens = placing(b, w), opening(b, w)
    theirs = b.fours()[1]
    chance = w["block_odds"] < 1.0
    hold, noise = w["hold_one"], w["noise"]
    out = []
    for p in where:
        through = THROUGH[p]
        s = sum(RUNS_AT[p](worth)) + sum(RUNS_AT[p](opens))
        if chance:
            lost, broke_four = _missed(b, p, w, rng)
            s -= lost
        else:
            broke_four = bool(theirs) and not theirs.isdisjoint(through)
        if not broke_four:
            s -= hold
        out.append(s + rng.random() * noise)
    return out


def quick(game, state: dict, seat: int, rng) -> dict:
    """The play-out policy of hard's search: medium's move, weighing jacks
    only where they make or stop a line (most of medium's time went on a
    two-eyed jack's every open space)."""
    v = game.view(state, seat)
    made = forced(v, "medium", rng)
    return made if made is not None else best(v, "medium", rng, quick=True)


def _in_a_four(b: Board, p: int) -> bool:
    """Whether the chip on space p is part of another team's four."""
    t = b.chips[p]
    return t is not None and t != b.me and any(i in THROUGH[p] for i in b.gaps()[t])


def forced(v: dict, level: str, rng):
    """A trade-in or a pass, when the turn calls for one; None when a card
    is to be played."""
    can = v["can"]
    if can["trade"] and (level != "easy" or not can["play"] or rng.random() < 0.6):
        return {"type": "trade", "card": v["dead"][0]}
    if not can["play"]:
        return {"type": "pass"} if can["pass"] else {"type": "trade", "card": v["dead"][0]}
    return None


def _weighed(v: dict, level: str, rng, quick: bool) -> list[tuple[float, str, int]]:
    """Every card play worth weighing, with its score by this level's
    scoring, in the order found (``quick``: jacks only where they make or
    stop a line, for play-outs)."""
    w = LEVEL.get(level, LEVEL["medium"])
    b = Board(v)
    scored = []
    seen = set()
    for card in v["mine"]:
        # (Cards that play alike, the same face from either deck or either
        # two-eyed or one-eyed jack: look once.)
        alike = ALIKE[card]
        if alike in seen:
            continue
        seen.add(alike)
        where = v["where"].get(card, [])
        if card[0] == "J" and quick:
            # A play-out's quick player weighs a jack only where it makes or
            # stops a line: elsewhere medium holds it back anyway.
            gaps = {q for g in b.gaps() for q in g.values()}
            where = [p for p in where if p in gaps or (one_eyed(card) and _in_a_four(b, p))]
        scored += [(s, card, p) for s, p in zip(_scores(b, card, where, w, rng), where)]
    if not scored and quick:  # (only jacks, and nowhere urgent: weigh them everywhere)
        return _weighed(v, level, rng, False)
    return scored


def ranked(v: dict, level: str, rng) -> list[tuple[float, dict]]:
    """Every card play worth weighing with its score by this level's
    scoring, best first."""
    scored = _weighed(v, level, rng, False)
    scored.sort(key=lambda o: -o[0])  # (stable: of equal scores the first found stays first)
    return [(s, {"type": "play", "card": card, "space": p}) for s, card, p in scored]


def best(v: dict, level: str, rng, quick: bool = False) -> dict:
    """The first of ``ranked``, without ranking the rest: of equal scores,
    the first found."""
    _, card, p = max(_weighed(v, level, rng, quick), key=lambda o: o[0])
    return {"type": "play", "card": card, "space": p}
