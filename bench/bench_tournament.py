"""Tournament speed: standings of a 10,000-pair event after round 20, one modified-Danish round of
2,000 pairs, and a 1,000-pair 8-round event on SQLite.

The standings are timed as a director reads them, after every round: the
totals of earlier rounds are kept, so the cost of a round's standings grows
with the field and not with the rounds already played.

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
from collections.abc import Iterator
from pathlib import Path

from bench.util import median_time, note
from tavolo.store import Store
from tavolo.tournament.config import Phase, System, TournamentConfig
from tavolo.tournament.danish import pair_top_down
from tavolo.tournament.events import Event, RoundPaired, ScoreEntered, TableSeating
from tavolo.tournament.seating import Seating
from tavolo.tournament.simulate import InMemory, play_event, register_field
from tavolo.tournament.standings import rankings, standings
from tavolo.tournament.state import Tournament


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


def scored_rounds(tournament: Tournament, rounds: int, seed: int = 20) -> Iterator[list[Event]]:
    """Each round's events: random tables over the whole field, every card scored."""
    rng = random.Random(seed)
    numbers = list(tournament.entrants)
    for number in range(1, rounds + 1):
        rng.shuffle(numbers)
        seats = [TableSeating(t, (a,), (b,)) for t, (a, b) in enumerate(zip(numbers[0::2], numbers[1::2]), start=1)]
        scores = [ScoreEntered(number, s.number, (5 * rng.randint(0, 300),), (5 * rng.randint(0, 300),)) for s in seats]
        yield [RoundPaired(number, tuple(seats), (), "bench"), *scores]


def standings_after_each_round(pairs: int = 10_000, rounds: int = 20) -> float:
    """The standings after the last round, read as a director does: after every round (the earlier ones kept)."""
    tournament = Tournament(TournamentConfig("bench", phases=(Phase(System.DANISH, rounds),)))
    InMemory(tournament).record(register_field(tournament, pairs))
    elapsed = 0.0
    for events in scored_rounds(tournament, rounds):
        InMemory(tournament).record(events)
        start = time.perf_counter()
        standings(tournament)
        elapsed = time.perf_counter() - start
    note(f"standings{pairs}x{rounds}: {pairs} pairs, the last of {rounds} rounds just scored")
    return elapsed


def figures():
    yield "tournament.standings10000x20.ms", 1000 * standings_after_each_round(), "ms"
    yield "tournament.hall200.publish_ms", hall_publish_ms(), "ms"
    ranking, met = adversarial_field()
    note("danish2000: 7 earlier rounds, bottom 12 pairs all met each other")
    yield "tournament.danish2000.pairing_s", median_time(lambda: pair_top_down(ranking, met), runs=9), "s"
    yield "tournament.event1000x8.total_s", simulate_event(), "s"


def hall_publish_ms(pages: int = 200, scores: int = 10) -> float:
    """p99 over ``scores`` confirmed scores of the time until the last of ``pages`` live pages has it.

    The web app runs in its own process (uvicorn, one worker) on a SQLite file; the pages are
    server-sent-event clients on loopback; each score is proposed and confirmed from the tables'
    phone API with the two sides' codes, as in the hall.
    """
    import asyncio
    import socket
    import subprocess
    import sys

    from tavolo.tournament import commands
    from tavolo.tournament.codes import side_code

    with tempfile.TemporaryDirectory() as folder:
        database = f"sqlite:///{Path(folder) / 'hall.sqlite'}"
        handle = Store(database).create(TournamentConfig("hall", phases=(Phase(System.MODIFIED, 3),)), "bench")
        handle.record(register_field(handle.tournament, 2 * scores))
        handle.do(lambda t: commands.seat(t, Seating.REGISTRATION))
        handle.do(commands.issue_codes)
        secret = handle.tournament.secret
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        factory = f"import uvicorn; from tavolo.server.app import create_app; uvicorn.run(create_app({database!r}, pace=0), host='127.0.0.1', port={port}, log_level='warning')"  # noqa: E501
        server = subprocess.Popen([sys.executable, "-c", factory])
        try:
            return asyncio.run(_hall(f"http://127.0.0.1:{port}", pages, scores, secret, side_code))
        finally:
            server.terminate()
            server.wait(10)


async def _hall(base: str, pages: int, scores: int, secret: str, side_code) -> float:
    import asyncio
    import json

    import httpx

    limits = httpx.Limits(max_connections=pages + 10)
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as client:
        for _ in range(100):
            try:
                await client.get("/api/torneo/hall")
                break
            except httpx.TransportError:
                await asyncio.sleep(0.1)
        seen: list[dict[int, float]] = [dict() for _ in range(pages)]
        ready = asyncio.Event()
        opened = 0

        async def page(index: int) -> None:
            nonlocal opened
            async with client.stream("GET", "/api/torneo/hall/live") as stream:
                async for line in stream.aiter_lines():
                    if not line.startswith("data: "):
                        continue
                    view = json.loads(line[6:])
                    entered = sum(1 for row in view["round"]["tables"] if row["result"])
                    if not seen[index]:
                        opened += 1
                        if opened == pages:
                            ready.set()
                    seen[index].setdefault(entered, time.perf_counter())
                    if entered == scores:
                        return

        tasks = [asyncio.create_task(page(i)) for i in range(pages)]
        await ready.wait()
        delays = []
        for table in range(1, scores + 1):
            ns, ew = (side_code(secret, 1, table, side) for side in ("ns", "ew"))
            await client.post(f"/api/torneo/hall/tavolo/{table}/proposta", json={"code": ns, "ns": "900", "ew": "500"})
            sent = time.perf_counter()
            await client.post(f"/api/torneo/hall/tavolo/{table}/conferma", json={"code": ew, "agree": True})
            while not all(table in s for s in seen):
                await asyncio.sleep(0.005)
            delays.append(max(s[table] for s in seen) - sent)
        await asyncio.gather(*tasks)
    note(f"hall{pages}: {pages} live pages (server-sent events on loopback), {scores} scores confirmed")
    return 1000 * sorted(delays)[max(0, round(0.99 * len(delays)) - 1)]
