"""Tune a bot's settings in the arena: CMA-ES (Optuna) on duplicate deals.

A template is a bot spec with ``str.format`` placeholders, one per setting to
tune, e.g. ``"heuristic:strong,pile={pile},wild={wild}"``. Each trial fills
the placeholders with the values the sampler proposes (written ``f"{v:.4g}"``,
and those rounded values are what the trial reports), plays ``deals``
duplicate deals (smazzate, each dealt at two tables with the sides swapped)
against the opponent and scores the trial by the mean duplicate difference per
deal: points of the tuned bot's side minus the opponent's, to be maximised.

Every trial plays the very same deals (common random numbers): two settings
are compared on the same cards, so a small difference between them is not the
luck of the shuffle. The deals come from :data:`TUNING_SEED`, away from the
arena's evaluation seeds (0, 1, ...), so a setting is never judged on the deals
it was tuned on. The sampler is Optuna's CMA-ES, seeded: the same call gives
the same trials. ``start`` plays the settings in use as the first trial, so the
others are measured against them on the same deals: each trial keeps its
per-deal differences, and :meth:`TuningResult.against_best` pairs them deal by
deal with the best's. The pairing cancels the cards' luck; the play's is left,
and for a search drawing its own samples that is most of it: two trials of
``pimc`` on the same deals correlate 0.0 to 0.3 (docs/compiled-engine.md).

    >>> parse_space(["pile=0:3", "wild=0.5:2"])
    {'pile': (0.0, 3.0), 'wild': (0.5, 2.0)}
    >>> placeholders("heuristic:strong,pile={pile},wild={wild}")
    ('pile', 'wild')
    >>> fill("ismcts:iterations={it}", {"it": 123.456})
    ('ismcts:iterations=123.5', {'it': 123.5})
    >>> parse_start(["pile=1.5"])
    {'pile': 1.5}
"""

from __future__ import annotations

import string
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from tavolo.arena.runner import Advance, ArenaError, ArenaPlan, check_bots, run_plan
from tavolo.arena.stats import Interval, mean_interval
from tavolo.engine.errors import Text

TUNING_SEED = 1_000_000
"""Run seed of the tuning deals: they never overlap the arena's evaluation deals (seed 0, 1, ...)."""

Space = Mapping[str, tuple[float, float]]
_Value = TypeVar("_Value")


@dataclass(frozen=True)
class Trial:
    """One setting tried: the values, the per-deal duplicate mean and its 95% t interval, and
    each deal's difference in deal order (what pairs two trials)."""

    params: dict[str, float]
    mean: float
    low: float
    high: float
    scores: tuple[float, ...]


@dataclass(frozen=True)
class TuningResult:
    """Every trial in the order played, the best (highest mean) first named."""

    best: Trial
    trials: tuple[Trial, ...]
    deals: int
    players: int
    opponent: str

    def against_best(self, trial: Trial) -> Interval:
        """The trial's mean difference to the best, deal by deal on the same deals, and its 95%
        interval: an interval that holds zero says the tune could not tell the two apart.

            >>> best = Trial({"p": 1.0}, 30.0, 0.0, 60.0, (40.0, 20.0, 30.0))
            >>> other = Trial({"p": 0.0}, 25.0, -5.0, 55.0, (36.0, 15.0, 24.0))
            >>> TuningResult(best, (other, best), 3, 2, "random").against_best(other).estimate
            -5.0
        """
        return mean_interval([mine - best for mine, best in zip(trial.scores, self.best.scores, strict=True)])


def tune(template: str, space: Space, *, opponent: str, players: int, deals: int, trials: int,
         seed: int = TUNING_SEED, workers: int | None = None, rules: str = "fibur",
         start: Mapping[str, float] | None = None, progress: Callable[[int], None] | None = None) -> TuningResult:
    """Search ``space`` (name -> (low, high)) for the settings of ``template`` with the
    best mean duplicate difference against ``opponent``, the first trial at ``start`` when
    given (the settings in use); ``progress`` hears of every duplicate deal finished
    (``deals * trials`` in all)."""
    check_tuning(template, space, opponent=opponent, players=players, deals=deals, trials=trials, rules=rules,
                 start=start)
    study, distributions = _study(space, seed)
    if start is not None:
        study.enqueue_trial(dict(start))
    played = []
    for _ in range(trials):
        asked = study.ask(distributions)
        spec, params = fill(template, asked.params)
        trial = _play_trial(spec, params, ArenaPlan((spec, opponent), ((spec, opponent),), deals, players, rules, seed),
                            workers, progress)
        study.tell(asked, trial.mean)
        played.append(trial)
    return TuningResult(max(played, key=lambda t: t.mean), tuple(played), deals, players, opponent)


def check_tuning(template: str, space: Space, *, opponent: str, players: int, deals: int, trials: int,
                 rules: str = "fibur", start: Mapping[str, float] | None = None) -> None:
    """Refuse, before any deal is played, a tune :func:`tune` could not run: the template, the
    ranges and the start that do not fit each other, too few deals or trials, an opponent that
    cannot sit at the table.

        >>> check_tuning("pimc:margin={m}", {"m": (0.0, 40.0)}, opponent="simple", players=4, deals=1, trials=8)
        Traceback (most recent call last):
        ...
        tavolo.arena.runner.ArenaError: tune with at least two deals (an interval needs two) and one trial
    """
    _check_space(template, space)
    if start is not None:
        _check_start(space, start)
    if deals < 2 or trials < 1:
        raise ArenaError(Text("tune with at least two deals (an interval needs two) and one trial"))
    check_bots([opponent], rules, players)


def _play_trial(spec: str, params: dict[str, float], plan: ArenaPlan, workers: int | None,
                progress: Advance | None) -> Trial:
    check_bots([spec], plan.rules, plan.players)
    (deals,) = run_plan(plan, workers=workers, progress=progress).values()
    interval = mean_interval([deal.score for deal in deals])
    assert interval.low is not None and interval.high is not None  # at least two deals
    return Trial(params, interval.estimate, interval.low, interval.high, tuple(deal.score for deal in deals))


def _study(space: Space, seed: int):  # -> (optuna.Study, dict of distributions)
    try:
        import optuna
    except ImportError:
        raise ArenaError(Text("tuning needs Optuna and cmaes, not installed: pip install 'tavolo[tune]'")) from None
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    with warnings.catch_warnings():  # CmaEsSampler is fine; Optuna flags some of its options as experimental
        warnings.simplefilter("ignore", optuna.exceptions.ExperimentalWarning)
        sampler = optuna.samplers.CmaEsSampler(seed=seed, warn_independent_sampling=False)
    distributions = {name: optuna.distributions.FloatDistribution(low, high) for name, (low, high) in space.items()}
    return optuna.create_study(direction="maximize", sampler=sampler), distributions


def fill(template: str, values: Mapping[str, float]) -> tuple[str, dict[str, float]]:
    """The spec with each value written ``f"{v:.4g}"``, and the values as written."""
    written = {name: f"{value:.4g}" for name, value in values.items()}
    return template.format(**written), {name: float(text) for name, text in written.items()}


def placeholders(template: str) -> tuple[str, ...]:
    """The names of the template's placeholders, in order, each once.

        >>> placeholders("ismcts:iterations={it")
        Traceback (most recent call last):
        ...
        tavolo.arena.runner.ArenaError: template 'ismcts:iterations={it': expected '}' before end of string
    """
    try:
        fields = [field for _, field, _, _ in string.Formatter().parse(template) if field is not None]
    except ValueError as exc:
        raise ArenaError(Text("template {template}: {reason}", template=repr(template), reason=str(exc))) from None
    if not fields:
        raise ArenaError(Text("template {template} has no placeholder: write the settings to tune as {example}",
                               template=repr(template), example="{name}"))
    if not all(field.isidentifier() for field in fields):
        raise ArenaError(Text("template {template}: placeholders are plain names, like {example}",
                               template=repr(template), example="{pile}"))
    return tuple(dict.fromkeys(fields))


def _check_space(template: str, space: Space) -> None:
    names = placeholders(template)
    if not space:
        raise ArenaError(Text("the search space is empty: give each placeholder a range, like pile=0:3"))
    _check_names(names, space, Text("template placeholder(s) with no range: {names}"),
                 Text("range(s) for no placeholder of the template: {names}"))
    for name, (low, high) in space.items():
        if not low < high:
            raise ArenaError(Text("range of {name}: the low end {low} must be below the high end {high}", name=name,
                                  low=f"{low:g}", high=f"{high:g}"))


def _check_start(space: Space, start: Mapping[str, float]) -> None:
    _check_names(tuple(space), start, Text("the start has no value for: {names}; give every placeholder one"),
                 Text("start value(s) for no placeholder of the template: {names}"))
    for name, value in start.items():
        low, high = space[name]
        if not low <= value <= high:
            raise ArenaError(Text("start {name}={value} is outside its range {low}:{high}", name=name,
                                  value=f"{value:g}", low=f"{low:g}", high=f"{high:g}"))


def _check_names(wanted: Sequence[str], given: Iterable[str], lacking: Text, extra: Text) -> None:
    """Refuse ``given`` names (ranges, start values) that miss one of ``wanted`` (the template's
    placeholders), with ``lacking``, or name one more, with ``extra``; each template fills ``{names}``."""
    given = tuple(given)
    missing, unknown = [n for n in wanted if n not in given], [n for n in given if n not in wanted]
    for refusal, names in ((lacking, missing), (extra, unknown)):
        if names:
            raise ArenaError(Text(refusal.template, names=", ".join(names)))


def parse_start(items: Sequence[str]) -> dict[str, float]:
    """The first trial's settings written ``name=value`` (the CLI's ``--start``).

        >>> parse_start(["pile=low"])
        Traceback (most recent call last):
        ...
        tavolo.arena.runner.ArenaError: start 'pile=low': write name=value, like pile=1.5
    """
    return _parse_named(items, float, Text("start {item}: write name=value, like pile=1.5"))


def parse_space(items: Sequence[str]) -> dict[str, tuple[float, float]]:
    """Ranges written ``name=low:high`` (the CLI's ``--space``).

        >>> parse_space(["pile=3"])
        Traceback (most recent call last):
        ...
        tavolo.arena.runner.ArenaError: range 'pile=3': write name=low:high, like pile=0:3
    """
    return _parse_named(items, _range, Text("range {item}: write name=low:high, like pile=0:3"))


def _range(text: str) -> tuple[float, float]:
    low, colon, high = text.partition(":")
    if not colon:
        raise ValueError(text)
    return float(low), float(high)


def _parse_named(items: Sequence[str], read: Callable[[str], _Value], refusal: Text) -> dict[str, _Value]:
    """``name=value`` items as a dict, each value by ``read`` (a ValueError refuses the item with
    ``refusal``, its ``{item}`` filled)."""
    named: dict[str, _Value] = {}
    for item in items:
        name, equals, value = item.partition("=")
        try:
            if not (name.strip() and equals):
                raise ValueError(item)
            named[name.strip()] = read(value)
        except ValueError:
            raise ArenaError(Text(refusal.template, item=repr(item))) from None
    return named
