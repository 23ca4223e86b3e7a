"""Get In Line's bots: easy, medium and hard.

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

Hard also looks one move ahead (``_ahead``): the fours the move leaves us
(worth more when we hold a card for the gap), a fork of two gaps, and the
fours it leaves the other teams. For a jack, which could go almost anywhere,
it looks ahead only from the best JACK_SHORTLIST spaces by base score. Its
best few moves by that scoring are then searched (``hard``, through
engine/search.py): each played a few turns on over dealt-again hands, by
medium in every seat (``quick``), the best on average made. ``decide``
gives the move with the sentence saying why.
"""

from __future__ import annotations

from .board import CORNERS, LAYOUT, RUN, THROUGH, WINDOWS, face, one_eyed, two_eyed
from .rules import _lines

LINE = 1_000
WIN = 100_000
JACK_SHORTLIST = 12
FREE = [sum(1 for q in w if q in CORNERS) for w in WINDOWS]  # free corners in each run
OPEN = [[q for q in w if q not in CORNERS] for w in WINDOWS]  # the spaces of each run a chip can take
MASKS = [sum(1 << q for q in w) for w in WINDOWS]  # each run's spaces as bits

# How each level weighs things. build[k]: a run of ours with k after the
# move (short of five); block[k]: spoiling a run of theirs with k.
LEVEL = {
    "easy": {"build": (0, 1, 4, 16, 64), "block": (0, 0, 0, 0, 900), "block_odds": 0.25, "hold_two": 0, "hold_one": 0,
             "noise": 90.0, "ahead": False},
    "medium": {"build": (0, 1, 4, 16, 64), "block": (0, 0, 2, 12, 900), "block_odds": 1.0, "hold_two": 160, "hold_one": 140,
               "noise": 2.0, "ahead": False},
    "hard": {"build": (0, 1, 4, 16, 64), "block": (0, 0, 2, 16, 900), "block_odds": 1.0, "hold_two": 160, "hold_one": 140,
             "noise": 0.5, "ahead": True, "mine_held": 400, "mine_open": 80, "fork": 300, "theirs": 70, "theirs_two": 300},
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
        # count[i][t]: team t's chips in run i, from each team's chips as bits
        # (counted team by team over every run, then turned: one pass a team
        # costs less than a list a run, and every bot decision makes a Board).
        held = [0] * self.teams
        for q, t in enumerate(self.chips):
            if t is not None:
                held[t] |= 1 << q
        self.count = list(zip(*[[(h & w).bit_count() for w in MASKS] for h in held]))
        # viable[t][i]: run i could still become a line of team t (can_line:
        # it shares at most one space with each of t's lines).
        self.viable = [[True] * len(WINDOWS) for _ in range(self.teams)]
        for line in self.lines:
            shared: dict[int, int] = {}
            for q in line["cells"]:
                for i in THROUGH[q]:
                    shared[i] = shared.get(i, 0) + 1
            for i, k in shared.items():
                if k > 1:
                    self.viable[line["team"]][i] = False
        self._gaps: list[dict[int, int]] | None = None
        self.placing: dict[int, tuple[float, bool, bool]] = {}  # run -> what a chip of ours there is worth
        self.removing: dict[tuple[int, int], tuple[float, bool, float]] = {}  # (run, team) -> what taking theirs out is worth

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
            # One pass over the runs: a four is a run whose chips, all one
            # team's, and free corner come to four (threats, for every team
            # at once).
            self._gaps = [{} for _ in range(self.teams)]
            chips, free = self.chips, self.free
            for i, cnt in enumerate(self.count):
                held = RUN - 1 - free[i]
                if sum(cnt) != held or held not in cnt:
                    continue
                t = cnt.index(held)
                if self.viable[t][i]:
                    for q in OPEN[i]:
                        if chips[q] is None:
                            self._gaps[t][i] = q
                            break
        return self._gaps

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


def _run_value(b: Board, i: int, t: int, w: dict, rng) -> tuple[float, bool]:
    """What spoiling team t's run i is worth, and whether it was a four."""
    cnt = b.count[i]
    if cnt[t] == 0 or sum(cnt) != cnt[t] or not b.viable[t][i]:
        return 0.0, False
    k = min(cnt[t] + b.free[i], RUN - 1)
    value = w["block"][k]
    if k == RUN - 1:
        value *= 1.0 if b.made[t] + 1 >= b.target else 0.8
    if value and w["block_odds"] < 1.0 and rng.random() >= w["block_odds"]:
        value = 0.0
    return value, bool(value) and k == RUN - 1


def _placing(b: Board, i: int, w: dict, rng) -> tuple[float, bool, bool]:
    """What a chip of ours in run i is worth: (value, whether it completes
    the run, whether it spoils another team's four)."""
    me = b.me
    cnt = b.count[i]
    if sum(cnt) == cnt[me]:  # ours alone (or empty): nobody else's to spoil
        if not b.viable[me][i]:
            return 0.0, False, False
        k = cnt[me] + b.free[i] + 1
        return (0.0, True, False) if k >= RUN else (w["build"][k], False, False)
    s, four = 0.0, False
    for t in range(b.teams):
        if t != me:
            value, was_four = _run_value(b, i, t, w, rng)
            s += value
            four = four or was_four
    return s, False, four


def _score(b: Board, card: str, p: int, w: dict, rng) -> float:
    """The base score of playing this card on space p."""
    if one_eyed(card):
        return _score_remove(b, p, w, rng)
    # Without chance in blocking, a run's worth is the same for every space
    # in it, so each run is weighed once a decision, not once a space.
    cached = w["block_odds"] >= 1.0
    s = 0.0
    completes = False
    blocked_four = False
    for i in THROUGH[p]:
        if cached:
            got = b.placing.get(i)
            if got is None:
                got = b.placing[i] = _placing(b, i, w, rng)
        else:
            got = _placing(b, i, w, rng)
        value, done, four = got
        s += value
        completes = completes or done
        blocked_four = blocked_four or four
    new = 0
    me = b.me
    if completes:
        chips = list(b.chips)
        chips[p] = me
        made, dropped = _lines({"chips": chips, "lines": b.lines}, me, p)
        new = len(made) - len(dropped)
        s += LINE * new
        if new and b.made[me] + new >= b.target:
            s += WIN
    if two_eyed(card) and not new and not blocked_four:
        s -= w["hold_two"]
    return s + rng.random() * w["noise"]


def _removing(b: Board, i: int, t: int, w: dict, rng) -> tuple[float, bool, float]:
    """What taking a chip of team t out of run i is worth: spoiling their
    run, whether it was a four, and what it opens for ours (the chip was all
    that stood in it)."""
    me = b.me
    value, was_four = _run_value(b, i, t, w, rng)
    cnt = b.count[i]
    ours = 0
    if cnt[t] == 1 and sum(cnt) - cnt[me] == 1 and b.viable[me][i]:
        ours = w["build"][min(cnt[me] + b.free[i], RUN - 1)]
    return value, was_four, ours


def _score_remove(b: Board, p: int, w: dict, rng) -> float:
    """The base score of taking the chip off space p (a one-eyed jack)."""
    t = b.chips[p]
    # Without chance in blocking, what taking a chip of team t out of a run
    # is worth is the same for every chip of theirs in it: weighed once.
    cached = w["block_odds"] >= 1.0
    s = 0.0
    broke_four = False
    for i in THROUGH[p]:
        if cached:
            got = b.removing.get((i, t))
            if got is None:
                got = b.removing[i, t] = _removing(b, i, t, w, rng)
        else:
            got = _removing(b, i, t, w, rng)
        value, was_four, ours = got
        s += value
        broke_four = broke_four or was_four
        if ours:
            s += ours
    if not broke_four:
        s -= w["hold_one"]
    return s + rng.random() * w["noise"]


def _ahead(b: Board, card: str, p: int, w: dict, held: list[str], jacks: int) -> float:
    """Hard's look one move ahead: what the position after this move leaves
    us and the other teams."""
    chips = list(b.chips)
    chips[p] = None if one_eyed(card) else b.me
    held = list(held)
    if face(card) in held:
        held.remove(face(card))
    jacks -= 1 if two_eyed(card) else 0
    touched = THROUGH[p]
    gaps: list[set[int]] = []
    for t in range(b.teams):
        found = {q for i, q in b.gaps()[t].items() if i not in touched}
        for i in touched:
            q = b.threats(t, i, b._counts(WINDOWS[i], chips), chips)
            if q is not None:
                found.add(q)
        gaps.append(found)
    s = 0.0
    for q in gaps[b.me]:
        s += w["mine_held"] if (jacks > 0 or LAYOUT[q] in held) else w["mine_open"]
    if len(gaps[b.me]) >= 2:
        s += w["fork"]
    theirs = set()
    for t in range(b.teams):
        if t != b.me:
            theirs |= gaps[t]
    s -= w["theirs"] * len(theirs)
    if len(theirs) >= 2:
        s -= w["theirs_two"]
    return s


def choose(v: dict, level: str, rng) -> dict:
    """The bot's move, from its seat's view ``v`` alone."""
    return decide(v, level, rng)[0]


def decide(v: dict, level: str, rng) -> tuple[dict, str | None]:
    """The bot's move and, for hard when it searched, the sentence saying
    why (the line it expects to make or the four it stops); None otherwise."""
    forced = _forced(v, level, rng)
    if forced is not None:
        return forced, None
    if level == "hard":
        from . import hard

        found = hard.think(v, rng)
        return found.move, found.reason
    return ranked(v, level, rng)[0], None


def quick(game, state: dict, seat: int, rng) -> dict:
    """The play-out policy of hard's search: medium's move, weighing jacks
    only where they make or stop a line (most of medium's time went on a
    two-eyed jack's every open space)."""
    v = game.view(state, seat)
    forced = _forced(v, "medium", rng)
    return forced if forced is not None else ranked(v, "medium", rng, quick=True)[0]


def _in_a_four(b: Board, p: int) -> bool:
    """Whether the chip on space p is part of another team's four."""
    t = b.chips[p]
    return t is not None and t != b.me and any(i in THROUGH[p] for i in b.gaps()[t])


def _forced(v: dict, level: str, rng):
    """A trade-in or a pass, when the turn calls for one; None when a card
    is to be played."""
    can = v["can"]
    if can["trade"] and (level != "easy" or not can["play"] or rng.random() < 0.6):
        return {"type": "trade", "card": v["dead"][0]}
    if not can["play"]:
        return {"type": "pass"} if can["pass"] else {"type": "trade", "card": v["dead"][0]}
    return None


def ranked(v: dict, level: str, rng, quick: bool = False) -> list[dict]:
    """Every card play worth weighing, best first by this level's scoring
    (``quick``: jacks only where they make or stop a line, for play-outs)."""
    w = LEVEL.get(level, LEVEL["medium"])
    b = Board(v)
    held = [face(c) for c in v["mine"]]
    jacks = sum(1 for c in v["mine"] if two_eyed(c))
    scored = []
    seen = set()
    for card in v["mine"]:
        # (Cards that play alike, the same face from either deck or either
        # two-eyed or one-eyed jack: look once.)
        alike = "J2" if two_eyed(card) else "J1" if one_eyed(card) else face(card)
        if alike in seen:
            continue
        seen.add(alike)
        where = v["where"].get(card, [])
        if card[0] == "J" and quick:
            # A play-out's quick player weighs a jack only where it makes or
            # stops a line: elsewhere medium holds it back anyway.
            gaps = {q for g in b.gaps() for q in g.values()}
            where = [p for p in where if p in gaps or (one_eyed(card) and _in_a_four(b, p))]
        options = [(_score(b, card, p, w, rng), card, p) for p in where]
        if card[0] == "J" and w["ahead"]:
            options = sorted(options, key=lambda o: -o[0])[:JACK_SHORTLIST]
        scored += options
    if w["ahead"]:
        scored = [(s + _ahead(b, card, p, w, held, jacks), card, p) for s, card, p in scored]
    if not scored:  # (only jacks, and nowhere urgent: weigh them everywhere)
        return ranked(v, level, rng) if quick else []
    scored.sort(key=lambda o: -o[0])  # (stable: of equal scores the first found stays first)
    return [{"type": "play", "card": card, "space": p} for _, card, p in scored]
