"""Petrangola engine speed, single core: uniformly random play of whole games at six players
(to the last one with tokens); a decision is a keep, refuse, trade or knock. Median of 5 runs."""

from __future__ import annotations

from bench.util import note, random_decisions_per_s
from tavolo.games.petrangola import make_game


def figures():
    decisions, games = random_decisions_per_s(make_game(players=6), games=100)
    note(f"petrangola random play, 6 players: {games:.1f} games/s")
    yield "petrangola.random.decisions_per_s", decisions, "/s"
