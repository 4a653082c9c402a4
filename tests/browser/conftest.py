"""A Tavolo server for the browser tests: uvicorn in a thread on a free port,
a temporary SQLite database, bots without pacing; Debian's chromium driven by
Playwright (never a downloaded browser)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn

from tavolo.server.app import create_app
from tavolo.server.limits import Limits

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def server(tmp_path_factory) -> Iterator[str]:
    """The address of a running Tavolo server."""
    database = tmp_path_factory.mktemp("browser") / "tavolo.sqlite"
    port = free_port()
    app = create_app(f"sqlite:///{database}", pace=0, limits=Limits(tables_burst=10_000, replays_burst=10_000,
                                                                           connections_per_address=10_000))
    # one address (127.0.0.1) makes every table, asks for every replay page and opens every socket of
    # a worker's browser tests: with the default 10 replay pages at once, then 1 a second, a replay
    # test that came after others could be answered 429 and show no board; with the default 50
    # sockets, the pages the tests leave open filled them and a later table never connected
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    instance = uvicorn.Server(config)
    thread = threading.Thread(target=instance.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not instance.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    instance.should_exit = True
    thread.join(timeout=10)
