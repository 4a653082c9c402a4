"""The director's desk: ``tournament.import16000.ms``, a list of 16,000 pairs imported through the desk's
HTTP endpoint (``POST /api/direttore/{name}/importa?confirm=true``: read, previewed line by line and
registered in one request), the median of 3 imports, each into a fresh event (target < 2,000 ms; it once
took 41.7 s, and the hall's pages and phones waited all that time).

The web app runs in its own process (uvicorn, one worker) on a fresh SQLite file, its director named as
XX
(``director.LIST_ROWS``): the server here lifts the cap to 16,000 to measure the size that froze the hall.
"""

from __future__ import annotations

import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from bench.util import note

ROWS = 16_000
RUNS = 3


def figures():
    yield "tournament.import16000.ms", import_ms(ROWS), "ms"


def import_ms(rows: int) -> float:
    """Median wall time of importing a list of ``rows`` pairs (with clubs and categories), in milliseconds."""
    listing = "nome;giocatore1;giocatore2;circolo;categoria\n" + "".join(
        f"Coppia {n};Giocatore {n}A;Giocatore {n}B;Circolo {n % 40};{'dame' if n % 5 == 0 else ''}\n"
        for n in range(1, rows + 1)
    )
    with tempfile.TemporaryDirectory() as folder, socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        s.close()
        database = f"sqlite:///{Path(folder) / 'desk.sqlite'}"
        serve = (
            "import uvicorn; from tavolo.server import director; from tavolo.server.app import create_app; "
            f"director.LIST_ROWS = {rows}; web = create_app({database!r}, pace=0); "
            "director.make_desk_director(web.state.store, 'direttore', lambda: 'bench-2026'); "
            f"uvicorn.run(web, host='127.0.0.1', port={port}, log_level='warning')"
        )
        server = subprocess.Popen([sys.executable, "-c", serve])
        try:
            return _imports(f"http://127.0.0.1:{port}", listing.encode(), rows)
        finally:
            server.terminate()
            server.wait(10)


def _imports(base: str, listing: bytes, rows: int) -> float:
    own = {"Origin": base}
    with httpx.Client(base_url=base, timeout=120) as client:
        for _ in range(100):
            try:
                client.get("/healthz")
                break
            except httpx.TransportError:
                time.sleep(0.1)
        client.post("/api/login", json={"name": "direttore", "password": "bench-2026"}).raise_for_status()
        times = []
        for run in range(RUNS):
            name = f"bench-{run}"
            client.post("/api/direttore", json={"name": name, "rounds": 6}, headers=own).raise_for_status()
            start = time.perf_counter()
            answer = client.post(f"/api/direttore/{name}/importa", params={"confirm": "true"}, headers=own,
                                 files={"file": ("iscritti.csv", listing)})  # fmt: skip
            times.append(time.perf_counter() - start)
            answer.raise_for_status()
            assert answer.json()["registered"] == rows, answer.text[:200]
    note(f"import{rows}: {len(listing) // 1024} KiB of CSV, runs {', '.join(f'{1000 * t:.0f}' for t in times)} ms")
    return 1000 * statistics.median(times)
