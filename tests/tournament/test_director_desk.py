"""Issue 37, "The director's desk", over HTTP and in the rules: corrections that say what they change and whose
figures they replace, decisions that name the missing field, the hall's address set once for the server and
whether Tavolo answers there, the desk's exports, the login's way back, the seat finder, category titles."""

import csv
import io
import socket

import pytest

from tavolo.tournament import commands
from tavolo.tournament.config import parse_category_prize
from tavolo.tournament.errors import TournamentError
from tavolo.tournament.journal import describe
from tavolo.tournament.public import find_seat
from tavolo.tournament.seating import Seating
from tavolo.tournament.simulate import InMemory
from tavolo.tournament.standings import rankings

from conftest import make_tournament
from test_director_web import ANNA, client  # noqa: F401 - the web tests' client fixture

NAME = "Giovedì"
DESK = f"/api/direttore/{NAME}"


def seated(client, pairs=4, name=NAME):
    assert client.post("/api/direttore", json={"name": name, "rounds": 3}, headers=ANNA).status_code == 201
    for n in range(pairs):
        client.post(f"/api/direttore/{name}/iscritti", json={"players": [f"Anna{n}", f"Bruno{n}"]}, headers=ANNA)
    assert client.post(f"/api/direttore/{name}/assegna", json={"method": "registration"}, headers=ANNA).is_success


def test_retyping_the_deals_as_one_total_is_no_correction_and_keeps_the_deals():
    """Issue 37 (5), codice art. 19: "2970/1465 -> 2970/1465" was logged and the deals were lost."""
    t = make_tournament(4, "danish:3")
    InMemory(t).record(commands.seat(t, Seating.REGISTRATION))
    InMemory(t).record(commands.enter_score(t, 1, 1, [1450, 1000, 520], [700, 465, 300]))
    with pytest.raises(TournamentError, match="nothing to correct"):
        commands.correct_score(t, 1, 1, [2970], [1465], "totali")
    assert t.rounds[1].scores[1] == ((1450, 1000, 520), (700, 465, 300))
    moved = commands.correct_score(t, 1, 1, [1450, 1020, 500], [700, 465, 300], "mano 2 e 3 scambiate")
    assert describe(moved[0]).startswith(  # the same totals: the deals that changed are said
        "round 1 table 1 corrected: 1450+1000+520 - 700+465+300 -> 1450+1020+500 - 700+465+300")


def test_the_desk_names_who_stored_a_result_before_another_director_corrects_it(client):
    """Issue 37 (5): the second director's correction prompt showed neither the stored figures nor who stored
    them; the desk's round now says who stored each result and when (the figures it has already)."""
    seated(client)
    assert client.post(f"{DESK}/staff", json={"account": "arbitra", "role": "arbiter"}, headers=ANNA).is_success
    client.post(f"{DESK}/punteggi", json={"round": 1, "table": 1, "ns": "500", "ew": "1500"}, headers=ANNA)
    row = client.get(f"{DESK}/turni/1", headers={"x-account": "arbitra"}).json()["tables"][0]
    assert row["points"] == {"ns": "500", "ew": "1500"} and row["stored_by"]["author"] == "anna"
    body = {"round": 1, "table": 1, "ns": "900", "ew": "400", "correct": True, "reason": "letto male"}
    assert client.post(f"{DESK}/punteggi", json=body, headers={"x-account": "arbitra"}).is_success
    assert client.get(f"{DESK}/turni/1", headers=ANNA).json()["tables"][0]["stored_by"]["author"] == "arbitra"
    assert client.get(f"{DESK}/turni/1", headers=ANNA).json()["tables"][1]["stored_by"] is None


def test_a_decision_without_the_entrants_number_names_the_empty_field(client):
    """Issue 37 (5): the typo fix with the entrant number left empty said "numero 0"."""
    seated(client)
    body = {"action": "rename", "old": "Anna0", "new": "Anna Zero"}
    refused = client.post(f"{DESK}/decisioni?lang=it", json=body, headers=ANNA)
    assert refused.status_code == 400
    assert refused.json()["error"]["message"] == "scrivete il numero della coppia in 'N. iscritto'"
    arbitral = client.post(f"{DESK}/decisioni?lang=en", json={"action": "arbitral", "ns_vp": 10}, headers=ANNA)
    assert arbitral.json()["error"]["message"] == "write the table's number in 'Table'"
    assert client.get(DESK, headers=ANNA).json()["entrants"][0]["players"] == ["Anna0", "Bruno0"]


def test_the_halls_address_is_set_once_for_the_server_and_refused_beside_its_field(client):
    """Issue 37 (6): set per event, each new event's cards went back to the desk's own address."""
    seated(client)
    seated(client, name="Venerdì")
    saved = client.post(f"{DESK}/indirizzo", json={"address": "http://192.168.1.20:8000/"}, headers=ANNA)
    assert saved.json()["address"] == "http://192.168.1.20:8000"
    other = client.get("/api/direttore/Venerdì/indirizzo", headers=ANNA).json()
    assert other["address"] == "http://192.168.1.20:8000" and other["set"] and not other["loopback"]
    bad = client.post(f"{DESK}/indirizzo?lang=en", json={"address": "192.168.1.20"}, headers=ANNA)
    assert bad.status_code == 400 and "not an address the phones can open" in bad.json()["error"]["message"]
    assert client.get(f"{DESK}/indirizzo", headers=ANNA).json()["address"] == "http://192.168.1.20:8000"
    page = client.get(f"/direttore/{NAME}", headers=ANNA).text
    assert 'id="hall-message"' in page and "tavolo serve --host 0.0.0.0 --port" in page


def test_the_desk_says_whether_tavolo_answers_at_each_hall_address(client, monkeypatch):
    """Issue 37 (6): the desk offered a LAN address the server, listening on 127.0.0.1 only, never answered at."""
    from tavolo.server.director import desk as director

    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        port = listening.getsockname()[1]
        assert director.answers("127.0.0.1", port)
    assert not director.answers("127.0.0.1", port)  # closed: nothing answers there
    seated(client)
    monkeypatch.setattr(director, "lan_addresses", lambda: ["127.0.0.1"])
    monkeypatch.setattr(director, "answers", lambda ip, port: False)
    lan = client.get(f"{DESK}/indirizzo", headers=ANNA).json()["lan"]
    assert lan == [{"address": "http://127.0.0.1:80", "listening": False}]


def test_the_desk_exports_the_standings_the_results_and_the_event(client):
    """Issue 37 (8): CSV and JSON were only on the command line."""
    seated(client)
    client.post(f"{DESK}/punteggi", json={"round": 1, "table": 1, "ns": "-1400", "ew": "600"}, headers=ANNA)
    standings = client.get(f"{DESK}/esporta/standings", headers=ANNA)
    assert standings.headers["content-type"].startswith("text/csv")
    assert 'filename="giovedi-standings.csv"' in standings.headers["content-disposition"]
    lines = list(csv.DictReader(io.StringIO(standings.text)))
    assert len(lines) == 4 and lines[0]["number"] == "2"
    results = list(csv.DictReader(io.StringIO(client.get(f"{DESK}/esporta/results", headers=ANNA).text)))
    assert (results[0]["ns_points"], results[0]["ew_points"]) == ("-1400", "600")
    assert client.get(f"{DESK}/esporta/json", headers=ANNA).json()["config"]["name"] == NAME
    assert client.get(f"{DESK}/esporta/xls", headers=ANNA).status_code == 404
    assert client.get(f"{DESK}/esporta/standings").status_code == 401
    page = client.get(f"/direttore/{NAME}", headers=ANNA).text
    assert 'data-export="standings"' in page and 'id="clock-add"' in page


def test_the_desk_sends_a_director_who_is_not_logged_in_to_log_in_and_back(client):
    """Issue 37 (7): logging in from /direttore landed on the player's profile."""
    seated(client)
    away = client.get(f"/direttore/{NAME}", follow_redirects=False)
    assert away.status_code == 303 and away.headers["location"] == "/login?next=/direttore/Gioved%C3%AC"
    assert 'href="/login?next=/direttore"' in client.get("/direttore").text


def test_the_seat_finder_finds_dell_acqua_typed_with_a_space():
    """Issue 37 (7): "dell acqua" missed Dell'Acqua."""
    t = make_tournament(2, "danish:3")
    InMemory(t).record(commands.fix_typo(t, 1, t.entrants[1].players[0], "Nicolò Dell'Acqua"))
    for typed in ("dell acqua", "Dell'Acqua", "nicolo dell acqua"):
        assert [person["number"] for person in find_seat(t, typed)] == [1], typed


def test_a_categorys_standings_are_titled_as_people_read_it():
    """Issue 37 (7): the raw tag was printed ("Categoria: over70")."""
    t = make_tournament(4, "danish:3", category_prizes=(parse_category_prize("over70:1"),))
    assert [r.title for r in rankings(t)][-1] == "Categoria: Over 70"


def test_the_desk_is_not_sent_the_same_entrants_again(client):
    """Issue 37 (3): a desk at the import's cap parsed 2,000 entrants at every refresh."""
    seated(client)
    first = client.get(DESK, headers=ANNA).json()
    assert len(first["entrants"]) == 4
    assert client.get(DESK, params={"entrants": first["entrants_tag"]}, headers=ANNA).json()["entrants"] is None
    client.post(f"{DESK}/iscritti", json={"players": ["Carla", "Dario"]}, headers=ANNA)
    later = client.get(DESK, params={"entrants": first["entrants_tag"]}, headers=ANNA).json()
    assert len(later["entrants"]) == 5 and later["entrants_tag"] != first["entrants_tag"]
