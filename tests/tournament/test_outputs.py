"""What the director hands out and exports: PDFs (with the VP table on the score cards), CSV, JSON."""

import base64
import csv
import io
import json
import re
import subprocess
import zlib

import pytest

from tavolo.tournament.config import TournamentConfig
from tavolo.tournament.errors import TournamentError
from tavolo.tournament.simulate import engine_deal_scorer
from tavolo.tournament.state import Tournament


@pytest.fixture
def played(cli):
    """A simulated ARCA evening: 3 Mitchell rounds, then 3 Danish rounds in 3 groups."""
    cli(
        "simulate",
        "--entrants",
        "25",
        "--phase",
        "mitchell:3:shifts=2",
        "--phase",
        "modified:3:groups=3",
        "--seed",
        "5",
    )
    return cli


def pdf_text(path):
    """The text drawn on a ReportLab PDF's pages (its ASCII85 and Flate streams, decoded)."""
    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    streams = re.findall(rb"/ASCII85Decode /FlateDecode.*?stream\r?\n(.*?)~>", data, re.S)
    return " ".join(zlib.decompress(base64.a85decode(s)).decode("latin-1") for s in streams)


@pytest.mark.parametrize(
    "paper, lang, expected",
    [
        ("tables", "it", "assegnazione tavoli"),
        ("tables", "en", "table assignments"),
        ("cards", "it", "oltre 1500"),
        ("cards", "en", "Signature E/W"),
        ("standings", "it", "Girone C"),
        ("names", "it", "G1.1"),
        ("groups", "it", "Girone B"),
        ("sheets", "it", "scheda dei risultati"),
        ("sheets", "en", "results sheet"),
    ],
)
def test_printouts(played, tmp_path, paper, lang, expected):
    """Codice art. 17: the score cards reproduce the VP table; assignments and standings print too, in the
    director's language."""
    path = tmp_path / f"{paper}.pdf"
    played("print", paper, "--round", "6", "-o", str(path), lang=lang)
    assert path.exists() and expected in pdf_text(path)


def test_exports(played, tmp_path):
    standings = list(csv.DictReader(io.StringIO(played("export", "standings").output)))
    assert {row["ranking"] for row in standings} == {"Classifica generale", "Girone A", "Girone B", "Girone C"}
    assert sum(1 for row in standings if row["prize"]) == 9  # 3 prizes in each of the 3 groups (ARCA)
    results = list(csv.DictReader(io.StringIO(played("export", "results").output)))
    assert {row["round"] for row in results} == {str(n) for n in range(1, 7)}
    path = tmp_path / "torneo.json"
    played("export", "json", "-o", str(path))
    data = json.loads(path.read_text(encoding="utf-8"))
    assert len(data["entrants"]) == 25 and len(data["rounds"]) == 6 and data["config"]["phases"][1]["groups"] == 3


def test_simulation_is_seeded(cli):
    first = cli("simulate", "--entrants", "12", "--seed", "9", "--name", "a").output
    second = cli("simulate", "--entrants", "12", "--seed", "9", "--name", "b").output
    assert first.splitlines()[0] == second.splitlines()[0]


def test_standings_history_and_log_on_screen(played):
    assert "Girone B" in played("standings", "--group", "B").output
    assert "Classifica generale" not in played("standings", "--group", "B").output
    assert "riposo" in played("history", "25").output or "N/S" in played("history", "25").output
    log = played("log", "--last", "3").output
    assert "ScoreEntered" in log and "test" in log


def test_engine_backed_simulation_plays_every_deal_with_bots():
    """simulate --engine: four bots play each deal through the Burraco engine; seeded, so
    the same seed gives the same event."""
    from tavolo.tournament.config import TournamentConfig, parse_phase
    from tavolo.tournament.simulate import InMemory, play_event, register_field
    from tavolo.tournament.state import Tournament

    played = []

    def counted(seed):
        played.append(seed)
        return engine_deal_scorer()(seed)

    def simulated():
        tournament = Tournament(TournamentConfig("bots", deals=2, phases=(parse_phase("mitchell:2"),)))
        recorder = InMemory(tournament)
        recorder.record(register_field(tournament, 8))
        play_event(recorder, seed=5, deal_scorer=counted)
        return tournament

    one, two = simulated(), simulated()
    assert len(one.rounds) == 2
    assert len(played) == 2 * 4 * 2 * 2  # two events of 4 tables, 2 rounds, 2 deals
    assert [r for r in one.rounds] == [r for r in two.rounds]


def test_score_cards_carry_the_tables_page_and_each_sides_code(played, tmp_path):
    """Each card has its table's QR code (the page's address drawn beside it) and the two sides' codes."""
    from tavolo.store import Store
    from tavolo.tournament.codes import side_code

    path = tmp_path / "cards.pdf"
    played("print", "cards", "--round", "6", "-o", str(path), "--url", "http://192.168.1.20:8000")
    text = pdf_text(path)
    database = next(tmp_path.glob("*.sqlite"))
    tournament = Store(str(database)).open("simulazione-5").tournament
    drawn = "".join(subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True).stdout.split())
    assert tournament.secret and "http://192.168.1.20:8000/torneo/simulazione-5/tavolo/1" in drawn
    for table in tournament.rounds[6].tables:
        assert (
            side_code(tournament.secret, 6, table, "ns") in text
            and side_code(tournament.secret, 6, table, "ew") in text
        )


def test_mitchell_movement_cards_follow_the_moving_line(played, tmp_path):
    """ARCA: the E/W line moves 2 tables a round (shifts=2): the pair at table 1 goes to 3, then 5."""
    path = tmp_path / "movement.pdf"
    played("print", "movement", "--round", "1", "-o", str(path), lang="it")
    rounds = json.loads(played("export", "json").output)["rounds"]
    mover = rounds[0]["tables"][0]["ew"][0]
    stops = [next(t["table"] for t in r["tables"] if t["ew"] == [mover]) for r in rounds[:3]]
    assert stops == [1, 3, 5]
    assert "turno 2: tavolo 3" in pdf_text(path)
    refused = played("print", "movement", "--round", "5", "-o", str(tmp_path / "m.pdf"), ok=False)
    assert "not in a Mitchell phase" in refused.output


def test_a_refused_printout_issues_no_codes(cli, tmp_path):
    """`print cards --round 5` of a round not paired once left a CodesIssued event in the log: the secret is
    recorded only once the cards are drawn."""
    from tavolo.store import Store

    cli("new", "Circolo")
    for n in range(4):
        cli("add", f"A{n}", f"B{n}")
    cli("seat")
    refused = cli("print", "cards", "--round", "5", "-o", str(tmp_path / "c.pdf"), ok=False)
    assert "round 5 has not been paired yet" in refused.output
    store = Store(str(tmp_path / "cli.sqlite"))
    assert [e.kind for e in store.log("Circolo")].count("CodesIssued") == 0
    cli("print", "cards", "-o", str(tmp_path / "c.pdf"))
    cli("print", "cards", "-o", str(tmp_path / "c.pdf"))
    assert [e.kind for e in store.log("Circolo")].count("CodesIssued") == 1
    assert store.open("Circolo").tournament.secret


def test_cards_printed_while_another_printout_issued_the_codes_are_refused():
    """Two first printouts at once: the second's codes would not work, so it is refused and records nothing."""
    from tavolo.tournament import commands

    tournament = Tournament(TournamentConfig("Circolo"))
    assert commands.keep_codes(tournament, "00" * 16)[0].secret == "00" * 16
    tournament.secret = "11" * 16
    assert commands.keep_codes(tournament, "11" * 16) == []
    with pytest.raises(TournamentError, match="issued meanwhile by another printout"):
        commands.keep_codes(tournament, "00" * 16)
