"""Perft regression counts for Scala 40, Briscola and Tressette: from fixed positions the
number of legal action sequences to a small depth is pinned, so that no optimisation of a
legal-action generator can silently change what is legal (tests/perft_games.py)."""

import json

import pytest

from tests.perft_games import DATA, counts

POSITIONS = json.loads(DATA.read_text(encoding="utf-8"))


def test_positions_cover_every_game():
    assert {p["name"].split("/")[0] for p in POSITIONS} >= {"scala40", "briscola", "tressette", "peppa", "peppa-hearts", "tarocchi",
                                                               "petrangola", "perlina", "mercante", "bridge"}


@pytest.mark.parametrize("position", POSITIONS, ids=[p["name"] for p in POSITIONS])
def test_perft_counts_are_unchanged(position):
    assert counts(position) == position["counts"]
