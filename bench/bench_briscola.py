"""Briscola engine speed, single core: uniformly random play of one-round matches at two
players; a decision is one card played. Median of 5 runs."""

from __future__ import annotations

from bench.util import note, random_decisions_per_s
from tavolo.games.briscola import make_game


def figures():
    decisions, matches = random_decisions_per_s(make_game(players=2, rounds=1), games=500)
    note(f"briscola random play, 2 players: {matches:.0f} matches/s")
    yield "briscola.random.decisions_per_s", decisions, "/s"
