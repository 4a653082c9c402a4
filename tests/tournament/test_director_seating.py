"""Seating round 1 from the desk (codice art. 2: "a scelta dell'arbitro, per ordine di iscrizione o per
sorteggio"), through the same command the CLI's `tavolo tournament seat` runs."""

import pytest
from fastapi.testclient import TestClient

NAME = "Venerdì"
DESK = f"/api/direttore/{NAME}"
ANNA = {"x-account": "anna"}


@pytest.fixture
def client(app):
    with TestClient(app) as client:
        assert client.post("/api/direttore", json={"name": NAME, "rounds": 3}, headers=ANNA).status_code == 201
        for n in range(1, 6):
            client.post(f"{DESK}/iscritti", json={"players": [f"A{n}", f"B{n}"]}, headers=ANNA)
        yield client


def tables(client):
    view = client.get(DESK, headers=ANNA).json()["round"]
    meetings = [(row["ns"][0]["number"], row["ew"][0]["number"]) for row in view["tables"]]
    return meetings, [side[0]["number"] for side in view["byes"]]


def test_the_directors_choice_puts_each_pair_where_the_director_put_it(client):
    seated = client.post(f"{DESK}/assegna", json={"method": "choice", "order": [4, 2, 5, 1, 3]}, headers=ANNA)
    assert seated.status_code == 200 and seated.json()["seed"] is None
    assert tables(client) == ([(4, 2), (5, 1)], [3])
    log = client.app.state.tournaments.log(NAME)
    assert "a scelta dell'arbitro" in next(e for e in log if e.kind == "PhaseStarted").payload["method"]


def test_a_choice_leaving_someone_out_or_naming_someone_twice_is_refused_saying_whom(client):
    refused = client.post(f"{DESK}/assegna", json={"method": "choice", "order": [4, 2, 4, 1, 9]},
                          headers={**ANNA, "accept-language": "it"})  # fmt: skip
    assert refused.status_code == 400
    message = refused.json()["error"]["message"]
    assert message == ("l'assegnazione dell'arbitro deve nominare ogni iscritto una volta; "
                       "mancano: 3, 5; nominati due volte: 4; non in gara: 9")  # fmt: skip
    english = client.post(f"{DESK}/assegna?lang=en", json={"method": "choice", "order": [1, 2, 3]}, headers=ANNA)
    assert english.json()["error"]["message"].endswith("once; missing: 4, 5")
    assert client.get(DESK, headers=ANNA).json()["round"] is None  # nothing seated


def test_registration_order_seats_consecutive_entrants_together(client):
    assert client.post(f"{DESK}/assegna", json={"method": "registration"}, headers=ANNA).json()["seed"] is None
    assert tables(client) == ([(1, 2), (3, 4)], [5])


def test_the_desk_offers_all_three_ways_in_the_pages_language(client):
    page = client.get(f"/direttore/{NAME}?lang=it", headers=ANNA).text
    for option in ('value="draw"', 'value="registration"', 'value="choice">a scelta dell&#39;arbitro'):
        assert option in page
