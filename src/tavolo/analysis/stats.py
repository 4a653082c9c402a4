"""Paired statistics over sampled deals (le stime): every candidate move is valued on the same deals
with the same play-out seeds, so the difference of two moves on one deal is a paired sample and
its mean's interval is narrow where the moves' own values vary widely.

    >>> e = paired([10.0, 12.0, 8.0, 10.0])
    >>> e.mean, round(e.half, 3), e.n, e.excludes_zero()
    (10.0, 2.598, 4, True)
    >>> paired([5.0]).half
    inf
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
        2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045,
        2.042)
"""Student's t, two-sided 95%, for 1 to 30 degrees of freedom; 1.96 beyond (few deals: a wider interval)."""


def t_quantile(df: int) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom (``inf`` for none)."""
    if df < 1:
        return math.inf
    return T975[df - 1] if df <= len(T975) else 1.96


@dataclass(frozen=True)
class Estimate:
    """A mean over deals and the half-width of its 95% interval (``inf`` with fewer than two deals)."""

    mean: float
    half: float
    n: int

    @property
    def low(self) -> float:
        return self.mean - self.half

    @property
    def high(self) -> float:
        return self.mean + self.half

    def excludes_zero(self) -> bool:
        """Whether the 95% interval lies wholly on one side of zero."""
        return self.low > 0 or self.high < 0


def paired(differences: Sequence[float]) -> Estimate:
    """The mean of ``differences`` (one per deal) and its 95% interval (Student's t)."""
    n = len(differences)
    if n == 0:
        return Estimate(0.0, math.inf, 0)
    mean = sum(differences) / n
    if n < 2:
        return Estimate(mean, math.inf, n)
    var = sum((d - mean) ** 2 for d in differences) / (n - 1)
    return Estimate(mean, t_quantile(n - 1) * math.sqrt(var / n), n)
