"""The score keeper's API (segnapunti, issue 11): a real table's match scored by the
engine, editable with its token until it ends, read-only through its link."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from typer.testing import CliRunner

from tavolo.cli import app as cli
from tavolo.server.app import create_app
from tests.server.test_fuzz_http import UNCHECKED, assert_contract_error

FUZZ_DATABASE = Path(tempfile.mkdtemp(prefix="tavolo-keeper-fuzz-")) / "tavolo.sqlite"
schema = schemathesis.openapi.from_asgi("/openapi.json", create_app(f"sqlite:///{FUZZ_DATABASE}", pace=0))

SHEET = [  # the README's example hand (fibur rules, 4 players)
    {"closed": True, "pozzetto": True, "melds": ["3h 4h 5h 6h 7h 8h 9h", "Kd Kc Ks *(K)"], "hands": ["", "7c 8d"]},
    {"pozzetto": False, "melds": ["Ah Ad As"], "hands": ["Qs Qd 4c", "5h"]},
]


@pytest.fixture
def match(client):
    created = client.post("/api/scorekeeper", json={"sides": ["Noi", "Loro"], "players": 4, "target": 505})
    assert created.status_code == 201
    body = created.json()
    assert body["edit"] == f"{body['share']}#edit={body['token']}"
    return body["id"], {"Authorization": f"Bearer {body['token']}"}


def test_a_hand_by_totals_adds_up(client, match):
    match_id, auth = match
    client.post(f"/api/scorekeeper/{match_id}/hands", json={"totals": [120, -35]}, headers=auth)
    shown = client.post(f"/api/scorekeeper/{match_id}/hands", json={"totals": [85, 210]}, headers=auth).json()
    assert shown["totals"] == [205, 175]
    assert [h["running"] for h in shown["hands"]] == [[120, -35], [205, 175]]
    assert shown["winner"] is None


def test_the_calculator_gives_the_score_commands_breakdown(client, match):
    match_id, auth = match
    shown = client.post(f"/api/scorekeeper/{match_id}/hands", json={"sheet": SHEET}, headers=auth).json()
    sheet = {"rules": "fibur", "players": 4, "sides": [{"name": n, **s} for n, s in zip(["Noi", "Loro"], SHEET)]}
    result = CliRunner().invoke(cli, ["burraco", "score", "-", "--json"], input=json.dumps(sheet))
    assert result.exit_code == 0, result.output
    command = json.loads(result.output)["sides"]
    hand = shown["hands"][0]
    assert hand["breakdown"] == [{k: v for k, v in side.items() if k != "name"} for side in command]
    assert hand["totals"] == [side["total"] for side in command] == shown["totals"]
    assert hand["breakdown"][0]["burraci"] == ["pulito"] and hand["breakdown"][0]["closing"] == 100


def test_a_hand_is_edited_and_deleted(client, match):
    match_id, auth = match
    for totals in ([100, 50], [30, 60]):
        client.post(f"/api/scorekeeper/{match_id}/hands", json={"totals": totals}, headers=auth)
    edited = client.put(f"/api/scorekeeper/{match_id}/hands/1", json={"totals": [10, 50]}, headers=auth).json()
    assert edited["totals"] == [40, 110]
    left = client.delete(f"/api/scorekeeper/{match_id}/hands/1", headers=auth).json()
    assert left["totals"] == [30, 60] and [h["number"] for h in left["hands"]] == [1]


def test_the_higher_side_over_the_target_wins_and_a_tie_plays_on(client, match):
    """Estratto "Fine partita": the match ends when a side reaches the target; the
    victory goes to the higher score (DECISIONS.md: a shared top score plays another hand)."""
    match_id, auth = match
    tie = client.post(f"/api/scorekeeper/{match_id}/hands", json={"totals": [600, 600]}, headers=auth).json()
    assert tie["winner"] is None
    won = client.post(f"/api/scorekeeper/{match_id}/hands", json={"totals": [-20, 40]}, headers=auth).json()
    assert won["winner"] == 1 and won["finished"]
    after = client.post(f"/api/scorekeeper/{match_id}/hands", json={"totals": [5, 5]}, headers=auth)
    assert after.status_code == 409
    assert client.delete(f"/api/scorekeeper/{match_id}/hands/2", headers=auth).status_code == 409


def test_an_edit_that_would_end_the_match_earlier_is_refused(client, match):
    match_id, auth = match
    for totals in ([300, 100], [100, 100]):
        client.post(f"/api/scorekeeper/{match_id}/hands", json={"totals": totals}, headers=auth)
    refused = client.put(f"/api/scorekeeper/{match_id}/hands/1", json={"totals": [600, 100]}, headers=auth)
    assert refused.status_code == 409 and "1" in refused.json()["error"]["message"]


def test_the_share_link_reads_but_cannot_edit(client, match):
    match_id, auth = match
    client.post(f"/api/scorekeeper/{match_id}/hands", json={"totals": [100, 50]}, headers=auth)
    for headers in ({}, {"Authorization": "Bearer not-the-token"}):
        refused = client.post(f"/api/scorekeeper/{match_id}/hands", json={"totals": [5, 5]}, headers=headers)
        assert refused.status_code == 403
        assert client.delete(f"/api/scorekeeper/{match_id}/hands/1", headers=headers).status_code == 403
    assert client.get(f"/api/scorekeeper/{match_id}").json()["totals"] == [100, 50]
    page = client.get(f"/segnapunti/{match_id}")
    assert page.status_code == 200 and "Segnapunti" in page.text


@pytest.mark.parametrize("body, field", [
    ({"totals": [102, 50]}, "totals[0]"),
    ({"totals": [100]}, "totals"),
    ({"totals": ["100", 50]}, "totals.0"),
    ({"sheet": [{"pozzetto": True, "melds": ["3h 4h 5x"]}, {"pozzetto": True}]}, "sheet.sides[0].melds[0]"),
    ({"sheet": [{"closed": True, "pozzetto": True, "melds": ["3h 4h 5h"], "hands": [""]}, {"pozzetto": False}]},
     "sheet.sides[0].closed"),
    ({"totals": [5, 5], "sheet": [{"pozzetto": True}, {"pozzetto": True}]}, "totals"),
])
def test_bad_input_is_refused_naming_the_field_and_changes_nothing(client, match, body, field):
    match_id, auth = match
    client.post(f"/api/scorekeeper/{match_id}/hands", json={"totals": [100, 50]}, headers=auth)
    refused = client.post(f"/api/scorekeeper/{match_id}/hands?lang=it", json=body, headers=auth)
    assert refused.status_code == 422
    assert refused.json()["error"]["field"] == field
    assert client.get(f"/api/scorekeeper/{match_id}").json()["totals"] == [100, 50]


@pytest.mark.parametrize("body, field", [
    ({"sides": ["Noi", "Loro"], "target": 700}, "target"),
    ({"sides": ["Noi", "Loro"], "players": 3}, "sides"),
    ({"sides": ["Noi", " "]}, "sides"),
    ({"sides": ["Noi", "Loro"], "rules": "scopa"}, "rules"),
])
def test_a_match_with_wrong_settings_is_refused(client, body, field):
    refused = client.post("/api/scorekeeper", json=body)
    assert refused.status_code == 422 and refused.json()["error"]["field"] == field


def test_three_players_keep_their_own_scores(client):
    created = client.post("/api/scorekeeper", json={"sides": ["Anna", "Bruno", "Carla"], "players": 3,
                                                     "target": 505}).json()
    auth = {"Authorization": f"Bearer {created['token']}"}
    shown = client.post(f"/api/scorekeeper/{created['id']}/hands", json={"totals": [150, 75, -100]}, headers=auth)
    assert shown.json()["totals"] == [150, 75, -100]


@schema.include(path_regex="^/api/scorekeeper").parametrize()
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_score_keepers_api_never_answers_5xx(case):
    assert_contract_error(case.call_and_validate(excluded_checks=UNCHECKED), case)
