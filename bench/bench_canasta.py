"""Canasta engine speed, single core: uniformly random play of single hands at four players
(a decision is one applied action: draw, take, lay, retract, discard). Median of 5 runs."""

from __future__ import annotations

from bench.util import note, random_decisions_per_s
from tavolo.games.canasta import make_game


def figures():
    decisions, hands = random_decisions_per_s(make_game(players=4, target=None), games=20)
    note(f"canasta random play, 4 players: {hands:.1f} hands/s")
    yield "canasta.random.decisions_per_s", decisions, "/s"
