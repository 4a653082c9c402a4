"""The games' speed bench (``bench/bench_games_speed.py``): its measuring function, run on two
games for a fraction of a second, prints ``make bench``'s ``name: value unit`` lines with a
positive count of decisions; a game's random play really makes decisions in its budget."""

from __future__ import annotations

import re

import pytest

from bench.__main__ import _format
from bench.bench_games_speed import measure, openspiel_player, tavolo_player

LINE = re.compile(r"^rl\.decisions\.(?P<game>[a-z0-9_]+)\.per_s: (?P<value>\d+(\.\d+)?) decisions/s$")


def test_two_games_print_positive_rates_in_the_bench_format():
    chosen = {"briscola": tavolo_player("briscola"), "burraco_python": tavolo_player("burraco", engine="python")}
    lines = [f"{name}: {_format(value)} {unit}" for name, value, unit in measure(chosen, runs=1, budget=0.05)]
    assert len(lines) == 2
    for line, game in zip(lines, chosen, strict=True):
        match = LINE.match(line)
        assert match, line
        assert match["game"] == game
        assert float(match["value"]) > 0


@pytest.mark.parametrize("engine", ["table", "python"])
def test_a_player_makes_decisions_within_its_budget(engine):
    decisions, seconds = tavolo_player("burraco", engine=engine)(0.05, 1)
    assert decisions > 0
    assert 0.05 <= seconds < 5


def test_openspiel_bridge_player_makes_decisions_within_its_budget():
    pytest.importorskip("pyspiel")
    decisions, seconds = openspiel_player("bridge", {"use_double_dummy_result": False})(0.05, 0)
    assert decisions > 0 and seconds >= 0.05
