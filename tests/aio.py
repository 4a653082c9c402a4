"""Running a coroutine to its end from a test, whatever else the test's process runs."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(coroutine)`` on a thread of its own. In a worker of ``pytest -n`` the browser
    tests' Playwright (its sync API) keeps an event loop running in the main thread, where
    ``asyncio.run`` refuses to start ("cannot be called from a running event loop").

        >>> async def two() -> int:
        ...     return 2
        >>> run(two())
        2
    """
    with ThreadPoolExecutor(1, thread_name_prefix="test-loop") as pool:
        return pool.submit(asyncio.run, coroutine).result()
