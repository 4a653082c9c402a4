"""Tables nobody plays at do not pile up: a table where no person has acted for a while, and
where no seated person is connected, is closed as ``abandoned`` (its record kept), leaves the
lobby and is not served again by a restart; closed tables nobody watches leave memory."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from tavolo.online import service as service_module
from tavolo.online.service import IDLE_ALONE_SECONDS, IDLE_TOGETHER_SECONDS
from tavolo.server.app import create_app
from tavolo.store.online import OnlineStore, make_online_engine
from tests.server.conftest import hello, next_frame, send

BRISCOLA = {"game": "briscola", "name": "Anna", "options": {"players": 2}}


def later(seconds: float) -> float:
    return time.time() + seconds


def test_a_quick_game_left_alone_is_closed_and_not_served_again(client, db_url):
    svc = client.app.state.service
    made = client.post("/api/quick", json=BRISCOLA).json()
    table_id = made["table_id"]
    assert client.portal.call(svc.sweep, later(IDLE_ALONE_SECONDS - 60)) == []
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:  # Anna is there: it stays open
        hello(ws, made["token"])
        assert client.portal.call(svc.sweep, later(IDLE_ALONE_SECONDS + 60)) == []
    client.portal.call(_gone, svc, table_id)
    assert client.portal.call(svc.sweep, later(IDLE_ALONE_SECONDS + 60)) == [table_id]
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "abandoned"
    assert table_id not in [t["id"] for t in client.get("/api/tables").json()]
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:  # a move there is refused
        hello(ws, made["token"], lang="it")
        assert next_frame(ws, "state")["view"]["legal"] == []
        send(ws, type="move", text="play 1", ref="m1")
        assert next_frame(ws, "error")["message"] == "La partita non è in corso"
    assert table_id not in [r.id for r in OnlineStore(make_online_engine(db_url)).unfinished()]


def test_a_table_of_several_people_waits_longer_and_its_timer_moves_do_not_count(client):
    svc = client.app.state.service
    made = client.post("/api/tables", json=BRISCOLA | {"timer": "code"}).json()
    table_id = made["table_id"]
    client.post(f"/api/tables/{table_id}/seats/1", json={"name": "Bruno"})
    client.post(f"/api/tables/{table_id}/start", headers={"Authorization": f"Bearer {made['token']}"})
    table = svc.tables[table_id]
    seat = table.to_act
    client.portal.call(svc._store, table, table.seq, lambda: table.action_entries(seat, table.timer_actions(seat), timer=True))
    assert table.seq >= 2 and table.acted_at < table.changed_at  # the timer played: nobody acted
    assert client.portal.call(svc.sweep, later(IDLE_ALONE_SECONDS + 60)) == []
    assert client.portal.call(svc.sweep, later(IDLE_TOGETHER_SECONDS + 60)) == [table_id]


def test_closed_tables_nobody_watches_leave_memory_and_come_back_when_asked(client, monkeypatch):
    monkeypatch.setattr(service_module, "KEEP_CLOSED_SECONDS", 0.0)
    svc = client.app.state.service
    made = client.post("/api/quick", json=BRISCOLA).json()
    table_id = made["table_id"]
    client.portal.call(svc.sweep, later(IDLE_ALONE_SECONDS + 60))
    assert table_id in svc.tables
    client.portal.call(svc.sweep)
    assert table_id not in svc.tables and not any(key[0] == table_id for key in svc._bots)
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "abandoned"


def test_a_restart_closes_the_tables_left_idle_while_it_was_down(db_url):
    with TestClient(create_app(db_url, pace=0)) as client:
        made = client.post("/api/quick", json=BRISCOLA).json()
    engine = make_online_engine(db_url)
    with engine.begin() as connection:  # as if it had been made an hour ago
        connection.exec_driver_sql("UPDATE online_tables SET created_at = datetime('now', '-1 hour')")
        connection.exec_driver_sql("UPDATE online_log SET recorded_at = datetime('now', '-1 hour')")
    with TestClient(create_app(db_url, pace=0)) as client:
        assert client.get(f"/api/tables/{made['table_id']}").json()["status"] == "abandoned"


async def _gone(service, table_id: str) -> None:
    """Wait until the sockets just closed at ``table_id`` have left it."""
    import asyncio

    while service._local.get(table_id):
        await asyncio.sleep(0.02)
