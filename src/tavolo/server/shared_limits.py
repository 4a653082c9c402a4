"""The limits of an address counted over every process (:class:`SharedCounts`), in the Redis the
processes share (``--redis``): behind a balancer over N processes an address gets its allowance
once, not N times.

Two kinds of count:

* a token bucket (tables made, replay pages): one hash an address, ``tavolo:limit:<kind>:<burst>:
  <per minute>:<address>`` (processes with other limits, a bench's say, keep other buckets), taken
  from by a Lua script on Redis's clock, so that two processes taking at once take two tokens;
  it expires once full again;
* what is held now (sockets an address holds open, spectators at a table): each process counts its
  own in a hash of its own, ``tavolo:hold:<kind>:<process>`` (name -> count), that expires
  :data:`TTL_MS` after the process's last heartbeat, and every live process is listed in
  ``tavolo:hold:processes`` (expiry as score). A script adds up every live process's count and takes
  one more only under the limit, so a process killed with -9 stops counting within
  :data:`TTL_MS` without anyone cleaning up after it. (The script reads the hashes of processes it
  finds in the list: a single Redis, as the fan-out's, not a cluster.)

Redis out of reach (or slow past :data:`TIMEOUT_S`), every count answers None and the caller counts
in its process alone (:class:`~tavolo.server.limits.Guard`); the log says so once, and again when
Redis answers again (tried again at most every :data:`RETRY_SECONDS`). Once back, the process
writes its own holdings anew from what it counted meanwhile (:meth:`SharedCounts.heartbeat`).
"""

from __future__ import annotations

import asyncio
import logging
import math
import secrets
import time
from collections.abc import Mapping
from typing import Any

import redis.asyncio as redis
from redis.commands.core import AsyncScript

from tavolo.online.presence import HEARTBEAT_SECONDS, SILENCE_SECONDS

log = logging.getLogger(__name__)

TTL_MS = int(SILENCE_SECONDS * 1000)
"""How long a process's holdings count after its last heartbeat (it was killed, say)."""
TIMEOUT_S = 0.5
"""How long a count waits for Redis before the process counts alone."""
RETRY_SECONDS = 1.0
"""How long after Redis failed to answer the process counts alone before it asks again."""
PROCESSES = "tavolo:hold:processes"

NOW_MS = "local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)\n"

TAKE = NOW_MS + """
local burst, rate = tonumber(ARGV[1]), tonumber(ARGV[2])
local held = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens, at = tonumber(held[1]) or burst, tonumber(held[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate)
local wait = 0
if tokens < 1 then
  wait = rate > 0 and math.ceil((1 - tokens) / rate) or -1
else
  tokens = tokens - 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', now)
redis.call('PEXPIRE', KEYS[1], rate > 0 and math.ceil((burst - tokens) / rate) + 1000 or 86400000)
return wait
"""
"""Take a token of the bucket ``KEYS[1]`` (``ARGV``: burst, tokens a ms): 0, the ms until there is
one, or -1 for never."""

ENTER = NOW_MS + """
local ttl = tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZADD', KEYS[1], now + ttl, ARGV[1])
local total = 0
for _, process in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  total = total + (tonumber(redis.call('HGET', ARGV[2] .. process, ARGV[3])) or 0)
end
if total >= tonumber(ARGV[5]) then return 0 end
redis.call('HINCRBY', KEYS[2], ARGV[3], 1)
redis.call('PEXPIRE', KEYS[2], ttl)
return 1
"""
"""One more of ``ARGV[3]`` held by process ``ARGV[1]`` (its hash ``KEYS[2]``, every process's
``ARGV[2] .. process``) if every live process (``KEYS[1]``) holds fewer than ``ARGV[5]``: 1, else 0."""

LEAVE = """
if redis.call('HINCRBY', KEYS[1], ARGV[1], -1) <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return 0
"""

BEAT = NOW_MS + """
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
local kept = {}
for i = 2, #KEYS do kept[i - 1] = redis.call('PEXPIRE', KEYS[i], ARGV[2]) end
return kept
"""
"""Process ``ARGV[1]`` is alive: listed in ``KEYS[1]``, its hashes (``KEYS[2..]``) kept another
``ARGV[2]`` ms; which of them still existed (1 or 0)."""


class SharedCounts:
    """This process's side of the counts kept in Redis; ``held``: what it holds now of each kind
    (kind -> name -> count, kept by the caller whether Redis answers or not)."""

    def __init__(self, url: str, held: Mapping[str, Mapping[str, int]]) -> None:
        self.client = redis.from_url(url, socket_timeout=TIMEOUT_S, socket_connect_timeout=TIMEOUT_S)
        self.process = secrets.token_hex(6)
        self.held = held
        self.down_until = 0.0
        """Until when (monotonic) the process counts alone: Redis did not answer."""
        self.down = False
        self.stale = False
        """Redis's copy of this process's holdings may be wrong (a count failed): written anew next beat."""
        self._take = self.client.register_script(TAKE)
        self._enter = self.client.register_script(ENTER)
        self._leave = self.client.register_script(LEAVE)
        self._beat = self.client.register_script(BEAT)
        self._task: asyncio.Task[None] | None = None

    def hold_key(self, kind: str) -> str:
        return f"tavolo:hold:{kind}:{self.process}"

    async def start(self) -> None:
        await self.heartbeat()
        self._task = asyncio.create_task(self._beats())

    async def stop(self) -> None:
        """Stop counting: this process's holdings no longer count (it holds none)."""
        if self._task is not None:
            self._task.cancel()
        try:
            async with self.client.pipeline(transaction=True) as pipe:
                pipe.delete(*(self.hold_key(kind) for kind in self.held))
                pipe.zrem(PROCESSES, self.process)
                await pipe.execute()
        except (redis.RedisError, OSError):
            pass
        await self.client.aclose()

    async def take(self, kind: str, address: str, burst: int, per_minute: float) -> float | None:
        """A token of ``address``'s ``kind`` bucket: 0, the seconds until there is one (inf: never),
        None when Redis does not answer."""
        key = f"tavolo:limit:{kind}:{burst}:{per_minute:g}:{address}"
        wait = await self._run(self._take, [key], [burst, per_minute / 60_000])
        return None if wait is None else math.inf if wait < 0 else wait / 1000

    async def enter(self, kind: str, name: str, limit: int) -> bool | None:
        """One more ``name`` held by this process if all of them hold fewer than ``limit``
        (False: not counted), None when Redis does not answer. Count it in :attr:`held` too."""
        done = await self._run(self._enter, [PROCESSES, self.hold_key(kind)],
                               [self.process, f"tavolo:hold:{kind}:", name, TTL_MS, limit])
        return None if done is None else bool(done)

    async def leave(self, kind: str, name: str) -> None:
        """One ``name`` fewer held by this process (already taken off :attr:`held`)."""
        if await self._run(self._leave, [self.hold_key(kind)], [name]) is None:
            self.stale = True

    async def heartbeat(self) -> None:
        """Say this process is alive and keep its holdings; write them anew from :attr:`held` when
        Redis's copy may be wrong (a count failed, Redis lost them)."""
        kinds = list(self.held)
        kept = await self._run(self._beat, [PROCESSES, *map(self.hold_key, kinds)], [self.process, TTL_MS])
        if kept is None:
            return
        lost = any(not k and self.held[kind] for k, kind in zip(kept, kinds, strict=True))
        if self.stale or lost:
            self.stale = False
            try:
                await self._rewrite(kinds)
            except (redis.RedisError, OSError) as exc:
                self._failed(exc)

    async def _rewrite(self, kinds: list[str]) -> None:
        async with self.client.pipeline(transaction=True) as pipe:
            for kind in kinds:
                key, counts = self.hold_key(kind), {n: c for n, c in self.held[kind].items() if c > 0}
                pipe.delete(key)
                if counts:
                    pipe.hset(key, mapping=counts)
                    pipe.pexpire(key, TTL_MS)
            await pipe.execute()

    async def _beats(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            await self.heartbeat()

    async def _run(self, script: AsyncScript, keys: list[str], args: list[str | int | float]) -> Any:
        """``script`` on Redis; None when it does not answer (then not asked again for a while)."""
        if time.monotonic() < self.down_until:
            self.stale = True
            return None
        try:
            done = await script(keys=keys, args=args)
        except (redis.RedisError, OSError) as exc:
            self._failed(exc)
            return None
        if self.down:
            self.down = False
            log.warning("limits: Redis answers again; every address's limits are counted over all processes")
        return done

    def _failed(self, exc: BaseException) -> None:
        self.down_until, self.stale = time.monotonic() + RETRY_SECONDS, True
        if not self.down:
            self.down = True
            log.warning("limits: Redis does not answer (%s); each process counts its own limits until it does", exc)
