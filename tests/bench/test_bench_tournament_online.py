"""The online tournament's bench (issue 39, "Tests and figures") run tiny: 8 pairs of bots, 2 rounds,
3 open pages, on a SQLite file; each figure is read back and has the count it claims."""

from __future__ import annotations

import math

import bench.bench_tournament_online as bench


def test_tiny_tournament_gives_every_figure(tmp_path, monkeypatch):
    monkeypatch.setattr(bench, "PAIRS", 8)
    monkeypatch.setattr(bench, "ROUNDS", 2)
    monkeypatch.setattr(bench, "PACE", 0)  # the bots as fast as they go: seconds, not a minute
    rounds, delays, wall, cpu = bench.measure(f"sqlite:///{tmp_path / 'room.sqlite'}", pages=3)
    assert len(rounds) == bench.ROUNDS - 1  # one turnaround per round after the first
    assert all(0 < ms < 30_000 for ms in rounds)
    assert len(delays) == 4 * bench.ROUNDS  # every result of 4 tables a round reached the pages
    assert all(0 <= ms < 30_000 for ms in delays)
    assert wall > 0 and cpu > 0


def test_p99_is_the_nearest_rank():
    assert bench.p99([3.0, 1.0, 2.0]) == 3.0
    assert bench.p99([float(n) for n in range(1, 201)]) == 198.0
    assert math.isnan(bench.p99([]))
