"""The arena: Burraco bots measured against each other over many duplicate deals.

Every deal is played twice with the sides swapped and the same seeds for every
pairing (:mod:`~tavolo.arena.duplicate`); per pair the mean point difference
per deal with its 95% interval and the share of matches to 2005 won
(:mod:`~tavolo.arena.stats`); ratings across all bots (:mod:`~tavolo.arena.elo`);
on every core or a Ray cluster (:mod:`~tavolo.arena.runner`); tables, JSON
(:mod:`~tavolo.arena.report`) and pictures (:mod:`~tavolo.arena.plots`).

    >>> plan = make_plan(["simple", "random"], deals=2, players=2, seed=1)
    >>> report = summarize(plan, run_plan(plan, workers=1))
    >>> [pair.a for pair in report.pairs], len(report.pairs[0].deals)
    (['simple'], 2)
"""

from tavolo.arena.duplicate import DuplicateDeal, play_duplicate
from tavolo.arena.runner import ArenaError, ArenaPlan, make_plan, run_plan
from tavolo.arena.summary import ArenaReport, PairSummary, summarize

__all__ = ["ArenaError", "ArenaPlan", "ArenaReport", "DuplicateDeal", "PairSummary", "make_plan", "play_duplicate",
           "run_plan", "summarize"]
