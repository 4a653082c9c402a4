"""A one-process server writes its tables' log on the event loop (tavolo.online.service,
``inline_writes``), through a connection that waits for nothing: not for SQLite's copy of the
write-ahead log into the database file (a checkpoint, with its fsyncs: a worker thread of the
service makes it), nor, beyond a few ms, for another writer's lock (the write then goes to a
thread, and the loop goes on)."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time

import pytest

from tavolo.online import service as service_module
from tavolo.online.service import TableService
from tavolo.store.online import LogEntry, OnlineStore, SeatRecord, StoreBusy, TableRecord, make_online_engine

SQLITE_THRESHOLD = 1000
"""The log's pages after which a commit copies it into the database file (SQLite's default)."""


@pytest.fixture
def path(tmp_path) -> str:
    return str(tmp_path / "tavolo.sqlite")


@pytest.fixture
def store(path) -> OnlineStore:
    store = OnlineStore(make_online_engine(path))
    seats = [SeatRecord(s, f"P{s}", "human", None, f"h{s}", None) for s in range(2)]
    store.create_table(TableRecord("t1", "briscola", {"players": 2}, "off", "waiting", seats))  # no deal
    return store


def entry(seq: int) -> LogEntry:
    return LogEntry("t1", seq, "action", {"seat": seq % 2, "action": 3, "text": "x" * 2000})


def test_the_log_s_commits_copy_it_by_themselves_by_default(store):
    for seq in range(1, 1501):
        store.append([entry(seq)])
    pages, _ = store.checkpoint()
    assert pages < SQLITE_THRESHOLD


def test_a_log_writer_leaves_the_copy_to_the_caller_s_checkpoint(store):
    writer = store.log_writer(wait_ms=10)
    for seq in range(1, 1501):
        writer.append([entry(seq)])
    pages, copied = store.checkpoint()
    assert pages > SQLITE_THRESHOLD
    assert copied == pages
    assert len(store.log("t1")) == 1500


class Locked:
    """Another program holding the database's write lock for ``seconds``, on a thread."""

    def __init__(self, path: str, seconds: float) -> None:
        self.path, self.seconds = path, seconds
        self.held = threading.Event()
        self.thread = threading.Thread(target=self._hold)

    def _hold(self) -> None:
        other = sqlite3.connect(self.path, isolation_level=None)
        try:
            other.execute("BEGIN IMMEDIATE")
            self.held.set()
            time.sleep(self.seconds)
            other.execute("ROLLBACK")
        finally:
            other.close()

    def __enter__(self) -> Locked:
        self.thread.start()
        assert self.held.wait(10), "the other program could not lock the database"
        return self

    def __exit__(self, *_: object) -> None:
        self.thread.join(10)


def test_a_log_writer_gives_up_on_a_locked_database_and_stores_nothing(store, path):
    writer = store.log_writer(wait_ms=10)
    with Locked(path, 0.5):
        started = time.monotonic()
        with pytest.raises(StoreBusy):
            writer.append([entry(1), entry(2)])
        assert time.monotonic() - started < 0.4
    assert store.log("t1") == []
    writer.append([entry(1)])
    assert [e.seq for e in store.log("t1")] == [1]


def serve(store: OnlineStore, body) -> object:
    """``body(service)`` run on a started service, on a thread of its own (a browser test's
    event loop may be running in this one); what it returned."""
    result = []

    async def main() -> None:
        svc = TableService(store, pace=0)
        await svc.start()
        try:
            result.append(await body(svc))
        finally:
            await svc.stop()

    thread = threading.Thread(target=asyncio.run, args=(main(),), daemon=True)
    thread.start()
    thread.join(60)
    assert result, "the service did not answer within 60 s"
    return result[0]


def test_while_another_program_locks_the_database_the_loop_goes_on_and_the_move_is_stored(store, path):
    async def write_while_locked(svc: TableService) -> int:
        ticks = 0

        async def tick() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        ticker = asyncio.create_task(tick())
        await asyncio.sleep(0.05)
        with Locked(path, 0.6):
            ticks = 0
            await svc._append([entry(1)])
        ticker.cancel()
        return ticks

    assert serve(store, write_while_locked) >= 20  # about 60 with the loop free, 0 if it waited for the lock
    assert [e.seq for e in store.log("t1")] == [1]


def test_a_one_process_server_checkpoints_from_a_thread(store, monkeypatch):
    monkeypatch.setattr(service_module, "CHECKPOINT_SECONDS", 0.05)
    calls = []
    checkpoint = store.checkpoint
    monkeypatch.setattr(store, "checkpoint", lambda: calls.append(1) or checkpoint())

    async def wait(svc: TableService) -> bool:
        await asyncio.sleep(0.5)
        return svc.inline_writes

    assert serve(store, wait)
    assert len(calls) >= 3


def test_a_database_shared_by_several_processes_is_written_from_a_thread(store):
    assert TableService(store).inline_writes
    assert not TableService(store, redis_url="redis://127.0.0.1:6379/0").inline_writes


def test_a_closed_log_writer_leaves_the_store_s_connections_as_they_were(store):
    """Its short wait for a lock and its checkpoints left to the caller stay with it."""
    store.log_writer(wait_ms=10).close()
    for _ in range(3):
        with store.engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == 30_000
            assert connection.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 1000
