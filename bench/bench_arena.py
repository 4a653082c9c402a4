"""Arena speed, one core (one process): heuristic:strong in every seat.

A deal here is one hand (smazzata) played once: four players, fibur rules,
played by the arena's own table loop (``tavolo.arena.duplicate.play_table``:
the shuffle, the bots made from their spec and seeded by seat, each choosing
from its seat's observation). A duplicate deal of the arena is two of these.
The figure is the median of RUNS runs of DEALS deals each.
"""

from __future__ import annotations

import statistics
import time

from bench.util import note
from tavolo.arena.duplicate import Seating, arena_game, deal_seed, play_table

SPEC = "heuristic:strong"
PLAYERS = 4
DEALS = 60
RUNS = 5


def deals_per_s(spec: str, players: int = PLAYERS, deals: int = DEALS, runs: int = RUNS) -> float:
    """Median hands per second with ``spec`` in every seat."""
    game = arena_game("fibur", players)
    rates = []
    for run in range(runs):
        tables = [Seating(deal_seed(run, i), (spec,) * players) for i in range(deals)]
        start = time.perf_counter()
        for table in tables:
            play_table(game, table)
        rates.append(deals / (time.perf_counter() - start))
    return statistics.median(rates)


def figures():
    rate = deals_per_s(SPEC)
    note(f"arena, {SPEC} in all {PLAYERS} seats: {rate:.1f} deals/s per core, "
         f"{DEALS * RUNS} deals in {RUNS} runs")
    yield "arena.heuristic.deals_per_s", rate, "/s"
