"""The event log in a database (SQLite and PostgreSQL): rebuildable, append-only, safe for two directors."""

import multiprocessing
import time

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from tavolo.store import Store
from tavolo.tournament import commands
from tavolo.tournament.config import TournamentConfig, parse_phase
from tavolo.tournament.errors import TournamentError
from tavolo.tournament.events import ScoreEntered
from tavolo.tournament.seating import Seating
from tavolo.tournament.simulate import play_event, register_field
from tavolo.tournament.standings import standings


def new_event(url, name="Circolo", pairs=40, author="arbitro"):
    handle = Store(url).create(TournamentConfig(name, phases=(parse_phase("modified:4"),)), author)
    handle.record(register_field(handle.tournament, pairs))
    return handle


def test_a_tournament_is_rebuilt_from_its_log(db_url):
    """Every change is an event with time and author; reopening the log gives the same standings."""
    handle = new_event(db_url)
    play_event(handle, seed=11)
    reopened = Store(db_url).open("Circolo")
    assert reopened.tournament.version == handle.tournament.version
    assert [vars(line) for line in standings(reopened.tournament)] == [
        vars(line) for line in standings(handle.tournament)
    ]
    log = Store(db_url).log("Circolo")
    assert [entry.seq for entry in log] == list(range(1, len(log) + 1))
    assert {entry.author for entry in log} == {"arbitro"} and log[0].kind == "TournamentCreated"


def test_names_are_unique_and_unknown_names_are_refused(db_url):
    store = Store(db_url)
    store.create(TournamentConfig("Uno"))
    with pytest.raises(TournamentError, match="a tournament named 'Uno' exists already"):
        store.create(TournamentConfig("Uno"))
    with pytest.raises(TournamentError, match=r"no tournament named 'Due' \(tournaments: Uno\)"):
        store.open("Due")


def test_the_log_is_append_only(db_url):
    """Nothing entered is ever lost: the database itself refuses to change or delete an event."""
    store = Store(db_url)
    store.create(TournamentConfig("Uno"))
    for statement in ("UPDATE tournament_events SET author = 'x'", "DELETE FROM tournament_events"):
        with pytest.raises(DBAPIError, match="append-only"), store.engine.begin() as connection:
            connection.execute(text(statement))
    assert store.open("Uno").tournament.version == 1


def _director(url, name, tables, contested, barrier, results):
    """One director's session in its own process: enter every table given, and the contested one."""
    handle = Store(url).open(name, author=f"director {tables[0] % 2}")
    barrier.wait()
    refused = []
    for table in [contested, *tables]:
        try:
            handle.do(lambda t, table=table: commands.enter_score(t, 1, table, [500 + 5 * table], [300]))
        except TournamentError as error:
            refused.append(str(error))
        time.sleep(0.003)  # people type slower than machines: let the two sessions interleave
    results.put(refused)


def test_two_directors_entering_scores_at_once_lose_nothing(db_url):
    """Two processes append to the same log at once: every score gets in, the contested table exactly once."""
    handle = new_event(db_url)
    handle.do(lambda t: commands.seat(t, Seating.REGISTRATION))
    context = multiprocessing.get_context("fork")
    barrier, results = context.Barrier(2), context.Queue()
    halves = [list(range(2, 21, 2)), list(range(3, 21, 2))]
    workers = [
        context.Process(target=_director, args=(db_url, "Circolo", half, 1, barrier, results)) for half in halves
    ]
    for worker in workers:
        worker.start()
    refused = [results.get(timeout=120) for _ in workers]
    for worker in workers:
        worker.join(timeout=60)
        assert worker.exitcode == 0
    assert sorted(len(r) for r in refused) == [0, 1]
    assert "round 1 table 1 is entered already" in next(r for r in refused if r)[0]
    log = Store(db_url).log("Circolo")
    scores = [entry.event for entry in log if entry.kind == "ScoreEntered"]
    assert sorted(e.table for e in scores) == list(range(1, 21))
    assert all(e == ScoreEntered(1, e.table, (500 + 5 * e.table,), (300,)) for e in scores)
    assert [entry.seq for entry in log] == list(range(1, len(log) + 1))
    assert {entry.author for entry in log if entry.kind == "ScoreEntered"} == {"director 0", "director 1"}


def test_a_stale_handle_catches_up_before_appending(db_url):
    """A director whose screen is behind still records on the latest state, and is refused on a conflict."""
    first = new_event(db_url, pairs=4)
    first.do(lambda t: commands.seat(t, Seating.REGISTRATION))
    second = Store(db_url).open("Circolo", author="secondo")
    first.do(lambda t: commands.enter_score(t, 1, 1, [900], [500]))
    second.do(lambda t: commands.enter_score(t, 1, 2, [700], [500]))
    with pytest.raises(TournamentError, match="entered already"):
        second.do(lambda t: commands.enter_score(t, 1, 1, [100], [500]))
    assert set(Store(db_url).open("Circolo").tournament.rounds[1].scores) == {1, 2}


def test_migrations_ship_in_the_package():
    """pip users get the Alembic scripts: they are package files, found by resource path."""
    from alembic.script import ScriptDirectory

    from tavolo.store.migrate import alembic_config

    scripts = ScriptDirectory.from_config(alembic_config())
    assert len(scripts.get_heads()) == 1, "the migrations must form one line (one head)"
    assert "0001" in {script.revision for script in scripts.walk_revisions()}


def test_a_backup_restores_the_event_exactly_in_another_database(tmp_path, db_url, cli):
    """A whole event, a correction and a warning included, moves to another machine's database unchanged:
    the same log (authors and times), so the same standings and results."""
    cli("new", "Martedì", "--rounds", "2")
    for n in range(5):
        cli("add", f"A{n}", f"B{n}")
    cli("seat", "--draw", "--seed", "7")
    cli("score", "1", "1", "--ns", "900", "--ew", "500")
    cli("score", "1", "2", "--ns", "450+300+205", "--ew", "120+95+630")
    cli("score", "1", "2", "--ns", "950", "--ew", "850", "--correct", "--reason", "somma errata")
    cli("penalty", "warning", "1", "3")
    cli("pair")
    path = tmp_path / "martedi.json"
    cli("backup", "-o", str(path))
    cli("restore", str(path), "--db", db_url)
    source, target = (cli(*args).output for args in (("export", "json"), ("export", "json", "--db", db_url)))
    assert source == target
    original = Store(str(tmp_path / "cli.sqlite")).log("Martedì")
    copy = Store(db_url).log("Martedì")
    assert [(e.seq, e.kind, e.payload, e.author) for e in copy] == [
        (e.seq, e.kind, e.payload, e.author) for e in original
    ]
    assert [e.recorded_at.replace(tzinfo=None) for e in copy] == [e.recorded_at.replace(tzinfo=None) for e in original]
    again = cli("restore", str(path), "--db", db_url, ok=False)
    assert again.exit_code == 1 and "exists already" in again.output


def test_a_damaged_backup_is_refused(tmp_path, cli):
    path = tmp_path / "rotto.json"
    path.write_text('{"format": "tavolo-tournament-backup", "version": 1, "events": [{"seq": 2}]}')
    result = cli("restore", str(path), ok=False)
    assert result.exit_code == 1 and "damaged backup" in result.output


def test_undo_takes_back_the_last_action_and_the_log_keeps_it(db_url):
    """The seating (two events at once) and then a score are taken back; other screens catch up."""
    first = new_event(db_url, pairs=4)
    other = Store(db_url).open("Circolo", author="secondo")
    first.do(lambda t: commands.seat(t, Seating.REGISTRATION))
    first.do(lambda t: commands.enter_score(t, 1, 1, [900], [500]))
    assert first.undo() == [first.tournament.version - 1]
    assert first.tournament.rounds[1].scores == {}
    other.refresh()
    assert other.tournament.rounds[1].scores == {} and other.tournament.version == first.tournament.version
    assert len(first.undo()) == 2 and first.tournament.rounds == {}
    log = Store(db_url).log("Circolo")
    assert [e.kind for e in log[-2:]] == ["Undone", "Undone"] and "ScoreEntered" in {e.kind for e in log}
    assert Store(db_url).open("Circolo").tournament.rounds == {}
    first.do(lambda t: commands.seat(t, Seating.REGISTRATION))
    assert len(first.tournament.rounds[1].tables) == 2


def test_nothing_to_undo_is_refused(db_url):
    handle = Store(db_url).create(TournamentConfig("Vuoto"), "arbitro")
    with pytest.raises(TournamentError, match="no action to undo"):
        handle.undo()


def test_a_typo_in_a_registration_is_fixed(cli):
    cli("new", "Circolo")
    cli("add", "Ana Rosi", "Bruno Bianchi")
    cli("add", "Carla Verdi", "Dario Neri")
    assert (
        "Anna Rossi, Bruno Bianchi" in cli("rename", "1", "--player", "Anna Rossi", "--player", "Bruno Bianchi").output
    )
    clash = cli("rename", "1", "--name", "Carla Verdi - Dario Neri", ok=False)
    assert clash.exit_code == 1 and "is named 'Carla Verdi - Dario Neri' already" in clash.output
