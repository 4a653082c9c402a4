"""The web app keeps each tournament rebuilt from its log while the log's last number stays the same: a desk
click does not replay the whole evening, and an event recorded anywhere else is seen by the next request."""

import pytest
from fastapi.testclient import TestClient

from tavolo.store import Store
from tavolo.store.repository import Store as RepositoryStore
from tavolo.tournament import commands

NAME = "Giovedì"
DESK = f"/api/direttore/{NAME}"
ANNA = {"x-account": "anna"}


@pytest.fixture
def client(app):
    with TestClient(app) as client:
        assert client.post("/api/direttore", json={"name": NAME, "rounds": 3}, headers=ANNA).status_code == 201
        for n in range(4):
            client.post(f"{DESK}/iscritti", json={"players": [f"A{n}", f"B{n}"]}, headers=ANNA)
        yield client


@pytest.fixture
def rebuilds(monkeypatch):
    """How many times a tournament was rebuilt from its whole log."""
    counted = []
    replay = RepositoryStore.open

    def counting(self, name, author=None):
        counted.append(name)
        return replay(self, name, author)

    monkeypatch.setattr(RepositoryStore, "open", counting)
    return counted


def test_reads_and_the_desk_own_changes_need_no_rebuild(client, rebuilds):
    client.get(DESK, headers=ANNA)
    client.get(f"/api/torneo/{NAME}")
    assert rebuilds == []
    assert client.post(f"{DESK}/iscritti", json={"players": ["Carla", "Dino"]}, headers=ANNA).status_code == 201
    assert len(client.get(DESK, headers=ANNA).json()["entrants"]) == 5
    assert rebuilds == []


def test_an_event_recorded_by_another_process_is_seen_by_the_next_request(client, rebuilds):
    client.get(DESK, headers=ANNA)
    elsewhere = Store(client.app.state.store.engine.url.render_as_string(hide_password=False)).open(NAME, "cli")
    elsewhere.do(lambda t: commands.register(t, ["Elena", "Franco"]))
    entrants = client.get(DESK, headers=ANNA).json()["entrants"]
    assert [e["players"] for e in entrants][-1] == ["Elena", "Franco"]
    assert rebuilds == [NAME, NAME]  # the other process opening it, then the web app once


def test_a_refused_command_leaves_the_shared_tournament_as_it_was(client):
    before = client.get(DESK, headers=ANNA).json()
    refused = client.post(f"{DESK}/abbina", headers=ANNA)
    assert refused.status_code == 400
    assert client.get(DESK, headers=ANNA).json() == before


def test_an_undo_is_seen_at_once(client):
    client.post(f"{DESK}/iscritti", json={"players": ["Carla", "Dino"]}, headers=ANNA)
    assert client.post(f"{DESK}/annulla", headers=ANNA).status_code == 200
    assert len(client.get(DESK, headers=ANNA).json()["entrants"]) == 4
