"""An arena's results: per pair the duplicate scores, their mean with its
interval, deals and matches won; the ratings of every bot.

    >>> from tavolo.arena.duplicate import DuplicateDeal
    >>> plan = ArenaPlan(bots=("A", "B"), pairs=(("A", "B"),), deals=3)
    >>> deals = [DuplicateDeal(i, ((900.0, 100.0), (800.0, 300.0))) for i in range(3)]
    >>> pair = summarize(plan, {("A", "B"): deals}).pairs[0]
    >>> pair.difference.estimate, pair.deal_wins, pair.matches, pair.match_wins
    (650.0, (3, 0, 0), 2, 2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tavolo.arena.duplicate import DuplicateDeal
from tavolo.arena.elo import Rating, elo_ratings
from tavolo.arena.runner import ArenaPlan, Pair
from tavolo.arena.stats import Interval, deal_outcome, match_winners, mean_interval, wilson_interval

TARGET = 2005


@dataclass(frozen=True)
class PairSummary:
    """What bot A did against bot B, from A's side."""

    a: str
    b: str
    deals: tuple[DuplicateDeal, ...]
    difference: Interval
    """A's mean duplicate score per deal, with its 95% t interval."""
    deal_wins: tuple[int, int, int]
    """Deals A won, tied and lost by its duplicate score."""
    matches: int
    match_wins: int
    match_share: Interval | None
    """A's share of the matches, with its 95% Wilson interval; ``None`` with no match finished."""

    @property
    def scores(self) -> list[float]:
        """A's duplicate score of each deal."""
        return [deal.score for deal in self.deals]


@dataclass(frozen=True)
class ArenaReport:
    plan: ArenaPlan
    target: int
    pairs: tuple[PairSummary, ...]
    ratings: tuple[Rating, ...]


def summarize(plan: ArenaPlan, deals: Mapping[Pair, Sequence[DuplicateDeal]], target: int = TARGET) -> ArenaReport:
    """The report of a played plan; matches are played to ``target`` (see :mod:`tavolo.arena.stats`)."""
    pairs = tuple(summarize_pair(a, b, deals[a, b], target) for a, b in plan.pairs)
    outcomes = {(p.a, p.b): [deal_outcome(score) for score in p.scores] for p in pairs}
    return ArenaReport(plan, target, pairs, tuple(elo_ratings(outcomes, seed=plan.seed)))


def summarize_pair(a: str, b: str, deals: Sequence[DuplicateDeal], target: int = TARGET) -> PairSummary:
    """One pair's figures from its duplicate deals."""
    scores = [deal.score for deal in deals]
    winners = [w for table in (0, 1) for w in match_winners((deal.points[table] for deal in deals), target)]
    wins = winners.count(0)
    return PairSummary(
        a, b, tuple(deals), mean_interval(scores),
        (sum(s > 0 for s in scores), sum(s == 0 for s in scores), sum(s < 0 for s in scores)),
        len(winners), wins, wilson_interval(wins, len(winners)),
    )
