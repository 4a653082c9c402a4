"""Online tournaments' speed (issue 39, "Tests and figures"): 100 pairs of bots, pure Danish, played
through the room (:class:`tavolo.online.tournaments.Tournaments` over a :class:`TableService` with its
bots at a fast pace, :data:`PACE`) on a SQLite file, as a club's laptop would run it.

* ``tournament.online.pairs100.round_turnaround_ms``: for each round after the first, from the
  moment the last table of the previous round stored its end (its ``finished_at``) to every table
  of the next round seated and dealt (each table's first ``chance`` row in its log). The figure is
  the p99 over the rounds; with :data:`ROUNDS` rounds there are only ``ROUNDS - 1`` readings, so it
  is their maximum (``..._count`` says how many). Target < 2,000 ms.
* ``tournament.online.pairs100.standings_publish_ms``: 100 open pages, each a task looping on
  :meth:`Tournaments.wait_change` and computing its standings (``rankings``) from the tournament it
  then reads; for each result stored (the ``ScoreEntered`` event's ``recorded_at``), the time until
  the last page has standings that include it. p99 over the tournament's results. Target < 500 ms.
* ``..._wall_s`` and ``..._cpu_s``: the whole tournament (creation to the final standings) and the
  process's CPU seconds over it (the bots, the driver, the pages).

The same round figure on PostgreSQL (``TAVOLO_TEST_POSTGRES_URL``, a fresh database dropped afterwards)
is ``...round_turnaround_ms.postgres``, played with no open page (the SQLite run has its 100); left out, with a note, when PostgreSQL is unreachable.
``BENCH_TOURNAMENT_ONLINE_PAIRS``, ``..._ROUNDS`` and ``..._PAGES`` shrink the event (tests/bench runs it
tiny).

Where the time went, and what changed (Dec 2026, 2 shared cores): the turnaround was
:meth:`TableService.open_tables` dealing the tables one after the other while the bots of the tables
already dealt moved in between (1.5-2.3 s for 50 tables); it now deals them all first, their shuffles
in one group commit, then lets the bots go (100-400 ms). The publish delay was each page's
``driver.tournament()`` reading the log (100 of them queued on the default executor) and waking 100
waiters on one ``asyncio.Condition``; a page now gets the driver's copy (made once a version, read
again from the log at most once a second) and waits on an event per tournament: p99 134 ms at
``PACE`` 0.05, 0.6-1.0 s at pace 0 with the machine's two cores saturated by the bots themselves.
"""

from __future__ import annotations

import asyncio
import math
import os
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from bench.util import note
from tavolo.online.service import TableService
from tavolo.online.tournaments import Tournaments
from tavolo.store import Store
from tavolo.store.online import OnlineStore, make_online_engine
from tavolo.tournament import room
from tavolo.tournament.config import TournamentConfig, parse_phase
from tavolo.tournament.room_settings import RoomSettings
from tavolo.tournament.standings import rankings
from tavolo.tournament.state import Tournament

PAIRS = int(os.environ.get("BENCH_TOURNAMENT_ONLINE_PAIRS", "100"))
ROUNDS = int(os.environ.get("BENCH_TOURNAMENT_ONLINE_ROUNDS", "4"))
PACE = float(os.environ.get("BENCH_TOURNAMENT_ONLINE_PACE", "0.05"))
"""Seconds a bot waits before a move: 0.05, a fast pace (a Burraco hand of four bots in seconds); 0 plays as
fast as the machine can, the room's loop saturated by the bots (the publish figure then measures that)."""
PAGES = int(os.environ.get("BENCH_TOURNAMENT_ONLINE_PAGES", "100"))
DEALS = 2
BOT = "heuristic:easy"
NAME = "Bench online"
POSTGRES_URL = os.environ.get("TAVOLO_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
PREFIX = "tournament.online.pairs100"
STALLED_S = 180
"""A tournament not finished by then is reported as stalled (seen twice in four runs with 100 pages)."""


@dataclass
class Pages:
    """The open pages: for each page, when its standings first included each result (round, table)."""

    count: int
    seen: list[dict[tuple[int, int], float]] = field(default_factory=list)
    refreshes: int = 0

    async def page(self, driver: Tournaments, stop: asyncio.Event) -> None:
        """One page: wait for the tournament's next version, then compute its standings."""
        first: dict[tuple[int, int], float] = {}
        self.seen.append(first)
        version = 0
        while not stop.is_set():
            version = await driver.wait_change(NAME, version, 1.0)
            t = await driver.tournament(NAME)
            results = [(number, table) for number, played in t.rounds.items() for table in played.scores]
            if results:
                rankings(t)
            now = time.time()
            self.refreshes += 1
            for key in results:
                first.setdefault(key, now)


@asynccontextmanager
async def driven(url: str) -> AsyncIterator[Tournaments]:
    """The room (bots at :data:`PACE`) and the tournaments' driver with its default tick, on ``url``."""
    online = OnlineStore(make_online_engine(url))
    service = TableService(online, pace=PACE)
    await service.start()
    driver = Tournaments(service, Store(online.engine))
    await driver.start()
    try:
        yield driver
    finally:
        await driver.stop()
        await service.stop()


async def play(url: str, pages: int) -> tuple[Tournament, Pages, float, float]:
    """The whole tournament with ``pages`` open pages: (final state, pages, wall s, CPU s)."""
    opened = Pages(pages)
    stop = asyncio.Event()
    async with driven(url) as driver:
        wall, cpu = time.perf_counter(), time.process_time()
        config = TournamentConfig(NAME, deals=DEALS, phases=(parse_phase(f"danish:{ROUNDS}"),))
        await driver.create(config, RoomSettings("org"))  # started by the organizer (a sit & go has <= 64)
        tasks = [asyncio.create_task(opened.page(driver, stop)) for _ in range(pages)]
        await driver.do(NAME, lambda t: room.add_bots(t, PAIRS, BOT, datetime.now(UTC)), "org")
        await driver.do(NAME, lambda t: room.start(t, datetime.now(UTC), seed=39), "org")
        deadline = time.perf_counter() + STALLED_S
        while room.status(final := await driver.tournament(NAME)) != room.FINISHED:
            if time.perf_counter() > deadline:
                note(f"{PREFIX}: the tournament stalled in round {room.current_round(final)} after {STALLED_S} s;"
                     " figures from the rounds played")
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.5 if pages else 0)  # the last result reaches the pages
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        stop.set()
        if tasks:  # a page stuck in a stalled read is left behind
            await asyncio.wait(tasks, timeout=10)
    return final, opened, wall, cpu


def _epoch(moment: datetime | float) -> float:
    if isinstance(moment, float | int):
        return float(moment)
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).timestamp()


def turnarounds(final: Tournament, online: OnlineStore) -> list[float]:
    """Each round's turnaround (ms): the previous round's last table end to its last table dealt."""
    ends: dict[int, float] = {}
    dealt: dict[int, float] = {}
    for number, tables in final.room.tables.items():
        finished = [online.table(t).finished_at for t in tables.values()]
        if None not in finished:
            ends[number] = max(_epoch(moment) for moment in finished)
        deals = [next((e.recorded_at for e in online.log(t) if e.kind == "chance"), None) for t in tables.values()]
        if None not in deals:
            dealt[number] = max(_epoch(moment) for moment in deals)
    return [(dealt[n] - ends[n - 1]) * 1000 for n in sorted(dealt) if n - 1 in ends]


def publish_delays(store: Store, opened: Pages) -> list[float]:
    """For each result stored, the ms until the last page's standings included it."""
    delays: list[float] = []
    if not opened.seen:
        return delays
    for logged in store.log(NAME):
        if logged.kind != "ScoreEntered":
            continue
        key = (logged.payload["round"], logged.payload["table"])
        shown = max(first.get(key, math.inf) for first in opened.seen)
        if shown < math.inf:  # a result the pages never showed (a stalled run) is left out
            delays.append((shown - _epoch(logged.recorded_at)) * 1000)
    return delays


def p99(values: list[float]) -> float:
    """The 99th percentile (nearest rank; the maximum below 100 values); NaN when there are none."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.99 * len(ordered)) - 1)]


def measure(url: str, pages: int) -> tuple[list[float], list[float], float, float]:
    """One tournament on ``url``: (turnarounds ms, publish delays ms, wall s, CPU s)."""
    final, opened, wall, cpu = asyncio.run(play(url, pages))
    online = OnlineStore(make_online_engine(url))
    try:
        return turnarounds(final, online), publish_delays(Store(online.engine), opened), wall, cpu
    finally:
        online.engine.dispose()


@contextmanager
def postgres_database() -> Iterator[str]:
    """A fresh PostgreSQL database's URL, dropped afterwards."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    admin = create_engine(POSTGRES_URL, isolation_level="AUTOCOMMIT")
    name = f"tavolo_bench_{uuid.uuid4().hex[:12]}"
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(POSTGRES_URL).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        admin.dispose()


def postgres_reachable() -> str | None:
    from sqlalchemy import create_engine

    try:
        create_engine(POSTGRES_URL).connect().close()
    except Exception as exc:
        return f"PostgreSQL is unreachable at {POSTGRES_URL}: {exc}"
    return None


def figures() -> Iterator[tuple[str, float, str]]:
    with tempfile.TemporaryDirectory(prefix="tavolo-bench-") as folder:
        rounds, delays, wall, cpu = measure(f"sqlite:///{Path(folder) / 'room.sqlite'}", PAGES)
    note(f"{PREFIX}: {PAIRS} pairs, {ROUNDS} rounds of {DEALS} deals, {PAGES} pages; turnarounds (ms):",
         ", ".join(f"{r:.0f}" for r in rounds), f"; publish: {len(delays)} results, max {max(delays, default=math.nan):.0f} ms")
    yield f"{PREFIX}.round_turnaround_ms", p99(rounds), "ms"
    yield f"{PREFIX}.round_turnaround_ms.count", len(rounds), "rounds"
    yield f"{PREFIX}.standings_publish_ms", p99(delays), "ms"
    yield f"{PREFIX}.standings_publish_ms.count", len(delays), "results"
    yield f"{PREFIX}.wall_s", wall, "s"
    yield f"{PREFIX}.cpu_s", cpu, "s"
    if (why := postgres_reachable()) is not None:
        note(f"{PREFIX}.round_turnaround_ms.postgres left out: {why}")
        return
    with postgres_database() as url:
        rounds, _, wall, cpu = measure(url, 0)
    note(f"{PREFIX} on PostgreSQL (no pages): turnarounds (ms):", ", ".join(f"{r:.0f}" for r in rounds),
         f"; wall {wall:.1f} s, CPU {cpu:.1f} s")
    yield f"{PREFIX}.round_turnaround_ms.postgres", p99(rounds), "ms"
