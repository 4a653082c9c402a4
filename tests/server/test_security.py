"""Hostile and malformed input (issue 9, "The server is the only authority"): each
gets its error frame, the connection stays up, and nothing changes; a token acts
only for its own seat; spectators see only public information."""

from __future__ import annotations

import json
import time

import pytest

from tests.server.conftest import hello, next_frame, send, settled_state


@pytest.fixture
def table(client):
    """A Burraco table for two: Anna (seat 0) and Bruno (seat 1), started."""
    made = client.post("/api/tables", json={"game": "burraco", "name": "Anna", "options": {"players": 2}}).json()
    sat = client.post(f"/api/tables/{made['table_id']}/seats/1", json={"name": "Bruno"}).json()
    started = client.post(f"/api/tables/{made['table_id']}/start", headers={"Authorization": f"Bearer {made['token']}"})
    assert started.status_code == 200, started.text
    return made["table_id"], made["token"], sat["token"]


def seq_of(client, table_id: str, token: str) -> int:
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, token)
        return next_frame(ws, "state")["seq"]


@pytest.mark.parametrize("raw, code", [
    ("not json", "bad_message"),
    (json.dumps({"type": "move"}), "bad_message"),
    (json.dumps({"type": "move", "text": "draw", "extra": 1}), "bad_message"),
    (json.dumps({"type": "teleport"}), "bad_message"),
    (json.dumps({"type": "move", "text": "x" * 5000}), "bad_message"),
    (json.dumps({"type": "move", "text": "fly away"}), "notation"),
    (json.dumps({"type": "move", "text": "discard Qs"}), "illegal"),
    (json.dumps({"type": "continue"}), "bad_message"),
])
def test_a_bad_frame_gets_its_error_and_changes_nothing(client, table, raw, code):
    table_id, anna, _ = table
    before = seq_of(client, table_id, anna)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, anna)
        next_frame(ws, "state")
        ws.send_text(raw)
        error = next_frame(ws, "error")
        assert error["code"] == code and error["message"]
        send(ws, type="ping")
        assert next_frame(ws, "pong")  # the connection stays up
    assert seq_of(client, table_id, anna) == before


def test_an_illegal_move_names_the_rule_and_its_article(client, table):
    table_id, anna, _ = table
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, anna)
        send(ws, type="move", text="discard Qs", ref="q")
        error = next_frame(ws, "error")
        assert error["rule"]["source"] and error["ref"] == "q"


def test_a_token_acts_only_for_its_seat(client, table):
    table_id, anna, bruno = table
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        assert hello(ws, bruno)["seat"] == 1
        send(ws, type="move", text="draw")
        assert next_frame(ws, "error")["code"] == "not_your_turn"
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        send(ws, type="hello", token="forged-token", lang="en")
        assert next_frame(ws, "error")["code"] == "forbidden"
    other = client.post("/api/quick", json={"game": "briscola", "name": "Carla"}).json()
    with client.websocket_connect(f"/ws/tables/{other['table_id']}") as ws:
        send(ws, type="hello", token=anna, lang="en")
        assert next_frame(ws, "error")["code"] == "forbidden"
    assert seq_of(client, table_id, anna) == 1


def test_too_many_frames_are_refused(client, table):
    table_id, anna, _ = table
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, anna)
        for _ in range(25):
            ws.send_text(json.dumps({"type": "ping"}))
        assert next_frame(ws, "error")["code"] == "too_fast"
        time.sleep(1.05)  # a second later the client may speak again
        send(ws, type="ping")
        assert next_frame(ws, "pong")


def test_spectators_and_the_other_seat_never_see_a_hand(client, table):
    table_id, anna, bruno = table
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, anna)
        anna_hand = next_frame(ws, "state")["view"]["obs"]["hand"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        assert hello(ws, None)["seat"] is None
        view = next_frame(ws, "state")["view"]
        assert "hand" not in view["obs"] and view["legal"] == []
        send(ws, type="move", text="draw")
        assert next_frame(ws, "error")["code"] == "forbidden"
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, bruno)
        frame = json.dumps(next_frame(ws, "state"))
    bruno_hand = json.loads(frame)["view"]["obs"]["hand"]
    assert len(anna_hand) == len(bruno_hand) == 11 and sorted(anna_hand) != sorted(bruno_hand)


def test_errors_speak_italian_by_default(client):
    reply = client.post("/api/tables/nope/seats/1", json={"name": "Anna"})
    assert reply.status_code == 404
    assert reply.json()["error"]["message"] == "Nessun tavolo nope"
