"""What one address may ask of a server, so that no client can stall the room: tables made a
minute, replays a minute and at once, sockets open, spectators at a table, the size of a body.

Every limit has a default (:class:`Limits`) and can be changed with ``TAVOLO_LIMITS``, a list of
``name=value`` (a load test opening thousands of sockets from one address, say)::

    >>> Limits.from_text("connections_per_address=5000, tables_per_minute=600").connections_per_address
    5000
    >>> Limits.from_text("tables=3")
    Traceback (most recent call last):
    ...
    tavolo.server.limits.LimitsError: TAVOLO_LIMITS: no limit 'tables' (one of tables_burst, tables_per_minute, ...)

The address is the client's as uvicorn gives it: behind a balancer on this machine (its
``X-Forwarded-For``, trusted from ``--forwarded-allow-ips``, 127.0.0.1 by default) the
person's, not the balancer's. With ``--redis`` every process counts in Redis
(:mod:`tavolo.server.shared_limits`): an address gets its allowance once over all the processes
behind a balancer, and a table its spectators; without Redis, or while it does not answer, each
process counts on its own (an address may then get up to N times its allowance over N processes).
"""

from __future__ import annotations

import asyncio
import math
import os
import re
import time
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from tavolo.i18n import language, negotiate
from tavolo.online.messages import Refusal, say

if TYPE_CHECKING:
    from tavolo.server.shared_limits import SharedCounts


@dataclass(frozen=True)
class Limits:
    tables_burst: int = 20
    """Tables (new or "gioca subito") an address may make at once..."""
    tables_per_minute: float = 10.0
    """... and then a minute."""
    replays_burst: int = 10
    """Replay pages (``/replay/frames``, ``/replay/hands``) an address may ask for at once..."""
    replays_per_minute: float = 60.0
    """... and then a minute."""
    replays_at_once: int = 1
    """Replays computed at the same time by a process (each holds the interpreter while it
    works: the tables' loop waits for it)."""
    replay_wait_seconds: float = 10.0
    """How long a replay waits for its turn before it is refused (429, try again)."""
    connections_per_address: int = 50
    """Sockets one address may hold open (over every process)."""
    spectators_per_table: int = 200
    """Spectators a table takes (over every process); its seated people always get in."""
    body_bytes: int = 1_000_000
    """The largest request body (a record of the longest match is about 300 KB)."""

    @staticmethod
    def from_text(text: str) -> Limits:
        """The defaults changed by ``text`` (``name=value, ...``)."""
        names = {f.name: f.type for f in fields(Limits)}
        changes: dict[str, float] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            name, _, value = part.partition("=")
            name = name.strip()
            if name not in names:
                raise LimitsError("TAVOLO_LIMITS: no limit {name} (one of {known}, ...)",
                                  name=repr(name), known=", ".join(list(names)[:2]))
            try:
                changes[name] = int(value) if names[name] == "int" else float(value)
            except ValueError:
                raise LimitsError("TAVOLO_LIMITS: {name} must be a number, not {value}",
                                  name=name, value=repr(value.strip())) from None
        return replace(Limits(), **changes)

    @staticmethod
    def from_env() -> Limits:
        return Limits.from_text(os.environ.get("TAVOLO_LIMITS", ""))


class LimitsError(ValueError):
    """A ``TAVOLO_LIMITS`` that cannot be read: ``key``, an English msgid of the ``cli`` catalog,
    and its ``params`` (``tavolo serve`` says it in one line, in the person's language)."""

    def __init__(self, key: str, **params: str) -> None:
        super().__init__(key.format(**params))
        self.key, self.params = key, params


class Buckets:
    """A token bucket per address: ``burst`` at once, then ``per_minute``.

    >>> buckets = Buckets(2, 60.0)
    >>> [buckets.take("a", now=0.0) for _ in range(3)], buckets.take("b", now=0.0)
    ([0.0, 0.0, 1.0], 0.0)
    >>> buckets.take("a", now=1.0)
    0.0
    """

    KEEP = 10_000
    """Addresses remembered before the full buckets (those that came back to ``burst``) are forgotten."""

    def __init__(self, burst: int, per_minute: float) -> None:
        self.burst = burst
        self.rate = per_minute / 60.0
        self.levels: dict[str, tuple[float, float]] = {}
        """Address -> (tokens, when counted)."""

    def take(self, address: str, now: float | None = None) -> float:
        """Take a token for ``address``: 0 when there was one, else the seconds until there is."""
        now = time.monotonic() if now is None else now
        tokens, then = self.levels.get(address, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) * self.rate)
        if tokens < 1.0:
            self.levels[address] = (tokens, now)
            return (1.0 - tokens) / self.rate if self.rate > 0 else math.inf
        self.levels[address] = (tokens - 1.0, now)
        if len(self.levels) > self.KEEP:
            self._forget_full(now)
        return 0.0

    def _forget_full(self, now: float) -> None:
        for address, (tokens, then) in list(self.levels.items()):
            if tokens + (now - then) * self.rate >= self.burst:
                del self.levels[address]


class Guard:
    """A server's limits and what each address has used of them: in this process alone, or over
    every process once :meth:`share` was called (see :mod:`tavolo.server.shared_limits`)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.tables = Buckets(limits.tables_burst, limits.tables_per_minute)
        self.replays = Buckets(limits.replays_burst, limits.replays_per_minute)
        self.held: dict[str, dict[str, int]] = {"sockets": {}, "watchers": {}}
        """What this process holds now: sockets an address, spectators a table (admitted by :meth:`watch`)."""
        self.shared: SharedCounts | None = None
        self._leaving: set[asyncio.Task[None]] = set()

    async def share(self, redis_url: str) -> None:
        """Count over every process that shares ``redis_url`` from now on."""
        from tavolo.server.shared_limits import SharedCounts

        self.shared = SharedCounts(redis_url, self.held)
        await self.shared.start()

    async def given_back(self) -> None:
        """Wait until what was given back (sockets closed, spectators gone) is counted in Redis."""
        if self._leaving:
            await asyncio.wait(self._leaving)

    async def unshare(self) -> None:
        await self.given_back()
        if self.shared is not None:
            await self.shared.stop()
            self.shared = None

    async def take_table(self, address: str) -> None:
        """One more table for ``address``, or :class:`Refusal` ``too_fast`` saying when to try again."""
        await self._take(self.tables, "tables", address, "Too many new tables: try again in {seconds} s")

    async def take_replay(self, address: str) -> None:
        """One more replay page for ``address``, or :class:`Refusal` ``too_fast``."""
        await self._take(self.replays, "replays", address, "Too many replays: try again in {seconds} s")

    async def _take(self, buckets: Buckets, kind: str, address: str, msgid: str) -> None:
        wait = None
        if self.shared is not None:
            wait = await self.shared.take(kind, address, buckets.burst, buckets.rate * 60)
        if wait is None:
            wait = buckets.take(address)
        if wait > 0:
            seconds = max(1, math.ceil(wait)) if math.isfinite(wait) else 3600
            raise Refusal("too_fast", msgid, retry_after=seconds, seconds=seconds)

    async def open_socket(self, address: str) -> bool:
        """Count a socket of ``address``; False (not counted) when it holds too many already."""
        return await self._enter("sockets", address, self.limits.connections_per_address)

    def close_socket(self, address: str) -> None:
        self._leave("sockets", address)

    async def watch(self, table_id: str, watchers: int) -> bool:
        """Count a spectator of ``table_id``; False (not counted) when it has as many as it takes.
        ``watchers``: its spectators as this process knows them (what counts without Redis)."""
        limit = self.limits.spectators_per_table
        if self.shared is None:
            return watchers < limit
        return await self._enter("watchers", table_id, limit, watchers)

    def unwatch(self, table_id: str) -> None:
        if self.shared is not None:
            self._leave("watchers", table_id)

    async def _enter(self, kind: str, name: str, limit: int, here: int | None = None) -> bool:
        held = self.held[kind]
        admitted = await self.shared.enter(kind, name, limit) if self.shared is not None else None
        if admitted is None:
            admitted = (held.get(name, 0) if here is None else here) < limit
        if admitted:
            held[name] = held.get(name, 0) + 1
        return admitted

    def _leave(self, kind: str, name: str) -> None:
        """One ``name`` fewer held: at once here, in Redis as soon as it answers (a socket's end
        never waits for it)."""
        held = self.held[kind]
        count = held.get(name, 0) - 1
        if count > 0:
            held[name] = count
        else:
            held.pop(name, None)
        if self.shared is not None:
            task = asyncio.create_task(self.shared.leave(kind, name))
            self._leaving.add(task)
            task.add_done_callback(self._leaving.discard)


class BodyLimit:
    """ASGI middleware: a request whose body is over ``limit`` bytes gets 413 ``too_large`` (in
    the request's language) before anyone reads it whole: told by its ``Content-Length``, or
    cut where a body without one goes over (the app reads a client gone, and what it answers
    to that is replaced by the 413)."""

    def __init__(self, app: Any, limit: int, own_limits: re.Pattern[str] | None = None) -> None:
        self.app = app
        self.limit = limit
        self.own_limits = own_limits
        """Paths whose routes read their body within a limit of their own, and say it in their
        own words (the desk's list import, 2 MB; a backup restored from the desk, 50 MB)."""

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or (self.own_limits and self.own_limits.fullmatch(scope.get("path", ""))):
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length", b"")
        if length.isdigit() and int(length) > self.limit:
            await self._refuse(scope, receive, send)
            return
        received, over, answered = 0, False, False

        async def limited_receive() -> dict[str, Any]:
            nonlocal received, over
            message = await receive()
            received += len(message.get("body", b""))
            if received > self.limit:
                over = True
                return {"type": "http.disconnect"}
            return message

        async def checked_send(message: dict[str, Any]) -> None:
            nonlocal answered
            if not over:
                await send(message)
            elif not answered:
                answered = True
                await self._refuse(scope, receive, send)

        await self.app(scope, limited_receive, checked_send)
        if over and not answered:
            await self._refuse(scope, receive, send)

    async def _refuse(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        request = Request(scope)
        chosen = request.query_params.get("lang")
        lang = language(chosen) if chosen else negotiate(request.headers.get("accept-language"))
        message = say("Request too large: at most {limit} bytes", lang, limit=self.limit)
        await JSONResponse({"error": {"code": "too_large", "message": message, "field": "body"}},
                           status_code=413)(scope, receive, send)
