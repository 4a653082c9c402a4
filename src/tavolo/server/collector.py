"""The garbage collector while serving: what lives stays out of its walks.

A server holds hundreds of thousands of objects that live as long as a table or a
connection (about 185 per WebSocket: the ASGI stack's coroutines, its buffers, the
seat's client) and makes many short-lived ones a move. Python's collector walks
every object of a generation it collects, so at 4,000 connections its older
generations stall the event loop for 0.5 to 0.7 s each time they are collected.

:class:`ServingCollector` collects young objects only, rarely
(:data:`YOUNG_THRESHOLD`), and freezes what survives a young collection
(``gc.freeze``): no later collection walks it again. Objects no longer used are
still freed at once by reference counting, frozen or not; only garbage cycles
that outlive one young collection wait, frozen, for a *sweep* (a full
collection, everything unfrozen then frozen again). A sweep runs on the event
loop once the frozen objects have doubled since the last one and at least
:data:`SWEEP_INTERVAL` after it: it stalls the loop as long as a full
collection (0.6 s at the bench's 4,000 connections), so at most one every ten
minutes, a thousandth of the moves at the bench's load. Such cycles are few
(a sweep after the bench's minute of play freed 112 objects of 850,000).

    >>> collector = ServingCollector(young=10_000)  # entered in the app's lifespan
    >>> collector.young, collector.growth, collector.interval, collector.sweeps
    (10000, 2.0, 600.0, 0)
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import gc
import time
from types import TracebackType
from typing import Any

YOUNG_THRESHOLD = 100_000
"""Objects made (less those freed) between two young collections. A young
collection walks what was made since the last one and is still alive: at the
bench's 1,000 tables, the seats' waiting coroutines and this many objects,
about 0.1 s every 30 s; Python's 700 would make them a hundred times as often."""

GROWTH = 2.0
"""A sweep runs once the frozen objects are this many times those after the last sweep..."""

SWEEP_INTERVAL = 600.0
"""... and at least this many seconds after it (or after the start)."""


class ServingCollector:
    """Young collections at ``young``, survivors frozen, a sweep when the frozen
    objects have grown ``growth`` times, ``interval`` seconds after the last one at
    the soonest; Python's settings again on exit. Enter it inside the running event
    loop that is to run the sweeps."""

    def __init__(self, young: int = YOUNG_THRESHOLD, growth: float = GROWTH,
                 interval: float = SWEEP_INTERVAL) -> None:
        self.young, self.growth, self.interval = young, growth, interval
        self.sweeps = 0
        self._settled = 0
        self._swept_at = 0.0
        self._sweep_due = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._before: tuple[int, int, int] | None = None

    def __enter__(self) -> ServingCollector:
        self._loop = asyncio.get_running_loop()
        self._before = gc.get_threshold()
        self._settle()
        gc.set_threshold(self.young, *self._before[1:])
        gc.callbacks.append(self._after_collection)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        gc.callbacks.remove(self._after_collection)
        gc.set_threshold(*self._before)
        self._before = None  # a sweep the loop still has to run does nothing now
        gc.unfreeze()

    def give_back(self) -> None:
        """After many clients left: their garbage cycles (frozen since) collected by a sweep, and
        the memory freed handed back to the system (:func:`trim_heap`)."""
        self.sweep()
        trim_heap()

    def sweep(self) -> None:
        """A full collection of everything, frozen objects included; then all frozen again."""
        if self._before is None:
            return
        gc.unfreeze()
        self._settle()
        self.sweeps += 1
        self._sweep_due = False  # only now: the sweep's own collection must not ask for another

    def _settle(self) -> None:
        """Collect what is not frozen, freeze what is left, and count from here."""
        gc.collect()
        gc.freeze()
        self._settled = gc.get_freeze_count()
        self._swept_at = time.monotonic()

    def _after_collection(self, phase: str, info: dict[str, Any]) -> None:
        """Freeze what survived; ask the loop for a sweep when the frozen objects have grown.
        (It runs inside the collector, in whichever thread allocated: it can neither
        collect nor touch the loop but through ``call_soon_threadsafe``.) The interval is
        looked at first: counting the frozen objects walks them all (``gc.get_freeze_count``),
        so before the interval no young collection pays for it."""
        if phase != "stop":
            return
        gc.freeze()
        if not self._sweep_due and time.monotonic() - self._swept_at >= self.interval \
                and gc.get_freeze_count() > self.growth * max(self._settled, self.young):
            self._sweep_due = True
            self._loop.call_soon_threadsafe(self.sweep)


def trim_heap() -> None:
    """Hand the free pages of the C heap back to the system (glibc's ``malloc_trim``; a C
    library without it keeps them)."""
    try:
        ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass
