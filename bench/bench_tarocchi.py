"""Tarocchi engine speed, single core: uniformly random play of matches of three hands at three
players; a decision is a card discarded or played. Median of 5 runs."""

from __future__ import annotations

from bench.util import note, random_decisions_per_s
from tavolo.games.tarocchi import make_game


def figures():
    decisions, matches = random_decisions_per_s(make_game(), games=100)
    note(f"tarocchi random play, 3 players: {matches:.0f} matches/s")
    yield "tarocchi.random.decisions_per_s", decisions, "/s"
