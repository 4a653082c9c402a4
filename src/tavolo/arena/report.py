"""The arena's report for people (Rich tables, a progress bar) and for programs (JSON).

    >>> from tavolo.arena.duplicate import DuplicateDeal
    >>> from tavolo.arena.runner import ArenaPlan
    >>> from tavolo.arena.summary import summarize
    >>> plan = ArenaPlan(bots=("A", "B"), pairs=(("A", "B"),), deals=2)
    >>> deals = [DuplicateDeal(i, ((400.0, 100.0), (200.0, 300.0))) for i in range(2)]
    >>> data = report_json(summarize(plan, {("A", "B"): deals}))
    >>> data["pairs"][0]["mean_difference"], data["pairs"][0]["deals"]
    (100.0, 2)

The tables speak the reader's language through a :data:`Words` lookup; the JSON is
the same in every language (programs read it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from tavolo.arena.runner import Advance
from tavolo.arena.stats import Interval
from tavolo.arena.summary import ArenaReport, PairSummary
from tavolo.arena.tuning import Trial, TuningResult

Words = Callable[[str], str]
"""A catalog lookup: an English msgid (``{named}`` placeholders) in the reader's language. The arena lies below
the catalogs (tests/test_layers.py), so the command line passes it (the ``cli`` catalog, Italian by default)."""


def report_json(report: ArenaReport) -> dict[str, Any]:
    """Everything in the report, each pair's deals included as
    ``[A at table 1, B at table 1, A at table 2, B at table 2]`` points."""
    plan = report.plan
    return {
        "rules": plan.rules, "players": plan.players, "seed": plan.seed, "deals_per_pair": plan.deals,
        "match_target": report.target, "bots": list(plan.bots),
        "pairs": [_pair_json(pair) for pair in report.pairs],
        "ratings": [asdict(rating) for rating in report.ratings],
    }


def _pair_json(pair: PairSummary) -> dict[str, Any]:
    share = pair.match_share
    return {
        "a": pair.a, "b": pair.b, "deals": len(pair.deals),
        "mean_difference": pair.difference.estimate,
        "ci95": [pair.difference.low, pair.difference.high],
        "deals_won_tied_lost": list(pair.deal_wins),
        "matches": pair.matches, "match_wins": pair.match_wins,
        "match_share": share.estimate if share else None,
        "match_share_ci95": [share.low, share.high] if share else None,
        "tables": [[*deal.points[0], *deal.points[1]] for deal in pair.deals],
    }


def pair_table(report: ArenaReport, words: Words) -> Table:
    """One row per pair: A's mean point difference per duplicate deal (smazzata), the
    deals A won, tied and lost, and the matches A won of those finished."""
    plan = report.plan
    title = words("Duplicate deals: {players} players, {rules} rules, matches to {target}")
    table = Table(title=title.format(players=plan.players, rules=plan.rules, target=report.target))
    for name in ("A", "B"):
        table.add_column(name, no_wrap=True)
    for column in ("deals", "A−B/deal", "95% CI", "W/T/L deals", "matches won"):
        table.add_column(words(column), justify="right")
    for pair in report.pairs:
        share = pair.match_share
        matches = f"{pair.match_wins}/{pair.matches} {share.estimate:.0%}" if share else words("none ended")
        table.add_row(pair.a, pair.b, str(len(pair.deals)), f"{pair.difference.estimate:+.1f}",
                      _interval_text(pair.difference), "/".join(map(str, pair.deal_wins)), matches)
    return table


def rating_table(report: ArenaReport, words: Words) -> Table:
    """The bots by rating (Bradley-Terry on deals won, mean 1500), with 95% bootstrap intervals."""
    table = Table(title=words("Ratings (Elo scale, mean 1500)"))
    table.add_column(words("bot"), no_wrap=True)
    for column in ("rating", "95% interval"):
        table.add_column(words(column), justify="right")
    for rating in report.ratings:
        table.add_row(rating.name, f"{rating.elo:.0f}", f"{rating.low:.0f} … {rating.high:.0f}")
    return table


def tuning_table(result: TuningResult, template: str, words: Words, rows: int = 10) -> Table:
    """The ``rows`` best trials, best first: their settings, mean duplicate difference per deal
    and difference to the best on the same deals (paired)."""
    title = words("Best trials of {template} against {opponent}: {deals} duplicate deals each, {players} players")
    table = Table(title=title.format(template=template, opponent=result.opponent, deals=result.deals,
                                     players=result.players))
    table.add_column(words("trial"), justify="right")
    names = list(result.best.params)
    for column in (*names, words("A−B/deal"), words("95% CI"), words("− the best, paired")):
        table.add_column(column, justify="right")
    ranked = sorted(enumerate(result.trials, 1), key=lambda item: -item[1].mean)
    for number, trial in ranked[:rows]:
        table.add_row(str(number), *(f"{trial.params[name]:.4g}" for name in names), f"{trial.mean:+.1f}",
                      f"{trial.low:+.0f} … {trial.high:+.0f}", _paired_text(result, trial))
    return table


def _paired_text(result: TuningResult, trial: Trial) -> str:
    if trial is result.best:
        return "—"
    paired = result.against_best(trial)
    return f"{paired.estimate:+.1f} ({_interval_text(paired)})"


def _interval_text(interval: Interval) -> str:
    if interval.low is None or interval.high is None:
        return "—"
    return f"{interval.low:+.0f} … {interval.high:+.0f}"


@contextmanager
def progress_bar(total: int, words: Words) -> Iterator[Advance]:
    """A Rich progress bar (on standard error) over ``total`` duplicate deals (smazzate duplicate);
    yields the function that advances it."""
    columns = (TextColumn(words("duplicate deals")), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True)) as progress:
        task = progress.add_task("deals", total=total)
        yield lambda done: progress.advance(task, done)
