"""Elo-style ratings from duplicate deals: a Bradley-Terry fit with a weak prior and Bayesian-bootstrap intervals.

Every duplicate deal between A and B is one game: A wins it when its duplicate
score is positive, loses it when negative, and a tie counts half to each. The
Bradley-Terry model (Hunter 2004) gives each bot a strength with
P(i beats j) = 1 / (1 + 10 ** ((R_j - R_i) / 400)): Elo's logistic scale, so a
400-point gap means odds of 10 to 1 on a deal. The ratings are the fit (Newton's
method) shifted to average 1500.

The prior: every pair that played also counts two virtual deals, one won by each
side (a Beta(2, 2)-like prior on each pair's share, pulling towards even). So a
bot that wins every deal still gets a finite rating: after ``n`` deals all won,
the gap is 400 * log10(n + 1) points (1 deal: 120; 100 deals: 802); the prior
weighs as much as two deals, nothing once a pair has played hundreds.

The interval of each rating is a Bayesian bootstrap (Rubin 1981): each of
:data:`RESAMPLES` refits weighs every deal of every pair, the two virtual ones
included, by a random weight (flat Dirichlet, drawn from a seeded generator),
and the middle 95% of the refitted ratings is kept. Because the virtual deals
are weighed afresh too, a pair won on every deal still gets an interval of
honest width, not the single point that resampling only its wins would give.

Thirty deals won and ten lost, with the virtual deals 31 to 11: a gap of
400 * log10(31 / 11) = 180 points.

    >>> ratings = elo_ratings({("simple", "random"): [1.0] * 30 + [0.0] * 10})
    >>> [(r.name, round(r.elo)) for r in ratings]
    [('simple', 1590), ('random', 1410)]
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
PRIOR_DEALS = (1.0, 0.0)
"""The virtual deals every pair adds to its own: one won by each side."""
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
    games between ``pairs[k] = (i, j)``: ``wins[k]`` points of i out of ``played[k]``
    (each pair must have won and lost some: the prior's virtual deals see to it).

        >>> theta = fit_log_strengths(2, np.array([[0, 1]]), np.array([3.0]), np.array([4.0]))
        >>> round(float(theta[0] - theta[1]), 6) == round(math.log(3), 6)
        True
    """
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
    results = [np.array([*deals, *PRIOR_DEALS], dtype=float) for deals in outcomes.values()]
    played = np.array([len(deals) for deals in results], dtype=float)
    elo = _elo(fit_log_strengths(len(names), pairs, np.array([r.sum() for r in results]), played))
    weights = _dirichlet_weights(results, resamples, np.random.default_rng(seed))
    samples = np.array([_elo(fit_log_strengths(len(names), pairs, wins, played)) for wins in weights])
    tail = (1 - level) / 2 * 100
    low, high = np.percentile(samples, [tail, 100 - tail], axis=0)
    ratings = [Rating(name, float(elo[i]), float(low[i]), float(high[i])) for i, name in enumerate(names)]
    return sorted(ratings, key=lambda r: -r.elo)


def _dirichlet_weights(results: Sequence[np.ndarray], resamples: int, rng: np.random.Generator) -> np.ndarray:
    """``(resamples, pairs)``: each pair's points won when its deals are weighed by
    flat Dirichlet weights scaled to the number of deals (a Bayesian bootstrap)."""
    columns = []
    for deals in results:
        weights = rng.standard_exponential((resamples, len(deals)))
        columns.append(len(deals) * (weights @ deals) / weights.sum(axis=1))
    return np.stack(columns, axis=1)


def _elo(theta: np.ndarray) -> np.ndarray:
    return MEAN + SCALE * theta
