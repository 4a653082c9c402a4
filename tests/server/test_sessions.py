"""Issue 38, item 5 ("Sessions"): the session cookie is ``Secure`` over https (direct, or said by a
trusted proxy) or by a setting; logging out or changing the password ends the session on every
device (a copied cookie included); account names are one name whatever their case, and migration
0006 tells apart the accounts of an existing database that clash."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from alembic import command
from fastapi.testclient import TestClient
from sqlalchemy import JSON, column, create_engine, insert, select, table
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from tavolo.online.accounts import HASHER
from tavolo.server.app import create_app
from tavolo.store.migrate import alembic_config
from tavolo.store.online import AccountRow, OnlineSeatRow, make_online_engine
from tests.tournament.conftest import db_url, postgres_url  # noqa: F401  (the fixtures: SQLite, then PostgreSQL)

ANNA = {"name": "Anna", "password": "tre tigri"}


def session_cookie(answer) -> str:
    [cookie] = [c for c in answer.headers.get_list("set-cookie") if c.startswith("tavolo_session=")]
    return cookie.lower()


@pytest.mark.parametrize("base_url, secure", [("http://testserver", False), ("https://testserver", True)])
def test_the_cookie_is_secure_over_https(db_url, base_url, secure):
    with TestClient(create_app(db_url, pace=0), base_url=base_url) as client:
        assert ("; secure" in session_cookie(client.post("/api/accounts", json=ANNA))) == secure


@pytest.mark.parametrize("trusted, secure", [("*", True), ("10.0.0.1", False)])
def test_a_proxy_saying_https_makes_it_secure_only_when_trusted(db_url, trusted, secure):
    """uvicorn's proxy headers (``FORWARDED_ALLOW_IPS``): ``X-Forwarded-Proto`` counts from a trusted address only."""
    app = ProxyHeadersMiddleware(create_app(db_url, pace=0), trusted_hosts=trusted)
    with TestClient(app, headers={"X-Forwarded-Proto": "https"}) as client:
        assert ("; secure" in session_cookie(client.post("/api/accounts", json=ANNA))) == secure


def test_the_setting_makes_it_secure_over_http(db_url, monkeypatch):
    monkeypatch.setenv("TAVOLO_SECURE_COOKIES", "1")
    with TestClient(create_app(db_url, pace=0)) as client:
        assert "; secure" in session_cookie(client.post("/api/accounts", json=ANNA))


def test_logging_out_ends_the_session_on_every_device_and_a_copied_cookie(db_url):
    app = create_app(db_url, pace=0)
    with TestClient(app) as phone, TestClient(app) as laptop:
        phone.post("/api/accounts", json=ANNA)
        copied = dict(phone.cookies)
        laptop.post("/api/login", json=ANNA)
        assert laptop.get("/api/me").json() == {"name": "Anna"}
        phone.post("/api/logout")
        assert laptop.get("/api/me").json() == {"name": None}
        phone.post("/api/login", json=ANNA)  # logged in again: the copy from before stays dead
        assert phone.get("/api/me").json() == {"name": "Anna"}
    with TestClient(app, cookies=copied) as thief:
        assert thief.get("/api/me").json() == {"name": None}
        made = thief.post("/api/quick", json={"game": "briscola", "name": "Anna", "options": {"players": 2}})
        assert thief.get(f"/api/tables/{made.json()['table_id']}").json()["seats"][0]["account"] is None


def test_a_new_password_ends_the_other_sessions_and_keeps_this_one(db_url):
    app = create_app(db_url, pace=0)
    with TestClient(app) as phone, TestClient(app) as laptop:
        phone.post("/api/accounts", json=ANNA)
        laptop.post("/api/login", json=ANNA)
        wrong = phone.post("/api/password", json={"password": "sbagliata", "new_password": "quattro gatti"})
        assert wrong.status_code == 401 and laptop.get("/api/me").json() == {"name": "Anna"}
        short = phone.post("/api/password", json={"password": "tre tigri", "new_password": "corta"})
        assert short.status_code == 422 and short.json()["error"]["field"] == "new_password"
        changed = phone.post("/api/password", json={"password": "tre tigri", "new_password": "quattro gatti"})
        assert changed.json() == {"name": "Anna"}
        assert phone.get("/api/me").json() == {"name": "Anna"}
        assert laptop.get("/api/me").json() == {"name": None}
        assert laptop.post("/api/login", json=ANNA).status_code == 401
        assert laptop.post("/api/login", json={"name": "Anna", "password": "quattro gatti"}).json() == {"name": "Anna"}
        assert TestClient(app).post("/api/password", json={"password": "a", "new_password": "b" * 8}).status_code == 401


def test_names_are_one_name_whatever_their_case(client):
    client.post("/api/accounts", json=ANNA)
    for other in ("anna", "ANNA", " aNNa "):
        taken = client.post("/api/accounts", json={"name": other, "password": "altra password"})
        assert taken.status_code == 409, other
    assert client.post("/api/login", json={"name": "aNNA", "password": "tre tigri"}).json() == {"name": "Anna"}
    assert client.get("/api/players/anna").json()["name"] == "Anna"


ACCOUNTS = table("online_accounts", column("name"), column("password_hash"), column("mu"), column("sigma"),
                 column("created_at"))
TABLES = table("online_tables", column("id"), column("game"), column("options", JSON), column("timer"),
               column("status"), column("created_at"))
SEATS = table("online_seats", column("table_id"), column("seat"), column("name"), column("kind"), column("account"))


def test_migration_0006_keeps_the_oldest_name_and_numbers_the_later_ones(db_url):
    """A database built at 0005 with "anna" (the oldest), "Anna", "ANNA" and an "Anna 2" of its own."""
    engine = create_engine(db_url)
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0005")
        start = datetime(2026, 1, 1, tzinfo=UTC)
        connection.execute(insert(ACCOUNTS), [
            {"name": name, "password_hash": HASHER.hash(f"password of {name}"), "mu": 25.0, "sigma": 8.3,
             "created_at": start + timedelta(days=day)}
            for day, name in enumerate(["anna", "Anna", "ANNA", "Anna 2", "Bruno"])])
        connection.execute(insert(TABLES), [{"id": "t1", "game": "briscola", "options": {}, "timer": "off",
                                             "status": "finished", "created_at": start}])
        connection.execute(insert(SEATS), [{"table_id": "t1", "seat": 0, "name": "Anna", "kind": "human",
                                            "account": "Anna"},
                                           {"table_id": "t1", "seat": 1, "name": "anna", "kind": "human",
                                            "account": "anna"}])
    engine.dispose()
    migrated = make_online_engine(db_url)
    with migrated.connect() as connection:
        names = dict(connection.execute(select(AccountRow.name, AccountRow.former_name)).all())
        seats = connection.execute(select(OnlineSeatRow.account).order_by(OnlineSeatRow.seat)).scalars().all()
    assert names == {"anna": None, "Anna 3": "Anna", "ANNA 4": "ANNA", "Anna 2": None, "Bruno": None}
    assert seats == ["Anna 3", "anna"]
    with TestClient(create_app(db_url, pace=0)) as client:
        renamed = client.post("/api/login", json={"name": "Anna", "password": "password of Anna"})
        assert renamed.json() == {"name": "Anna 3", "former_name": "Anna",
                                  "notice": "Un altro account si chiamava già Anna: il tuo ora si chiama Anna 3"}
        assert client.get("/api/me").json() == {"name": "Anna 3"}
        assert client.post("/api/login", json={"name": "ANNA", "password": "password of anna"}).json() == {
            "name": "anna"}
        taken = client.post("/api/accounts", json={"name": "BRUNO", "password": "password of Bruno"})
        assert taken.status_code == 409
    migrated.dispose()
