"""``tavolo serve`` in a subprocess, and a seat's socket to it (websockets' sync client)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
from websockets.sync.client import connect

TAVOLO = Path(sys.executable).parent / "tavolo"


def healthy(url: str, process: subprocess.Popen, seconds: float, pause: float) -> bool:
    """Whether ``url``'s ``/healthz`` answers 200 within ``seconds``, while ``process`` runs."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and process.poll() is None:
        try:
            if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                return True
        except httpx.HTTPError:
            time.sleep(pause)
    return False


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


ROOMY = "tables_burst=1000,tables_per_minute=6000,connections_per_address=100000"
"""The limits of a test's servers unless it sets its own: with Redis an address's tables and
sockets are counted over every process that shares it, and this machine's tests, benches and
helpers share one (a bench's 4,000 sockets from 127.0.0.1 would leave a test's server none)."""


class Server:
    """``tavolo serve --db URL`` on a free port (or ``port``: a process started again where a
    balancer expects it) until :meth:`kill`; ``url`` is its address; ``limits``: its
    ``TAVOLO_LIMITS``; ``timer_scale`` multiplies the move timer's times; ``wait``: the seconds
    it may take to answer ``/healthz``."""

    def __init__(self, db_url: str, redis_url: str | None = None, pace: float = 0, limits: str = ROOMY,
                 port: int | None = None, timer_scale: float = 1.0, wait: float = 30) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ, TAVOLO_DATABASE_URL=db_url, TAVOLO_LIMITS=limits, TAVOLO_TIMER_SCALE=str(timer_scale))
        env.pop("TAVOLO_REDIS_URL", None)
        if redis_url:
            env["TAVOLO_REDIS_URL"] = redis_url
        self.process = subprocess.Popen([str(TAVOLO), "serve", "--port", str(self.port), "--pace", str(pace)],
                                        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if healthy(self.url, self.process, wait, 0.2):
            return
        self.process.kill()
        said = self.process.stdout.read().decode()[-2000:]  # read before kill() closes it
        self.kill()
        raise RuntimeError(f"tavolo serve did not start: {said}")

    def post(self, path: str, body: dict, token: str | None = None) -> dict:
        headers = {"Authorization": f"Bearer {token}"} if token else None
        reply = httpx.post(self.url + path, json=body, headers=headers, timeout=10)
        reply.raise_for_status()
        return reply.json()

    def get(self, path: str):
        reply = httpx.get(self.url + path, timeout=10)
        reply.raise_for_status()
        return reply.json()

    def socket(self, table_id: str, address: str | None = None):
        """A socket to ``table_id``; from ``address`` (as a trusted balancer forwards it), else this machine's."""
        headers = {"X-Forwarded-For": address} if address else None
        return connect(f"ws://127.0.0.1:{self.port}/ws/tables/{table_id}", open_timeout=10,
                       additional_headers=headers)

    def kill(self) -> None:
        """SIGKILL: no shutdown of any kind."""
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(10)
        self.process.stdout.close()


class Seat:
    """A seat's socket: frames read in order, the last state kept (it may come before an ack),
    and the table's recent events as the browser keeps them: the first state's ``log``, then
    every state's ``events``."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.state: dict | None = None
        self.fresh = False
        self.log: list[dict] = []
        self.greeted: int | None = None
        """The seat the welcome gave (None: a spectator)."""

    def frame(self, kind: str, timeout: float = 10) -> dict:
        """The next frame of ``kind``."""
        return self.until(lambda got: got["type"] == kind, timeout)

    def until(self, wanted, timeout: float = 10) -> dict:
        """The next frame ``wanted(frame)`` accepts, within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            got = json.loads(self.ws.recv(timeout=max(0.01, deadline - time.monotonic())))
            if got["type"] == "state":
                self.state, self.fresh = got, True
                self.log = got["view"]["log"] or [*self.log, *got["events"]][-50:]
            if wanted(got):
                return got

    def settled(self, timeout: float = 10) -> dict:
        """The latest state where this seat has moves (or the game is over), not returned before."""
        while not (self.fresh and (self.state["view"]["legal"] or self.state["view"]["finished"])):
            self.fresh = False
            self.frame("state", timeout)
        self.fresh = False
        return self.state

    def greet(self, token: str | None) -> dict:
        self.ws.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
        welcome = self.frame("welcome")
        self.greeted = welcome["seat"]
        return welcome

    def move(self, text: str) -> int:
        """Play ``text``; returns the seq of its ack."""
        time.sleep(0.055)
        self.ws.send(json.dumps({"type": "move", "text": text, "ref": text}))
        return self.frame("ack")["seq"]


def play_out(*seats: Seat, limit: int = 2000) -> None:
    """The seats play their first legal move (and continue at a hand's end) until the match is
    over; a seat moves only on a state not older than the last move acked."""
    acked, continued = 0, set()
    for _ in range(limit):
        for seat in seats:
            try:
                seat.frame("state", timeout=0.05)
            except TimeoutError:
                pass
        if any(seat.state and seat.state["view"]["finished"] for seat in seats):
            return
        for seat in seats:
            view = seat.state["view"] if seat.state and seat.state["seq"] >= acked else None
            if view and view["legal"]:
                acked = seat.move(view["legal"][0])
                break
            end = view and view["hand_end"]
            if end and seat.greeted in end["waiting_for"] and (seat, end["number"]) not in continued:
                continued.add((seat, end["number"]))
                seat.ws.send(json.dumps({"type": "continue"}))
    raise AssertionError("the match did not end")
