"""A hand at a web table as a person lives it (issue 23, "Speed"): the table service in this
process on a SQLite file of its own, one person at seat 0 who answers the moment the turn comes,
bots in the other seats at the service's default pace. What ``web.<game>.hand_s`` times."""

from __future__ import annotations

import asyncio
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

TIMEOUT_S = 600


async def one_hand(game: str, options: dict[str, Any], bots: dict[int, str],
                   choose: Callable[[Any], int]) -> tuple[float, int, int]:
    """(seconds from the start to the first hand's end, bot actions, the person's actions) of a
    new table of ``game``; ``choose(state)`` is the person's action, sent as its notation."""
    from tavolo.online.service import TableService
    from tavolo.store.online import OnlineStore, make_online_engine

    folder = tempfile.TemporaryDirectory()
    service = TableService(OnlineStore(make_online_engine(str(Path(folder.name) / "bench.sqlite"))))
    await service.start()
    try:
        table_id, token = await service.create(game, options, "Anna", bots=bots)
        table = await service.table(table_id)
        mine, start = 0, time.perf_counter()
        await service.start_table(table_id, token)
        while table.hand_end is None and not table.state.is_terminal():
            if time.perf_counter() - start > TIMEOUT_S:
                raise TimeoutError(f"{game}: no hand's end in {TIMEOUT_S} s")
            if table.to_act == 0:
                await service.move(table_id, 0, table.state.action_to_string(choose(table.state)))
                mine += 1
            else:
                await asyncio.sleep(0.005)
        return time.perf_counter() - start, len(table.actions) - mine, mine
    finally:
        await service.stop()
        folder.cleanup()
