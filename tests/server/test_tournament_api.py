"""Tornei online over HTTP (issue 39, "Bad input"): each bad request gets a clear Italian refusal and
changes nothing stored; the lists and a tournament's page are in the OpenAPI schema; no seat token of
another account reaches a page."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Iterator

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings

from tavolo.server.app import create_app
from tavolo.server.director.common import make_desk_director
from tests.server.test_fuzz_http import UNCHECKED, assert_contract_error

PASSWORD = "segreto-lungo-1"
PEOPLE = ("Anna", "Bea", "Carlo", "Dora")
HERE = {"Origin": "http://testserver"}


@pytest.fixture
def client(tmp_path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'tavolo.sqlite'}", pace=0)
    with TestClient(app) as client:
        make_desk_director(app.state.store, "Olga", lambda: PASSWORD)
        for name in PEOPLE:
            assert client.post("/api/accounts", json={"name": name, "password": PASSWORD}).status_code == 201
        yield client


def as_(client: TestClient, name: str) -> TestClient:
    """Log ``client`` in as ``name`` (its cookie jar holds one session at a time)."""
    assert client.post("/api/login", json={"name": name, "password": PASSWORD}).status_code == 200
    return client


def post(client: TestClient, path: str, body: dict | None = None, status: int = 200) -> dict:
    response = client.post(path, json=body or {}, headers=HERE)
    assert response.status_code == status, response.text
    return response.json()


def new(client: TestClient, **fields) -> int:
    as_(client, "Olga")
    body = {"name": "Sera", "kind": "pairs", "system": "danish", "rounds": 2, "deals": 2} | fields
    return post(client, "/api/tournaments", body, 201)["id"]


def refused(client: TestClient, path: str, body: dict | None, status: int, words: str) -> str:
    """Refused with ``status``, in Italian (``words`` in the message), nothing stored."""
    tournament = path.split("/")[3]
    before = client.get(f"/api/tournaments/{tournament}").json()
    answer = post(client, path, body, status)
    assert words in answer["error"]["message"], answer
    after = client.get(f"/api/tournaments/{tournament}").json()
    assert after["version"] == before["version"]
    return answer["error"]["message"]


def pair(client: TestClient, tournament: int, first: str, second: str) -> None:
    post(as_(client, first), f"/api/tournaments/{tournament}/register", {"partner": second})
    post(as_(client, second), f"/api/tournaments/{tournament}/answer", {"accept": True})


def test_a_pair_registers_by_invitation_and_is_told_its_own_part(client):
    tournament = new(client)
    post(as_(client, "Anna"), f"/api/tournaments/{tournament}/register", {"partner": "bea"})
    waiting = as_(client, "Bea").get(f"/api/tournaments/{tournament}").json()
    assert waiting["me"]["invitation"]["by"] == "Anna" and waiting["me"]["entrant"] is None
    page = post(client, f"/api/tournaments/{tournament}/answer", {"accept": True})
    assert page["me"]["entrant"] == 1 and page["entrants_list"][0]["players"] == ["Anna", "Bea"]
    assert post(client, f"/api/tournaments/{tournament}/checkin")["me"]["checked_in"]
    listed = client.get("/api/tournaments").json()["tournaments"]
    assert [(t["id"], t["entrants"], t["status"]) for t in listed] == [(tournament, 1, "registration")]


def test_registering_twice_is_refused_in_italian(client):
    tournament = new(client)
    pair(client, tournament, "Anna", "Bea")
    message = refused(as_(client, "Anna"), f"/api/tournaments/{tournament}/register", {"partner": "Carlo"}, 400,
                      "Anna")
    assert "già iscritt" in message


def test_a_partner_without_an_account_is_refused(client):
    tournament = new(client)
    refused(as_(client, "Anna"), f"/api/tournaments/{tournament}/register", {"partner": "Nessuno"}, 404, "Nessuno")


def test_registering_after_the_close_is_refused(client):
    tournament = new(client, closes="2020-01-01T20:00")
    message = refused(as_(client, "Anna"), f"/api/tournaments/{tournament}/register", {"partner": "Bea"}, 400,
                      "2020-01-01T20:00")
    assert "iscrizioni" in message.lower()


def test_a_tournament_of_one_pair_does_not_start(client):
    tournament = new(client)
    pair(client, tournament, "Anna", "Bea")
    post(client, f"/api/tournaments/{tournament}/checkin")
    message = refused(as_(client, "Olga"), f"/api/tournaments/{tournament}/start", None, 400, "1")
    assert "almeno 2" in message


def test_a_round_time_of_zero_is_refused(client):
    as_(client, "Olga")
    answer = post(client, "/api/tournaments", {"name": "Zero", "minutes": 0}, 400)
    assert "almeno 1 minuto" in answer["error"]["message"]
    assert client.get("/api/tournaments").json()["tournaments"] == []


def test_closing_a_running_tournament_is_refused_and_only_the_organizer_acts(client):
    tournament = new(client)
    post(client, f"/api/tournaments/{tournament}/bots", {"count": 2})
    message = refused(as_(client, "Anna"), f"/api/tournaments/{tournament}/start", None, 403, "Anna")
    assert "organizzatore" in message
    running = post(as_(client, "Olga"), f"/api/tournaments/{tournament}/start")
    assert running["status"] == "running"
    message = refused(client, f"/api/tournaments/{tournament}/cancel", None, 400, "")
    assert "in corso" in message


def test_a_correction_needs_its_reason(client):
    tournament = new(client)
    post(client, f"/api/tournaments/{tournament}/bots", {"count": 2})
    post(client, f"/api/tournaments/{tournament}/start")
    message = refused(client, f"/api/tournaments/{tournament}/correct",
                      {"round": 1, "table": 1, "ns": [500, 100], "ew": [100, 500], "reason": " "}, 400, "")
    assert "motivo" in message


def test_a_bad_body_names_its_field(client):
    tournament = new(client)
    answer = post(client, f"/api/tournaments/{tournament}/bots", {"count": "molti"}, 422)
    assert answer["error"]["field"] == "count"


def test_a_change_from_another_site_is_refused(client):
    tournament = new(client)
    response = client.post(f"/api/tournaments/{tournament}/bots", json={"count": 2},
                           headers={"Origin": "https://altrove.example"})
    assert response.status_code == 403


def test_the_schema_documents_the_lists_and_a_tournament(client):
    paths = client.get("/openapi.json").json()["paths"]
    assert "/api/tournaments" in paths and "/api/tournaments/{tournament_id}" in paths
    detail = paths["/api/tournaments/{tournament_id}"]["get"]["responses"]["200"]["content"]["application/json"]
    assert detail["schema"]["$ref"].endswith("/Detail")


def test_a_seat_token_goes_to_its_own_account_alone(client):
    tournament = new(client, rounds=1)
    pair(client, tournament, "Anna", "Bea")
    post(client, f"/api/tournaments/{tournament}/checkin")
    pair(client, tournament, "Carlo", "Dora")
    post(client, f"/api/tournaments/{tournament}/checkin")
    post(as_(client, "Olga"), f"/api/tournaments/{tournament}/start")
    staff_view = client.get(f"/api/tournaments/{tournament}").json()
    anna = as_(client, "Anna").get(f"/api/tournaments/{tournament}").json()
    carlo = as_(client, "Carlo").get(f"/api/tournaments/{tournament}").json()
    assert anna["me"]["seat"]["table_id"] == carlo["me"]["seat"]["table_id"]
    assert anna["me"]["seat"]["token"] != carlo["me"]["seat"]["token"]
    for text in (str(staff_view), str(carlo)):
        assert anna["me"]["seat"]["token"] not in text
    assert staff_view["me"]["seat"] is None and "deals" not in str(staff_view["rounds_played"])
    assert carlo["rounds_played"][0]["tables"][0]["table_id"] is None  # told through the seat alone


def test_the_live_feed_sends_the_page_at_once(client):
    tournament = new(client)
    with client.stream("GET", f"/api/tournaments/{tournament}/live") as feed:
        first = next(line for line in feed.iter_lines() if line.startswith("data: "))
    assert '"name": "Sera"' in first and '"me": {"account": "Olga"' in first


def test_only_a_director_of_the_server_creates_a_tournament(client):
    as_(client, "Anna")
    answer = post(client, "/api/tournaments", {"name": "Mia"}, 403)
    assert "organizzatore" in answer["error"]["message"]
    assert client.get("/api/tournaments").json()["tournaments"] == []


def test_an_individual_tournament_takes_each_player_alone(client):
    tournament = new(client, kind="individual")
    page = post(as_(client, "Anna"), f"/api/tournaments/{tournament}/register", {})
    assert page["me"]["entrant"] == 1 and page["entrants_list"][0]["players"] == ["Anna"]
    refused(client, f"/api/tournaments/{tournament}/answer", {"accept": True}, 400, "Anna")


FUZZ_APP = create_app(f"sqlite:///{tempfile.mkdtemp(prefix='tavolo-tornei-fuzz-')}/tavolo.sqlite", pace=0)
FUZZ_SCHEMA = schemathesis.openapi.from_asgi("/openapi.json", FUZZ_APP)


@FUZZ_SCHEMA.include(path_regex=r"^/api/tournaments(?!.*/live)").parametrize()
@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_tournaments_api_never_answers_5xx_and_keeps_to_its_schema(case):
    """Schemathesis over every tournament operation (the live feed aside): no 5xx, the declared shapes, and each
    4xx the contract's error object with a message for people."""
    response = case.call_and_validate(excluded_checks=UNCHECKED)
    assert_contract_error(response, case)


def test_the_organizer_opens_an_online_tournament_at_the_desk_too(client):
    """One engine, two faces: the organizer is the tournament's director at the desk (its log, its
    printouts, arbiters appointed), where the room's events read in Italian."""
    tournament = new(client)
    name = client.get(f"/api/tournaments/{tournament}").json()["name"]
    desk = as_(client, "Olga").get(f"/api/direttore/{name}")
    assert desk.status_code == 200, desk.text
    journal = client.get(f"/api/direttore/{name}/registro", headers={"Accept-Language": "it"})
    assert journal.status_code == 200 and "giocato online, organizzato da Olga" in journal.text
    assert as_(client, "Anna").get(f"/api/direttore/{name}").status_code == 403


@pytest.mark.parametrize("spectators, duplicate, shown", [("delayed", False, True), ("none", False, False),
                                                          ("delayed", True, False)])
def test_a_spectator_is_led_to_a_running_table_one_deal_behind(client, spectators, duplicate, shown):
    """Spectators (issue 39): a running table is watched one deal behind, or not at all, by the
    organizer's choice; never a duplicate round's before every table has played its deals."""
    tournament = new(client, rounds=1, spectators=spectators, duplicate=duplicate)
    for first, second in (("Anna", "Bea"), ("Carlo", "Dora")):
        pair(client, tournament, first, second)
        post(client, f"/api/tournaments/{tournament}/checkin")
    post(as_(client, "Olga"), f"/api/tournaments/{tournament}/start")
    client.post("/api/logout", headers=HERE)
    stranger = client.get(f"/api/tournaments/{tournament}").json()
    assert (stranger["rounds_played"][0]["tables"][0]["table_id"] is not None) == shown
    player = as_(client, "Anna").get(f"/api/tournaments/{tournament}").json()
    assert player["rounds_played"][0]["tables"][0]["table_id"] is None  # a player of it: its seat alone


def test_a_corrected_result_says_so(client):
    """Codice art. 19: a result the arbiter corrected is marked so on every page (its reason in the log)."""
    tournament = new(client, rounds=1)
    post(client, f"/api/tournaments/{tournament}/bots", {"count": 2})
    post(client, f"/api/tournaments/{tournament}/start")
    for _ in range(200):
        page = client.get(f"/api/tournaments/{tournament}").json()
        if page["status"] == "finished":
            break
        time.sleep(0.05)
    assert page["rounds_played"][0]["tables"][0]["corrected"] is False
    post(client, f"/api/tournaments/{tournament}/correct",
         {"round": 1, "table": 1, "ns": [500, 100], "ew": [100, 505], "reason": "somma sbagliata"})
    page = client.get(f"/api/tournaments/{tournament}").json()
    assert page["rounds_played"][0]["tables"][0]["corrected"] is True
