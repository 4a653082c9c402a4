"""Helpers shared by the benchmarks."""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable


def median_time(fn: Callable[[], object], runs: int = 5) -> float:
    """Median wall time of ``runs`` calls of ``fn``, in seconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def note(*parts: object) -> None:
    """A line for people, kept off stdout so figure lines stay parseable."""
    print(*parts, file=sys.stderr, flush=True)


def random_decisions_per_s(game, games: int, runs: int = 5) -> tuple[float, float]:
    """Median over ``runs`` of the decisions per second and games per second of
    ``games`` complete games of uniformly random legal play through the public API
    (``legal_actions`` then ``apply``; the chance nodes included in the time)."""
    import random

    rates = []
    for run in range(runs):
        rng = random.Random(run)
        decisions = 0
        start = time.perf_counter()
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_chance(state.sample_chance(rng))
                    continue
                legal = state.legal_actions()
                state.apply(legal[int(rng.random() * len(legal))])
                decisions += 1
        seconds = time.perf_counter() - start
        rates.append((decisions / seconds, games / seconds))
    return statistics.median(r[0] for r in rates), statistics.median(r[1] for r in rates)
