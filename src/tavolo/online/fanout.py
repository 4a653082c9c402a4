"""Several ``tavolo serve`` processes on one table: after storing a table's new
rows, a process publishes ``"<table_id> <seq>"`` on Redis; every other process
that serves the table reads the rows after its own ``seq`` from the shared
database (the log stays the only truth: Redis carries no moves)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import redis.asyncio as redis

log = logging.getLogger(__name__)

CHANNEL = "tavolo:tables"


class RedisFanout:
    """Publish new seqs; call ``on_seq(table_id, seq)`` for every one another process published."""

    def __init__(self, url: str, on_seq: Callable[[str, int], Awaitable[None]]) -> None:
        self.client = redis.from_url(url)
        self.on_seq = on_seq
        self.pubsub = self.client.pubsub(ignore_subscribe_messages=True)
        self.task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await self.pubsub.subscribe(CHANNEL)
        self.task = asyncio.create_task(self._listen())

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
        await self.pubsub.aclose()
        await self.client.aclose()

    async def publish(self, table_id: str, seq: int) -> None:
        await self.client.publish(CHANNEL, f"{table_id} {seq}")

    async def _listen(self) -> None:
        async for message in self.pubsub.listen():
            try:
                table_id, seq = message["data"].decode().split()
                await self.on_seq(table_id, int(seq))
            except Exception:  # one bad message must not stop the others
                log.exception("fan-out message %r", message)
