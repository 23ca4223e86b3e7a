"""The figures every strength tool prints: a share of wins with its 95%
interval, and the rating gap a share implies."""

from __future__ import annotations

import math

Z95 = 1.96


def interval(share: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The 95% Wilson score interval for a share measured over n games."""
    if n == 0:
        return 0.0, 1.0
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The same interval, from a count of wins out of n."""
    return interval(wins / n if n else 0.0, n, z)


def gap(share: float) -> float:
    """The rating gap a share of the wins implies, kept finite for a sweep."""
    from ratings.model import gap_from_share

    return gap_from_share(min(max(share, 1e-4), 1 - 1e-4))
