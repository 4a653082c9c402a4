"""The defects the director's audit found (issue 10), each pinned by a test."""

import json
import subprocess
import sys
import time

import pytest
from conftest import make_tournament
from openpyxl import Workbook

from tavolo.store import Store
from tavolo.tournament import commands
from tavolo.tournament.config import PrizeTies, parse_category_prize
from tavolo.tournament.errors import TournamentError
from tavolo.tournament.events import TournamentCreated
from tavolo.tournament.export import results_rows
from tavolo.tournament.importing import parse_entrants, read_entrant_file
from tavolo.tournament.results import round_outcomes
from tavolo.tournament.seating import Seating
from tavolo.tournament.simulate import InMemory, play_event, register_field
from tavolo.tournament.standings import rankings, standings
from tavolo.tournament.state import Tournament


def run(tournament, events):
    InMemory(tournament).record(events)
    return events


def bye_score(tournament, round_number=1):
    return next(
        (o.vp, o.mp) for side, o, seat in round_outcomes(tournament, tournament.rounds[round_number]) if not seat
    )


@pytest.mark.parametrize("deals, expected", [(2, (14, 305)), (3, (14, 355)), (4, (12, 305))])
def test_internazionale_rests_score_by_the_deals_played(deals, expected):
    """Codice art. 34: "Turni da 2 mani V.P. 14 ed equivalenti 305 M.P." ..., whatever VP table art. 17's
    last line uses for the cards (the table of one deal more)."""
    tournament = make_tournament(5, "modified:3", deals=deals, internazionale=True)
    run(tournament, commands.seat(tournament, Seating.REGISTRATION))
    assert bye_score(tournament) == expected


def test_internazionale_forfeit_and_temporary_abandonment_follow_the_deals():
    """Codice art. 34 (over 10 minutes late: the present pair takes the rest score) and art. 33 (a temporary
    abandonment: "Turni da 2 o 3 mani 6 VP"), at 3 deals scored by the 4-deal table."""
    tournament = make_tournament(4, "modified:3", deals=3, internazionale=True)
    run(tournament, commands.seat(tournament, Seating.REGISTRATION))
    run(tournament, commands.late_arrival(tournament, 1, 2, 12))
    run(tournament, commands.abandon(tournament, 1, 4, justified=True))
    outcomes = {side[0]: (o.vp, o.mp) for side, o, _ in round_outcomes(tournament, tournament.rounds[1])}
    assert outcomes == {1: (14, 355), 2: (6, -355), 3: (14, 355), 4: (6, -355)}


def test_strict_gives_no_second_bye_in_a_session_and_records_the_relaxed_rule(cli):
    """Codice art. 34: a pair rests once a session; the no-rematch rule gives way instead
    (`simulate --entrants 5 --system strict --rounds 5 --seed 21` gave pair 4 the bye in rounds 3 and 4)."""
    cli("simulate", "--entrants", "5", "--system", "strict", "--rounds", "5", "--seed", "21")
    rounds = json.loads(cli("export", "json").output)["rounds"]
    resting = [r["byes"][0][0] for r in rounds]
    assert sorted(resting) == [1, 2, 3, 4, 5]
    assert any("paired by danese modificato" in note for r in rounds for note in r["broken"])


@pytest.mark.parametrize(
    "args, message",
    [
        (("standings", "--after", "5"), "round 5 has not been paired yet"),
        (("export", "standings", "--after", "5"), "round 5 has not been paired yet"),
        (("print", "standings", "--round", "5"), "round 5 has not been paired yet"),
        (("print", "tables", "-o", "nowhere/tables.pdf"), "the folder nowhere does not exist"),
        (("export", "results", "-o", "nowhere/results.csv"), "the folder nowhere does not exist"),
        (("new", "Altro", "--sessions", "a,b"), "sessions 'a,b': write the rounds of each session"),
        (("new", "Altro", "--prizes", "-1"), "prizes cannot be negative"),
        (("new", "Altro", "--minutes", "-40"), "positive number of minutes"),
    ],
)
def test_refused_with_a_reason_not_a_traceback(cli, args, message):
    cli("new", "Circolo", "--rounds", "3")
    for n in range(4):
        cli("add", f"A{n}", f"B{n}")
    cli("seat")
    result = cli(*args, ok=False)
    assert result.exit_code == 1
    assert "refused:" in result.output and message in " ".join(result.output.split())


def test_add_after_the_last_round_is_refused():
    """A pair registered once every round is paired would play nothing (codice art. 34 admits a late pair
    only to complete the incomplete table)."""
    tournament = make_tournament(4, "modified:1")
    run(tournament, commands.seat(tournament, Seating.REGISTRATION))
    with pytest.raises(TournamentError, match="all 1 rounds are paired"):
        commands.register(tournament, ["Nuova", "Coppia"])


def test_two_entrants_may_not_share_a_name():
    tournament = make_tournament(2, "modified:3")
    with pytest.raises(TournamentError, match="entrant 1 is named 'Coppia 1' already"):
        commands.register(tournament, ["X", "Y"], name="coppia 1")


def test_an_absurd_score_is_refused():
    """No Burraco deal gives a side thousands of burraci: 99999999999999999999995 is not a score."""
    tournament = make_tournament(4, "modified:3")
    run(tournament, commands.seat(tournament, Seating.REGISTRATION))
    with pytest.raises(TournamentError, match="99999999999999999999995 points are impossible"):
        commands.enter_score(tournament, 1, 1, [99999999999999999999995], [0])
    with pytest.raises(TournamentError, match="deal 2: 5005 points are impossible"):
        commands.enter_score(tournament, 1, 1, [100, 5005, 0], [0, 0, 0])
    commands.enter_score(tournament, 1, 1, [4500 + 4500 + 4500], [0])


def test_a_file_with_only_its_header_is_refused():
    with pytest.raises(TournamentError, match="iscritti.csv: only a header, no entrants"):
        parse_entrants("nome;giocatore1;giocatore2\n", "iscritti.csv")


def test_a_utf16_csv_as_excel_writes_it(tmp_path):
    """Excel's "Unicode text" is UTF-16 with a byte-order mark and tabs."""
    path = tmp_path / "iscritti.txt"
    path.write_bytes("Nome\tGiocatore1\tGiocatore2\nLeoni\tNicolò Rossi\tBruno Bianchi\n".encode("utf-16"))
    assert read_entrant_file(path).rows[0].players == ("Nicolò Rossi", "Bruno Bianchi")


def test_a_workbook_is_read_on_every_sheet_that_lists_entrants(tmp_path):
    book = Workbook()
    book.active.title = "Istruzioni"
    book.active.append(["Compilare il foglio Iscritti"])
    sheet = book.create_sheet("Iscritti")
    sheet.append(["Nome", "Giocatore1", "Giocatore2", "Categoria"])
    sheet.append(["Leoni", "Anna Rossi", "Bruna Bianchi", "dame"])
    path = tmp_path / "iscritti.xlsx"
    book.save(path)
    read = read_entrant_file(path)
    assert read.sheets_read == ("Iscritti",) and read.sheets_skipped == ("Istruzioni",)
    assert read.rows[0].categories == ("dame",) and read.rows[0].sheet == "Iscritti"


def tied_event(ties):
    """Four pairs, one round: tables 1 and 2 end 1250-900, so pairs 1 and 3 share first and 2 and 4 third."""
    tournament = make_tournament(4, "modified:1", prizes=1, prize_ties=ties)
    run(tournament, commands.seat(tournament, Seating.REGISTRATION))
    for table in (1, 2):
        run(tournament, commands.enter_score(tournament, 1, table, [1250], [900]))
    return rankings(tournament)[0]


def test_a_tie_at_the_prize_line_follows_the_declared_rule():
    """Fedibur art. 9 breaks ties by VP, MP, points; past that the rule is the director's, declared beforehand."""
    shared, by_registration = tied_event(PrizeTies.SHARED), tied_event(PrizeTies.REGISTRATION)
    assert shared.awarded() == {1: 1, 3: 1} and shared.tie_at_prize_line() == [1, 3]
    assert by_registration.awarded() == {1: 1}


def test_category_prizes_are_not_cumulative():
    """ARCA: "saranno premiati i vincitori" of each ranking; a category prize passes over general winners."""
    tournament = make_tournament(0, "modified:1", prizes=1, category_prizes=(parse_category_prize("dame"),))
    for n, tags in enumerate([("dame",), (), ("dame",), ("dame",)]):
        run(tournament, commands.register(tournament, [f"A{n}", f"B{n}"], categories=tags))
    run(tournament, commands.seat(tournament, Seating.REGISTRATION))
    run(tournament, commands.enter_score(tournament, 1, 1, [1500], [100]))
    run(tournament, commands.enter_score(tournament, 1, 2, [600], [500]))
    general, ladies = rankings(tournament)
    assert general.awarded() == {1: 1}
    assert ladies.title == "Categoria: Dame" and ladies.awarded() == {3: 1}


def test_results_csv_marks_corrected_tables():
    """Codice art. 19: a corrected score card says so in the results."""
    tournament = make_tournament(4, "modified:2")
    run(tournament, commands.seat(tournament, Seating.REGISTRATION))
    run(tournament, commands.enter_score(tournament, 1, 1, [900], [500]))
    run(tournament, commands.enter_score(tournament, 1, 2, [900], [500]))
    run(tournament, commands.correct_score(tournament, 1, 2, [500], [900], "somma errata"))
    marks = {row["table"]: row["corrected"] for row in results_rows(tournament)}
    assert marks == {1: "", 2: 1}


def test_mitchell_moves_two_tables_by_default():
    """ARCA: "i giocatori sulla linea e/o si spostano di 2, 3 o più tavoli"."""
    tournament = make_tournament(10, "mitchell:3")
    run(tournament, commands.seat(tournament, Seating.REGISTRATION))
    run(tournament, [e for t in (1, 2, 3, 4, 5) for e in commands.enter_score(tournament, 1, t, [900], [500])])
    run(tournament, commands.pair(tournament))
    first, second = (tournament.rounds[r].tables for r in (1, 2))
    moved = {first[t].ew: next(s.number for s in second.values() if s.ew == first[t].ew) for t in first}
    assert all((moved[first[t].ew] - t) % 5 == 2 for t in first)


def test_a_small_mitchell_mends_the_default_move():
    """On two tables a move of 2 brings the E/W pairs back: the default plan is mended, not refused."""
    tournament = make_tournament(4, "mitchell:2")
    run(tournament, commands.seat(tournament, Seating.REGISTRATION))
    assert tournament.phases[0].shifts == ((3,),)


def test_two_processes_opening_a_new_postgresql_database_at_once(postgres_url):
    """Both create the schema's tables at the same moment: neither may crash on alembic_version."""
    script = (
        "import sys, time; from tavolo.store import Store; "
        "time.sleep(max(0, float(sys.argv[2]) - time.time())); Store(sys.argv[1])"
    )
    start = time.time() + 3
    processes = [
        subprocess.Popen([sys.executable, "-c", script, postgres_url, str(start)], stderr=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    failures = [p.communicate(timeout=60)[1] for p in processes if p.wait(timeout=60) != 0]
    assert not failures, failures[0]
    assert Store(postgres_url).names() == []


class Kept(InMemory):
    """Applies the events and keeps them, to rebuild the tournament from scratch."""

    def __init__(self, tournament):
        super().__init__(tournament)
        self.events = []

    def record(self, events):
        super().record(events)
        self.events += events


def test_standings_kept_between_calls_equal_a_fresh_computation():
    """After a correction in round 1 (codice art. 19) the kept totals of later rounds are not reused stale."""
    tournament = make_tournament(9, "modified:4")
    kept = Kept(tournament)
    play_event(kept, seed=5)
    rankings(tournament)
    ns, ew = tournament.rounds[1].scores[1]
    kept.record(commands.correct_score(tournament, 1, 1, ew, ns))
    rebuilt = Tournament.from_events(
        [TournamentCreated(tournament.config), *register_field(tournament, 9), *kept.events]
    )
    for through in range(5):
        assert standings(tournament, through=through) == standings(rebuilt, through=through)
