"""Analisi in the room (issue 41, "Cost"): ``analysis.queue.ping_p99_ms``, a live table's socket
pings ten a second (its pong's round trip) while four analyses are asked at once, from four
addresses, of four finished Briscola matches at the room's default budget (10 CPU seconds a hand):
one runs in the room's niced worker process, the others wait their turn in the queue
(:mod:`tavolo.online.analyses`). ``tavolo serve --pace 0`` on SQLite, as bench_campione_room's.
Target p99 < 100 ms. Also noted: the seconds until the four reviews are kept.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Iterator

import httpx

from bench.bench_campione_room import human, served
from bench.bench_server_room import pings
from bench.loadgen import percentile
from bench.util import note

ANALYSES = 4
BUDGET = 10
LIMIT_S = 240


async def finished_matches(http: httpx.AsyncClient, url: str) -> list[str]:
    """:data:`ANALYSES` Briscola matches against the room's bots, a person playing their first card."""
    ids = []
    for _ in range(ANALYSES):
        made = (await http.post("/api/quick", json={"game": "briscola", "name": "A"})).json()
        await human(url, made["table_id"], made["token"], asyncio.Event(), [0])
        ids.append(made["table_id"])
    return ids


async def analyses_room(url: str) -> tuple[list[float], float, int]:
    """The pings of a live table while the analyses run; the seconds they took; how many were kept."""
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        tables = await finished_matches(http, url)
        live = (await http.post("/api/quick", json={"game": "briscola", "name": "B"})).json()
        stop = asyncio.Event()
        pinging = asyncio.create_task(pings(url, live["table_id"], live["token"], stop))
        await asyncio.sleep(1)
        start, jobs = time.perf_counter(), []
        for n, table_id in enumerate(tables):
            headers = {"X-Forwarded-For": f"198.51.100.{n + 1}"}   # uvicorn trusts the loopback's
            answer = await http.post(f"/api/analyses/{table_id}/0?budget={BUDGET}", headers=headers)
            jobs.append(answer.json()["job"])
        done: set[str] = set()
        while len(done) < len(jobs) and time.perf_counter() - start < LIMIT_S:
            await asyncio.sleep(1)
            for job in set(jobs) - done:
                news = (await http.get(f"/api/analyses/jobs/{job}")).json()
                if news["status"] not in ("queued", "running"):
                    done.add(job)
        seconds = time.perf_counter() - start
        stop.set()
        kept = sum([(await http.get(f"/api/analyses/{t}/0")).is_success for t in tables])
        return sorted(await pinging), seconds, kept


def figures() -> Iterator[tuple[str, float, str]]:
    with served("processes") as url:
        times, seconds, kept = asyncio.run(analyses_room(url))
    note(f"  analysis.queue: {len(times)} pings, median {statistics.median(times):.1f} ms, max {times[-1]:.1f} ms; "
         f"{kept} of {ANALYSES} reviews kept after {seconds:.0f} s")
    yield "analysis.queue.ping_p99_ms", percentile(times, 0.99), "ms"


if __name__ == "__main__":
    for name, value, unit in figures():
        print(f"{name}: {value:.4g} {unit}")
