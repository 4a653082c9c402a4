"""The arena's pictures (PNG, matplotlib's Agg renderer, no display needed):

* ``ratings.png``: each bot's rating with its 95% (Bayesian) bootstrap interval;
* ``differences.png``: per pair, the histogram of A's duplicate score per deal,
  its mean and 95% interval marked.

matplotlib comes with the ``arena`` and ``dev`` extras (``pip install 'tavolo[arena]'``).
"""

from __future__ import annotations

import math
from pathlib import Path

from tavolo.arena.summary import ArenaReport, PairSummary

RATINGS = "ratings.png"
DIFFERENCES = "differences.png"


def save_plots(report: ArenaReport, folder: Path) -> list[Path]:
    """Draw both pictures into ``folder`` (made if missing); their paths.

        >>> import tempfile
        >>> from tavolo.arena.duplicate import DuplicateDeal
        >>> from tavolo.arena.runner import ArenaPlan
        >>> from tavolo.arena.summary import summarize
        >>> plan = ArenaPlan(bots=("A", "B"), pairs=(("A", "B"),), deals=3)
        >>> deals = [DuplicateDeal(i, ((400.0 * i, 100.0), (200.0, 300.0))) for i in range(3)]
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     [path.name for path in save_plots(summarize(plan, {("A", "B"): deals}), Path(folder))]
        ['ratings.png', 'differences.png']
    """
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / RATINGS, folder / DIFFERENCES]
    _ratings_figure(report).savefig(paths[0], dpi=120)
    _differences_figure(report).savefig(paths[1], dpi=120)
    return paths


def _figure(width: float, height: float):
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        raise ImportError("arena plots need matplotlib: pip install 'tavolo[arena]'") from None
    figure = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(figure)
    return figure


def _ratings_figure(report: ArenaReport):
    ratings = report.ratings[::-1]
    figure = _figure(7, 1 + 0.5 * len(ratings))
    axes = figure.add_subplot()
    elo = [r.elo for r in ratings]
    axes.errorbar(elo, range(len(ratings)), fmt="o", capsize=4,
                  xerr=[[r.elo - r.low for r in ratings], [r.high - r.elo for r in ratings]])
    axes.set_yticks(range(len(ratings)), [r.name for r in ratings])
    axes.set_ylim(-0.5, len(ratings) - 0.5)
    axes.set_xlabel("rating (Elo scale, mean 1500) with 95% bootstrap interval")
    axes.set_title(f"Burraco arena: {report.plan.deals} duplicate deals per pair")
    axes.grid(axis="x", alpha=0.3)
    return figure


def _differences_figure(report: ArenaReport):
    count = len(report.pairs)
    columns = min(3, count)
    rows = math.ceil(count / columns)
    figure = _figure(4.5 * columns, 3.2 * rows)
    for k, pair in enumerate(report.pairs):
        _histogram(figure.add_subplot(rows, columns, k + 1), pair)
    figure.suptitle("A − B per duplicate deal (mean of both tables)", fontsize=11)
    return figure


def _histogram(axes, pair: PairSummary) -> None:
    axes.hist(pair.scores, bins=min(40, max(5, len(pair.scores) // 10)), color="tab:blue", alpha=0.75)
    mean = pair.difference
    axes.axvline(mean.estimate, color="black", label=f"mean {mean.estimate:+.0f}")
    if mean.low is not None and mean.high is not None:
        axes.axvspan(mean.low, mean.high, color="black", alpha=0.15, label="95% CI")
    axes.axvline(0, color="tab:red", linewidth=0.8)
    axes.set_title(f"{pair.a} vs {pair.b}", fontsize=10)
    axes.set_xlabel("points per deal")
    axes.legend(fontsize=8)
