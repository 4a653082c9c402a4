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
import tempfile
import time
from pathlib import Path

from bench.util import note

RUNS = int(os.environ.get("TAVOLO_BENCH_RUNS", "3"))
TIMEOUT_S = 600


async def one_hand(seed: int) -> tuple[float, int, int]:
    """(seconds, bot actions, the person's actions) of the first hand of a new table."""
    from tavolo.bots.machiavelli import SolverMachiavelliBot
    from tavolo.online.service import TableService
    from tavolo.store.online import OnlineStore, make_online_engine

    folder = tempfile.TemporaryDirectory()
    service = TableService(OnlineStore(make_online_engine(str(Path(folder.name) / "bench.sqlite"))))
    await service.start()
    try:
        table_id, token = await service.create("machiavelli", {"players": 4}, "Anna",
                                               bots={1: "solver", 2: "solver", 3: "solver"})
        table = await service.table(table_id)
        person = SolverMachiavelliBot(seed)
        mine = 0
        start = time.perf_counter()
        await service.start_table(table_id, token)
        while table.hand_end is None and not table.state.is_terminal():
            if time.perf_counter() - start > TIMEOUT_S:
                raise TimeoutError("no hand's end")
            if table.to_act == 0:
                state = table.state
                action = person.choose(state.observation(0), list(state.legal_actions()))
                await service.move(table_id, 0, state.action_to_string(action))
                mine += 1
            else:
                await asyncio.sleep(0.005)
        seconds = time.perf_counter() - start
        return seconds, len(table.actions) - mine, mine
    finally:
        await service.stop()
        folder.cleanup()


def figures():
    times = []
    for seed in range(RUNS):
        seconds, bots, mine = asyncio.run(one_hand(seed))
        note(f"machiavelli web hand {seed}: {seconds:.1f} s, {bots} bot moves, the person's {mine}")
        times.append(seconds)
    yield "web.machiavelli.hand_s", statistics.median(times), "s"
