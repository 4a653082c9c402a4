"""Several ``tavolo serve`` processes on one set of tables: every change is stored first, then
published on Redis as a small typed message (JSON) that every process receives; the database
stays the only truth (a message goes out once what it tells is stored; Redis carries no seats and
no shuffle: a process that hears of a change reads it from the database, but for a move's rows,
which come with its message). Each message names its kind, the process that sent it (``p``) and,
but for ``alive`` and ``sync``, the table (``t``):

* ``{"kind": "seq", "t", "seq", "rows"?}``: the table's log has rows up to ``seq`` (read the new
  ones); ``rows``, the rows just stored (``[seq, kind, payload, recorded_at]`` each; left out for a
  shuffle), which a process applies when they follow on from its own, instead of reading them;
* ``{"kind": "table", "t"}``: the table's record changed (a seat, its status, ``next_table``);
* ``{"kind": "presence", "t", "g", "seats": [int], "watchers": int}``: the sender's sockets at
  the table (of game ``g``) now, per seat, and its spectators (see :mod:`tavolo.online.presence`;
  a process that does not offer the game keeps none of it);
* ``{"kind": "alive"}``, every :data:`~tavolo.online.presence.HEARTBEAT_SECONDS`; a process not
  heard from for a while no longer counts at any table;
* ``{"kind": "sync"}``: the sender joined (or joined again after losing Redis): the others send
  their presence again, and read what it may have changed while away;
* ``{"kind": "gone"}``: the sender stops.

A message that cannot be read is logged and skipped: the ones after it are still heard.

One process moves a table's bots and its timer (:meth:`RedisFanout.lease`): the first that needs
to takes a lease on the table in Redis (``tavolo:run:<table>``, :data:`LEASE_MS`) and keeps it as
long as it moves them; another process that has the table waits until the lease runs out with the
table not moved (its holder stopped), then takes it. Without it every process that had a table
loaded (a player or a spectator there) chose each bot move, and the first to store it won.

Messages go out in order through one connection, from an outbox that never makes a move wait
for Redis: each call of :meth:`RedisFanout.publish` only queues (thousands of them at once took
every connection of the pool, and the messages refused left other processes' tables behind). What
the outbox holds goes out together, as one message: a JSON array of them (every process reads
every message, its own too, and redis-py's reading of one took more of a server's CPU under the
paced bench than the move it told). Redis out of reach, the outbox keeps
:data:`OUTBOX_LIMIT` messages and tries again every :data:`RETRY_SECONDS`; past that it drops
the oldest and, once Redis answers again, says ``sync`` with ``again``: the others read every
table anew.

    >>> [m["seq"] for m in decode(b'[{"kind":"seq","p":"a1","t":"t1","seq":4},{"kind":"seq","p":"a1","t":"t2","seq":9}]')]
    [4, 9]
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

import orjson
import redis.asyncio as redis

log = logging.getLogger(__name__)

CHANNEL = "tavolo:tables"
KINDS = ("seq", "table", "presence", "alive", "sync", "gone", "tournament")
RETRY_SECONDS = 1.0
"""How long the listener and the sender wait before they try again when Redis went away."""
BATCH = 500
"""Messages sent at most in one Redis message."""
OUTBOX_LIMIT = 100_000
"""Messages kept while Redis is out of reach (then the oldest go, and the others read all again)."""
LEASE_MS = 5000
"""How long a process holds a table's bots and timer after it last moved them (a process that
stops hands them on this much later)."""
LEASE = """
local holder = redis.call('GET', KEYS[1])
if not holder or holder == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 0
end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then return tonumber(ARGV[2]) end
return left
"""
"""Take or keep the lease ``KEYS[1]`` for ``ARGV[1]`` (``ARGV[2]`` ms): 0, or the ms another holds it."""


def lease_key(table_id: str) -> str:
    """The Redis key of ``table_id``'s lease (its bots and timer)."""
    return f"tavolo:run:{table_id}"


def decode(data: bytes | str) -> list[dict[str, Any]]:
    """The messages a Redis message carries (one, or an array of them); ``ValueError`` for one of no
    known kind."""
    messages = orjson.loads(data)
    for message in messages if isinstance(messages, list) else [messages]:
        if not isinstance(message, dict) or message.get("kind") not in KINDS or not isinstance(message.get("p"), str):
            raise ValueError(f"not a fan-out message: {data!r}")
    return messages if isinstance(messages, list) else [messages]


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
        self.outbox: deque[bytes] = deque()
        self._ready = asyncio.Event()
        self._sender: asyncio.Task[None] | None = None
        self._dropped = False
        self._queued = 0
        """Messages queued since the start (counted, with :attr:`_sent`, for :meth:`announced`)."""
        self._sent = 0
        """Messages sent (or dropped) since the start."""
        self._announcing: list[tuple[int, asyncio.Future[None]]] = []
        self._failing = False
        """The last message sent to Redis failed (nobody waits for :meth:`announced` meanwhile)."""
        """Who waits for the messages queued up to a count to go out (:meth:`announced`)."""
        self._lease = self.client.register_script(LEASE)
        self._release = self.client.register_script(
            "if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end return 0")

    async def start(self) -> None:
        self._sender = asyncio.create_task(self._send())
        await self.pubsub.subscribe(CHANNEL)
        self.task = asyncio.create_task(self._listen())

    async def stop(self) -> None:
        """Say goodbye (what the outbox holds goes first, for a second at most) and stop."""
        if self.task is not None:
            self.task.cancel()
        self.publish("gone")
        for _ in range(20):
            if not self.outbox:
                break
            await asyncio.sleep(0.05)
        if self._sender is not None:
            self._sender.cancel()
        await self.pubsub.aclose()
        await self.client.aclose()

    async def lease(self, table_id: str) -> int:
        """Take or keep the lease on ``table_id``'s bots and timer: 0 when this process holds it
        now, else the milliseconds left to the process that does. Redis out of reach: 0 (this
        process moves them, as the only one it can tell of; the log's seq keeps a move single)."""
        try:
            return int(await self._lease(keys=[lease_key(table_id)], args=[self.process, LEASE_MS]))
        except (redis.RedisError, OSError) as exc:
            log.warning("fan-out: no lease on table %s, Redis does not answer: %s", table_id, exc)
            return 0

    async def release(self, table_id: str) -> None:
        """Give up the lease on ``table_id`` if this process holds it (the table left memory)."""
        try:
            await self._release(keys=[lease_key(table_id)], args=[self.process])
        except (redis.RedisError, OSError):
            pass

    def publish(self, kind: str, table_id: str | None = None, **fields: Any) -> None:
        """Queue a message for the other processes (sent in order by :meth:`_send`)."""
        message = {"kind": kind, "p": self.process, **({"t": table_id} if table_id else {}), **fields}
        self.outbox.append(orjson.dumps(message))
        self._queued += 1
        if len(self.outbox) > OUTBOX_LIMIT:
            self.outbox.popleft()
            self._dropped = True
            self._went(1)
        self._ready.set()

    async def announced(self, timeout: float) -> None:
        """Return once every message queued so far went out to Redis (so a process killed now
        has told the others), or after ``timeout`` seconds; at once while Redis is out of reach
        (the others read every table again once it answers)."""
        if self._sent >= self._queued or self._failing:
            return
        waiter = asyncio.get_running_loop().create_future()
        self._announcing.append((self._queued, waiter))
        await asyncio.wait([waiter], timeout=timeout)

    def _went(self, count: int) -> None:
        """``count`` more messages left the outbox: wake who waited for them (everyone, while
        Redis does not answer)."""
        self._sent += count
        if self._announcing and (self._failing or self._announcing[0][0] <= self._sent):
            waiting = self._announcing
            self._announcing = [(mark, w) for mark, w in waiting if mark > self._sent and not self._failing]
            for mark, waiter in waiting:
                if (mark <= self._sent or self._failing) and not waiter.done():
                    waiter.set_result(None)

    async def _send(self) -> None:
        """Send what the outbox holds, in order, :data:`BATCH` messages in one."""
        while True:
            await self._ready.wait()
            self._ready.clear()
            while self.outbox:
                batch = [self.outbox.popleft() for _ in range(min(BATCH, len(self.outbox)))]
                try:
                    await self.client.publish(CHANNEL, b"[" + b",".join(batch) + b"]")
                except (redis.RedisError, OSError) as exc:
                    log.warning("fan-out: %d messages wait, Redis does not answer: %s", len(self.outbox) + len(batch),
                                exc)
                    self.outbox.extendleft(reversed(batch))
                    self._failing = True
                    self._went(0)
                    await asyncio.sleep(RETRY_SECONDS)
                    continue
                self._failing = False
                self._went(len(batch))
                if self._dropped:
                    self._dropped = False
                    self.publish("sync", again=True)

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
            told = decode(message["data"])
        except Exception:  # one bad message must not stop the others
            log.exception("fan-out message %r", message.get("data"))
            return
        for data in told:
            if data["p"] != self.process:
                try:
                    await self.on_message(data)
                except Exception:
                    log.exception("fan-out message %r", data)
