"""Importing the field (CSV, Excel) and files of score cards: bad lines are refused by line and field."""

from dataclasses import replace

import pytest
from openpyxl import Workbook

from tavolo.store import Store
from tavolo.tournament import commands, naming
from tavolo.tournament.config import Kind, TournamentConfig
from tavolo.tournament.errors import TournamentError
from tavolo.tournament.importing import parse_entrants, parse_scores, read_entrants, read_scores
from tavolo.tournament.state import Tournament


def test_csv_with_italian_headers_and_semicolons():
    rows = parse_entrants("Nome;Giocatore1;Giocatore2;Circolo\nLeoni;Anna Rossi;Bruno Bianchi;Roma\n\n", "iscritti.csv")
    assert [(r.line, r.name, r.players, r.club) for r in rows] == [
        (2, "Leoni", ("Anna Rossi", "Bruno Bianchi"), "Roma")
    ]


def test_csv_with_english_headers_and_commas_no_name():
    rows = parse_entrants('player1,player2\n"Rossi, Anna",Bianchi\n', "pairs.csv")
    assert rows[0].players == ("Rossi, Anna", "Bianchi") and rows[0].name == ""


@pytest.mark.parametrize(
    "text, message",
    [
        ("nome;giocatore1;giocatore2\nLeoni;Rossi;\n", "coppie.csv line 2, field 'giocatore2': empty"),
        ("nome;giocatore1;giocatore2\nA;B;C\nLeoni;;Bianchi\n", "coppie.csv line 3, field 'giocatore1': empty"),
        ("nome;club\nLeoni;Roma\n", "coppie.csv line 1: no player column"),
        ("", "coppie.csv: the file is empty"),
    ],
)
def test_malformed_entrant_lines_name_line_and_field(text, message):
    with pytest.raises(TournamentError, match=message):
        parse_entrants(text, "coppie.csv")


def test_team_reserves_may_be_blank():
    header = "squadra,giocatore1,giocatore2,giocatore3,giocatore4,giocatore5,giocatore6\n"
    rows = parse_entrants(header + "Aquile,A,B,C,D,,\n", "squadre.csv", Kind.TEAMS)
    assert rows[0].players == ("A", "B", "C", "D")


def test_excel_file(tmp_path):
    book = Workbook()
    sheet = book.active
    sheet.append(["Nome", "Giocatore1", "Giocatore2"])
    sheet.append(["Leoni", "Anna Rossi", "Bruno Bianchi"])
    sheet.append([None, "Carla Verdi", None])
    path = tmp_path / "iscritti.xlsx"
    book.save(path)
    with pytest.raises(TournamentError, match=r"iscritti.xlsx \[Sheet\] line 3, field 'giocatore2': empty"):
        read_entrants(path)
    sheet.delete_rows(3)
    book.save(path)
    assert read_entrants(path)[0].players == ("Anna Rossi", "Bruno Bianchi")


def test_damaged_excel_is_refused(tmp_path):
    path = tmp_path / "rotto.xlsx"
    path.write_bytes(b"not a workbook")
    with pytest.raises(TournamentError, match="rotto.xlsx: not a readable Excel workbook"):
        read_entrants(path)


def test_score_file_with_deals_and_corrections(tmp_path):
    path = tmp_path / "turno1.csv"
    path.write_text("turno;tavolo;ns;eo;correzione\n1;1;450+300+-100;955;\n1;2;-150;200;si\n", encoding="utf-8")
    rows = read_scores(path)
    assert [(r.round, r.table, r.ns, r.ew, r.correction) for r in rows] == [
        (1, 1, (450, 300, -100), (955,), False),
        (1, 2, (-150,), (200,), True),
    ]


@pytest.mark.parametrize(
    "line, message",
    [
        ("1,2,45x,955", "line 2, field 'ns': '45x' is not points"),
        ("1,,450,955", "line 2, field 'table': empty"),
        ("1,2,450,", "line 2, field 'ew': empty .both sides"),
        ("uno,2,450,400", "line 2, field 'round': 'uno' is not a number"),
    ],
)
def test_malformed_score_lines_name_line_and_field(line, message):
    with pytest.raises(TournamentError, match=message):
        parse_scores("round,table,ns,ew\n" + line + "\n", "scores.csv")


def test_import_is_all_or_nothing_through_the_cli(cli, tmp_path):
    """A duplicate player on line 3 refuses the whole file, naming the line."""
    path = tmp_path / "coppie.csv"
    path.write_text("giocatore1,giocatore2\nRossi,Bianchi\nVerdi,Rossi\n", encoding="utf-8")
    cli("new", "Prova")
    result = cli("import", str(path), ok=False)
    assert result.exit_code == 1
    assert "coppie.csv line 3: 'Rossi' already plays in entrant 1" in " ".join(result.output.split())
    assert "0)" in cli("entrants").output
    path.write_text("giocatore1,giocatore2,categoria\nRossi,Bianchi,dame\nVerdi,Neri,\n", encoding="utf-8")
    assert "registered 2 entrants" in cli("import", str(path)).output
    entrants = Store(str(tmp_path / "cli.sqlite")).open("Prova").tournament.entrants
    assert [entrants[n].categories for n in (1, 2)] == [("dame",), ()]


def entrant_rows(lines):
    return parse_entrants("nome;giocatore1;giocatore2\n" + "".join(f"C{n};A{n};B{n}\n" for n in range(lines)), "l.csv")


def test_a_long_list_is_checked_in_work_linear_in_its_lines(monkeypatch):
    """16,000 lines took 40 s when each line re-read the whole field (quadratic): twice the lines
    must read twice the names, not four times (counted, not timed)."""
    reads = []
    monkeypatch.setattr(commands, "name_key", lambda text: reads.append(text) or naming.name_key(text))
    counts = []
    for lines in (1000, 2000):
        reads.clear()
        commands.check_list(Tournament(TournamentConfig("Lunga")), entrant_rows(lines))
        counts.append(len(reads))
    assert counts[0] >= 1000 and counts[1] <= 2.1 * counts[0], counts


def test_a_long_list_is_checked_and_registered():
    rows = entrant_rows(8000)
    rows.append(replace(rows[0], line=8002, name="Altra", players=("a3999", "Nuovo")))
    tournament = Tournament(TournamentConfig("Lunga"))
    checked = commands.check_list(tournament, rows)
    assert all(isinstance(events, list) for events in checked[:-1])
    assert str(checked[-1]) == "'a3999' already plays in entrant 4000"
    with pytest.raises(TournamentError, match="line 8002: 'a3999' already plays in entrant 4000"):
        commands.register_list(tournament, rows, lambda row: f"line {row.line}")
    events = commands.register_list(tournament, rows[:-1], lambda row: f"line {row.line}")
    assert [e.number for e in events] == list(range(1, 8001)) and events[-1].name == "C7999"


def test_a_cell_with_a_control_character_is_refused_by_line_and_field():
    """A NUL in a name would be stored by SQLite and refused by PostgreSQL (issue 38): the file's line and
    field are named instead, and nothing is registered."""
    with pytest.raises(TournamentError) as refused:
        parse_entrants("giocatore1,giocatore2\nAnna Rossi,Bruno Bianchi\nCarla\x00 Verdi,Dino\n", "iscritti.csv")
    assert str(refused.value) == "iscritti.csv line 3, field 'giocatore1': holds a control character: write it without"
