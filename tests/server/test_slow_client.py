"""A client that falls far behind is disconnected cleanly, never left with frames
silently dropped; it reconnects and resumes from a full state."""

from __future__ import annotations

import pytest
from starlette.websockets import WebSocketDisconnect

from tavolo.online import clients as clients_module
from tavolo.server.ws import TOO_SLOW
from tests.server.conftest import hello, next_frame


def test_a_client_too_far_behind_is_closed_and_resumes_on_reconnecting(client, monkeypatch):
    monkeypatch.setattr(clients_module, "QUEUE_LENGTH", 8)
    made = client.post("/api/tables", json={"game": "briscola", "name": "Anna", "options": {"players": 2}}).json()
    svc = client.app.state.service
    table = svc.tables[made["table_id"]]

    async def burst() -> None:  # many changes at once, faster than any socket drains them
        for _ in range(20):
            svc._broadcast(table)

    with client.websocket_connect(f"/ws/tables/{made['table_id']}") as ws:
        hello(ws, made["token"])
        next_frame(ws, "state")
        client.portal.call(burst)
        received = []
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                received.append(ws.receive_json())
    assert closed.value.code == TOO_SLOW
    assert len(received) < 8 and all(f["type"] in ("state", "presence") for f in received)
    with client.websocket_connect(f"/ws/tables/{made['table_id']}") as ws:
        assert hello(ws, made["token"])["seat"] == 0
        state = next_frame(ws, "state")
    assert state["seq"] == table.seq and state["table"]["seats"][0]["connected"]
