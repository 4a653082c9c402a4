"""Each game is loaded when first used: one game's missing package never takes the server
down (issue 22, "First contact": `make run` stopped on `No module named 'highspy'`)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tavolo.online import views
from tavolo.online.service import TableService
from tavolo.online.views import CATALOG, GameUnavailable, available_views, offered, view_of
from tavolo.store.online import OnlineStore, make_online_engine
from tests.aio import run


@pytest.fixture
def without_highspy(monkeypatch):
    """As on a machine without highspy: importing it fails, and Machiavelli's view, bot and
    solver are not loaded yet (everything is put back after the test)."""
    monkeypatch.setitem(sys.modules, "highspy", None)
    for name in ("tavolo.bots.machiavelli", "tavolo.games.machiavelli.solver"):
        if name in sys.modules:
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setattr(views, "_built", {k: v for k, v in views._built.items() if k != "machiavelli"})


def test_the_server_starts_without_loading_any_game():
    """Importing the app loads no game's bots: a game is loaded on first use."""
    code = ("import sys, tavolo.server.app; "
            "print(sorted(m for m in sys.modules if m.startswith('tavolo.bots.') and m not in "
            "('tavolo.bots.registry', 'tavolo.bots.random_bot')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_missing_package_takes_only_its_game_off(without_highspy):
    with pytest.raises(GameUnavailable) as caught:
        view_of("machiavelli")
    assert caught.value.missing == "highspy" and "highspy" in str(caught.value)
    offered = [v.name for v in available_views()]
    assert offered == [name for name in CATALOG if name != "machiavelli"]


def test_the_lobby_and_a_new_table_without_the_package(without_highspy, client):
    games = client.get("/api/games")
    assert games.status_code == 200
    assert "machiavelli" not in {g["name"] for g in games.json()} and len(games.json()) == len(CATALOG) - 1
    reply = client.post("/api/quick", json={"game": "machiavelli", "name": "Anna", "options": {}})
    assert reply.status_code == 503
    assert reply.json()["error"]["message"] == ("machiavelli non è disponibile su questo server: "
                                                "manca il pacchetto Python highspy")
    assert client.post("/api/quick", json={"game": "briscola", "name": "Anna", "options": {}}).status_code == 201


def test_an_unknown_game_is_named():
    with pytest.raises(views.OptionError, match="'solitario' is not one of burraco"):
        view_of("solitario")
    assert "solitario" not in views.VIEWS and "burraco" in views.VIEWS


def test_a_game_not_offered_is_remembered_not_tried_at_each_mention(without_highspy, monkeypatch):
    monkeypatch.setattr(views, "_not_offered", set())
    tries = []
    build = views.CATALOG["machiavelli"]
    monkeypatch.setitem(views.CATALOG, "machiavelli", lambda: tries.append(1) or build())
    assert [offered("machiavelli") for _ in range(3)] == [False] * 3
    assert len(tries) == 1 and offered("briscola") and not offered("solitario")


def test_what_another_process_says_of_a_table_whose_game_is_not_offered_here_is_not_kept(without_highspy, db_url,
                                                                                          monkeypatch):
    """Issue 24: another process's spectators at its Machiavelli tables were kept by a process that
    cannot show them (its lobby leaves the game out), as many as that process has tables."""
    monkeypatch.setattr(views, "_not_offered", set())
    svc = TableService(OnlineStore(make_online_engine(db_url)))

    async def hear() -> None:
        for n in range(100):
            await svc._on_message({"kind": "presence", "p": "p2", "t": f"m{n}", "g": "machiavelli",
                                   "seats": [1, 0], "watchers": 5})
            await svc._on_message({"kind": "seq", "p": "p2", "t": f"m{n}", "seq": 4})
        await svc._on_message({"kind": "presence", "p": "p2", "t": "b1", "g": "briscola", "seats": [1, 0],
                               "watchers": 5})

    run(hear())
    assert list(svc.presence.remote) == ["b1"] and not svc._heard and not svc.tables
    assert svc.counts("b1", 2).watchers == 5 and svc.counts("m1", 2).watchers == 0
