"""Peppa engine speed, single core: uniformly random play of single hands at four players by the
seed's rules and by classic Hearts; a decision is a card drawn, passed or played. Median of 5 runs."""

from __future__ import annotations

from bench.util import note, random_decisions_per_s
from tavolo.games.peppa import make_game


def figures():
    decisions, hands = random_decisions_per_s(make_game(target=None), games=1000)
    note(f"peppa random play, 4 players: {hands:.0f} hands/s")
    yield "peppa.random.decisions_per_s", decisions, "/s"
    decisions, hands = random_decisions_per_s(make_game(rules="hearts", target=None), games=500)
    note(f"hearts random play, 4 players: {hands:.0f} hands/s")
    yield "peppa.hearts.random.decisions_per_s", decisions, "/s"
