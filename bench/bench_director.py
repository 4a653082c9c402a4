"""The director's desk at the list import's cap (issue 37, item 3):

* ``director.desk2000.refresh_ms``: a desk open on 2,000 pairs (``director.LIST_ROWS``), 1,000 tables, half
  of them with a result; a result arrives from elsewhere before each of the desk's refreshes (every 5 s), and
  the figure is the longest the page's main thread stays busy (Chromium's long tasks, ``PerformanceObserver``)
  over 4 refreshes: the time the browser is frozen, typing included (target <= 200 ms; it once took 7.5 s).

Debian's chromium driven by Playwright, the web app in a process of its own (see :mod:`bench.bench_desk`).
"""

from __future__ import annotations

from bench.bench_desk import CHROMIUM, listing, serving
from bench.util import note

PAIRS = 2_000
REFRESHES = 4
REFRESH_S = 5

OBSERVE = """
window.__longest = [];
new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__longest.push(entry.duration); })
  .observe({ type: "longtask", buffered: false });
"""
"""Put in the desk's page before its scripts: every long task's duration (a task over 50 ms)."""


def figures():
    yield "director.desk2000.refresh_ms", refresh_ms(PAIRS), "ms"


def refresh_ms(pairs: int) -> float:
    """The longest main-thread task of the desk's refreshes on ``pairs`` pairs, each after a new result."""
    from playwright.sync_api import sync_playwright

    tables = pairs // 2
    with serving() as client:
        client.post("/api/direttore", json={"name": "grande", "rounds": 3}).raise_for_status()
        client.post("/api/direttore/grande/importa", params={"confirm": "true"},
                    files={"file": ("iscritti.csv", listing(pairs))}).raise_for_status()  # fmt: skip
        client.post("/api/direttore/grande/assegna", json={"method": "registration"}).raise_for_status()
        for table in range(1, tables // 2 + 1):
            body = {"round": 1, "table": table, "ns": str(500 + 5 * (table % 80)), "ew": "600"}
            client.post("/api/direttore/grande/punteggi", json=body).raise_for_status()
        cookies = [{"name": c.name, "value": c.value, "url": str(client.base_url)} for c in client.cookies.jar]
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM)
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.add_cookies(cookies)
            page = context.new_page()
            page.goto(f"{client.base_url}/direttore/grande?lang=it")
            page.wait_for_selector(f'#grid input[name="ns-{tables}"]', timeout=120_000)
            page.wait_for_timeout(3_000)  # the first look, the corrections' round and the history
            page.evaluate(OBSERVE)
            for n in range(REFRESHES):
                body = {"round": 1, "table": tables // 2 + 1 + n, "ns": "900", "ew": "500"}
                client.post("/api/direttore/grande/punteggi", json=body).raise_for_status()
                page.wait_for_timeout(REFRESH_S * 1000)
            page.wait_for_function(f"document.querySelector('tr[data-table=\"{tables // 2 + REFRESHES}\"]')"
                                   ".className.includes('entered')", timeout=30_000)  # fmt: skip
            longest = page.evaluate("window.__longest")
            browser.close()
    note(f"desk2000: {len(longest)} long tasks over {REFRESHES} refreshes: "
         f"{', '.join(f'{d:.0f}' for d in sorted(longest, reverse=True)[:8])} ms")
    return max(longest, default=0.0)
