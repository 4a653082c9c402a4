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
