"""No client can stall the room: what one address may ask of a server (tables made a minute,
replay pages, sockets, spectators at a table, the size of a body) is bounded, with a clear
refusal in the person's language, and a crowd at a table costs small presence frames to the
seated people (spectators hear when a seat's connection changes), never the whole table to
everyone at each arrival; the memory a crowd held is given back once it has gone."""

from __future__ import annotations

import os

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tavolo.bots.random_bot import RandomBot
from tavolo.engine.play import play
from tavolo.games import make_game
from tavolo.online import clients as clients_module
from tavolo.online.service import LOBBY_PAGE
from tavolo.server import pages
from tavolo.server.app import create_app
from tavolo.server.limits import Limits
from tavolo.server.ws import TOO_MANY
from tests.server.conftest import hello, next_frame, send

BRISCOLA = {"game": "briscola", "name": "Anna", "options": {"players": 2}}


def served(db_url: str, **limits) -> TestClient:
    return TestClient(create_app(db_url, pace=0, limits=Limits(**limits)))


def test_tables_made_too_fast_from_one_address_are_refused_until_its_turn_comes(db_url):
    with served(db_url, tables_burst=3, tables_per_minute=6) as client:
        for _ in range(2):
            assert client.post("/api/tables", json=BRISCOLA).status_code == 201
        assert client.post("/api/quick", json=BRISCOLA).status_code == 201  # "gioca subito" counts too
        refused = client.post("/api/tables", json=BRISCOLA)
        assert refused.status_code == 429 and refused.json()["error"]["code"] == "too_fast"
        assert 1 <= int(refused.headers["Retry-After"]) <= 10  # 6 a minute: one every 10 s
        assert refused.json()["error"]["message"].startswith("Troppi tavoli nuovi: riprova tra")
        with TestClient(client.app, client=("192.0.2.7", 5000)) as elsewhere:  # another address has its own
            assert elsewhere.post("/api/quick", json=BRISCOLA).status_code == 201


def test_the_lobby_comes_a_page_at_a_time_newest_first(db_url):
    with served(db_url, tables_burst=100) as client:
        made = [client.post("/api/tables", json=BRISCOLA).json()["table_id"] for _ in range(LOBBY_PAGE + 5)]
        first = client.get("/api/tables").json()
        second = client.get("/api/tables?page=1").json()
        assert [t["id"] for t in first + second] == made[::-1]
        assert len(first) == LOBBY_PAGE and len(second) == 5
        assert [t["id"] for t in client.get("/api/tables?page=2&size=2").json()] == made[::-1][4:6]
        too_big = client.get(f"/api/tables?size={LOBBY_PAGE + 1}&lang=en")
        assert too_big.status_code == 422 and too_big.json()["error"]["field"] == "size"


@pytest.fixture(scope="module")
def record() -> dict:
    game = make_game("burraco", players=2, target=None)
    return play(game, [RandomBot(seed=1), RandomBot(seed=2)], seed=3).to_json()


def test_replay_frames_come_in_pages_and_for_one_seat_if_asked(db_url, record):
    with served(db_url) as client:
        page = client.post("/replay/frames?from=100&count=20&seat=1", json=record).json()
        assert (page["from"], page["total"], len(page["frames"])) == (100, len(record["actions"]) + 1, 20)
        assert page["frames"][0]["text"] == record["actions"][99]
        assert all(f["obs"][0] is None and f["obs"][1]["seat"] == 1 for f in page["frames"])
        too_many = client.post(f"/replay/frames?count={pages.FRAMES_PAGE + 1}&lang=en", json=record)
        assert too_many.status_code == 422 and too_many.json()["error"]["field"] == "count"


def test_replays_are_worked_out_in_another_process_and_an_address_asking_too_often_waits(db_url, record):
    with served(db_url, replays_burst=3, replays_per_minute=2) as client:  # one every 30 s
        for _ in range(3):
            assert client.post("/replay/frames?count=1", json=record).status_code == 200
        workers = client.app.state.replay_pool._processes  # the pids of its replay processes
        assert workers and os.getpid() not in workers
        refused = client.post("/replay/frames?count=1", json=record)
        assert refused.status_code == 429 and 1 <= int(refused.headers["Retry-After"]) <= 30
        assert refused.json()["error"]["message"].startswith("Troppe richieste di moviola")
        assert client.post("/replay/hands", json=record).status_code == 429  # the same bucket


def test_a_body_over_the_limit_is_refused_before_it_is_read(db_url, record):
    with served(db_url, body_bytes=10_000) as client:
        refused = client.post("/replay/frames", json=record | {"padding": "x" * 20_000})
        assert refused.status_code == 413 and refused.json()["error"]["code"] == "too_large"
        assert refused.json()["error"]["message"] == "Richiesta troppo grande: al massimo 10000 byte"
        chunks = (b"x" * 4000 for _ in range(5))  # no Content-Length: stopped where it goes over
        assert client.post("/replay/frames", content=chunks, headers={"Content-Type": "application/json"}
                           ).status_code == 413


def drained(ws) -> list[dict]:
    """The frames the server sent this socket until now (a ping's pong comes after them)."""
    send(ws, type="ping")
    frames = []
    while (frame := ws.receive_json())["type"] != "pong":
        frames.append(frame)
    return frames


def test_a_crowd_of_spectators_costs_a_few_presence_frames_not_a_state_each(db_url):
    crowd = 30
    with served(db_url) as client:
        made = client.post("/api/tables", json=BRISCOLA).json()
        table_id = made["table_id"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as anna:
            hello(anna, made["token"])
            next_frame(anna, "state")
            sockets = [client.websocket_connect(f"/ws/tables/{table_id}").__enter__() for _ in range(crowd)]
            for ws in sockets:
                hello(ws, None)
                assert next_frame(ws, "state")["view"]["log"] == []
            client.portal.call(_quiet, client.app.state.service)
            seen = drained(anna)
            assert drained(sockets[0]) == []  # the others' coming is no news to a spectator
            for ws in sockets:
                ws.__exit__(None, None, None)
            client.portal.call(_quiet, client.app.state.service)
            seen += drained(anna)
        assert all(f["type"] == "presence" for f in seen), {f["type"] for f in seen}
        assert len(seen) <= 12  # one every 0.5 s at most while they come and go, against 60 states before
        assert seen[-1] == {"type": "presence", "seats": [1, 0], "watchers": 0}
        assert {"seats": [1, 0], "watchers": crowd} in [{k: f[k] for k in ("seats", "watchers")} for f in seen]


async def _quiet(service) -> None:
    """Wait until every presence frame due has gone out."""
    import asyncio

    while service._presence_due:
        await asyncio.sleep(0.05)


def test_spectators_beyond_a_tables_room_and_sockets_beyond_an_address_share_are_refused(db_url):
    with served(db_url, spectators_per_table=2, connections_per_address=4) as client:
        made = client.post("/api/tables", json=BRISCOLA).json()
        table_id = made["table_id"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as one, \
                client.websocket_connect(f"/ws/tables/{table_id}") as two:
            hello(one, None), hello(two, None)
            with client.websocket_connect(f"/ws/tables/{table_id}") as third:
                send(third, type="hello", token=None, lang="it")
                refused = next_frame(third, "error")
                assert refused["code"] == "too_many" and refused["message"].startswith("Questo tavolo ha già tutti")
                with pytest.raises(WebSocketDisconnect) as closed:
                    third.receive_json()
                assert closed.value.code == TOO_MANY
            with client.websocket_connect(f"/ws/tables/{table_id}") as anna:  # a seated person always gets in
                assert hello(anna, made["token"])["seat"] == 0
                with client.websocket_connect(f"/ws/tables/{table_id}"), \
                        client.websocket_connect(f"/ws/tables/{table_id}") as fifth:  # the address's fifth
                    refused = fifth.receive_json()
                    assert refused["code"] == "too_many" and "al massimo 4" in refused["message"]
                    with pytest.raises(WebSocketDisconnect):
                        fifth.receive_json()


def test_the_memory_of_a_crowd_gone_is_given_back_once(db_url, monkeypatch):
    monkeypatch.setattr(clients_module, "CROWD", 3)
    monkeypatch.setattr(clients_module, "CROWD_QUIET_SECONDS", 0.2)
    with served(db_url) as client:
        svc = client.app.state.service
        given = []
        svc.give_back = lambda: given.append(len(svc.clients))
        made = client.post("/api/tables", json=BRISCOLA).json()
        for _ in range(2):
            sockets = [client.websocket_connect(f"/ws/tables/{made['table_id']}").__enter__() for _ in range(4)]
            for ws in sockets:
                hello(ws, None)
                next_frame(ws, "state")
            for ws in sockets:
                ws.__exit__(None, None, None)
            client.portal.call(_given, given)
        assert given == [0, 0]  # once a crowd, after the last one left


async def _given(given: list, times: int = 40) -> None:
    import asyncio

    before = len(given)
    for _ in range(times):
        await asyncio.sleep(0.05)
        if len(given) > before:
            return
