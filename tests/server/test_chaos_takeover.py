"""A process that falls silent is claimed by exactly one survivor, which gets the tables it served
and the leases it held (issue 38, item 1; tavolo.online.takeover), on the Redis the processes share."""

from __future__ import annotations

import asyncio
import uuid

import pytest
import redis.asyncio as redis

from tavolo.online.fanout import RedisFanout, lease_key
from tavolo.online.takeover import Takeover
from tests.aio import run
from tests.server.test_two_processes import REDIS_URL


def test_one_survivor_claims_a_silent_process_its_tables_and_its_leases():
    async def main() -> tuple[list[str], dict[str, list[list[str]]], list[bytes | None], set[bytes]]:
        client = redis.from_url(REDIS_URL)
        try:
            await client.ping()
        except (redis.RedisError, OSError) as exc:
            pytest.skip(f"Redis is unreachable at {REDIS_URL}: {exc}")
        site, told = uuid.uuid4().hex[:12], {"a": [], "b": []}
        tables = [uuid.uuid4().hex[:16] for _ in range(2)]

        def teller(name: str):
            async def on_lapse(claimed: list[str]) -> None:
                told[name].append(sorted(claimed))
            return on_lapse

        gone, a, b = (Takeover(client, site, name, teller(name)) for name in ("gone", "a", "b"))
        try:
            await gone.serve(tables)
            await client.set(lease_key(tables[0]), "gone", px=5000)  # it moved the first table
            await client.set(lease_key(tables[1]), "b", px=5000)  # another moves the second
            for process in (gone, a, b):
                await process.beat()
            await client.zadd(f"tavolo:{site}:processes", {"gone": 0})  # silent since long ago
            await a.beat()
            await b.beat()
            await asyncio.sleep(0.1)  # the takeovers run in tasks of their own
            leases = [await client.get(lease_key(t)) for t in tables]
            return tables, told, leases, await client.smembers(a.served_key("a"))
        finally:
            await client.delete(*(lease_key(t) for t in tables), f"tavolo:{site}:processes",
                                *(a.served_key(p) for p in ("gone", "a", "b")))
            await client.aclose()

    tables, told, leases, served = run(main())
    assert told == {"a": [sorted(tables)], "b": []}  # one claimer, once, with every table it served
    assert leases == [b"a", b"b"]  # the gone one's lease is the claimer's; another's stays
    assert served == {t.encode() for t in tables}


def test_a_moves_ack_waits_for_its_announcement_but_not_for_a_redis_out_of_reach():
    """A move is acknowledged once its announcement went out to Redis (a process killed after the
    ack has told the others, issue 38 item 2); with Redis out of reach the ack does not wait."""
    async def announce(url: str) -> tuple[int, int]:
        async def nothing(*_) -> None:
            pass

        fanout = RedisFanout(url, nothing, nothing)
        sender = asyncio.create_task(fanout._send())
        try:
            fanout.publish("seq", "t1", seq=1)
            await asyncio.wait_for(fanout.announced(60), 30)  # Redis away: at once, not after 60 s
            return fanout._sent, fanout._queued
        finally:
            sender.cancel()
            await fanout.client.aclose()

    assert run(announce("redis://127.0.0.1:1/0"))[0] == 0  # nothing went out, yet no wait
    sent, queued = run(announce(REDIS_URL))
    assert sent == queued == 1
