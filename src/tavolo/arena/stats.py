"""The arena's statistics: means with Student-t intervals, match shares.

A pair's strength is A's mean duplicate score per deal with a 95% confidence
interval from the t distribution on the per-deal duplicate scores (the deals
are independent: each has its own shuffle and bot seeds).

The share of matches to 2005 won reads each table's hands in the order dealt
as a stream of consecutive hands of one long session: the points of A's and
B's sides add up hand after hand until a side has reached the target and
leads (the rule of a real match, estratto "Fine partita"); that is one match,
and the next starts from zero with the next hand. A hand left over at the end
that finishes no match is not counted. Both tables' streams give matches, so
A and B each sit first in half of the deals.

    >>> interval = mean_interval([10.0, 20.0, 30.0, 40.0])
    >>> round(interval.estimate, 1), round(interval.low, 2), round(interval.high, 2)
    (25.0, 4.46, 45.54)
    >>> match_winners([(1000, 0), (1000, 1500), (10, 600), (2000, 0)], target=2005)
    [1]
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

LEVEL = 0.95


@dataclass(frozen=True)
class Interval:
    """An estimate with the ends of its confidence interval (``None`` from too few data)."""

    estimate: float
    low: float | None
    high: float | None


def t_quantile(probability: float, df: int) -> float:
    """The ``probability`` quantile (above one half) of Student's t with ``df`` degrees
    of freedom, by bisection on the exact distribution function.

        >>> round(t_quantile(0.975, 1), 3), round(t_quantile(0.975, 10), 3), round(t_quantile(0.975, 1000), 3)
        (12.706, 2.228, 1.962)
    """
    low, high = 0.0, 1.0
    while _t_cdf(high, df) < probability:
        low, high = high, high * 2
    for _ in range(60):
        middle = (low + high) / 2
        low, high = (middle, high) if _t_cdf(middle, df) < probability else (low, middle)
    return (low + high) / 2


def _t_cdf(t: float, df: int) -> float:
    """P(T <= t) for t >= 0: the closed form for whole degrees of freedom
    (Abramowitz and Stegun 26.7.3 and 26.7.4)."""
    theta = math.atan(t / math.sqrt(df))
    cos2 = math.cos(theta) ** 2
    term, total = 1.0, 1.0
    for k in range(2 if df % 2 == 0 else 3, df, 2):
        term *= cos2 * (k - 1) / k
        total += term
    if df % 2 == 0:
        inside = math.sin(theta) * total
    else:
        inside = 2 / math.pi * (theta + (math.sin(theta) * math.cos(theta) * total if df > 1 else 0))
    return (1 + inside) / 2


def mean_interval(values: Sequence[float], level: float = LEVEL) -> Interval:
    """The mean and its t interval at ``level``; no interval from fewer than two values.

        >>> mean_interval([5.0])
        Interval(estimate=5.0, low=None, high=None)
    """
    mean = statistics.fmean(values)
    if len(values) < 2:
        return Interval(mean, None, None)
    half = t_quantile((1 + level) / 2, len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
    return Interval(mean, mean - half, mean + half)


def wilson_interval(wins: int, total: int, level: float = LEVEL) -> Interval | None:
    """A share of wins with its Wilson score interval; ``None`` when nothing was played.

        >>> share = wilson_interval(8, 10)
        >>> share.estimate, round(share.low, 3), round(share.high, 3)
        (0.8, 0.49, 0.943)
    """
    if total == 0:
        return None
    z = statistics.NormalDist().inv_cdf((1 + level) / 2)
    share = wins / total
    centre = (share + z * z / (2 * total)) / (1 + z * z / total)
    half = z / (1 + z * z / total) * math.sqrt(share * (1 - share) / total + z * z / (4 * total * total))
    return Interval(share, centre - half, centre + half)


def match_winners(hands: Iterable[tuple[float, float]], target: int) -> list[int]:
    """The winners (0 for A, 1 for B) of the matches that the hands, played in
    order, complete: points ``(A, B)`` add up until one side has reached ``target``
    and leads; then a new match starts."""
    winners = []
    a = b = 0.0
    for points_a, points_b in hands:
        a, b = a + points_a, b + points_b
        if max(a, b) >= target and a != b:
            winners.append(0 if a > b else 1)
            a = b = 0.0
    return winners


def deal_outcome(score: float) -> float:
    """A deal won (1), tied (0.5) or lost (0) by its duplicate score's sign.

        >>> [deal_outcome(s) for s in (35.0, 0.0, -5.0)]
        [1.0, 0.5, 0.0]
    """
    return 1.0 if score > 0 else 0.0 if score < 0 else 0.5
