"""Tournament speed: one modified-Danish round of 2,000 pairs, and a 1,000-pair 8-round event on SQLite.

The pairing is timed on adversarial standings: seven earlier rounds of
random meetings, and the 12 bottom pairs having all met each other, so the
top-down pass must repair its tail exactly. The event goes end to end:
creating it, registering the field, a seeded draw, random scores for every
table (each round's cards inserted in one batch) and every pairing, all
stored in a fresh SQLite file, then the final standings.
"""

from __future__ import annotations

import itertools
import random
import tempfile
import time
from pathlib import Path

from bench.util import median_time, note
from tavolo.store import Store
from tavolo.tournament.config import Phase, System, TournamentConfig
from tavolo.tournament.danish import pair_top_down
from tavolo.tournament.simulate import play_event, register_field
from tavolo.tournament.standings import rankings


def adversarial_field(
    pairs: int = 2000, rounds: int = 7, bottom_clique: int = 12
) -> tuple[list[int], dict[int, set[int]]]:
    rng = random.Random(2000)
    ranking = list(range(1, pairs + 1))
    met: dict[int, set[int]] = {n: set() for n in ranking}
    for _ in range(rounds):
        order = ranking[:]
        rng.shuffle(order)
        for a, b in zip(order[0::2], order[1::2], strict=True):
            met[a].add(b)
            met[b].add(a)
    for a, b in itertools.combinations(ranking[-bottom_clique:], 2):
        met[a].add(b)
        met[b].add(a)
    return ranking, met


def simulate_event(pairs: int = 1000, rounds: int = 8) -> float:
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        store = Store(str(Path(folder) / "bench.sqlite"))
        config = TournamentConfig("bench", phases=(Phase(System.MODIFIED, rounds),))
        handle = store.create(config, author="bench")
        handle.record(register_field(handle.tournament, pairs))
        play_event(handle, seed=1)
        rankings(handle.tournament)
        elapsed = time.perf_counter() - start
        note(f"event: {pairs} pairs, {rounds} rounds, {handle.tournament.version} events stored")
    return elapsed


def figures():
    ranking, met = adversarial_field()
    note("danish2000: 7 earlier rounds, bottom 12 pairs all met each other")
    yield "tournament.danish2000.pairing_s", median_time(lambda: pair_top_down(ranking, met), runs=9), "s"
    yield "tournament.event1000x8.total_s", simulate_event(), "s"
