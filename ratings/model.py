"""Parlor's rating model: Weng–Lin Bradley–Terry (full pairing) for teams,
on the scale "new = 1500 ± 350". Pure math, plain Python: no Django here.

A member is ``(mu, sigma)``, or ``(mu, sigma, True)`` for one who is counted
in their side's skill but not rated (a seat a bot covered, a guest): see
``counted``. A member with sigma 0 (a bot anchor, anyone certain) is never
changed either. docs/ratings.md has the model, the constants and the worked
examples; the choices marked "ours" there are explained where they are made
below.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

MU = 1500.0  # a new player's mean
SIGMA = 350.0  # a new player's deviation
# Two certain sides one gap apart: p = 1 / (1 + exp(-gap / (sqrt(2) β)))
# = 1 / (1 + 10^(-gap / 400)), the 400-point logistic curve.
BETA = 400.0 / (math.log(10) * math.sqrt(2))
TAU = 6.0  # each rated player's deviation grows by this (in quadrature) per game
FLOOR = 30.0  # ours: a game never shrinks a deviation below this
KAPPA = 0.0001  # openskill's guard: one game never multiplies a variance by less than this


def counted(mu: float, sigma: float) -> tuple[float, float, bool]:
    """A member who counts in their side's skill at (mu, sigma) but is not
    rated by this game: ``rate`` hands them back unchanged."""
    return (float(mu), float(sigma), True)


def gap_from_share(p: float) -> float:
    """The rating gap a win share implies on the 400-point curve."""
    if not 0.0 < p < 1.0:
        raise ValueError("a win share must be strictly between 0 and 1")
    return 400.0 * math.log10(p / (1.0 - p))


def _member(m) -> tuple[float, float, bool]:
    if len(m) == 2:
        mu, sigma = m
        frozen = False
    elif len(m) == 3:
        mu, sigma, frozen = m
    else:
        raise ValueError(f"a member is (mu, sigma) or (mu, sigma, frozen), not {m!r}")
    mu, sigma = float(mu), float(sigma)
    if not (math.isfinite(mu) and math.isfinite(sigma)) or sigma < 0:
        raise ValueError(f"a member needs a finite mean and a deviation >= 0, not {m!r}")
    return mu, sigma, bool(frozen)


def _rated(sigma: float, frozen: bool) -> bool:
    return not frozen and sigma > 0.0


class _Side:
    """A side's skill, scaled to the average side size (ours: see ``_sides``)."""

    def __init__(self, members, scale: float):
        self.members = members  # [(mu, sigma, frozen)], sigma already grown by τ
        self.scale = scale
        self.var_sum = sum(s * s for _, s, _ in members)  # the members' summed variances
        self.mu = scale * sum(mu for mu, _, _ in members)
        self.var = scale * scale * self.var_sum


def _sides(teams, grow: bool) -> list[_Side]:
    if len(teams) < 2:
        raise ValueError("a game needs at least two sides")
    parsed = []
    for team in teams:
        if not team:
            raise ValueError("every side needs at least one member")
        members = []
        for m in team:
            mu, sigma, frozen = _member(m)
            if grow and _rated(sigma, frozen):
                sigma = math.sqrt(sigma * sigma + TAU * TAU)
            members.append((mu, sigma, frozen))
        parsed.append(members)
    # Ours: when side sizes differ, a side of n plays as its members' sum times
    # a = (average size) / n, a linear scaling of its performance. Its mean
    # scales by a and its variance by a² (the variance of a scaled sum); with
    # equal sizes a = 1 and this is openskill's BradleyTerryFull exactly.
    average = sum(len(m) for m in parsed) / len(parsed)
    return [_Side(m, average / len(m)) for m in parsed]


def _pair(i: _Side, q: _Side) -> tuple[float, float]:
    c = math.sqrt(i.var + q.var + 2.0 * BETA * BETA)
    p = 1.0 / (1.0 + math.exp((q.mu - i.mu) / c))
    return c, p


def win_chance(side_a: Sequence, side_b: Sequence) -> float:
    """The chance side_a beats side_b, as the model sees it before the game
    (no τ growth: this is a forecast, not a rating)."""
    a, b = _sides([side_a, side_b], grow=False)
    return _pair(a, b)[1]


def rate(teams: Sequence[Sequence], ranks: Sequence[float]) -> list[list[tuple[float, float]]]:
    """Rate one game. ``teams`` is ``[[(mu, sigma), ...], ...]``, one list per
    side; ``ranks`` has one rank per side, 1 first, equal ranks a tie.
    Returns the same shape, ``(mu, sigma)`` per member; frozen members and
    members with sigma 0 come back exactly as they were passed."""
    if len(ranks) != len(teams):
        raise ValueError("one rank per side")
    originals = [[_member(m) for m in team] for team in teams]
    sides = _sides(teams, grow=True)
    k = len(sides)
    # With three or more sides each side meets each other side at weight 2/k
    # (the rule), so a field's total pull matches a two-sided game's.
    weight = 2.0 / k

    out = []
    for i, side in enumerate(sides):
        omega = 0.0  # the (scaled) side's mean move
        delta = 0.0  # the fraction its variance shrinks by
        for q, other in enumerate(sides):
            if q == i:
                continue
            c, p = _pair(side, other)
            s = 1.0 if ranks[i] < ranks[q] else 0.5 if ranks[i] == ranks[q] else 0.0
            omega += weight * side.var / c * (s - p)
            gamma = math.sqrt(side.var) / c  # openskill's default gamma
            delta += weight * gamma * side.var / (c * c) * p * (1.0 - p)

        new_team = []
        for (mu0, sigma0, frozen), (_, sigma, _) in zip(originals[i], side.members, strict=True):
            if not _rated(sigma0, frozen):
                new_team.append((mu0, sigma0))
                continue
            # Each member takes its share of the side's variance. In the
            # members' own (unscaled) units the side's sum moves omega / a,
            # so a member moves σ_j² / Σσ² · omega / a (= a σ_j² / c · (s − p)).
            share = sigma * sigma / side.var_sum
            mu = mu0 + share * omega / side.scale
            shrunk = sigma * math.sqrt(max(1.0 - share * delta, KAPPA))
            # Ours: never below the floor, but the floor never raises anyone
            # above where τ put them (a deviation passed in under the floor
            # grows back by τ instead).
            new_team.append((mu, max(shrunk, min(FLOOR, sigma))))
        out.append(new_team)
    return out
