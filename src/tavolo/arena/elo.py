"""Elo-style ratings from duplicate deals: a Bradley-Terry fit with bootstrap intervals.

Every duplicate deal between A and B is one game: A wins it when its duplicate
score is positive, loses it when negative, and a tie counts half to each. The
Bradley-Terry model (Hunter 2004) gives each bot a strength with
P(i beats j) = 1 / (1 + 10 ** ((R_j - R_i) / 400)): Elo's logistic scale, so a
400-point gap means odds of 10 to 1 on a deal. The ratings are the maximum
likelihood fit (Newton's method) shifted to average 1500. Every pair that
played also counts one virtual tied deal, so a bot that wins every deal still
gets a finite rating: after ``n`` deals a pair's gap is at most
400 * log10(2n + 1).

The interval of each rating is a percentile bootstrap: the deals of every pair
are drawn again with replacement (from a seeded generator), the fit repeated,
and the middle 95% of the refitted ratings kept.

Thirty deals won and ten lost, with the virtual tie 30.5 to 10.5: a gap of
400 * log10(30.5 / 10.5) = 185 points.

    >>> ratings = elo_ratings({("simple", "random"): [1.0] * 30 + [0.0] * 10})
    >>> [(r.name, round(r.elo)) for r in ratings]
    [('simple', 1593), ('random', 1407)]
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

MEAN = 1500.0
SCALE = 400 / math.log(10)
"""Elo points per unit of natural log-odds."""
RESAMPLES = 500
LEVEL = 0.95
_MAX_STEP = 2.0
_TOLERANCE = 1e-10


@dataclass(frozen=True)
class Rating:
    """A bot's rating and the ends of its bootstrap interval."""

    name: str
    elo: float
    low: float
    high: float


def fit_log_strengths(count: int, pairs: np.ndarray, wins: np.ndarray, played: np.ndarray) -> np.ndarray:
    """Bradley-Terry log-strengths (natural log, mean 0) of ``count`` players from
    games between ``pairs[k] = (i, j)``: ``wins[k]`` points of i out of ``played[k]``,
    one virtual tie added to each pair.

        >>> theta = fit_log_strengths(2, np.array([[0, 1]]), np.array([2.5]), np.array([3.0]))
        >>> round(float(theta[0] - theta[1]), 6) == round(math.log(3), 6)
        True
    """
    wins, played = wins + 0.5, played + 1.0
    first, second = pairs[:, 0], pairs[:, 1]
    theta = np.zeros(count)
    for _ in range(100):
        p = 1 / (1 + np.exp(theta[second] - theta[first]))
        surplus = wins - played * p
        gradient = np.bincount(first, surplus, count) - np.bincount(second, surplus, count)
        weight = played * p * (1 - p)
        hessian = np.zeros((count, count))
        np.add.at(hessian, (first, second), weight)
        np.add.at(hessian, (second, first), weight)
        hessian -= np.diag(hessian.sum(axis=1))
        step = np.clip(np.linalg.lstsq(-hessian, gradient, rcond=None)[0], -_MAX_STEP, _MAX_STEP)
        theta += step
        if np.max(np.abs(step)) < _TOLERANCE:
            break
    return theta - theta.mean()


def elo_ratings(outcomes: Mapping[tuple[str, str], Sequence[float]], *, resamples: int = RESAMPLES,
                seed: int = 0, level: float = LEVEL) -> list[Rating]:
    """Ratings of every bot named in ``outcomes[(a, b)]`` (a's result of each deal
    against b: 1, 0.5 or 0), best first."""
    names = list(dict.fromkeys(name for pair in outcomes for name in pair))
    index = {name: i for i, name in enumerate(names)}
    pairs = np.array([[index[a], index[b]] for a, b in outcomes], dtype=np.intp).reshape(-1, 2)
    results = [np.asarray(deals, dtype=float) for deals in outcomes.values()]
    played = np.array([len(deals) for deals in results], dtype=float)
    elo = _elo(fit_log_strengths(len(names), pairs, np.array([r.sum() for r in results]), played))
    rng = np.random.default_rng(seed)
    samples = np.array([
        _elo(fit_log_strengths(len(names), pairs, np.array([r[rng.integers(0, len(r), len(r))].sum() for r in results]),
                               played))
        for _ in range(resamples)
    ])
    tail = (1 - level) / 2 * 100
    low, high = np.percentile(samples, [tail, 100 - tail], axis=0)
    ratings = [Rating(name, float(elo[i]), float(low[i]), float(high[i])) for i, name in enumerate(names)]
    return sorted(ratings, key=lambda r: -r.elo)


def _elo(theta: np.ndarray) -> np.ndarray:
    return MEAN + SCALE * theta
