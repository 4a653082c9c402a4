"""The director's desk, two figures:

* ``tournament.import16000.ms``: a list of 16,000 pairs imported through the desk's HTTP endpoint
  (``POST /api/direttore/{name}/importa?confirm=true``: read, previewed line by line and registered in one
  request), the median of 3 imports, each into a fresh event (target < 2,000 ms; it once took 41.7 s, and the
  hall's pages and phones waited all that time). Meanwhile another client asks ``/healthz`` every 20 ms, as the
  hall's pages and the other tables would: ``tournament.import16000.healthz_p99_ms`` is the 99th percentile of
  its answers' times during the imports (target < 100 ms). A desk's list is capped at 2,000 entrants
  (``director.LIST_ROWS``): the server here lifts the cap to 16,000 to measure the size that froze the hall.
* ``tournament.desk.key_to_stored_ms``: the 99th percentile, over the tables of a round, of the time from the
  last key of a row's totals typed in the desk's score grid (the Enter after the E/W total, in Debian's
  chromium driven by Playwright, typing 40 ms a key) to the stored result (the save's answer back in the page:
  the server answers once the event is in the database).

The web app runs in its own process (uvicorn, one worker) on a fresh SQLite file, its director named as
``tavolo serve --director`` names it; the director logs in and sends the desk's own ``Origin``.
"""

from __future__ import annotations

import math
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from bench.util import note

ROWS = 16_000
RUNS = 3
TABLES = 100
"""Tables of the round typed at the desk for ``key_to_stored_ms``."""
KEY_DELAY_MS = 40
CHROMIUM = "/usr/bin/chromium"


def figures():
    median, healthz_p99 = import_ms(ROWS)
    yield "tournament.import16000.ms", median, "ms"
    yield "tournament.import16000.healthz_p99_ms", healthz_p99, "ms"
    yield "tournament.desk.key_to_stored_ms", key_to_stored_ms(TABLES), "ms"


@contextmanager
def serving(list_rows: int = 2_000) -> Iterator[httpx.Client]:
    """The web app in a process of its own, and a client logged in as its director."""
    with tempfile.TemporaryDirectory() as folder, socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        s.close()
        database = f"sqlite:///{Path(folder) / 'desk.sqlite'}"
        serve = (
            "import uvicorn; from tavolo.server import director; from tavolo.server.app import create_app; "
            f"director.LIST_ROWS = {list_rows}; web = create_app({database!r}, pace=0); "
            "director.make_desk_director(web.state.store, 'direttore', lambda: 'bench-2026'); "
            f"uvicorn.run(web, host='127.0.0.1', port={port}, log_level='warning')"
        )
        server = subprocess.Popen([sys.executable, "-c", serve])
        base = f"http://127.0.0.1:{port}"
        try:
            with httpx.Client(base_url=base, timeout=120, headers={"Origin": base}) as client:
                for _ in range(200):
                    try:
                        client.get("/healthz")
                        break
                    except httpx.TransportError:
                        time.sleep(0.1)
                client.post("/api/login", json={"name": "direttore", "password": "bench-2026"}).raise_for_status()
                yield client
        finally:
            server.terminate()
            server.wait(10)


def listing(rows: int) -> bytes:
    """A list of ``rows`` pairs with clubs and categories, as a club's CSV has it."""
    return ("nome;giocatore1;giocatore2;circolo;categoria\n" + "".join(
        f"Coppia {n};Giocatore {n}A;Giocatore {n}B;Circolo {n % 40};{'dame' if n % 5 == 0 else ''}\n"
        for n in range(1, rows + 1)
    )).encode()  # fmt: skip


def import_ms(rows: int) -> tuple[float, float]:
    """Median wall time of importing a list of ``rows`` pairs (with clubs and categories), and the 99th
    percentile of ``/healthz``'s answers meanwhile, in milliseconds."""
    data = listing(rows)
    with serving(rows) as client:
        times = []
        pings: list[float] = []
        done = threading.Event()
        watcher = threading.Thread(target=ping_healthz, args=(str(client.base_url), done, pings))
        watcher.start()
        for run in range(RUNS):
            name = f"bench-{run}"
            client.post("/api/direttore", json={"name": name, "rounds": 6}).raise_for_status()
            start = time.perf_counter()
            answer = client.post(f"/api/direttore/{name}/importa", params={"confirm": "true"},
                                 files={"file": ("iscritti.csv", data)})  # fmt: skip
            times.append(time.perf_counter() - start)
            answer.raise_for_status()
            assert answer.json()["registered"] == rows, answer.text[:200]
        done.set()
        watcher.join()
    pings.sort()
    p99 = pings[min(len(pings) - 1, int(0.99 * len(pings)))]
    note(f"import{rows}: {len(data) // 1024} KiB of CSV, runs {', '.join(f'{1000 * t:.0f}' for t in times)} ms; "
         f"/healthz meanwhile: {len(pings)} answers, max {max(pings):.0f} ms")
    return 1000 * statistics.median(times), p99


def ping_healthz(base: str, done: threading.Event, pings: list[float]) -> None:
    """Ask ``/healthz`` every 20 ms until ``done``, keeping each answer's time in ms."""
    with httpx.Client(base_url=base, timeout=60) as client:
        while not done.is_set():
            start = time.perf_counter()
            client.get("/healthz").raise_for_status()
            pings.append(1000 * (time.perf_counter() - start))
            time.sleep(0.02)


WATCH = """
window.__keys = {}; window.__stored = {};
document.addEventListener("keydown", (event) => {  // before the desk's own handler: the moment the key is pressed
  if (event.key === "Enter" && event.target.dataset?.line === "ew") window.__keys[event.target.dataset.table] = performance.now();
}, true);
const sent = window.fetch;
window.fetch = async (url, options) => {
  const answer = await sent(url, options);
  if (String(url).includes("/punteggi") && answer.ok) window.__stored[JSON.parse(options.body).table] = performance.now();
  return answer;
};
"""
"""Put in the desk's page before its scripts: when each row's last key was pressed, and when its save was
answered (stored)."""


def key_to_stored_ms(tables: int) -> float:
    """The 99th percentile over ``tables`` rows typed at the desk of last key -> stored result, in milliseconds."""
    from playwright.sync_api import sync_playwright

    with serving() as client:
        client.post("/api/direttore", json={"name": "tasti", "rounds": 3}).raise_for_status()
        client.post("/api/direttore/tasti/importa", params={"confirm": "true"},
                    files={"file": ("iscritti.csv", listing(2 * tables))}).raise_for_status()  # fmt: skip
        client.post("/api/direttore/tasti/assegna", json={"method": "registration"}).raise_for_status()
        cookies = [{"name": c.name, "value": c.value, "url": str(client.base_url)} for c in client.cookies.jar]
        typed = "".join(f"{500 + 5 * (t % 80)}\n{300 + 5 * (t % 60)}\n" for t in range(1, tables + 1))
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM)
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.add_cookies(cookies)
            page = context.new_page()
            page.add_init_script(WATCH)
            page.goto(f"{client.base_url}/direttore/tasti?lang=it")
            page.wait_for_selector('#grid input[name="ns-1"]')
            page.focus('#grid input[name="ns-1"]')
            page.keyboard.type(typed, delay=KEY_DELAY_MS)
            page.wait_for_function(f"Object.keys(window.__stored).length >= {tables}", timeout=120_000)
            keys, stored = page.evaluate("[window.__keys, window.__stored]")
            browser.close()
        answered = client.get("/api/torneo/tasti").json()["round"]["tables"]
        assert all(row["result"] for row in answered), "a row was not stored"
    waits = sorted(stored[t] - keys[t] for t in keys)
    p99 = waits[math.ceil(0.99 * len(waits)) - 1]
    note(f"desk key->stored over {len(waits)} rows: median {statistics.median(waits):.0f} ms, p99 {p99:.0f} ms, "
         f"max {waits[-1]:.0f} ms")  # fmt: skip
    return p99
