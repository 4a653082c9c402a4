"""The desk's printouts follow the page's language: Italian by default, English when the page is English
(issue 10: the pages are "Italian (English selectable)")."""

import re
import subprocess

import pytest
from fastapi.testclient import TestClient
from PIL import Image

from tavolo.tournament import printing

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


def _words(pdf):
    """Every word of the PDF's first page with its box, in points from the top left."""
    html = subprocess.run(["pdftotext", "-bbox", "-f", "1", "-l", "1", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout  # fmt: skip
    pattern = r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>'
    return [(float(a), float(b), float(c), float(d), word) for a, b, c, d, word in re.findall(pattern, html)]


WIDEST = {"ns": "MMMMMM", "ew": "WWWWWW"}
"""Codes of the widest letters of the alphabet (a drawn code once wrapped below its label)."""


@pytest.mark.parametrize("widest", [False, True], ids=["drawn", "widest"])
def test_each_sides_code_is_on_its_own_stub_behind_a_cut_line(client, tmp_path, monkeypatch, widest):
    """One score card once carried both codes, so one player could enter and confirm alone: each side's code is on
    its own stub, N/S above E/W with a dashed cut line between them, each with its own QR code; the code on its
    label's line, however wide its letters."""
    if widest:  # at table 1; the others keep their own codes
        drawn = printing.side_code
        monkeypatch.setattr(printing, "side_code", lambda secret, round_number, table, side:
                            WIDEST[side] if table == 1 else drawn(secret, round_number, table, side))
    pdf = tmp_path / "cards.pdf"
    pdf.write_bytes(client.get(f"{DESK}/stampa/cards", headers=ANNA).content)
    secret = client.app.state.tournaments.open(NAME).tournament.secret
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout
    codes = {side: printing.side_code(secret, 1, 1, side) for side in ("ns", "ew")}
    assert all(text.count(code) == 1 for code in codes.values())
    words = _words(pdf)
    ns, ew = (next(w for w in words if w[4] == codes[side]) for side in ("ns", "ew"))
    assert ns[3] < ew[1]  # N/S's stub above E/W's
    said = [[w[4] for w in words if abs(w[1] - code[1]) < 1 and w[0] < code[0]] for code in (ns, ew)]
    assert said == [["codice", "N/S:"], ["codice", "E/O:"]]
    png = tmp_path / "cards"
    subprocess.run(["pdftoppm", "-r", "72", "-f", "1", "-l", "1", "-png", str(pdf), str(png)], check=True)
    image = Image.open(f"{png}-1.png").convert("L")
    stub_left = int(ns[0]) - 150  # from left of the stub's QR code
    rows = range(int(ns[3]) + 1, int(ew[1]))

    def dashes(y):
        dark = [image.getpixel((x, y)) < 128 for x in range(stub_left, image.width - 20)]
        return sum(1 for a, b in zip(dark, dark[1:]) if b and not a)

    assert max(dashes(y) for y in rows) >= 10  # a dashed line runs across between the two codes
    stub_qr = [w for w in words if w[4].startswith("http")]
    assert len([w for w in stub_qr if w[1] < ew[1]]) >= 1 and len([w for w in stub_qr if w[1] > ns[3]]) >= 1


def test_the_desk_prints_the_standings_in_landscape_too(client, tmp_path):
    pdf = tmp_path / "standings.pdf"
    for query, size in (("", "595.276 x 841.89"), ("?landscape=true", "841.89 x 595.276")):
        pdf.write_bytes(client.get(f"{DESK}/stampa/standings{query}", headers=ANNA).content)
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
        assert f"Page size:       {size} pts (A4)" in info


def test_printouts_say_the_logs_words_in_italian(client, tmp_path):
    """"sorteggio (draw)", "(modified Danish)", a result sheet's "E/W" and "riposo (bye)" were printed as the log
    keeps them: an Italian printout says them in Italian, an English one in English."""
    for table, ns in ((1, "900"), (2, "700")):
        client.post(f"{DESK}/punteggi", json={"round": 1, "table": table, "ns": ns, "ew": "500"}, headers=ANNA)
    assert client.post(f"{DESK}/abbina", headers=ANNA).status_code == 200
    first = printed(client, tmp_path, "tables", "?round=1")
    assert "ordine d'iscrizione" in first and "registration order" not in first
    second = printed(client, tmp_path, "tables", "?round=2")
    assert "danese modificato" in second and "Danish" not in second
    sheets = printed(client, tmp_path, "sheets")
    assert "E/O" in sheets and "E/W" not in sheets and "riposo" in sheets and "bye" not in sheets
    english = printed(client, tmp_path, "tables", "?round=2&lang=en")
    assert "modified Danish" in english and "danese" not in english


def test_a_backup_is_named_after_the_event_and_its_date(client):
    answer = client.get(f"{DESK}/backup", headers=ANNA)
    disposition = answer.headers["content-disposition"]
    assert re.search(r'filename="sabato-\d{4}-\d\d-\d\d-\d{4}\.json"', disposition), disposition
    assert answer.json()["name"] == NAME
