"""The web app's speed (issue 9, "Tavolo online"): ``tavolo serve`` in one process on a
fresh SQLite file, the people in another (``bench/loadgen.py``), over loopback.

* ``server.paced1000``: 1,000 Briscola tables of 4 people (4,000 WebSockets), each seat
  moving 1 s after its turn comes, for 60 s: the send-to-ack time of a move (target p99 < 50 ms).
  The tables are spread over a hand first (``--phases``), as in a room open for a while;
  ``server.paced1000.in_step`` is the same load with every table started in the same second,
  so that all 1,000 hands end in the same second too (each hand's end, its continues and
  the next deal are about 20 frames a table against 5 for a move): a worst case, not a room.
  The paced figures are the medians of :data:`PACED_RUNS` runs (one run's p99 moved from 38 to
  55 ms here from one run to the next), each on a server of its own;
* ``server.tables200``: 200 tables of 4 moving as fast as they can: the moves stored a
  second (target >= 2,000) and their p99; Briscola (the cheapest game to drive) and Burraco
  (the real load: each state frame carries hands of 11 and more cards and the melds).

Briscola is played to 5 rounds (3 won: 120 to 200 moves a table) and each of its windows
on fresh tables, so that no table ends inside a window (at 2,000 moves/s a table makes
10 moves a second: on the same tables the later windows measured finished ones).
"""

from __future__ import annotations

import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from bench.loadgen import raise_open_files
from bench.util import note

TAVOLO = Path(sys.executable).parent / "tavolo"
BRISCOLA = ("briscola", {"rounds": 5})
BURRACO = ("burraco", {"target": 5005})
PACED_RUNS = 3
"""Runs of the paced load, each on a server of its own: its figures are their medians."""
BRISCOLA_HAND = 41
"""The log entries of a hand of Briscola of 4: the deal and 40 cards."""
NO_LIMITS = "connections_per_address=100000,tables_burst=100000"
"""``TAVOLO_LIMITS`` of the benches' servers: a load generator stands for thousands of people from
one address, so the per-address limits on sockets and tables go; the others stay (the replay
flood and the crowd of spectators measure them)."""


@contextmanager
def served(limits: str = NO_LIMITS) -> Iterator[str]:
    """``tavolo serve`` on a free port and a fresh SQLite file, bots without pause, ``limits``
    (``TAVOLO_LIMITS``); its URL."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with tempfile.TemporaryDirectory(prefix="tavolo-bench-") as folder:
        env = dict(os.environ, TAVOLO_DATABASE_URL=f"sqlite:///{folder}/tavolo.sqlite", TAVOLO_LIMITS=limits)
        env.pop("TAVOLO_REDIS_URL", None)
        with open(Path(folder) / "server.log", "w+") as log:
            server = subprocess.Popen([str(TAVOLO), "serve", "--port", str(port), "--pace", "0"], env=env,
                                      stdout=log, stderr=subprocess.STDOUT)
            try:
                url = f"http://127.0.0.1:{port}"
                wait_healthy(url, server)
                yield url
            finally:
                server.terminate()
                server.wait(30)


def wait_healthy(url: str, server: subprocess.Popen, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and server.poll() is None:
        try:
            if httpx.get(f"{url}/healthz", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    raise RuntimeError("tavolo serve did not start")


def load(url: str, game: tuple[str, dict], tables: int, pace: float, seconds: float, windows: int = 1,
         phases: int = 0) -> dict:
    """The load generator in its own process on a fresh set of tables; the median of its
    windows' figures."""
    name, options = game
    command = [sys.executable, "-m", "bench.loadgen", url, name, str(tables), "--players", "4", "--options",
               json.dumps(options), "--pace", str(pace), "--seconds", str(seconds), "--windows", str(windows),
               "--phases", str(phases)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=seconds * windows + 240, check=True,
                          cwd=Path(__file__).parent.parent)
    result = json.loads(done.stdout.splitlines()[-1])
    note(f"  {name} x{tables} pace {pace}: {result}")
    return {key: statistics.median(w[key] for w in result["windows"]) for key in result["windows"][0]}


def load_fresh(url: str, game: tuple[str, dict], tables: int, pace: float, seconds: float, runs: int) -> dict:
    """:func:`load` ``runs`` times, each on tables of its own; the median of each figure."""
    results = [load(url, game, tables, pace, seconds) for _ in range(runs)]
    return {key: statistics.median(r[key] for r in results) for key in results[0]}


def paced(phases: int) -> dict:
    """1,000 tables moving a move a second, on a server of their own (an earlier run's tables
    would stay on it)."""
    with served() as url:
        return load(url, BRISCOLA, 1000, 1.0, 60, phases=phases)


def figures() -> Iterator[tuple[str, float, str]]:
    raise_open_files()  # inherited by the server and the load generator
    with served() as url:  # one server: each run has tables of its own, the others' idle
        briscola = load_fresh(url, BRISCOLA, 200, 0, 6, runs=3)
        yield "server.tables200.moves_per_s", briscola["moves_per_s"], "moves/s"
        yield "server.tables200.p99_ms", briscola["p99_ms"], "ms"
        burraco = load(url, BURRACO, 200, 0, 6, windows=3)
        yield "server.tables200.burraco.moves_per_s", burraco["moves_per_s"], "moves/s"
        yield "server.tables200.burraco.p99_ms", burraco["p99_ms"], "ms"
    runs = [paced(BRISCOLA_HAND) for _ in range(PACED_RUNS)]
    yield "server.paced1000.p50_ms", statistics.median(r["p50_ms"] for r in runs), "ms"
    yield "server.paced1000.p99_ms", statistics.median(r["p99_ms"] for r in runs), "ms"
    in_step = paced(0)
    yield "server.paced1000.in_step.p50_ms", in_step["p50_ms"], "ms"
    yield "server.paced1000.in_step.p99_ms", in_step["p99_ms"], "ms"
