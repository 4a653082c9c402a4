"""Pinnacola engine speed, single core: uniformly random play of single hands at four
players in pairs (13 cards, no variants); a decision is one applied action (draw, take, meld,
attach, swap, discard). Median of 5 runs."""

from __future__ import annotations

from bench.util import note, random_decisions_per_s
from tavolo.games.pinnacola import make_game


def figures():
    decisions, hands = random_decisions_per_s(make_game(players=4, target=None), games=10)
    note(f"pinnacola random play, 4 players: {hands:.1f} hands/s")
    yield "pinnacola.random.decisions_per_s", decisions, "/s"
