"""Issue 38, item 3 ("Text fields"): a name, title or id holding a control character (NUL included)
is refused with 422 naming the field, before anything is stored, on SQLite and on PostgreSQL alike
(PostgreSQL answered 500 with a traceback; SQLite stored the names, and its database could then not
move to PostgreSQL)."""

from __future__ import annotations

import pytest
from starlette.websockets import WebSocketDisconnect

from tavolo.server.fields import BAD_PATH
from tests.tournament.conftest import db_url, postgres_url  # noqa: F401  (the fixtures: SQLite, then PostgreSQL)

BRISCOLA = {"game": "briscola", "options": {"players": 2}}
BAD = [  # method, path, JSON body, the field the refusal names
    ("get", "/api/tables/a%00b", None, "table_id"),
    ("get", "/api/tables/a%00b/record", None, "table_id"),
    ("post", "/api/tables/a%00b/seats/1", {"name": "Bruno"}, "table_id"),
    ("post", "/api/tables/a%00b/start", None, "table_id"),
    ("post", "/api/tables/a%00b/again", None, "table_id"),
    ("put", "/api/tables/a%1Fb/seats/1/bot", {"spec": "simple"}, "table_id"),
    ("get", "/api/players/Anna%00", None, "name"),
    ("post", "/api/accounts", {"name": "Anna\x00", "password": "tre tigri"}, "name"),
    ("post", "/api/accounts", {"name": "An\tna", "password": "tre tigri"}, "name"),
    ("post", "/api/login", {"name": "Anna\x00", "password": "tre tigri"}, "name"),
    ("post", "/api/quick", BRISCOLA | {"name": "Anna\x00"}, "name"),
    ("post", "/api/tables", BRISCOLA | {"name": "Anna\x1b"}, "name"),
    ("post", "/api/tables", BRISCOLA | {"name": "Anna", "options": {"players": 2, "x\x00": 1}}, "options"),
    ("post", "/api/tables", BRISCOLA | {"name": "Anna", "bots": {"1": "simple\x00"}}, "bots.1"),
    ("get", "/api/torneo/Coppa%00", None, "name"),
    ("get", "/torneo/Coppa%00", None, "name"),
    ("get", "/api/torneo/Coppa/cerca?q=Anna%00", None, "q"),
    ("get", "/api/direttore/Coppa%7F", None, "name"),
    ("post", "/api/direttore", {"name": "Coppa\x00", "kind": "pairs"}, "name"),
    ("post", "/api/direttore/Coppa/iscritti", {"players": ["Anna", "Bruno\x00"]}, "players.1"),
]


def test_a_control_character_is_refused_naming_its_field_on_both_databases(client):
    for method, path, body, field in BAD:
        answer = getattr(client, method)(path, **({"json": body} if body is not None else {}))
        assert answer.status_code == 422, (path, answer.status_code, answer.text[:200])
        assert answer.json()["error"] == {"code": "bad_message", "field": field,
                                          "message": f"{field} contiene un carattere di controllo: scrivilo senza"}
    assert client.get("/api/tables").json() == []
    assert client.get("/api/players/Anna").status_code == 404
    assert client.post("/api/login", json={"name": "Anna", "password": "tre tigri"}).status_code == 401


def test_the_refusal_speaks_english_beside_italian(client):
    answer = client.post("/api/accounts?lang=en", json={"name": "Anna\x00", "password": "tre tigri"})
    assert answer.json()["error"]["message"] == "name holds a control character: write it without"


def test_clean_names_still_pass(client):
    made = client.post("/api/quick", json=BRISCOLA | {"name": "Anna Maria D'Este"})
    assert made.status_code == 201
    assert client.get(f"/api/tables/{made.json()['table_id']}").json()["seats"][0]["name"] == "Anna Maria D'Este"


def test_a_socket_to_a_table_id_with_a_control_character_is_told_and_closed(client):
    with client.websocket_connect("/ws/tables/a%00b") as ws:
        frame = ws.receive_json()
        assert (frame["type"], frame["code"]) == ("error", "bad_message")
        assert frame["message"] == "table_id contiene un carattere di controllo: scrivilo senza"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == BAD_PATH
