"""A hand of Machiavelli on the web table as a person lives it (issue 23, "Speed"): the table
service in this process (a SQLite file of its own), the lobby's defaults (4 players, one deal each), one
person at seat 0 who answers at once (the solver's move, sent as notation the moment the turn
comes) and three solver bots at the service's default pace, each pausing the whole pace before its
turn and the game's ``turn_pace`` share of it before each further move of the same turn (a
rearrangement told as one turn). ``web.machiavelli.hand_s``: the seconds from the start to the
first hand's end (target under 90 s); the median of :data:`RUNS` hands."""

from __future__ import annotations

import asyncio
import os
import statistics

from bench.util import note
from bench.web_hand import one_hand

RUNS = int(os.environ.get("TAVOLO_BENCH_RUNS", "3"))


def figures():
    from tavolo.bots.machiavelli import SolverMachiavelliBot

    times = []
    for seed in range(RUNS):
        person = SolverMachiavelliBot(seed)
        seconds, bots, mine = asyncio.run(one_hand(
            "machiavelli", {"players": 4}, {1: "solver", 2: "solver", 3: "solver"},
            lambda state: person.choose(state.observation(0), list(state.legal_actions()))))
        note(f"machiavelli web hand {seed}: {seconds:.1f} s, {bots} bot moves, the person's {mine}")
        times.append(seconds)
    yield "web.machiavelli.hand_s", statistics.median(times), "s"
