"""The balancer setup the README names works: nginx, from docs/nginx-tavolo.conf as shipped, in
front of two ``tavolo serve`` processes on one PostgreSQL and one Redis, no sticky sessions. A
seat taken through the balancer is seen by both processes, and the people's WebSockets go
through it (each to either process) and play."""

from __future__ import annotations

import pytest

from tests.server.balancer import Balancer, nginx_binary
from tests.server.processes import Seat, Server
from tests.server.test_two_processes import REDIS_URL, whose_turn
from tests.tournament.conftest import postgres_url  # noqa: F401  (the fixture)

pytestmark = [pytest.mark.postgres, pytest.mark.skipif(
    nginx_binary() is None, reason="nginx is not installed (apt-get install nginx-light; make test installs it)")]


class Through(Server):
    """The balancer's address, used as a server's."""

    def __init__(self, balancer: Balancer) -> None:
        self.port, self.url = balancer.port, balancer.url


def test_a_seat_and_a_move_through_nginx_reach_both_processes(postgres_url, tmp_path):  # noqa: F811
    one, two = Server(postgres_url, REDIS_URL), Server(postgres_url, REDIS_URL)
    balancer = Balancer(tmp_path / "nginx", [f"127.0.0.1:{one.port}", f"127.0.0.1:{two.port}"])
    front = Through(balancer)
    try:
        made = front.post("/api/tables", {"game": "briscola", "name": "Anna", "options": {"players": 2}})
        table_id = made["table_id"]
        sat = front.post(f"/api/tables/{table_id}/seats/1", {"name": "Bruno"})
        for server in (one, two):  # asked directly, each process knows the seat is taken
            assert [s["name"] for s in server.get(f"/api/tables/{table_id}")["seats"]] == ["Anna", "Bruno"]
            assert any(t["id"] == table_id for t in server.get("/api/tables"))
        front.post(f"/api/tables/{table_id}/start", {}, token=made["token"])
        with front.socket(table_id) as ws_a, front.socket(table_id) as ws_b:
            anna, bruno = Seat(ws_a), Seat(ws_b)
            assert anna.greet(made["token"])["seat"] == 0
            assert bruno.greet(sat["token"])["seat"] == 1
            # both seats counted as connected, whichever process each socket reached
            anna.until(lambda f: f["type"] == "presence" and f["seats"] == [1, 1])
            mover = whose_turn(anna, bruno)
            other = bruno if mover is anna else anna
            seq = mover.move(mover.state["view"]["legal"][0])
            if other.state is None or other.state["seq"] < seq:
                other.until(lambda f: f["type"] == "state" and f["seq"] >= seq)
            assert other.log[-1]["seq"] == seq and other.log[-1]["seat"] == mover.greeted
    finally:
        balancer.stop()
        one.kill()
        two.kill()
