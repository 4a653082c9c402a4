"""The takeover's backstop (issue 38, left from its first slice): a table being played that moves by
itself (a bot, a move timer), that no living process moves, is read and moved on by another.

The case the takeover cannot see: a process that died while Redis was away, or before its new table
reached its served set. Here the table is written to the database as such a process left it, after
the survivor started (so the survivor never read it).
"""

from __future__ import annotations

import asyncio
import time

from tavolo.online.service import QUIET_SECONDS, TableService
from tavolo.store.online import OnlineStore, SeatRecord, TableRecord, make_online_engine
from tests.aio import run
from tests.tournament.conftest import db_url, postgres_url  # noqa: F401  (the fixtures: SQLite and PostgreSQL)


def test_a_quiet_table_of_bots_is_moved_on_by_another_process(db_url):  # noqa: F811
    store = OnlineStore(make_online_engine(db_url))

    async def go():
        survivor = TableService(store, pace=0)
        await survivor.start()
        try:
            seats = [SeatRecord(s, f"Bot {s}", "bot", "simple", None, None) for s in range(2)]
            store.create_table(TableRecord("orphan", "briscola", {"players": 2}, "off", "playing", seats))
            human = [SeatRecord(0, "Anna", "human", None, "h", None), SeatRecord(1, "Bea", "human", None, "i", None)]
            store.create_table(TableRecord("people", "briscola", {"players": 2}, "off", "playing", human))
            soon = await survivor.rescue(time.time() + 1)
            later = await survivor.rescue(time.time() + QUIET_SECONDS + 1)
            table = survivor.tables["orphan"]
            for _ in range(500):
                if table.state.is_terminal():
                    break
                await asyncio.sleep(0.01)
            return soon, later, table.state.is_terminal(), "people" in survivor.tables
        finally:
            await survivor.stop()

    soon, later, finished, people = run(go())
    assert soon == [] and later == ["orphan"]  # not before it has been quiet for QUIET_SECONDS
    assert finished  # its bots played it to the end
    assert not people  # a table of people with no timer waits for them: nothing to move
