"""Mercante in fiera engine speed, single core: uniformly random play of whole games at eight
players; a decision is a bid, pass, offer or answer. Median of 5 runs."""

from __future__ import annotations

from bench.util import note, random_decisions_per_s
from tavolo.games.mercante import make_game


def figures():
    decisions, games = random_decisions_per_s(make_game(players=8), games=30)
    note(f"mercante random play, 8 players: {games:.1f} games/s")
    yield "mercante.random.decisions_per_s", decisions, "/s"
