"""The levels' measurement (bench/levels.py) names only levels the lobby offers, in order of
strength, and prints one figure line per pair with its interval."""

import re

import pytest

from bench.levels import PAIRS, main, run
from tavolo.online.views import CATALOG


def test_every_level_the_lobby_offers_is_measured_against_the_one_below():
    for game, build in CATALOG.items():
        offered = {spec for spec, _ in build().bots}
        measured = {spec for pair in PAIRS if pair.game == game for spec in (pair.higher, pair.lower)}
        assert measured == offered, game


def test_a_pair_prints_its_margin_and_interval():
    lines = [next(run(["briscola"], scale=0.02))]  # 20 of its 1000 deals; Campione's pair comes after
    assert re.fullmatch(r"levels\.briscola\.simple_vs_random: [+-][\d.]+ rounds/deal ± [\d.]+ \(20 deals\)", lines[0])


def test_an_unknown_game_is_refused_in_one_line(capsys):
    with pytest.raises(SystemExit):
        main(["chess"])
    assert "no levels for chess: choose among" in capsys.readouterr().err
