"""Several ``tavolo serve`` processes on one set of tables: every change is stored first, then
published on Redis as a small typed message (JSON) that every process receives; the database
stays the only truth (Redis carries no moves, no seats: a process that hears of a change reads
it from the database). Each message names its kind, the process that sent it (``p``) and, but
for ``alive`` and ``sync``, the table (``t``):

* ``{"kind": "seq", "t", "seq"}``: the table's log has rows up to ``seq`` (read the new ones);
* ``{"kind": "table", "t"}``: the table's record changed (a seat, its status, ``next_table``);
* ``{"kind": "presence", "t", "seats": [int], "watchers": int}``: the sender's sockets at the
  table now, per seat, and its spectators (see :mod:`tavolo.online.presence`);
* ``{"kind": "alive"}``, every :data:`~tavolo.online.presence.HEARTBEAT_SECONDS`; a process not
  heard from for a while no longer counts at any table;
* ``{"kind": "sync"}``: the sender joined (or joined again after losing Redis): the others send
  their presence again, and read what it may have changed while away;
* ``{"kind": "gone"}``: the sender stops.

A message that cannot be read is logged and skipped: the ones after it are still heard.

    >>> decode(b'{"kind":"seq","p":"a1","t":"t1","seq":4}')["seq"]
    4
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import orjson
import redis.asyncio as redis

log = logging.getLogger(__name__)

CHANNEL = "tavolo:tables"
KINDS = ("seq", "table", "presence", "alive", "sync", "gone")
RETRY_SECONDS = 1.0
"""How long the listener waits before it subscribes again when Redis went away."""


def decode(data: bytes | str) -> dict[str, Any]:
    """A message as a dict; ``ValueError`` for one of no known kind."""
    message = orjson.loads(data)
    if not isinstance(message, dict) or message.get("kind") not in KINDS or not isinstance(message.get("p"), str):
        raise ValueError(f"not a fan-out message: {data!r}")
    return message


class RedisFanout:
    """Publish this process's changes; call ``on_message(message)`` for each one another process
    published, and ``on_joined()`` each time the subscription starts (again)."""

    def __init__(self, url: str, on_message: Callable[[dict[str, Any]], Awaitable[None]],
                 on_joined: Callable[[], Awaitable[None]]) -> None:
        self.client = redis.from_url(url)
        self.process = secrets.token_hex(6)
        """This process's id in the messages (a new one at each start)."""
        self.on_message = on_message
        self.on_joined = on_joined
        self.pubsub = self.client.pubsub()
        self.task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await self.pubsub.subscribe(CHANNEL)
        self.task = asyncio.create_task(self._listen())

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
        try:
            await self.publish("gone")
        finally:
            await self.pubsub.aclose()
            await self.client.aclose()

    async def publish(self, kind: str, table_id: str | None = None, **fields: Any) -> None:
        """Tell the other processes; Redis out of reach is logged, never raised (what changed is
        stored: the others read it when they hear from this process again)."""
        message = {"kind": kind, "p": self.process, **({"t": table_id} if table_id else {}), **fields}
        try:
            await self.client.publish(CHANNEL, orjson.dumps(message))
        except (redis.RedisError, OSError) as exc:
            log.warning("fan-out %s of table %s not published: %s", kind, table_id, exc)

    async def _listen(self) -> None:
        while True:
            try:
                async for message in self.pubsub.listen():
                    await self._receive(message)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # Redis went away: the next listen() connects and subscribes again
                log.warning("fan-out listener: %s; subscribing again in %.0f s", exc, RETRY_SECONDS)
                await asyncio.sleep(RETRY_SECONDS)

    async def _receive(self, message: dict[str, Any]) -> None:
        if message["type"] == "subscribe":
            await self.on_joined()
            return
        if message["type"] != "message":
            return
        try:
            data = decode(message["data"])
            if data["p"] != self.process:
                await self.on_message(data)
        except Exception:  # one bad message must not stop the others
            log.exception("fan-out message %r", message.get("data"))
