"""What a process's outbox holds goes out to the other processes as one Redis message, read back
in order (tavolo.online.fanout): every process reads every message, and redis-py's reading of
one cost a server more CPU than the move it told."""

from __future__ import annotations

import asyncio
import os

import orjson
import pytest
import redis.asyncio as redis

from tavolo.online.fanout import CHANNEL, RedisFanout
from tests.aio import run

REDIS_URL = os.environ.get("TAVOLO_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


async def nothing() -> None:
    return None


async def told_in_one_message() -> tuple[list[dict], list[list[dict]]]:
    """Three messages queued at once by one process: what the other heard (from it), and the
    Redis messages they went out in."""
    heard: list[dict] = []

    async def hear(message: dict) -> None:
        heard.append(message)

    sender, other = RedisFanout(REDIS_URL, hear, nothing), RedisFanout(REDIS_URL, hear, nothing)
    watcher = redis.from_url(REDIS_URL).pubsub()
    await watcher.subscribe(CHANNEL)
    await other.start()
    await sender.start()
    sent = []
    try:
        for seq in (1, 2, 3):
            sender.publish("seq", "t1", seq=seq)
        for _ in range(200):
            if len([m for m in heard if m["kind"] == "seq" and m["p"] == sender.process]) == 3:
                break
            await asyncio.sleep(0.01)
        while (message := await watcher.get_message(timeout=0.2)) is not None:
            if message["type"] == "message" and sender.process.encode() in message["data"]:
                sent.append(orjson.loads(message["data"]))
    finally:
        await sender.stop()
        await other.stop()
        await watcher.aclose()
    return [m for m in heard if m["p"] == sender.process and m["kind"] == "seq"], sent


def test_a_processs_queued_messages_go_out_as_one_and_are_heard_in_order():
    try:
        run(redis.from_url(REDIS_URL).ping())
    except (redis.RedisError, OSError) as error:
        pytest.skip(f"Redis is unreachable at {REDIS_URL}: {error}")
    heard, sent = run(told_in_one_message())
    assert [m["seq"] for m in heard] == [1, 2, 3]
    assert [[m.get("seq") for m in batch if m["kind"] == "seq"] for batch in sent][:1] == [[1, 2, 3]]
