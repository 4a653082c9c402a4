"""Takeover (subentro): when a process stops without a word (kill -9, a machine gone), another
moves its tables on, bots, move timers and the end of a hand, within seconds of its silence.

The contract with the table service (:class:`~tavolo.online.service.TableService`):

* the service tells :meth:`Takeover.serve` each open table it holds in memory (made, read from
  the store, taken over), once, and :meth:`Takeover.forget` each one that leaves memory: the
  process's *served set* in Redis; nothing is said on a move, so a move costs no more;
* :meth:`Takeover.run` says every :data:`BEAT_SECONDS` that this process lives (its *process
  lease*: a score in a sorted set of the site, the time of Redis itself, so the machines' clocks
  do not matter) and looks for processes silent for :data:`LAPSE_MS`;
* for each such process, exactly one survivor claims it in one Redis script
  (:data:`CLAIM`): the process leaves the set, its served tables join the claimer's, and the
  claimer holds the lease of every one of them whose lease the gone process held (the table
  lease, ``tavolo:run:<table>`` of :mod:`tavolo.online.fanout`: one process moves a table at a
  time). The service's ``on_lapse(claimed)`` is called on the claimer, with the tables it
  claimed: it reads again the tables it has (what the gone process stored and had no time to
  announce; a move a person was told of was announced first, see
  :meth:`~tavolo.online.fanout.RedisFanout.announced`), and reads the claimed ones it did not
  have from the store, and moves them on.

The keys are under ``tavolo:<site>:``, the site being a name kept in the database: processes of
other sites (other databases) sharing the Redis never claim each other.

Redis out of reach: nothing is claimed (each process keeps moving the tables whose lease it
holds, the log's seq keeps every move single); it is tried again at the next beat.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

import redis.asyncio as redis

from tavolo.online.fanout import LEASE_MS, lease_key

log = logging.getLogger(__name__)

BEAT_SECONDS = 0.5
"""How often a process renews its process lease and looks for lapsed ones."""
LAPSE_MS = 2500
"""A process whose lease was not renewed for this long is gone: its tables are taken over."""

BEAT = """
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
redis.call('ZADD', KEYS[1], ms, ARGV[1])
return redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ms - tonumber(ARGV[2]))
"""
"""Renew ``ARGV[1]``'s lease in the sorted set ``KEYS[1]``; returns the processes lapsed for
``ARGV[2]`` ms."""

CLAIM = """
if redis.call('ZREM', KEYS[1], ARGV[1]) == 0 then return {} end
local tables = redis.call('SMEMBERS', KEYS[2])
for _, table in ipairs(tables) do
  local lease = ARGV[4] .. table
  if redis.call('GET', lease) == ARGV[1] then redis.call('SET', lease, ARGV[2], 'PX', ARGV[3]) end
  redis.call('SADD', KEYS[3], table)
end
redis.call('DEL', KEYS[2])
return tables
"""
"""Claim the lapsed process ``ARGV[1]`` for ``ARGV[2]`` (``KEYS``: the processes, its served set,
the claimer's): its tables, or none when another survivor claimed it first."""


class Takeover:
    """This process's lease and served set, and the claiming of lapsed processes (see the module
    docstring); ``on_lapse(claimed)`` is awaited once a lapse is seen."""

    def __init__(self, client: redis.Redis, site: str, process: str,
                 on_lapse: Callable[[list[str]], Awaitable[None]]) -> None:
        self.client = client
        self.process = process
        self.prefix = f"tavolo:{site}:"
        self.on_lapse = on_lapse
        self._beat = client.register_script(BEAT)
        self._claim = client.register_script(CLAIM)
        self._taking: set[asyncio.Task[None]] = set()
        """The takeovers running (each table read from the store and moved on)."""

    def served_key(self, process: str) -> str:
        return f"{self.prefix}served:{process}"

    async def serve(self, table_ids: Iterable[str]) -> None:
        """Tell that this process holds ``table_ids`` open in memory (it moves them if it is left alone)."""
        if table_ids := list(table_ids):
            await self._call("serve", self.client.sadd, self.served_key(self.process), *table_ids)

    async def forget(self, table_ids: Iterable[str]) -> None:
        """``table_ids`` left this process's memory, or were closed."""
        if table_ids := list(table_ids):
            await self._call("forget", self.client.srem, self.served_key(self.process), *table_ids)

    async def stop(self) -> None:
        """A goodbye: the lease is marked lapsed at once, so that a survivor takes the tables over
        at its next beat (those no other process follows too), not :data:`LAPSE_MS` later."""
        await self._call("stop", self.client.zadd, f"{self.prefix}processes", {self.process: 0})

    async def run(self) -> None:
        """Every :data:`BEAT_SECONDS`: renew the lease, claim the processes lapsed."""
        while True:
            try:
                await self.beat()
            except (redis.RedisError, OSError) as exc:
                log.warning("takeover: Redis does not answer: %s", exc)
            except Exception:  # one failed takeover must not stop the next ones
                log.exception("takeover failed")
            await asyncio.sleep(BEAT_SECONDS)

    async def beat(self) -> None:
        """Renew the lease once; claim each lapsed process and tell the service (in a task of its
        own: reading a thousand tables must not let this process's own lease lapse)."""
        lapsed = await self._beat(keys=[f"{self.prefix}processes"], args=[self.process, LAPSE_MS])
        for gone in (p.decode() if isinstance(p, bytes) else p for p in lapsed):
            claimed = await self._claim(
                keys=[f"{self.prefix}processes", self.served_key(gone), self.served_key(self.process)],
                args=[gone, self.process, LEASE_MS, lease_key("")])
            tables = [t.decode() if isinstance(t, bytes) else t for t in claimed]
            log.warning("process %s fell silent: %d of its tables taken over here", gone, len(tables))
            task = asyncio.create_task(self.on_lapse(tables))  # the beats go on meanwhile
            self._taking.add(task)
            task.add_done_callback(self._taken)

    def _taken(self, task: asyncio.Task[None]) -> None:
        self._taking.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("taking over failed", exc_info=task.exception())

    async def _call(self, what: str, call: Callable[..., Awaitable[Any]], *args: Any) -> None:
        try:
            await call(*args)
        except (redis.RedisError, OSError) as exc:
            log.warning("takeover: %s not told, Redis does not answer: %s", what, exc)
