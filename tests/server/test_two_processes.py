"""Two ``tavolo serve`` processes on one PostgreSQL and one Redis serve the same
table (issue 9, "More than one process"): a move made through either is seen by
the clients of both, and the log's seq is never used twice."""

from __future__ import annotations

import os

import httpx
import pytest

from tests.server.processes import Seat, Server
from tests.tournament.conftest import postgres_url  # noqa: F401  (the fixture)

REDIS_URL = os.environ.get("TAVOLO_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def whose_turn(*seats: Seat) -> Seat:
    """The seat whose latest state offers it moves (reading what each socket has received)."""
    for _ in range(100):
        for seat in seats:
            try:
                seat.frame("state", timeout=0.1)
            except TimeoutError:
                pass
            if seat.state and seat.state["view"]["legal"]:
                return seat
    raise AssertionError("no seat is offered a move")


@pytest.mark.postgres
def test_two_processes_serve_one_table(postgres_url):  # noqa: F811
    one, two = Server(postgres_url, REDIS_URL), Server(postgres_url, REDIS_URL)
    try:
        made = one.post("/api/tables", {"game": "briscola", "name": "Anna", "options": {"players": 2}})
        table_id = made["table_id"]
        sat = two.post(f"/api/tables/{table_id}/seats/1", {"name": "Bruno"})
        httpx.post(f"{one.url}/api/tables/{table_id}/start", headers={"Authorization": f"Bearer {made['token']}"},
                   timeout=10).raise_for_status()
        with one.socket(table_id) as ws_a, two.socket(table_id) as ws_b:
            anna, bruno = Seat(ws_a), Seat(ws_b)
            assert anna.greet(made["token"])["seat"] == 0
            assert bruno.greet(sat["token"])["seat"] == 1
            acked = []
            for _ in range(8):
                mover = whose_turn(anna, bruno)
                acked.append(mover.move(mover.state["view"]["legal"][0]))
            assert acked == sorted(set(acked))
            for seat in (anna, bruno):
                while seat.state["seq"] < acked[-1]:
                    seat.frame("state")
                assert seat.state["seq"] == acked[-1]
            assert anna.log == bruno.log
            assert {e["seat"] for e in anna.log} == {0, 1}
    finally:
        one.kill()
        two.kill()
