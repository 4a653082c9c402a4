"""Machiavelli speed, single core: uniformly random play of single hands at four players
(a decision is one applied action: draw, pass, put, move, undo, done), and the exact
solver (HiGHS integer program) for the most cards a player can lay on a crowded table:
80 cards in valid combinations and a 13-card hand. Median of 5 runs."""

from __future__ import annotations

import random

from bench.util import median_time, note, random_decisions_per_s
from tavolo.engine.game import shuffled
from tavolo.games.machiavelli import make_game
from tavolo.games.machiavelli.solver import most_cards


def crowded_table(seed: int, cards: int = 80) -> tuple[list[tuple[int, ...]], list[int]]:
    """A table of at least ``cards`` cards in valid combinations, and a 13-card hand of the rest."""
    deck = shuffled(make_game().deck, random.Random(seed))
    while True:
        plan = most_cards([], deck[:cards])
        if sum(map(len, plan.melds)) >= cards - 12:
            break
        cards += 4
    used = [c for m in plan.melds for c in m]
    rest = list(deck)
    for c in used:
        rest.remove(c)
    return list(plan.melds), rest[:13]


def figures():
    decisions, hands = random_decisions_per_s(make_game(players=4, hands=1), games=10)
    note(f"machiavelli random play, 4 players: {hands:.1f} hands/s")
    yield "machiavelli.random.decisions_per_s", decisions, "/s"
    tables = [crowded_table(seed) for seed in range(5)]
    note(f"machiavelli crowded tables: {[sum(map(len, t)) for t, _ in tables]} cards on the table")
    seconds = median_time(lambda: [most_cards(t, h) for t, h in tables]) / len(tables)
    yield "machiavelli.solver.crowded_ms", seconds * 1000, "ms"
