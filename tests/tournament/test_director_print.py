"""The desk's printouts follow the page's language: Italian by default, English when the page is English
(issue 10: the pages are "Italian (English selectable)")."""

import subprocess

import pytest
from fastapi.testclient import TestClient

NAME = "Sabato"
DESK = f"/api/direttore/{NAME}"
ANNA = {"x-account": "anna"}


@pytest.fixture
def client(app):
    with TestClient(app) as client:
        client.post("/api/direttore", json={"name": NAME, "rounds": 3}, headers=ANNA)
        for n in range(1, 6):
            client.post(f"{DESK}/iscritti", json={"players": [f"Anna{n}", f"Bruno{n}"]}, headers=ANNA)
        client.post(f"{DESK}/assegna", json={"method": "registration"}, headers=ANNA)
        yield client


def printed(client, tmp_path, paper, query=""):
    response = client.get(f"{DESK}/stampa/{paper}{query}", headers=ANNA)
    assert response.headers["content-type"] == "application/pdf"
    path = tmp_path / f"{paper}.pdf"
    path.write_bytes(response.content)
    return " ".join(subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True).stdout.split())


@pytest.mark.parametrize(
    ("paper", "italian", "english"),
    [
        ("cards", ["Score - turno 1, tavolo 1", "Smazzata", "Differenza MP", "Firma E/O", "codice N/S:"],
         ["Score card - round 1, table 1", "Deal", "MP difference", "Signature E/W", "N/S code:"]),
        ("tables", ["Turno 1 - assegnazione tavoli", "Nord/Sud", "riposo"],
         ["Round 1 - table assignments", "North/South", "rest"]),
        ("standings", ["Pos.", "Circolo", "Premio"], ["Pl.", "Club", "Prize"]),
    ],
)
def test_a_printout_speaks_the_pages_language(client, tmp_path, paper, italian, english):
    default = printed(client, tmp_path, paper)
    assert all(text in default for text in italian), default
    chosen = printed(client, tmp_path, paper, "?lang=en")
    assert all(text in chosen for text in english) and "Smazzata" not in chosen and "Turno" not in chosen, chosen


def test_a_refused_printout_from_the_desk_issues_no_codes(client):
    """Score cards of a round not paired are refused and leave no CodesIssued in the log; printed, the codes
    are issued once."""
    refused = client.get(f"{DESK}/stampa/cards?round=5&lang=en", headers=ANNA)
    assert refused.status_code == 400 and refused.json()["error"]["message"] == "round 5 has not been paired yet"
    kinds = lambda: [e.kind for e in client.app.state.tournaments.log(NAME)]  # noqa: E731
    assert "CodesIssued" not in kinds()
    for _ in range(2):
        assert client.get(f"{DESK}/stampa/cards", headers=ANNA).headers["content-type"] == "application/pdf"
    assert kinds().count("CodesIssued") == 1
