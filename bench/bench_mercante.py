"""Mercante in fiera: engine speed, single core (uniformly random play of whole games at eight
players; a decision is a bid, pass, offer or answer; median of 5 runs), and the time a hand
takes at a web table (issue 23, target under 120 s).

``web.mercante.hand_s``: a hand at a web table as a person lives it: the table service in this
process (a SQLite file of its own), the lobby's defaults (eight players, offers before each prize
card), one person at seat 0 who answers at once (the first legal move: pass, refuse, the lowest
bid) and seven "Normal" bots at the service's default pace. The seconds from the start to the
hand's end, the median of :data:`RUNS` hands (target under 120 s)."""

from __future__ import annotations

import asyncio
import os
import statistics
import tempfile
import time
from pathlib import Path

from bench.util import note, random_decisions_per_s
from tavolo.games.mercante import make_game


def figures():
    decisions, games = random_decisions_per_s(make_game(players=8), games=30)
    note(f"mercante random play, 8 players: {games:.1f} games/s")
    yield "mercante.random.decisions_per_s", decisions, "/s"
    yield "web.mercante.hand_s", web_hand_seconds(), "s"


RUNS = int(os.environ.get("TAVOLO_BENCH_RUNS", "3"))
TIMEOUT_S = 600


def web_hand_seconds() -> float:
    """The median length of a web hand, in seconds (see the module docstring)."""
    times = []
    for run in range(RUNS):
        seconds, bots, mine = asyncio.run(one_hand())
        note(f"mercante web hand {run}: {seconds:.1f} s, {bots} bot moves, the person's {mine}")
        times.append(seconds)
    return statistics.median(times)


async def one_hand() -> tuple[float, int, int]:
    """(seconds, bot actions, the person's actions) of a new table's hand."""
    from tavolo.online.service import TableService
    from tavolo.store.online import OnlineStore, make_online_engine

    folder = tempfile.TemporaryDirectory()
    service = TableService(OnlineStore(make_online_engine(str(Path(folder.name) / "bench.sqlite"))))
    await service.start()
    try:
        table_id, token = await service.create("mercante", {}, "Anna", bots={s: "simple" for s in range(1, 8)})
        table = await service.table(table_id)
        mine, start = 0, time.perf_counter()
        await service.start_table(table_id, token)
        while table.hand_end is None and not table.state.is_terminal():
            if time.perf_counter() - start > TIMEOUT_S:
                raise TimeoutError("no hand's end")
            if table.to_act == 0:
                state = table.state
                await service.move(table_id, 0, state.action_to_string(state.legal_actions()[0]))
                mine += 1
            else:
                await asyncio.sleep(0.005)
        return time.perf_counter() - start, len(table.actions) - mine, mine
    finally:
        await service.stop()
        folder.cleanup()
