"""Shared fixtures: a database per test (SQLite file, or a private PostgreSQL schema) and the CLI."""

from __future__ import annotations

import os
import socket
import threading
import time
import uuid

import pytest
import uvicorn
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError
from typer.testing import CliRunner

from tavolo.cli import app as cli_app
from tavolo.tournament.config import Kind, TournamentConfig, parse_phase
from tavolo.tournament.simulate import InMemory, register_field
from tavolo.tournament.state import Tournament

POSTGRES_URL = os.environ.get("TAVOLO_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


@pytest.fixture
def postgres_url():
    """A URL whose connections work in a fresh schema of their own, dropped afterwards."""
    engine = create_engine(POSTGRES_URL)
    try:
        engine.connect().close()
    except OperationalError as error:
        pytest.skip(f"PostgreSQL is unreachable at {POSTGRES_URL}: {error.orig}")
    schema = f"tavolo_test_{uuid.uuid4().hex[:12]}"
    with engine.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = make_url(POSTGRES_URL).update_query_dict({"options": f"-csearch_path={schema}"})
    yield url.render_as_string(hide_password=False)
    with engine.begin() as connection:
        connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
    engine.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def db_url(request, tmp_path):
    """Each store test runs on a SQLite file and on PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tavolo.sqlite'}"
    return request.getfixturevalue("postgres_url")


@pytest.fixture
def cli(tmp_path):
    """Run ``tavolo tournament ...`` in-process on a database of its own; fails on a non-zero exit.

    Messages are in English unless ``lang`` asks for another language.
    """
    runner = CliRunner()
    database = str(tmp_path / "cli.sqlite")

    def run(*args: str, ok: bool = True, lang: str = "en"):
        env = {"TAVOLO_DB": database, "TAVOLO_AUTHOR": "test", "TAVOLO_LANG": lang}
        result = runner.invoke(cli_app, ["tournament", *args], env=env)
        if ok and result.exit_code != 0:
            raise AssertionError(f"tavolo tournament {' '.join(args)} failed:\n{result.output}")
        return result

    return run


def make_tournament(entrants: int, *phases: str, kind: Kind = Kind.PAIRS, deals: int = 3, **options) -> Tournament:
    """A tournament in memory with ``entrants`` made-up entrants registered."""
    config = TournamentConfig("Prova", kind, deals, phases=tuple(parse_phase(p) for p in phases), **options)
    tournament = Tournament(config)
    InMemory(tournament).record(register_field(tournament, entrants))
    return tournament


PASSWORD = "burraco-2026"
DIRECTORS = ("anna", "arbitro", "direttrice", "arbitra")
"""The accounts the tests' servers start with as their directors (``tavolo serve --director``), created with
:data:`PASSWORD`: they log in, as a director whose account the command line created does."""


@pytest.fixture
def web_app(tmp_path):
    """The web app on a database of its own, logins by its own accounts; :data:`DIRECTORS` direct it."""
    from tavolo.server.app import create_app
    from tavolo.server.director.common import make_desk_director

    web = create_app(f"sqlite:///{tmp_path / 'web.sqlite'}", pace=0)
    for name in DIRECTORS:
        make_desk_director(web.state.store, name, lambda: PASSWORD)
    return web


@pytest.fixture
def app(web_app, monkeypatch):
    """The web app, the logged-in account read from an ``x-account`` header for the API tests (logging in
    is the web app's own business: the browser test logs in for real)."""
    from tavolo.server.director import desk as director

    monkeypatch.setattr(director, "current_account", lambda request: request.headers.get("x-account"))
    return web_app


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def served(web_app):
    """The app on a real loopback port, for pages that stay open."""
    port = free_port()
    config = uvicorn.Config(web_app, host="127.0.0.1", port=port, log_level="warning", timeout_graceful_shutdown=1)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)
