"""Tressette engine speed, single core: uniformly random play of single rounds at four
players with accusi declared; a decision is one card played or one accuso. Median of 5
runs."""

from __future__ import annotations

from bench.util import note, random_decisions_per_s
from tavolo.games.tressette import make_game


def figures():
    decisions, rounds = random_decisions_per_s(make_game(players=4, target=None, accusi="declared"), games=300)
    note(f"tressette random play, 4 players: {rounds:.0f} rounds/s")
    yield "tressette.random.decisions_per_s", decisions, "/s"
