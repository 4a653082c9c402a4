"""Perft regression counts: from fixed positions of every rule set, the number of legal
action sequences to depth 4 is pinned, so that no optimisation of the legal-action
generator can silently change what is legal."""

import json

import pytest

from tests.burraco.perft_positions import DATA, counts

POSITIONS = json.loads(DATA.read_text(encoding="utf-8"))


def test_positions_cover_every_rule_set():
    assert {p["name"].split("/")[0] for p in POSITIONS} == {"fibur", "fedibur1985", "internazionale"}


@pytest.mark.parametrize("position", POSITIONS, ids=[p["name"] for p in POSITIONS])
def test_perft_counts_are_unchanged(position):
    assert counts(position["state"], depth=len(position["counts"])) == position["counts"]
