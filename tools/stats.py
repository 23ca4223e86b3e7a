"""The figures every strength tool and benchmark prints: a share of wins
with its 95% interval, the rating gap a share implies, and a mean of a few
rounds with its interval."""

from __future__ import annotations

import math
import statistics

Z95 = 1.96
# Student's t at 97.5% for a mean over few rounds, by degrees of freedom
# (rounds - 1); past the table, the normal's.
T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228,
        11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 16: 2.120, 17: 2.110, 18: 2.101, 19: 2.093}


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


def mean_interval(values: list[float]) -> tuple[float, float]:
    """A mean and the half-width of its 95% interval (Student's t over the
    values)."""
    if len(values) < 2:
        return (values[0] if values else float("nan")), float("nan")
    return statistics.fmean(values), T975.get(len(values) - 1, Z95) * statistics.stdev(values) / math.sqrt(len(values))
