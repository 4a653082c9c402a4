"""The server bench's load generator: people at many tables, in a process of their own.

It makes ``tables`` tables of ``game`` through the JSON API (every seat a person, so the
server runs no bot), opens one WebSocket per seat, and each seat plays a random legal move
from the ``legal`` list the server sends, ``pace`` seconds after its turn comes (0: at
once), and says ``continue`` at each hand's end; with a pace, each seat starts after a
random part of it, so that the tables do not move in step. ``--phases N``: each table first
plays, at once, to a random entry of its log (under N: the entries of a hand, Briscola of 4:
the deal and 40 cards), and waits there for the others; then they all go on at the pace, spread
over a hand as in a room open for a while (their hands do not all end in the same second), and
the measuring starts :data:`SETTLE` seconds later. Once play starts, the people's garbage
collector does not run (they stand for 4,000 phones and browsers: its pauses are not the
server's). It times each move from its send to its ``ack`` (stored and applied) and prints
one JSON line (``--windows`` measures several windows one after the other on the same tables)::

    python -m bench.loadgen http://127.0.0.1:8000 briscola 10 --players 4 --pace 1 --seconds 5
    {"windows": [{"moves": 160, "moves_per_s": 32.0, "p50_ms": 3.1, "p99_ms": 9.8}], "errors": {}, ...}
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import resource
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import httpx
import orjson
import uvloop
from websockets.asyncio.client import connect

CONCURRENCY = 50
"""Requests and handshakes in flight at once while setting up."""
GRACE = 5.0
"""Seconds the load goes on after the last window, so that its slow moves are acked."""
SETTLE = 5.0
"""Seconds between the paced play's start (with ``--phases``) and the measuring: the load
rises from none to its level over the first second of it."""


def dumps(frame: dict) -> str:
    """A client frame as the text a browser sends (JSON).

    >>> dumps({"type": "continue"})
    '{"type":"continue"}'
    """
    return orjson.dumps(frame).decode()


def raise_open_files() -> None:
    """Allow as many open sockets as the hard limit does (thousands of clients)."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def percentile(ordered: list[float], fraction: float) -> float:
    """The ``fraction`` percentile of sorted ``ordered`` (nearest rank).

    >>> percentile([1.0, 2.0, 3.0, 4.0], 0.5), percentile([1.0, 2.0, 3.0, 4.0], 0.99)
    (3.0, 4.0)
    """
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))] if ordered else float("nan")


@dataclass
class Tally:
    """What every seat measured: each acked move's send time and send-to-ack time."""

    acks: list[tuple[float, float]] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    finished: set[str] = field(default_factory=set)

    def ack(self, sent: float) -> None:
        self.acks.append((sent, time.perf_counter() - sent))

    def window(self, start: float, seconds: float) -> dict[str, float]:
        """The window of ``seconds`` from ``start``: the moves acked in it (stored) a second,
        and the median and 99th percentile in ms of the moves sent in it (slow ones included:
        the load goes on for a while after the last window)."""
        end = start + seconds
        stored = sum(1 for sent, took in self.acks if start <= sent + took < end)
        times = sorted(took * 1000 for sent, took in self.acks if start <= sent < end)
        return {"moves": stored, "moves_per_s": stored / seconds,
                "p50_ms": percentile(times, 0.5), "p99_ms": percentile(times, 0.99)}


async def make_table(http: httpx.AsyncClient, game: str, options: dict, players: int) -> list[tuple[str, str]]:
    """A started table with a person in every seat: its (table id, token) per seat."""
    made = (await http.post("/api/tables", json={"game": game, "name": "P0", "options": options})).json()
    table_id, tokens = made["table_id"], [made["token"]]
    for seat in range(1, players):
        reply = await http.post(f"/api/tables/{table_id}/seats/{seat}", json={"name": f"P{seat}"})
        tokens.append(reply.json()["token"])
    reply = await http.post(f"/api/tables/{table_id}/start", headers={"Authorization": f"Bearer {tokens[0]}"})
    reply.raise_for_status()
    return [(table_id, token) for token in tokens]


@contextmanager
def no_collections() -> Iterator[None]:
    """No garbage collection inside: what lives now is frozen, nothing is collected until the end.

    >>> with no_collections():
    ...     gc.isenabled()
    False
    """
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.unfreeze()


@dataclass
class Phase:
    """Where a table waits for the others before the paced play: once its log reaches ``seq``
    (its seats move at once until then) ``reached`` is set, and its seats wait for ``paced``."""

    seq: int
    paced: asyncio.Event
    reached: asyncio.Event = field(default_factory=asyncio.Event)


class Seat:
    """One seat's socket: moves when the latest state (not older than its last ack) has some."""

    def __init__(self, ws, table_id: str, seat: int, tally: Tally, pace: float, rng: random.Random,
                 phase: Phase) -> None:
        self.ws, self.table_id, self.seat, self.tally, self.pace, self.rng = ws, table_id, seat, tally, pace, rng
        self.phase = phase
        self.latest: dict | None = None
        self.acked = 0
        self.sent: float | None = None
        self.moves = 0
        self.continued = 0
        self.pacing = False

    async def play(self, token: str, greeted: asyncio.Event, go: asyncio.Event) -> None:
        await self.ws.send(dumps({"type": "hello", "token": token, "lang": "en"}))
        async for text in self.ws:
            frame = orjson.loads(text)
            kind = frame["type"]
            if kind == "welcome":
                greeted.set()
                await go.wait()
            elif kind == "state":
                self.latest = frame
                if frame["seq"] >= self.phase.seq:
                    self.phase.reached.set()
            elif kind == "ack":
                self.tally.ack(self.sent)
                self.sent, self.acked = None, frame["seq"]
            elif kind == "error":  # counted; the seat waits for the next state rather than retry
                self.tally.errors[frame["code"]] = self.tally.errors.get(frame["code"], 0) + 1
                self.sent = self.latest = None
            if self.latest is not None and self.latest["view"]["finished"]:
                self.tally.finished.add(self.table_id)
                return
            if self.phase.reached.is_set() and not self.pacing:
                await self.phase.paced.wait()
                await asyncio.sleep(self.rng.random() * self.pace)  # the tables move out of step
                self.pacing = True
            await self.maybe_act()

    async def maybe_act(self) -> None:
        if self.sent is not None or self.latest is None or self.latest["seq"] < self.acked:
            return
        view = self.latest["view"]
        if view["legal"]:
            self.sent = time.perf_counter()  # marks the move in flight while its pace runs
            if self.pace and self.pacing:
                asyncio.get_running_loop().call_later(self.pace, self.send_move, self.rng.choice(view["legal"]))
            else:
                self.send_move(self.rng.choice(view["legal"]))
        elif view["hand_end"] and self.seat in view["hand_end"]["waiting_for"] \
                and view["hand_end"]["number"] != self.continued:
            self.continued = view["hand_end"]["number"]  # once a hand: later states may still show it
            await self.ws.send(dumps({"type": "continue"}))

    def send_move(self, text: str) -> None:
        self.moves += 1
        self.sent = time.perf_counter()
        asyncio.ensure_future(self.ws.send(dumps({"type": "move", "text": text, "ref": str(self.moves)})))


async def run(url: str, game: str, tables: int, players: int, options: dict, pace: float, seconds: float,
              windows: int = 1, phases: int = 0, seed: int = 0) -> dict[str, object]:
    limit = asyncio.Semaphore(CONCURRENCY)
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        async def one() -> list[tuple[str, str]]:
            async with limit:
                return await make_table(http, game, options, players)
        started = time.perf_counter()
        seats = [s for made in await asyncio.gather(*(one() for _ in range(tables))) for s in made]
    setup = time.perf_counter() - started
    tally, go, paced, rng = Tally(), asyncio.Event(), asyncio.Event(), random.Random(seed)
    table_phases = {table_id: Phase(rng.randrange(phases) if phases else 0, paced) for table_id, _ in seats}
    ws_url = url.replace("http", "ws", 1)

    async def seat_task(index: int, table_id: str, token: str, greeted: asyncio.Event) -> None:
        async with limit:
            ws = await connect(f"{ws_url}/ws/tables/{table_id}", compression=None, open_timeout=60,
                               ping_interval=None, max_queue=None)
        async with ws:
            seat = Seat(ws, table_id, index % players, tally, pace, random.Random(rng.random()),
                        table_phases[table_id])
            await seat.play(token, greeted, go)

    greeted = [asyncio.Event() for _ in seats]
    tasks = [asyncio.create_task(seat_task(i, t, tok, g)) for i, ((t, tok), g) in enumerate(zip(seats, greeted))]
    connect_started = time.perf_counter()
    await asyncio.gather(*(g.wait() for g in greeted))
    connected = time.perf_counter() - connect_started
    with no_collections():  # its pauses (to 300 ms at Python's settings, 0.5 s for the collection it starts
        # with) were timed as the server's
        go.set()
        phased = time.perf_counter()
        await asyncio.gather(*(p.reached.wait() for p in table_phases.values()))
        paced.set()
        if phases:
            await asyncio.sleep(SETTLE)
        phased = time.perf_counter() - phased
        start = time.perf_counter()
        await asyncio.sleep(seconds * windows + GRACE)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {"windows": [tally.window(start + i * seconds, seconds) for i in range(windows)],
            "errors": tally.errors, "finished_tables": len(tally.finished), "tables": tables, "clients": len(seats),
            "setup_s": round(setup, 2), "connect_s": round(connected, 2), "phases_s": round(phased, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url")
    parser.add_argument("game")
    parser.add_argument("tables", type=int)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--options", default="{}", help="the game's options, JSON")
    parser.add_argument("--pace", type=float, default=0.0, help="seconds a seat waits once its turn comes")
    parser.add_argument("--seconds", type=float, default=10.0, help="length of a measured window")
    parser.add_argument("--windows", type=int, default=1, help="windows measured one after the other")
    parser.add_argument("--phases", type=int, default=0,
                        help="spread the tables over this many entries of their log (a hand) before measuring")
    args = parser.parse_args()
    raise_open_files()
    options = {**json.loads(args.options), "players": args.players}
    result = uvloop.run(run(args.url, args.game, args.tables, args.players, options, args.pace, args.seconds,
                            args.windows, args.phases))  # the people's own CPU, on the server's machine, kept small
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
