"""The main job as a new user meets it: a running ``tavolo serve`` (``make run``) answers
``/healthz``, lists every game, and at a table of each game a person plays one move over
the HTTP and WebSocket API. CI runs it before the tests, in the environment ``make setup``
made (no dev extras), so a missing runtime dependency fails CI.

Standard library and ``websockets`` (which ``uvicorn[standard]`` brings) only::

    python tools/smoke.py http://127.0.0.1:8765 --wait 120
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

from websockets.sync.client import connect

GAMES = ("bridge", "briscola", "burraco", "canasta", "machiavelli", "mercante", "peppa", "perlina",
         "petrangola", "pinnacola", "ramino", "scala40", "tarocchi", "tressette")
"""Every game Tavolo serves: the lobby must offer each one."""


def request(base: str, path: str, body: dict | None = None) -> tuple[int, dict | list]:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=20) as reply:
            return reply.status, json.loads(reply.read() or b"null")
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"null")


def wait_healthy(base: str, seconds: float) -> None:
    """Wait for ``/healthz`` to answer ok (the server starts in the background)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            status, body = request(base, "/healthz")
            if status == 200 and body.get("ok"):
                return
        except (OSError, ValueError):
            pass
        if time.monotonic() > deadline:
            sys.exit(f"smoke: {base}/healthz did not answer ok within {seconds:.0f} s")
        time.sleep(0.5)


def play_one_move(base: str, game: str, seconds: float) -> str:
    """Open a table of ``game`` against bots, wait for the person's turn and play a move."""
    status, table = request(base, "/api/quick", {"game": game, "name": "Smoke", "options": {}})
    if status != 201:
        return f"{game}: creating a table answered {status}: {table}"
    ws_url = base.replace("http", "ws", 1) + f"/ws/tables/{table['table_id']}"
    deadline = time.monotonic() + seconds
    with connect(ws_url, open_timeout=20) as ws:
        ws.send(json.dumps({"type": "hello", "token": table["token"], "lang": "it"}))
        moved = False
        while time.monotonic() < deadline:
            frame = json.loads(ws.recv(timeout=max(deadline - time.monotonic(), 0.1)))
            if frame["type"] == "error":
                return f"{game}: the server refused: {frame}"
            if frame["type"] == "ack" and frame.get("ref") == "smoke":
                return ""
            view = frame.get("view") if frame["type"] == "state" else None
            if view and view["legal"] and not moved:
                time.sleep(0.06)  # the server takes at most 20 frames a second
                ws.send(json.dumps({"type": "move", "text": view["legal"][0], "ref": "smoke"}))
                moved = True
    return f"{game}: no move played within {seconds:.0f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", help="the server's address, e.g. http://127.0.0.1:8765")
    parser.add_argument("--wait", type=float, default=120, help="seconds to wait for the server, then for each game")
    args = parser.parse_args()
    base = args.base.rstrip("/")
    wait_healthy(base, args.wait)
    status, games = request(base, "/api/games")
    offered = sorted(g["name"] for g in games) if status == 200 else []
    if offered != sorted(GAMES):
        sys.exit(f"smoke: /api/games offers {offered} (status {status}); every game is {sorted(GAMES)}")
    with ThreadPoolExecutor(len(GAMES)) as pool:
        failures = [f for f in pool.map(lambda g: play_one_move(base, g, args.wait), GAMES) if f]
    if failures:
        sys.exit("smoke: " + "\nsmoke: ".join(failures))
    print(f"smoke: {base} healthy; a move played at a table of each of the {len(GAMES)} games")


if __name__ == "__main__":
    main()
