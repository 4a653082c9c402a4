"""The director's desk and the hall over HTTP: logins and roles, the tables' codes, public pages that change
nothing and show nothing unpublished, the list import's preview, live updates (server-sent events)."""

import json
import threading
import time
from urllib.parse import quote

import httpx
import pytest
from fastapi.testclient import TestClient

from tavolo.tournament.codes import side_code
from tavolo.tournament.errors import TournamentError

NAME = "Martedì"
DESK = f"/api/direttore/{NAME}"
ANNA = {"x-account": "anna"}


@pytest.fixture
def client(app):
    with TestClient(app) as client:
        yield client


def seated(client, pairs=4):
    """Anna's event: ``pairs`` pairs seated by the draw of seed 7."""
    assert client.post("/api/direttore", json={"name": NAME, "rounds": 3}, headers=ANNA).status_code == 201
    for n in range(pairs):
        client.post(f"{DESK}/iscritti", json={"players": [f"Anna{n}", f"Bruno{n}"], "club": "Roma"}, headers=ANNA)
    assert client.post(f"{DESK}/assegna", json={"method": "draw", "seed": 7}, headers=ANNA).json()["seed"] == 7
    client.get(f"{DESK}/stampa/cards", headers=ANNA)  # the cards issue the tables' codes
    return client.app.state.tournaments.open(NAME).tournament


def test_a_director_action_needs_a_login_and_the_role(client):
    seated(client)
    assert client.post(f"{DESK}/abbina").status_code == 401
    refused = client.post(f"{DESK}/punteggi", json={"round": 1, "table": 1, "ns": "900", "ew": "500"},
                          headers={"x-account": "intruso"})  # fmt: skip
    assert refused.status_code == 403 and "intruso" in refused.json()["error"]["message"]
    assert client.get(f"{DESK}/backup").status_code == 401
    assert client.get(f"{DESK}/stampa/standings", headers=ANNA).headers["content-type"] == "application/pdf"


def test_a_table_enters_and_confirms_its_own_result_with_its_codes(client):
    """Bridgemate's way: one side enters with its code, the other side confirms with its own."""
    t = seated(client)
    base = f"/api/torneo/{NAME}/tavolo/1"
    ns_code, ew_code = (side_code(t.secret, 1, 1, side) for side in ("ns", "ew"))
    assert client.post(f"{base}/proposta", json={"code": "AAAAAA", "ns": "900", "ew": "500"}).status_code == 400
    assert client.post(f"{base}/proposta", json={"code": ns_code, "ns": "450+450", "ew": "500"}).status_code == 200
    assert client.get(f"/api/torneo/{NAME}").json()["round"]["tables"][0]["result"] is None  # pending is not public
    assert "900" not in client.get(base).text  # no code, no sight of the proposal
    assert client.get(f"{base}?code={ew_code}").json()["waiting"] == {"side": "ns", "ns": 900, "ew": 500,
                                                                      "ns_deals": [450, 450], "ew_deals": [500]}
    same_side = client.post(f"{base}/conferma?lang=en", json={"code": ns_code, "agree": True})
    assert same_side.status_code == 400 and "the other side confirms" in same_side.json()["error"]["message"]
    assert client.post(f"{base}/conferma", json={"code": ew_code, "agree": True}).json() == {"entered": True}
    result = client.get(f"/api/torneo/{NAME}").json()["round"]["tables"][0]["result"]
    assert (result["ns_points"], result["ew_points"], result["ns_vp"]) == (900, 500, 14)
    again = client.post(f"{base}/proposta", json={"code": ns_code, "ns": "100", "ew": "500"})
    assert again.status_code == 400


def test_a_second_proposal_never_replaces_the_first(client):
    """The same side cannot propose again; the other side's same totals agree (entered), other points are a
    dispute that keeps both proposals, shown to both sides and to the desk."""
    t = seated(client)
    codes = {table: {side: side_code(t.secret, 1, table, side) for side in ("ns", "ew")} for table in (1, 2)}

    def propose(table, side, ns, ew):
        return client.post(f"/api/torneo/{NAME}/tavolo/{table}/proposta?lang=en",
                           json={"code": codes[table][side], "ns": ns, "ew": ew})  # fmt: skip

    assert propose(1, "ns", "450+450+100", "500").json()["waiting"]
    again = propose(1, "ns", "100", "500")
    assert again.status_code == 400 and "wait for the other side already" in again.json()["error"]["message"]
    assert propose(1, "ew", "1000", "500").json()["entered"]  # the same totals: both sides agree
    result = client.get(f"/api/torneo/{NAME}").json()["round"]["tables"][0]["result"]
    assert (result["ns_points"], result["ew_points"]) == (1000, 500)
    assert propose(2, "ew", "600+300", "100+400").json()["waiting"]
    assert propose(2, "ns", "500", "900").json()["disputed"]
    both = [{"side": "ew", "ns": 900, "ew": 500, "ns_deals": [600, 300], "ew_deals": [100, 400]},
            {"side": "ns", "ns": 500, "ew": 900, "ns_deals": [500], "ew_deals": [900]}]  # fmt: skip
    for side in ("ns", "ew"):
        seen = client.get(f"/api/torneo/{NAME}/tavolo/2", params={"code": codes[2][side]}).json()
        assert seen["disputed"] and seen["proposals"] == both
    assert client.get(f"/api/torneo/{NAME}/tavolo/2").json()["proposals"] == []  # no code, no points
    desk = client.get(DESK, headers=ANNA).json()
    assert desk["disputed"] == [2] and desk["proposed"]["2"] == both
    third = propose(2, "ew", "900", "500")
    assert third.status_code == 400 and "is disputed: the director decides" in third.json()["error"]["message"]


def test_a_disputed_table_goes_to_the_director(client):
    t = seated(client)
    base = f"/api/torneo/{NAME}/tavolo/2"
    client.post(f"{base}/proposta", json={"code": side_code(t.secret, 1, 2, "ew"), "ns": "100", "ew": "900"})
    client.post(f"{base}/conferma", json={"code": side_code(t.secret, 1, 2, "ns"), "agree": False})
    desk = client.get(DESK, headers=ANNA).json()
    assert desk["disputed"] == [2] and 2 in desk["missing"]


def test_public_pages_hold_no_secret_no_code_and_no_log(client):
    t = seated(client)
    text = json.dumps(client.get(f"/api/torneo/{NAME}").json()) + client.get(f"/torneo/{NAME}").text
    codes = [side_code(t.secret, 1, table, side) for table in (1, 2) for side in ("ns", "ew")]
    assert t.secret not in text and not any(code in text for code in codes)
    assert client.post(f"/api/torneo/{NAME}").status_code == 405
    found = client.get(f"/api/torneo/{NAME}/cerca", params={"q": "bruno2"}).json()
    assert found[0]["where"]["table"] in (1, 2)


def test_the_list_import_previews_each_refused_line_and_registers_all_or_nothing(client):
    client.post("/api/direttore", json={"name": NAME, "rounds": 3}, headers=ANNA)
    text = "nome;giocatore1;giocatore2\nLeoni;Anna;Bruno\nTigri;Anna;Carla\n".encode()
    preview = client.post(f"{DESK}/importa", files={"file": ("iscritti.csv", text)}, headers=ANNA).json()
    assert [r["refused"] is None for r in preview["rows"]] == [True, False]
    assert preview["rows"][1]["refused"] == "'Anna' gioca già nell'iscritto 1"  # Italian unless asked
    confirmed = client.post(f"{DESK}/importa?confirm=true", files={"file": ("i.csv", text)}, headers=ANNA).json()
    assert confirmed["registered"] == 0 and client.get(DESK, headers=ANNA).json()["entrants"] == []


def test_the_list_import_keeps_each_entrants_categories_as_the_command_line_does(client):
    """The web import once dropped the ``categoria`` column: the ladies' prize went to no one."""
    client.post("/api/direttore", json={"name": NAME, "rounds": 3, "category_prizes": ["dame:1"]}, headers=ANNA)
    text = "nome;giocatore1;giocatore2;categoria\nLeoni;Anna;Bruna;dame\nTigri;Carlo;Dario;\nLinci;Elsa;Fabio;misto/over\n"
    imported = client.post(f"{DESK}/importa?confirm=true", files={"file": ("i.csv", text.encode())}, headers=ANNA)
    assert [row["categories"] for row in imported.json()["rows"]] == [["dame"], [], ["misto", "over"]]
    entrants = client.app.state.tournaments.open(NAME).tournament.entrants
    assert [entrants[n].categories for n in (1, 2, 3)] == [("dame",), (), ("misto", "over")]


def test_the_list_import_has_a_cap_on_its_lines_and_on_its_body(client):
    """At most 2,000 entrants a file, and a body past 2 MB is refused before it is read whole."""
    client.post("/api/direttore", json={"name": NAME, "rounds": 3}, headers=ANNA)
    rows = "".join(f"Coppia {n};A{n};B{n}\n" for n in range(2001))
    many = client.post(f"{DESK}/importa?lang=en", files={"file": ("i.csv", f"nome;giocatore1;giocatore2\n{rows}")},
                       headers=ANNA)  # fmt: skip
    assert many.status_code == 400
    assert many.json()["error"]["message"] == "the list has 2001 entrants: one file registers at most 2000"
    huge = client.post(f"{DESK}/importa?lang=en", files={"file": ("i.csv", b"x" * 2_100_000)}, headers=ANNA)
    assert huge.status_code == 413 and huge.json()["error"]["message"] == "the file is larger than 2 MB"

    def endless():
        yield b"--b\r\nContent-Disposition: form-data; name=file; filename=i.csv\r\n\r\n"
        for _ in range(100):
            yield b"x" * 100_000  # 10 MB announced nowhere: refused once past the cap

    streamed = client.post(f"{DESK}/importa", content=endless(),
                           headers={**ANNA, "Content-Type": "multipart/form-data; boundary=b"})  # fmt: skip
    assert streamed.status_code == 413
    no_file = client.post(f"{DESK}/importa?lang=en", data={"other": "x"}, headers=ANNA)
    assert no_file.status_code == 400 and "'file'" in no_file.json()["error"]["message"]
    assert client.get(DESK, headers=ANNA).json()["entrants"] == []


def test_the_list_import_runs_off_the_event_loop(app, served, monkeypatch):
    """16,000 lines once froze every table for 41.7 s: while a list is read, the hall's pages are answered."""
    from tavolo.server.director import desk as director

    client = httpx.Client(base_url=served, timeout=10)
    client.post("/api/direttore", json={"name": NAME, "rounds": 3}, headers=ANNA)
    gate, read = threading.Event(), director.read_entrant_file

    def held(*args, **options):
        assert gate.wait(10), "the hall's page was not answered while the list was read"
        return read(*args, **options)

    monkeypatch.setattr(director, "read_entrant_file", held)
    listing = {"file": ("i.csv", b"nome;giocatore1;giocatore2\nLeoni;Anna;Bruno\n")}
    answers = []
    importing = threading.Thread(target=lambda: answers.append(
        httpx.post(f"{served}{DESK}/importa?confirm=true", files=listing, headers=ANNA, timeout=20)))
    importing.start()
    time.sleep(0.2)  # the import is waiting on the gate by now
    assert client.get(f"/api/torneo/{NAME}", timeout=5).status_code == 200
    gate.set()
    importing.join(20)
    assert answers[0].json()["registered"] == 1


def test_an_open_public_page_receives_each_confirmed_score_within_a_second(app, served):
    client = httpx.Client(base_url=served, timeout=10)
    client.post("/api/direttore", json={"name": NAME, "rounds": 3}, headers=ANNA)
    for n in range(4):
        client.post(f"{DESK}/iscritti", json={"players": [f"A{n}", f"B{n}"]}, headers=ANNA)
    client.post(f"{DESK}/assegna", json={"method": "registration"}, headers=ANNA)
    with client.stream("GET", f"/api/torneo/{NAME}/live") as stream:
        lines = stream.iter_lines()
        first = json.loads(next(line for line in lines if line.startswith("data: "))[6:])
        assert first["round"]["tables"][0]["result"] is None
        sent = time.perf_counter()
        client.post(f"{DESK}/punteggi", json={"round": 1, "table": 1, "ns": "900", "ew": "500"}, headers=ANNA)
        update = json.loads(next(line for line in lines if line.startswith("data: "))[6:])
        assert time.perf_counter() - sent < 1.0
        assert update["round"]["tables"][0]["result"]["ns_points"] == 900


def test_the_arbiters_decisions_from_the_desk(client):
    """Codice art. 20 (two warnings cost 1 VP), art. 34 (more than 10 minutes late: the match is lost)."""
    seated(client)
    for _ in range(2):
        decided = client.post(f"{DESK}/decisioni", json={"action": "warning", "round": 1, "number": 1}, headers=ANNA)
        assert decided.json() == {"recorded": ["WarningGiven"]}
    late = client.post(
        f"{DESK}/decisioni", json={"action": "late", "round": 1, "number": 3, "minutes": 12}, headers=ANNA
    )
    assert late.json()["recorded"] == ["LateArrival", "WarningGiven"]
    unknown = client.post(f"{DESK}/decisioni?lang=en", json={"action": "expel", "number": 1}, headers=ANNA)
    assert unknown.status_code == 400 and "unknown decision 'expel'" in unknown.json()["error"]["message"]
    view = client.get(f"/api/torneo/{NAME}").json()
    lines = {line["number"]: line for line in view["standings"][0]["lines"]}
    row = next(r for r in view["round"]["tables"] if 1 in [e["number"] for e in r["ns"] + r["ew"]])
    won = 0 if row["result"] is None else row["result"]["ns_vp" if row["ns"][0]["number"] == 1 else "ew_vp"]
    assert lines[1]["warnings"] == 2 and lines[1]["vp"] == won - 1


def test_suspicious_results_are_flagged_on_the_desk(client):
    """An arbitral 15-15, a margin no three deals plausibly give, a table entered twice with other scores."""
    seated(client)
    client.post(f"{DESK}/decisioni", json={"action": "arbitral", "round": 1, "table": 1, "ns_vp": 15, "ew_vp": 15},
                headers=ANNA)  # fmt: skip
    client.post(f"{DESK}/punteggi", json={"round": 1, "table": 2, "ns": "4900", "ew": "0"}, headers=ANNA)
    client.post(f"{DESK}/punteggi", json={"round": 1, "table": 2, "ns": "4900", "ew": "5", "correct": True,
                                          "reason": "somma errata"}, headers=ANNA)  # fmt: skip
    flags = {(f["table"], f["kind"]) for f in client.get(f"{DESK}?lang=en", headers=ANNA).json()["flags"]}
    assert flags == {(1, "arbitral"), (2, "margin"), (2, "twice")}


def test_any_round_is_corrected_from_the_desk_with_its_reason_and_its_history(client):
    """Codice art. 19: a transcription error is corrected "anche se è già stata stilata la classifica e
    l'accoppiamento per il turno successivo"; the pairing published stays (19 b) and the desk says which."""
    seated(client)
    for table, ns in ((1, "900"), (2, "700")):
        client.post(f"{DESK}/punteggi", json={"round": 1, "table": table, "ns": ns, "ew": "500"}, headers=ANNA)
    assert client.post(f"{DESK}/abbina", headers=ANNA).status_code == 200
    round_two = client.get(f"/api/torneo/{NAME}").json()["round"]["tables"]
    fix = {"round": 1, "table": 1, "ns": "200", "ew": "1400", "correct": True}
    unexplained = client.post(f"{DESK}/punteggi?lang=en", json=fix, headers=ANNA)
    assert unexplained.status_code == 400 and "a correction needs its reason" in unexplained.json()["error"]["message"]
    corrected = client.post(f"{DESK}/punteggi", json={**fix, "reason": "punteggi invertiti"}, headers=ANNA).json()
    assert corrected["affected"] == [{"round": 2, "tables": [1, 2]}]
    assert "turno 1 tavolo 1 corretto: 900 / 500 -> 200 / 1400 (motivo: punteggi invertiti)" in corrected["said"]
    assert client.get(f"/api/torneo/{NAME}").json()["round"]["tables"] == round_two  # not re-paired
    first = client.get(f"{DESK}/turni/1", headers=ANNA).json()["tables"][0]
    assert first["points"] == {"ns": "200", "ew": "1400"} and first["result"]["ns_vp"] < 10
    assert "punteggi invertiti" in first["corrections"][0]
    history = client.get(f"{DESK}/registro", headers=ANNA).json()
    assert history[0]["kind"] == "ScoreCorrected" and "900 / 500 -> 200 / 1400" in history[0]["text"]
    assert "codice art. 19 b" in client.get(DESK, headers=ANNA).json()["affected"][0]
    assert client.app.state.tournaments.open(NAME).tournament.secret not in json.dumps(history)
    assert client.get(f"{DESK}/turni/9", headers=ANNA).status_code == 404


def test_the_desk_undoes_its_last_action_and_the_public_page_follows(client):
    seated(client)
    client.post(f"{DESK}/punteggi", json={"round": 1, "table": 1, "ns": "900", "ew": "500"}, headers=ANNA)
    assert client.get(f"/api/torneo/{NAME}").json()["round"]["tables"][0]["result"] is not None
    assert client.post(f"{DESK}/annulla", headers=ANNA).status_code == 200
    assert client.get(f"/api/torneo/{NAME}").json()["round"]["tables"][0]["result"] is None
    assert client.post(f"{DESK}/annulla").status_code == 401


def test_an_event_is_created_with_everything_the_command_line_takes(client):
    body = {"name": "ARCA", "phases": ["mitchell:3", "modified:3:groups=3"], "sessions": "3,3",
            "category_prizes": ["dame:1"], "prize_ties": "registration", "timeout": "fedibur", "minutes": 45}  # fmt: skip
    assert client.post("/api/direttore", json=body, headers=ANNA).status_code == 201
    config = client.app.state.tournaments.open("ARCA").tournament.config
    assert (config.sessions, config.round_minutes, config.timeout, config.category_prizes[0].name) == (
        (3, 3),
        45,
        "fedibur",
        "dame",
    )
    bad = client.post("/api/direttore?lang=en", json={"name": "Altro", "sessions": "a,b"}, headers=ANNA)
    assert bad.status_code == 400 and "sessions 'a,b'" in bad.json()["error"]["message"]
    assert client.post("/api/direttore", json={"name": "Terzo"}).status_code == 401


def test_the_director_appoints_an_arbiter_who_may_score_but_not_publish(client):
    seated(client)
    mario = {"x-account": "mario"}
    assert client.post(f"{DESK}/punteggi", json={"round": 1, "table": 1, "ns": "900", "ew": "500"},
                       headers=mario).status_code == 403  # fmt: skip
    assert client.post(f"{DESK}/staff", json={"account": "mario", "role": "arbiter"}, headers=mario).status_code == 403
    assert client.post(f"{DESK}/staff", json={"account": "mario", "role": "arbiter"}, headers=ANNA).status_code == 200
    assert client.post(f"{DESK}/punteggi", json={"round": 1, "table": 1, "ns": "900", "ew": "500"},
                       headers=mario).status_code == 200  # fmt: skip
    assert client.post(f"{DESK}/abbina", headers=mario).status_code == 403


def test_the_desk_uses_the_web_apps_own_login(web_app):
    """No header shim here: the account is the web app's session (POST /api/login logs in)."""
    with TestClient(web_app) as director_client, TestClient(web_app) as stranger:
        assert (
            director_client.post("/api/login", json={"name": "arbitra", "password": "burraco-2026"}).status_code
            == 200
        )
        created = director_client.post("/api/direttore", json={"name": NAME}, headers={"Origin": "http://testserver"})
        assert created.status_code == 201
        assert director_client.get(DESK).json()["role"] == "director"
        assert stranger.get(DESK).status_code == 401


def test_a_late_pair_completes_the_incomplete_table_from_the_desk(client):
    """Codice art. 34: "qualora esista già il tavolo incompleto, è facoltà dell'Arbitro ammettere la coppia"."""
    seated(client, pairs=5)
    late = {"players": ["Tardi", "Ritardi"], "fill_bye": True}
    assert client.post(f"{DESK}/iscritti", json=late, headers=ANNA).status_code == 201
    round_one = client.get(f"/api/torneo/{NAME}").json()["round"]
    assert round_one["byes"] == [] and len(round_one["tables"]) == 3


def test_a_code_that_is_not_ascii_is_a_wrong_code_not_a_server_error(client):
    """``è`` once made hmac.compare_digest raise: every phone call with it answered 500."""
    seated(client)
    base = f"/api/torneo/{NAME}/tavolo/1"
    answers = [client.get(base, params={"code": "WPE7Xè", "lang": "en"}),
               client.post(f"{base}/proposta?lang=en", json={"code": "èèèèèè", "ns": "900", "ew": "500"}),
               client.post(f"{base}/conferma?lang=en", json={"code": "ÀBCDEF", "agree": True})]  # fmt: skip
    for answer in answers:
        assert answer.status_code == 400
        assert answer.json()["error"]["message"] == "this code is not valid for round 1 table 1"


def test_wrong_codes_throttle_the_guesser_never_the_table(app):
    """Issue 37 (4): 10 wrong codes from one phone refused the table's right code to everyone for a minute, so
    one phone (or a router's shared address) could lock a table. Now the guesser alone waits: another phone,
    behind the same address, still enters with the right code; a guesser that drops its cookie to look like a
    new phone gets only 20 new names a minute from its address, and without a name it counts as the address."""
    with TestClient(app) as guesser, TestClient(app) as players:
        t = seated(guesser, pairs=14)
        players.get(f"/torneo/{NAME}/tavolo/1")  # the table's page names this phone
        guesser.get(f"/torneo/{NAME}/tavolo/1")
        table = f"/api/torneo/{NAME}/tavolo/1"
        statuses = [guesser.get(table, params={"code": f"AAAA{n:02d}"}).status_code for n in range(30)]
        assert statuses[:10] == [400] * 10 and set(statuses[10:]) == {429}
        throttled = guesser.get(table, params={"code": side_code(t.secret, 1, 1, "ns"), "lang": "en"})
        assert throttled.status_code == 429 and "too many wrong codes" in throttled.json()["error"]["message"]
        right = side_code(t.secret, 1, 1, "ns")
        assert players.get(table, params={"code": right}).json()["side"] == "ns"  # same address, another phone
        assert players.post(f"{table}/proposta", json={"code": right, "ns": "900", "ew": "500"}).json()["waiting"]
        assert guesser.get(DESK, headers=ANNA).json()["pending"] == [1]
        names = []
        for _ in range(25):  # a new phone each time: the cookie dropped
            guesser.cookies.clear()
            guesser.get(f"/torneo/{NAME}/tavolo/2")
            names.append(guesser.cookies.get("tavolo_session"))
        assert sum(name is not None for name in names) == 20 - 2  # the players' phone and the guesser's first
        unnamed = [guesser.get(f"/api/torneo/{NAME}/tavolo/3", params={"code": f"AAAA{n:02d}"}).status_code
                   for n in range(12)]  # fmt: skip
        assert unnamed == [400] * 10 + [429] * 2  # the address counts as one guesser


def test_a_page_on_another_site_cannot_act_with_the_directors_cookie(web_app):
    """Cross-site request forgery: the browser sends the director's cookie with a form posted from elsewhere;
    the desk answers only its own origin (``Origin``, else ``Referer``), and a cookie with neither is refused."""
    with TestClient(web_app) as director_client:
        director_client.post("/api/login", json={"name": "arbitra", "password": "burraco-2026"})
        own = {"Origin": "http://testserver"}
        assert director_client.post("/api/direttore", json={"name": NAME}, headers=own).status_code == 201
        listing = {"file": ("iscritti.csv", "nome;giocatore1;giocatore2\nLeoni;Anna;Bruno\n".encode())}
        pair = {"players": ["Carla", "Dario"]}
        for headers in ({"Origin": "http://evil.example"}, {"Origin": "null"},
                        {"Referer": "http://evil.example/trappola.html"}, {"Origin": "http://testserver.evil.example"},
                        {}):  # fmt: skip
            imported = director_client.post(f"{DESK}/importa?confirm=true&lang=en", files=listing, headers=headers)
            assert imported.status_code == 403, headers
            assert director_client.post(f"{DESK}/iscritti", json=pair, headers=headers).status_code == 403
        evil = director_client.post(f"{DESK}/iscritti?lang=en", json=pair, headers={"Origin": "http://evil.example"})
        assert evil.json()["error"]["message"] == (
            "a request from another site (http://evil.example) cannot change the tournament: use the desk's own pages"
        )
        bare = director_client.post(f"{DESK}/iscritti?lang=en", json=pair)
        assert "must say which page sent it" in bare.json()["error"]["message"]
        assert director_client.get(DESK).json()["entrants"] == []  # nothing changed
        cards = director_client.get(f"{DESK}/stampa/cards", headers={"Referer": "http://evil.example/"})
        assert cards.status_code == 403
        assert director_client.post(f"{DESK}/iscritti", json=pair, headers=own).status_code == 201
        from_the_desk = {"Referer": f"http://testserver/direttore/{quote(NAME)}"}
        assert director_client.post(f"{DESK}/iscritti", json={"players": ["E", "F"]}, headers=from_the_desk).status_code == 201
        assert [e["name"] for e in director_client.get(DESK).json()["entrants"]] == ["Carla - Dario", "E - F"]
    kinds = [e.kind for e in web_app.state.tournaments.log(NAME)]
    assert "CodesIssued" not in kinds


def test_events_whose_names_differ_only_in_case_are_refused(client, cli):
    assert client.post("/api/direttore", json={"name": "Martedì al circolo"}, headers=ANNA).status_code == 201
    again = client.post("/api/direttore?lang=en", json={"name": "martedì  AL circolo"}, headers=ANNA)
    assert again.status_code == 400
    assert again.json()["error"]["message"] == "a tournament named 'Martedì al circolo' exists already"
    cli("new", "Serata")
    assert "exists already" in cli("new", "SERATA", ok=False).output


def test_a_typo_fixed_at_the_desk_renames_the_player(client):
    seated(client)
    body = {"action": "rename", "number": 1, "old": "anna0", "new": "Annamaria0"}
    assert client.post(f"{DESK}/decisioni", json=body, headers=ANNA).status_code == 200
    entrant = client.get(DESK, headers=ANNA).json()["entrants"][0]
    assert entrant["players"] == ["Annamaria0", "Bruno0"] and entrant["name"] == "Annamaria0 - Bruno0"


def test_only_the_servers_directors_create_tournaments(web_app):
    """Anyone could register an account and become a director: the first director is named by `tavolo serve
    --director` (or `tavolo tournament director`), which creates the account if needed, so no one registers the
    name first; a director names the others."""
    from tavolo.server.director.common import desk_directors, make_desk_director

    own = {"Origin": "http://testserver"}
    with TestClient(web_app) as stranger, TestClient(web_app) as director_client:
        assert stranger.post("/api/accounts", json={"name": "intrusa", "password": "burraco-2026"}).status_code == 201
        refused = stranger.post("/api/direttore?lang=en", json={"name": NAME}, headers=own)
        assert refused.status_code == 403 and "intrusa is not a director of this server" in refused.json()["error"]["message"]
        assert stranger.get("/api/direttore").json()["director"] is False
        squatted = stranger.post("/api/accounts", json={"name": "arbitra", "password": "altra-password"})
        assert squatted.status_code == 409  # the director's account exists from the start
        director_client.post("/api/login", json={"name": "arbitra", "password": "burraco-2026"})
        assert director_client.get("/api/direttore").json()["director"] is True
        named = director_client.post("/api/direttore/direttori", json={"account": "intrusa"}, headers=own)
        assert "intrusa" in named.json()["directors"]
        assert stranger.post("/api/direttore", json={"name": NAME}, headers=own).status_code == 201
        nobody = director_client.post("/api/direttore/direttori?lang=en", json={"account": "nessuno"}, headers=own)
        assert nobody.status_code == 400 and nobody.json()["error"]["message"] == "there is no account nessuno: it registers first"
    store = web_app.state.store
    with pytest.raises(TournamentError, match="the password needs at least 8 characters"):
        make_desk_director(store, "mario", lambda: "corta")
    assert make_desk_director(store, "mario", lambda: "burraco-2026") and "mario" in desk_directors(store)
    assert not make_desk_director(store, "mario")  # named again: nothing changes


def test_the_first_director_is_named_when_the_server_starts(tmp_path, monkeypatch):
    """`tavolo serve --director NAME` (and `tavolo tournament director NAME`) create the account, asking its
    password twice, and make it a director before anyone can register the name."""
    import uvicorn
    from typer.testing import CliRunner

    from tavolo.cli import app as cli_app
    from tavolo.server.director.common import desk_directors
    from tavolo.store.online import OnlineStore, make_online_engine

    database = str(tmp_path / "sala.sqlite")
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: None)  # the server is not started here
    runner = CliRunner()
    served = runner.invoke(cli_app, ["serve", "--db", database, "--director", "Anna Rossi"],
                           input="burraco-2026\nburraco-2026\n", env={"TAVOLO_LANG": "en"})  # fmt: skip
    assert served.exit_code == 0, served.output
    assert "Anna Rossi is a director of this server (account created)" in served.output
    named = runner.invoke(cli_app, ["tournament", "director", "Bruno", "--db", database], input="corta\ncorta\n",
                          env={"TAVOLO_LANG": "en"})  # fmt: skip
    assert named.exit_code == 1 and "the password needs at least 8 characters" in named.output
    store = OnlineStore(make_online_engine(database))
    assert desk_directors(store) == {"Anna Rossi"} and store.account("Anna Rossi") is not None


def renamed(backup, name):
    """The backup of the same event under another name (a copy to restore beside it)."""
    copy = json.loads(json.dumps(backup))
    copy["name"] = name
    copy["events"][0]["payload"]["config"]["name"] = name
    return copy


def test_a_backup_is_restored_from_the_desk_after_a_preview(client):
    """The command line's `restore`, from the desk: the file is read and checked, the desk shows what it holds,
    and the event comes back on confirmation; a restoring director the backup does not name is made its director."""
    seated(client)
    client.post(f"{DESK}/punteggi", json={"round": 1, "table": 1, "ns": "900", "ew": "500"}, headers=ANNA)
    saved = client.get(f"{DESK}/backup", headers=ANNA).json()
    restore = "/api/direttore/ripristina?lang=en"

    def upload(document, confirm=False, who=ANNA):
        data = document if isinstance(document, bytes) else json.dumps(document).encode()
        return client.post(f"{restore}&confirm={str(confirm).lower()}", files={"file": ("b.json", data)}, headers=who)

    same = upload(saved)
    assert same.status_code == 400 and same.json()["error"]["message"] == f"a tournament named '{NAME}' exists already"
    assert upload(renamed(saved, NAME.upper())).status_code == 400  # the same name but for its case
    assert "not JSON" in upload(b"nome;giocatore1").json()["error"]["message"]
    assert "not a Tavolo tournament backup" in upload({"format": "altro"}).json()["error"]["message"]
    assert upload(renamed(saved, "Copia"), who={"x-account": "mario"}).status_code == 403
    preview = upload(renamed(saved, "Copia")).json()
    assert preview["restored"] is False and preview["preview"]["entrants"] == 4 and preview["preview"]["rounds"] == 1
    assert "Copia" not in client.app.state.tournaments.names()
    done = upload(renamed(saved, "Copia"), confirm=True, who={"x-account": "arbitro"}).json()
    assert done["restored"] and done["url"] == "/direttore/Copia"
    log = client.app.state.tournaments.log("Copia")
    assert [e.payload for e in log[: len(saved["events"])]][1:] == [e["payload"] for e in saved["events"]][1:]
    assert log[-1].kind == "StaffAppointed" and log[-1].author == "arbitro"
    copy = client.get("/api/direttore/Copia", headers={"x-account": "arbitro"}).json()
    assert copy["round"]["tables"][0]["result"]["ns_points"] == 900


def test_a_backup_holding_a_control_character_is_refused_naming_the_event(client):
    """A backup edited by hand with a NUL in a name (PostgreSQL cannot store it, issue 38) is refused with the
    event's field before anything is stored."""
    seated(client)
    saved = client.get(f"{DESK}/backup", headers=ANNA).json()
    damaged = renamed(saved, "Copia")
    damaged["events"][1]["payload"]["account"] = "an\x00na"
    sent = client.post("/api/direttore/ripristina?lang=en&confirm=true",
                       files={"file": ("b.json", json.dumps(damaged).encode())}, headers=ANNA)  # fmt: skip
    assert sent.status_code == 400 and "holds a control character" in sent.json()["error"]["message"]
    assert sent.json()["error"]["message"].startswith("a damaged backup: events.1.payload.account holds")
    assert "Copia" not in client.app.state.tournaments.names()


def test_directors_and_staff_are_named_as_their_accounts_write_them(web_app):
    """Account names are one whatever their case (issue 38): a director or arbiter named in another case is
    stored as the account writes itself, so the desk knows the person logged in under that account."""
    from tavolo.server.director.common import desk_directors, make_desk_director

    own = {"Origin": "http://testserver"}
    with TestClient(web_app) as carla, TestClient(web_app) as director_client:
        assert carla.post("/api/accounts", json={"name": "Carla", "password": "burraco-2026"}).status_code == 201
        assert not make_desk_director(web_app.state.store, "CARLA")
        assert "Carla" in desk_directors(web_app.state.store) and carla.get("/api/direttore").json()["director"]
        director_client.post("/api/login", json={"name": "arbitra", "password": "burraco-2026"})
        assert director_client.post("/api/direttore", json={"name": NAME}, headers=own).status_code == 201
        desk = f"/api/direttore/{quote(NAME, safe='')}"
        named = director_client.post(f"{desk}/staff", json={"account": "carla", "role": "arbiter"}, headers=own)
        assert named.json()["staff"].get("Carla") == "arbiter"
        assert carla.get(desk).status_code == 200
