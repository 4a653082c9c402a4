"""Who is at each table, over every process that serves it: the sockets of each seat and the
spectators. Each process counts its own clients and publishes its counts of a table when they
change (:class:`~tavolo.online.fanout.RedisFanout`); every process keeps the others' counts and
adds them to its own. A process not heard from for :data:`SILENCE_SECONDS` (it stopped, or was
killed) no longer counts.

    >>> presence = Presence()
    >>> presence.update("p2", "t1", Counts((1, 0), 3), now=0.0)
    >>> presence.total("t1", Counts((0, 1), 1))
    Counts(seats=(1, 1), watchers=4)
    >>> sorted(presence.expire(now=100.0))
    ['t1']
    >>> presence.total("t1", Counts((0, 1), 1))
    Counts(seats=(0, 1), watchers=1)
"""

from __future__ import annotations

import time
from dataclasses import dataclass

HEARTBEAT_SECONDS = 5.0
"""How often a process says it is alive."""
SILENCE_SECONDS = 3 * HEARTBEAT_SECONDS
"""A process not heard from for this long is gone: its clients no longer count."""


@dataclass(frozen=True, slots=True)
class Counts:
    """The connected sockets of each seat of a table, and its spectators."""

    seats: tuple[int, ...] = ()
    watchers: int = 0

    def __add__(self, other: Counts) -> Counts:
        size = max(len(self.seats), len(other.seats))
        mine, theirs = self.seats + (0,) * (size - len(self.seats)), other.seats + (0,) * (size - len(other.seats))
        return Counts(tuple(a + b for a, b in zip(mine, theirs, strict=True)), self.watchers + other.watchers)

    def __bool__(self) -> bool:
        return self.watchers > 0 or any(self.seats)

    def to_json(self) -> dict[str, object]:
        return {"seats": list(self.seats), "watchers": self.watchers}

    @staticmethod
    def from_json(data: dict[str, object]) -> Counts:
        seats, watchers = data.get("seats", []), data.get("watchers", 0)
        if not isinstance(seats, list) or not all(isinstance(n, int) for n in seats) or not isinstance(watchers, int):
            raise ValueError(f"not presence counts: {data!r}")
        return Counts(tuple(seats), watchers)


class Presence:
    """The other processes' counts of each table (this process's own are the service's)."""

    def __init__(self) -> None:
        self.remote: dict[str, dict[str, Counts]] = {}
        """Table id -> process id -> that process's counts (none kept for a process with no one there)."""
        self.heard: dict[str, float] = {}
        """Process id -> when it was last heard from (monotonic seconds)."""

    def total(self, table_id: str, local: Counts) -> Counts:
        """``local`` and every other process's counts of ``table_id``."""
        for counts in self.remote.get(table_id, {}).values():
            local = local + counts
        return local

    def heard_from(self, process: str, now: float | None = None) -> None:
        self.heard[process] = time.monotonic() if now is None else now

    def update(self, process: str, table_id: str, counts: Counts, now: float | None = None) -> None:
        """``process`` counts ``counts`` at ``table_id`` now."""
        self.heard_from(process, now)
        tables = self.remote.setdefault(table_id, {})
        if counts:
            tables[process] = counts
        else:
            tables.pop(process, None)
            if not tables:
                del self.remote[table_id]

    def drop(self, process: str) -> set[str]:
        """Forget ``process`` (it said it stops); returns the tables whose counts changed."""
        self.heard.pop(process, None)
        changed = set()
        for table_id, tables in list(self.remote.items()):
            if tables.pop(process, None) is not None:
                changed.add(table_id)
                if not tables:
                    del self.remote[table_id]
        return changed

    def expire(self, now: float | None = None) -> set[str]:
        """Forget the processes silent for :data:`SILENCE_SECONDS`; returns the tables whose counts changed."""
        now = time.monotonic() if now is None else now
        changed: set[str] = set()
        for process in [p for p, at in self.heard.items() if now - at > SILENCE_SECONDS]:
            changed |= self.drop(process)
        return changed
