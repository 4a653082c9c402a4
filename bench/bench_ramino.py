"""Ramino engine speed, single core: uniformly random play of single hands at four
players (ten cards, closing a zero, two decks); a decision is one applied action (draw,
take, discard, close). Median of 5 runs."""

from __future__ import annotations

from bench.util import note, random_decisions_per_s
from tavolo.games.ramino import make_game


def figures():
    decisions, hands = random_decisions_per_s(make_game(players=4, match=None), games=20)
    note(f"ramino random play, 4 players: {hands:.1f} hands/s")
    yield "ramino.random.decisions_per_s", decisions, "/s"
