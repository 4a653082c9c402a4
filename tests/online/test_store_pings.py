"""The online store's PostgreSQL connections are pinged before use only when they rested
(tavolo.store.online.ping_when_idle, LoopLogWriter): a database restarted while they rested costs
no request, and a busy server sends no ``SELECT 1`` before each stored move. The log written on the
event loop (LoopLogWriter) reads back as the store's own writes do."""

from __future__ import annotations

import asyncio
import time

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import OperationalError

from tavolo.store import online
from tavolo.store.migrate import upgrade
from tavolo.store.online import LogEntry, OnlineStore, SeatRecord, SeqConflict, TableRecord, ping_when_idle
from tests.aio import run
from tests.tournament.conftest import postgres_url  # noqa: F401  (the fixture)

REST_S = 0.2


def cut_off(url: str, store: OnlineStore) -> None:
    """End the server side of the pool's connection, as a database restart does."""
    with store.engine.connect() as connection:
        pid = connection.execute(text("select pg_backend_pid()")).scalar()
    killer = create_engine(url)
    with killer.begin() as connection:
        connection.execute(text("select pg_terminate_backend(:pid)"), {"pid": pid})
    killer.dispose()


@pytest.mark.postgres
def test_a_connection_cut_off_while_it_rested_is_replaced_before_use_and_a_busy_one_is_not_pinged(
        postgres_url):  # noqa: F811
    engine = create_engine(postgres_url, pool_size=1)
    ping_when_idle(engine, idle_s=REST_S)
    upgrade(engine)
    store = OnlineStore(engine)
    cut_off(postgres_url, store)
    time.sleep(REST_S * 2)
    assert store.table("none") is None  # pinged, found dead, replaced: the request is served
    cut_off(postgres_url, store)
    with pytest.raises(OperationalError):  # used at once, not pinged: the dead connection answers
        store.table("none")
    assert store.table("none") is None  # that failure threw the pool away
    engine.dispose()


async def written_on_the_loop(url: str) -> tuple[list, type, list]:
    """Rows written through a :class:`LoopLogWriter`: read back; the error of a taken seq; and the
    outcome of a write after its connection was cut off while it rested, then at once."""
    engine = create_engine(url)
    upgrade(engine)
    store = OnlineStore(engine)
    store.create_table(TableRecord("t1", "briscola", {"players": 2}, "off", "playing", [
        SeatRecord(0, "Anna", "human", None, "h0", None), SeatRecord(1, "Bruno", "human", None, "h1", None)]))
    writer = store.loop_writer()
    writer_rest = online.PING_AFTER_IDLE_S
    online.PING_AFTER_IDLE_S = REST_S
    outcomes = []
    try:
        await writer.append([LogEntry("t1", 1, "chance", {"outcome": [3, 1, 2]}, 1_700_000_000.123456),
                             LogEntry("t1", 2, "action", {"seat": 0, "action": 7, "text": "3♥ è"})])
        try:
            await writer.append([LogEntry("t1", 2, "continue", {"seat": 1})])
            taken: type = type(None)
        except SeqConflict as error:
            taken = type(error)
        for rest in (REST_S * 2, 0.0):
            await asyncio.to_thread(cut_off_pid, url, await backend_pid(writer))
            await asyncio.sleep(rest)
            try:
                await writer.append([LogEntry("t1", len(outcomes) + 3, "continue", {"seat": 0})])
                outcomes.append("stored")
            except Exception:  # noqa: BLE001  (whatever the driver says of a dead connection)
                outcomes.append("failed")
        await writer.append([LogEntry("t1", 5, "continue", {"seat": 1})])  # a fresh connection after the failure
        outcomes.append("stored")
    finally:
        online.PING_AFTER_IDLE_S = writer_rest
        await writer.close()
    rows = [(e.seq, e.kind, e.payload, e.recorded_at) for e in store.log("t1")]
    engine.dispose()
    return rows, taken, outcomes


async def backend_pid(writer) -> int:
    await writer._connected()
    return (await (await writer.connection.execute("select pg_backend_pid()")).fetchone())[0]


def cut_off_pid(url: str, pid: int) -> None:
    killer = create_engine(url)
    with killer.begin() as connection:
        connection.execute(text("select pg_terminate_backend(:pid)"), {"pid": pid})
    killer.dispose()


@pytest.mark.postgres
def test_the_log_written_on_the_loop_reads_back_the_same_and_survives_a_cut_connection(postgres_url):  # noqa: F811
    rows, taken, outcomes = run(written_on_the_loop(postgres_url))
    assert rows[:2] == [(1, "chance", {"outcome": [3, 1, 2]}, 1_700_000_000.123456),
                        (2, "action", {"seat": 0, "action": 7, "text": "3♥ è"}, rows[1][3])]
    assert taken is SeqConflict
    assert outcomes == ["stored", "failed", "stored"]  # pinged after a rest; at once, one write fails
    assert [seq for seq, *_ in rows] == [1, 2, 3, 5]  # the failed write stored nothing
