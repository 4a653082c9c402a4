"""Campione in the room (issue 40, "many tables of Campione at once do not slow the room's other
tables", and "Bench lines per game: ``bots.<game>.campione.move_ms``"):

* ``server.campione50.ping_p99_ms``: a live table's socket pings ten a second (its pong's round
  trip), while 50 other tables of Briscola at four play, three seats of each Campione at the
  lobby's level (``tavolo.online.views.CAMPIONE``) and the fourth a client that plays its first
  legal card at once, the room's pace 0 (``tavolo serve --pace 0``, SQLite). Campione's search runs
  in the room's worker processes (``tavolo.online.turns``); target p99 < 100 ms.
  ``BENCH_CAMPIONE_THREADS=1`` measures the same room with Campione chosen in the room's thread
  pool instead (as before issue 40's second slice), as ``server.campione50.threads.ping_p99_ms``.
* ``bots.GAME.campione.move_ms``: the median CPU ms of Campione's search at the lobby's level
  (its budget counted in CPU time, ``clock=cpu``, so the machine's load does not change the
  search) over :data:`MOVES` decisions with two legal actions or more (with one it plays it at
  once), seat 0 of a 2-player Briscola, a 4-player Tressette and a 3-player Tarocchi, the rule bot
  in the other seats.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
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
import orjson
from websockets.asyncio.client import connect

from bench.bench_server import NO_LIMITS, wait_healthy
from bench.bench_server_room import pings
from bench.loadgen import percentile, raise_open_files
from bench.util import note

TABLES = 50
SECONDS = float(os.environ.get("BENCH_CAMPIONE_SECONDS", "15"))
"""How long the pings are measured, once every table has started."""
MOVES = 24
"""Campione's timed decisions a game."""
GAMES = (("briscola", {"players": 2}), ("tressette", {"players": 4, "target": None}), ("tarocchi", {"players": 3}))

SERVE = """
import sys
if sys.argv[2] == "threads":  # Campione chosen in the room's threads, as before its worker processes
    from tavolo.online.views import GameView
    GameView.heavy_bot = lambda self, spec: False
from tavolo.cli import app
sys.argv = ["tavolo", "serve", "--port", sys.argv[1], "--pace", "0"]
app()
"""
"""The server: ``tavolo serve`` with Campione's moves in worker processes (``processes``), or in
the thread pool (``threads``)."""


@contextmanager
def served(mode: str) -> Iterator[str]:
    """A server (:data:`SERVE`) on a free port and a fresh SQLite file; its URL."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with tempfile.TemporaryDirectory(prefix="tavolo-bench-") as folder:
        env = dict(os.environ, TAVOLO_DATABASE_URL=f"sqlite:///{folder}/tavolo.sqlite", TAVOLO_LIMITS=NO_LIMITS)
        env.pop("TAVOLO_REDIS_URL", None)
        with open(Path(folder) / "server.log", "w+") as log:
            server = subprocess.Popen([sys.executable, "-c", SERVE, str(port), mode], env=env, stdout=log,
                                      stderr=subprocess.STDOUT)
            try:
                url = f"http://127.0.0.1:{port}"
                wait_healthy(url, server)
                yield url
            finally:
                server.terminate()
                server.wait(60)


async def human(url: str, table_id: str, token: str, stop: asyncio.Event, moves: list[int]) -> None:
    """Seat 0 of a Campione table: plays its first legal card as soon as it may, until ``stop``."""
    async with connect(f"{url.replace('http', 'ws', 1)}/ws/tables/{table_id}", compression=None,
                       ping_interval=None, max_queue=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "lang": "it"}))
        while not stop.is_set():
            try:
                frame = orjson.loads(await asyncio.wait_for(ws.recv(), 0.5))
            except TimeoutError:
                continue
            view = frame.get("view") or {}
            if frame["type"] == "state" and view.get("legal"):
                await asyncio.sleep(0.06)  # under the room's 20 frames a second
                await ws.send(json.dumps({"type": "move", "text": view["legal"][0]}))
                moves[0] += 1
            elif frame["type"] == "state" and view.get("finished"):
                return


async def campione_room(url: str, spec: str) -> tuple[list[float], int]:
    """The pings of a table of rule bots while :data:`TABLES` Campione tables play; and how many
    moves their people made meanwhile (the Campione tables moved)."""
    async with httpx.AsyncClient(base_url=url, timeout=120) as http:
        seated = []
        for _ in range(TABLES):
            made = (await http.post("/api/tables", json={"game": "briscola", "name": "A", "options": {"players": 4},
                                                         "bots": {s: spec for s in (1, 2, 3)}})).json()
            (await http.post(f"/api/tables/{made['table_id']}/start",
                             headers={"Authorization": f"Bearer {made['token']}"})).raise_for_status()
            seated.append((made["table_id"], made["token"]))
        quick = (await http.post("/api/quick", json={"game": "briscola", "name": "B"})).json()
    stop, moves = asyncio.Event(), [0]
    people = [asyncio.create_task(human(url, t, token, stop, moves)) for t, token in seated]
    await asyncio.sleep(2)  # the workers start, every table's first turns are asked for
    pinging = asyncio.create_task(pings(url, quick["table_id"], quick["token"], stop))
    await asyncio.sleep(SECONDS)
    stop.set()
    times = sorted(await pinging)
    await asyncio.gather(*people)
    return times, moves[0]


def move_ms(game_name: str, options: dict, spec: str) -> list[float]:
    """Campione's CPU ms over :data:`MOVES` decisions with a choice, at seat 0 of ``game_name``."""
    from tavolo.bots.campione import playout_bot
    from tavolo.bots.registry import make_bot
    from tavolo.online.views import view_of

    game = view_of(game_name).build(options)
    rng, times = random.Random(1), []
    while len(times) < MOVES:
        state = game.new_initial_state()
        bots = [make_bot(f"{spec},clock=cpu", game, 0, rng.getrandbits(63)),
                *(playout_bot(game)(rng.getrandbits(63)) for _ in range(1, game.num_players))]
        while not state.is_terminal() and len(times) < MOVES:
            if state.is_chance_node():
                state.apply_chance(state.sample_chance(rng))
                continue
            seat, legal = state.current_player(), state.legal_actions()
            start = time.process_time()
            action = bots[seat].choose(state.observation(seat), legal)
            if seat == 0 and len(legal) > 1:
                times.append((time.process_time() - start) * 1000)
            state.apply(action)
    return times


def figures() -> Iterator[tuple[str, float, str]]:
    from tavolo.online.views import CAMPIONE

    raise_open_files()
    modes = [("processes", "server.campione50")]
    if os.environ.get("BENCH_CAMPIONE_THREADS") == "1":
        modes.append(("threads", "server.campione50.threads"))
    for mode, name in modes:
        with served(mode) as url:
            times, moves = asyncio.run(campione_room(url, CAMPIONE[0]))
        note(f"  {name}: {len(times)} pings, median {statistics.median(times):.1f} ms, max {times[-1]:.1f} ms; "
             f"{moves} moves of the Campione tables' people in {SECONDS:.0f} s")
        yield f"{name}.ping_p99_ms", percentile(times, 0.99), "ms"
    for game, options in GAMES:
        times = move_ms(game, options, CAMPIONE[0])
        note(f"  {game} {options}: Campione {CAMPIONE[0]} CPU ms a move: median {statistics.median(times):.0f}, "
             f"max {max(times):.0f} over {len(times)} decisions")
        yield f"bots.{game}.campione.move_ms", statistics.median(times), "ms"
