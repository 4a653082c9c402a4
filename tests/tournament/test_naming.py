"""Names: a typo fixed once is fixed everywhere; two entrants, players or events that differ only in case, spacing
or apostrophe are one name and refused; the seat finder forgives accents, case and apostrophes."""

import subprocess

import pytest
from conftest import make_tournament

from tavolo.tournament import commands, printing
from tavolo.tournament.config import Kind
from tavolo.tournament.errors import TournamentError
from tavolo.tournament.public import find_seat, public_view
from tavolo.tournament.seating import Seating
from tavolo.tournament.simulate import InMemory
from tavolo.tournament.standings import standings


def run(tournament, events):
    InMemory(tournament).record(events)
    return events


@pytest.fixture
def evening():
    t = make_tournament(0, "modified:3")
    for players in (["Anna Rosi", "Bruno Verdi"], ["Carla Neri", "Dario Bianchi"], ["Elena Cantù", "Nicolò Dell’Acqua"],
                    ["Fabio Russo", "Gina Esposito"]):  # fmt: skip
        run(t, commands.register(t, players, club="Roma"))
    run(t, commands.seat(t, Seating.REGISTRATION))
    return t


def test_a_typo_fix_renames_the_player_everywhere(evening, tmp_path):
    """Codice art. 33 says who may replace a player; a misspelt name is no substitution: fixed once, it is right in
    the entry, the pair's name made of the players', the standings and the players A-Z list."""
    (event,) = run(evening, commands.fix_typo(evening, 1, "anna rosi", "Anna Rossi"))
    assert evening.entrants[1].players == ["Anna Rossi", "Bruno Verdi"]
    assert evening.entrants[1].name == "Anna Rossi - Bruno Verdi" and not evening.substitutions
    assert any(line.name == "Anna Rossi - Bruno Verdi" for line in standings(evening))
    pdf = tmp_path / "nomi.pdf"
    printing.names_list(evening, 1, pdf)
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True).stdout
    assert "Rossi, Anna" in text and "Rosi" not in text
    assert "Anna Rossi" in str(public_view(evening)) and "Rosi" not in str(public_view(evening))


def test_a_typo_fix_of_the_entrys_own_name_keeps_the_players():
    t = make_tournament(0, "modified:3", kind=Kind.TEAMS, deals=2)
    run(t, commands.register(t, ["A1", "A2", "A3", "A4"], name="Leoni di Latna"))
    (event,) = commands.fix_typo(t, 1, "Leoni di Latna", "Leoni di Latina")
    assert (event.name, event.players) == ("Leoni di Latina", ("A1", "A2", "A3", "A4"))
    with pytest.raises(TournamentError, match="'Tigri' is neither the name of 1 nor one of its players"):
        commands.fix_typo(t, 1, "Tigri", "Tigre")


def test_a_teams_line_up_follows_the_fix():
    t = make_tournament(0, "roundrobin:1", kind=Kind.TEAMS, deals=2)
    for n in (1, 2):
        run(t, commands.register(t, [f"G{n}{i}" for i in range(1, 5)], name=f"Squadra {n}"))
    run(t, commands.seat(t, Seating.REGISTRATION))
    run(t, commands.lineup(t, 1, 1, [("G11", "G12"), ("G13", "G14")]))
    run(t, commands.fix_typo(t, 1, "G12", "G12bis"))
    assert t.rounds[1].lineups[1] == (("G11", "G12bis"), ("G13", "G14"))


@pytest.mark.parametrize(("players", "name", "clash"), [
    (["Ugo Sala", "Vera Monti"], "anna rosi - bruno verdi", "entrant 1 is named 'Anna Rosi - Bruno Verdi' already"),
    (["Ugo Sala", "Vera Monti"], "Anna  Rosi -  Bruno Verdi ", "is named 'Anna Rosi - Bruno Verdi' already"),
    (["Nicolò Dell'Acqua", "Vera Monti"], "", "Dell'Acqua\" already plays in entrant 3"),
])  # fmt: skip
def test_two_entrants_with_one_name_are_refused(evening, players, name, clash):
    with pytest.raises(TournamentError, match=clash.replace("(", r"\(")):
        commands.register(evening, players, name)
@pytest.mark.parametrize(("query", "found"), [("cantu", 3), ("CANTÙ", 3), ("Nicolo", 3), ("Dell’Acqua", 3),
                                               ("dell'acqua", 3), ("dellacqua", 3), ("rosi", 1), ("bruno ve", 1)])
def test_the_seat_finder_forgives_accents_case_and_apostrophes(evening, query, found):
    assert [person["number"] for person in find_seat(evening, query)] == [found]


def test_the_players_list_is_by_surname(tmp_path):
    t = make_tournament(0, "modified:3")
    for players in (["Anna Zeta", "Gianluca Lo Schiavo"], ["Elena Cantù", "Carlo Cantu"]):
        run(t, commands.register(t, players))
    run(t, commands.seat(t, Seating.REGISTRATION))
    pdf = tmp_path / "nomi.pdf"
    printing.names_list(t, 1, pdf)
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True).stdout
    names = [line.strip().split("  ")[0] for line in text.splitlines() if "," in line][1:]  # the heading first
    assert names == ["Cantu, Carlo", "Cantù, Elena", "Lo Schiavo, Gianluca", "Zeta, Anna"]
