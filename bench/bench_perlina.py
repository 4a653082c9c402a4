"""Perlina engine speed, single core: uniformly random play of ten-hand games at five players;
a decision is a stand, change, extra card, drop, ace value or bet. Median of 5 runs."""

from __future__ import annotations

from bench.util import note, random_decisions_per_s
from tavolo.games.perlina import make_game


def figures():
    decisions, games = random_decisions_per_s(make_game(players=5), games=100)
    note(f"perlina random play, 5 players: {games:.1f} games/s")
    yield "perlina.random.decisions_per_s", decisions, "/s"
