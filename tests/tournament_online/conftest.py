"""A room with its tournaments' driver, on a SQLite file, for the online tournaments' tests."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tavolo.online.service import TableService
from tavolo.online.tournaments import Tournaments
from tavolo.store import Store
from tavolo.store.online import OnlineStore, make_online_engine
from tavolo.tournament import room
from tavolo.tournament.state import Tournament

START = datetime(2026, 12, 8, 21, 0, tzinfo=UTC)


@dataclass
class Clock:
    """The driver's clock, moved by the test (the tables' own move timer is not involved)."""

    now: datetime = START
    moves: list[timedelta] = field(default_factory=list)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@asynccontextmanager
async def driven_room(path: Path, clock: Callable[[], datetime] | None = None,
                      tick: float = 0.05, timer_scale: float = 1.0) -> AsyncIterator[Tournaments]:
    """A table service (bots at pace 0) and the tournaments' driver on a SQLite file at ``path``;
    ``timer_scale`` stretches the tables' move timer (a test that lets people sit idle sets it high)."""
    online = OnlineStore(make_online_engine(f"sqlite:///{path}"))
    service = TableService(online, pace=0, timer_scale=timer_scale)
    await service.start()
    driver = Tournaments(service, Store(online.engine), tick=tick, **({"now": clock} if clock else {}))
    await driver.start()
    try:
        yield driver
    finally:
        await driver.stop()
        await service.stop()


async def until(driver: Tournaments, name: str, done: Callable[[Tournament], bool],
                seconds: float = 120) -> Tournament:
    """Wait (polling the log) until ``done`` holds of the tournament ``name``; fails after ``seconds``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while True:
        t = await driver.tournament(name)
        if done(t):
            return t
        if loop.time() > deadline:
            raise AssertionError(f"{name}: still {room.status(t)} in round {room.current_round(t)}")
        await asyncio.sleep(0.05)
