"""``tavolo`` answers bad input with one clear message and a non-zero exit status, never a traceback, and loses
nothing: an output path it cannot write is refused before the game or the run that would fill it, a database that
cannot be opened is named with the reason in one line, and damaged or hostile files are refused naming the file.

Italian by default (the project's first language), English with ``TAVOLO_LANG=en``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tavolo.cli import app
from tavolo.engine.errors import Text
from tavolo.engine.files import UnwritablePath, save, writable_file, writable_folder
from tavolo.i18n import catalog
from tavolo.terminal.words import Words

PLAY = ["burraco", "scala40", "briscola", "tressette", "ramino", "machiavelli", "canasta", "bridge", "pinnacola",
        "peppa", "tarocchi", "petrangola", "perlina", "mercante"]
NESTED = "[" * 200_000
CSV_LIMIT = 131_072


def tavolo(*args: str, lang: str | None = "en", env: dict[str, str] | None = None, input: str = ""):
    """``tavolo ARGS`` in-process, in ``lang`` (``None``: the default, Italian), on a terminal wide enough for
    Rich to leave a message whole on its line."""
    return CliRunner().invoke(app, list(args), env={"TAVOLO_LANG": lang, "COLUMNS": "1000", **(env or {})},
                              input=input)


def said(result) -> str:
    """What the command printed, Rich's error box and line breaks taken away."""
    return " ".join(result.output.replace("│", " ").split())


def refused(result, code: int, *phrases: str) -> None:
    """The command failed with ``code``, said every phrase, and showed no traceback."""
    assert result.exit_code == code, result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    for phrase in phrases:
        assert phrase in said(result), said(result)
    message = [line for line in result.output.splitlines() if phrases and phrases[0].split()[0] in line]
    assert len(message) == 1, result.output  # one line says it


# --- 1. output paths checked before the work --------------------------------------------------------------------


@pytest.mark.parametrize("game", PLAY)
def test_a_record_into_a_folder_is_refused_before_the_game(game, tmp_path):
    result = tavolo("play", game, "--record", str(tmp_path))
    refused(result, 2, f"cannot write {tmp_path}: it is a folder")
    assert "Type help" not in result.output  # the table was never drawn


def test_a_record_in_a_missing_folder_is_refused_in_italian_and_nothing_is_made(tmp_path):
    record = tmp_path / "nowhere" / "game.json"
    result = tavolo("play", "briscola", "--record", str(record), lang=None)
    refused(result, 2, f"non posso scrivere {record}: la cartella {record.parent} non esiste")
    assert not record.parent.exists()


def test_a_record_where_nothing_may_be_written_is_refused(tmp_path):
    target = Path("/sys/tavolo-record.json")  # read-only even for root
    try:
        writable = target.open("x")
    except OSError:
        pass
    else:
        writable.close()
        target.unlink()
        pytest.skip("/sys is writable here")
    refused(tavolo("play", "briscola", "--record", str(target)), 2, f"cannot write {target}:")


def test_the_check_leaves_no_file_behind(tmp_path):
    assert writable_file(tmp_path / "game.json") == tmp_path / "game.json"
    assert list(tmp_path.iterdir()) == []


def test_arena_json_in_a_missing_folder_is_refused_before_the_run():
    started = time.monotonic()
    result = tavolo("arena", "random", "simple", "--deals", "1000000", "--json", "/no/such/dir/a.json")
    refused(result, 2, "cannot write /no/such/dir/a.json: the folder /no/such/dir does not exist")
    assert time.monotonic() - started < 10  # a million deals were not played first


def test_arena_plots_into_a_file_are_refused_before_the_run(tmp_path):
    (tmp_path / "plots").write_text("not a folder")
    result = tavolo("arena", "random", "simple", "--deals", "1000000", "--plots", str(tmp_path / "plots"))
    refused(result, 2, f"cannot write into {tmp_path / 'plots'}: it is a file, not a folder")


def test_tune_json_into_a_folder_is_refused_before_the_trials(tmp_path):
    result = tavolo("tune", "heuristic:strong,pile={pile}", "--space", "pile=0:3", "--vs", "simple",
                    "--trials", "1000", "--json", str(tmp_path))
    refused(result, 2, f"cannot write {tmp_path}: it is a folder")


@pytest.mark.parametrize("option", ["--json", "--save-policy"])
def test_exploit_outputs_are_refused_before_training(option, tmp_path):
    path = tmp_path / "missing" / "out"
    result = tavolo("exploit", "--train-minutes", "100", option, str(path))
    refused(result, 2, f"cannot write {path}: the folder {path.parent} does not exist")


@pytest.mark.parametrize("command", [["print", "tables"], ["export", "json"], ["backup"]])
def test_tournament_outputs_share_the_check(command, tmp_path):
    db = str(tmp_path / "t.sqlite")
    tavolo("tournament", "new", "Circolo", "--db", db)
    result = tavolo("tournament", *command, "-o", str(tmp_path / "missing" / "out"), "--db", db)
    refused(result, 1, f"refused: cannot write {tmp_path / 'missing' / 'out'}: the folder "
                       f"{tmp_path / 'missing'} does not exist")


def test_work_whose_file_cannot_be_written_at_the_end_is_kept_elsewhere(tmp_path):
    """The folder checked at the start may be gone at the end: the work goes to a temporary file, named."""
    with pytest.raises(UnwritablePath) as refusal:
        save(tmp_path / "gone" / "arena.json", lambda path: path.write_text("a long run", encoding="utf-8"))
    kept = Path(dict(refusal.value.message.params)["kept"])
    assert kept.read_text(encoding="utf-8") == "a long run"
    kept.unlink()


def test_a_match_that_cannot_be_saved_on_quit_is_kept_elsewhere(tmp_path):
    (tmp_path / "saved").write_text("a file where the folder of saved matches goes")
    result = tavolo("play", "burraco", "--players", "2", input="quit\ny\n", env={"TAVOLO_HOME": str(tmp_path)})
    assert result.exit_code == 0, result.output
    text = said(result)
    assert f"cannot write {tmp_path / 'saved' / 'burraco.json'}: Not a directory; saved to" in text
    kept = Path(text.split("saved to ")[1].split(" instead")[0])
    assert json.loads(kept.read_text(encoding="utf-8"))["game"] == "burraco"
    kept.unlink()


# --- 2. and 3. databases and Redis --------------------------------------------------------------------------------


def _not_sqlite(tmp_path: Path) -> str:
    path = tmp_path / "notes.db"
    path.write_text("shopping list, not a database")
    return str(path)


@pytest.mark.parametrize(("db", "reason"), [
    ("postgresql://postgres@127.0.0.1:5432/nosuchdb", ""),  # no such database, or no server: the driver says
    ("postgresql://postgres@127.0.0.1:1/x", ""),
    ("foo://bar", "Can't load plugin: sqlalchemy.dialects:foo"),
    ("mysql://user@127.0.0.1/x", ""),  # its driver missing, or no server
    ("{tmp}/missing/t.sqlite", "the folder {tmp}/missing does not exist"),
    ("{not_sqlite}", "it is not a SQLite database"),
    ("{tmp}", "it is a folder"),
    ("sqlite://", "it is in memory and would keep nothing"),
])
def test_a_database_that_cannot_be_opened_is_refused_in_one_line(db, reason, tmp_path):
    db = db.format(tmp=tmp_path, not_sqlite=_not_sqlite(tmp_path) if "not_sqlite" in db else "")
    result = tavolo("tournament", "list", "--db", db)
    refused(result, 1, f"refused: cannot open the database {db!r}: {reason.format(tmp=tmp_path)}")
    assert result.output.strip().count("\n") == 0
    assert not (tmp_path / "missing").exists()


def test_an_empty_database_name_is_refused_not_kept_in_memory(tmp_path):
    result = tavolo("tournament", "new", "Circolo", "--db", "", lang=None)
    refused(result, 1, "rifiutato: nessun database indicato: indica un file SQLite o l'URL di un database")


def test_a_database_that_fails_under_a_command_is_said_in_one_line(tmp_path):
    """A SQLite file whose log table was dropped by hand opens, then fails at the first read."""
    import sqlite3

    db = str(tmp_path / "t.sqlite")
    tavolo("tournament", "new", "Circolo", "--db", db)
    with sqlite3.connect(db) as connection:
        connection.execute("DROP TABLE tournament_events")
    connection.close()
    refused(tavolo("tournament", "standings", "--db", db, lang=None), 1,
            "errore del database: no such table: tournament_events")


def test_serve_refuses_a_bad_database_with_the_tournaments_words(tmp_path, monkeypatch):
    import uvicorn

    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: pytest.fail("served"))
    db = _not_sqlite(tmp_path)
    refused(tavolo("serve", "--db", db), 2, f"Invalid value for --db: cannot open the database {db!r}: "
                                            "it is not a SQLite database")
    refused(tavolo("serve", "--db", ""), 2, "no database given")


def test_serve_refuses_a_redis_that_does_not_answer_before_serving(tmp_path, monkeypatch):
    import uvicorn

    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: pytest.fail("served"))
    result = tavolo("serve", "--db", str(tmp_path / "t.sqlite"), "--redis", "redis://127.0.0.1:1")
    refused(result, 2, "Invalid value for --redis: cannot reach Redis at 'redis://127.0.0.1:1':")


def test_serve_refuses_unreadable_limits_in_one_line_before_opening_anything(tmp_path, monkeypatch):
    import uvicorn

    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: pytest.fail("served"))
    db = tmp_path / "t.sqlite"
    result = tavolo("serve", "--db", str(db), lang=None, env={"TAVOLO_LIMITS": "tables_burst=abc"})
    refused(result, 2, "TAVOLO_LIMITS: tables_burst dev'essere un numero, non 'abc'")
    assert "--db" not in result.output and not db.exists()            # not blamed on, nor made, the database
    refused(tavolo("serve", "--db", str(db), env={"TAVOLO_LIMITS": "tables=3"}), 2,
            "TAVOLO_LIMITS: no limit 'tables' (one of tables_burst, tables_per_minute, ...)")


# --- 4. CSV fields over the reader's limit ------------------------------------------------------------------------


def test_a_csv_field_over_the_limit_is_refused_with_its_line_and_field(tmp_path):
    entrants, scores = tmp_path / "iscritti.csv", tmp_path / "turno.csv"
    entrants.write_text("name,player1,player2\nI Leoni,Rossi,Bianchi\nA," + "x" * 200_000 + ",B\n")
    scores.write_text("round,table,ns,ew\n1,1," + "5" * 200_000 + ",5\n")
    db = str(tmp_path / "t.sqlite")
    tavolo("tournament", "new", "Circolo", "--db", db)
    refused(tavolo("tournament", "import", str(entrants), "--db", db), 1,
            f"refused: iscritti.csv line 3, field 'player1': longer than {CSV_LIMIT} characters")
    refused(tavolo("tournament", "score", "--file", str(scores), "--db", db, lang=None), 1,
            f"rifiutato: turno.csv riga 2, campo 'ns': più lungo di {CSV_LIMIT} caratteri")
    assert "I Leoni" not in tavolo("tournament", "entrants", "--db", db).output  # all or nothing


def test_a_truncated_utf16_file_is_not_text(tmp_path):
    path = tmp_path / "iscritti.csv"
    path.write_bytes(b"\xff\xfeab\x00")
    db = str(tmp_path / "t.sqlite")
    tavolo("tournament", "new", "Circolo", "--db", db)
    refused(tavolo("tournament", "import", str(path), "--db", db), 1, "refused: iscritti.csv: not a text file")


# --- 5. nested brackets, damaged records --------------------------------------------------------------------------


@pytest.mark.parametrize("text", [NESTED, "{" * 200_000])
def test_nested_brackets_for_bridge_pbn_are_refused_naming_the_file(text, tmp_path):
    path = tmp_path / "record.json"
    path.write_text(text)
    refused(tavolo("bridge", "pbn", str(path)), 2, f"{path}: ")


def test_nested_brackets_say_so(tmp_path):
    path = tmp_path / "record.json"
    path.write_text(NESTED)
    refused(tavolo("bridge", "pbn", str(path), lang=None), 2,
            f"{path}: parentesi annidate troppo in profondità per leggerlo")


@pytest.mark.parametrize(("text", "reason"), [
    ("[1, 2]", "not a game record"),
    ('{"game": "bridge", "options": {}, "seats": [], "seed": 1, "actions": [5]}', "the record does not replay"),
    ('{"game": "bridge", "options": {"x": 1}, "seats": [], "seed": 1}', "the record does not replay"),
])
def test_a_damaged_bridge_record_is_refused(text, reason, tmp_path):
    path = tmp_path / "record.json"
    path.write_text(text)
    refused(tavolo("bridge", "pbn", str(path)), 2, f"{path}: {reason}")


def test_nested_brackets_for_tournament_restore_are_refused_naming_the_file(tmp_path):
    path = tmp_path / "backup.json"
    path.write_text(NESTED)
    refused(tavolo("tournament", "restore", str(path), "--db", str(tmp_path / "t.sqlite")), 1,
            f"refused: {path}: brackets nested too deeply to read")


def test_a_backup_whose_events_are_nonsense_is_refused_and_nothing_restored(tmp_path):
    db, path = str(tmp_path / "t.sqlite"), tmp_path / "backup.json"
    tavolo("tournament", "new", "Circolo", "--db", db, "-a", "arbitro")
    tavolo("tournament", "add", "Rossi", "Bianchi", "--db", db)
    tavolo("tournament", "backup", "-o", str(path), "--db", db)
    data = json.loads(path.read_text())
    data["events"][1]["payload"] = {key: None for key in data["events"][1]["payload"]}
    path.write_text(json.dumps(data))
    other = str(tmp_path / "other.sqlite")
    refused(tavolo("tournament", "restore", str(path), "--db", other), 1, f"refused: {path}: a damaged backup")
    assert tavolo("tournament", "list", "--db", other).output == ""


def test_nested_brackets_in_a_score_sheet_are_refused(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text('{"a": ' * 15_000)
    refused(tavolo("burraco", "score", str(path)), 1, f"{path}: brackets nested too deeply to read")


@pytest.mark.parametrize("text", [NESTED, "[1]"])
def test_a_damaged_saved_match_is_refused(text, tmp_path):
    (tmp_path / "saved").mkdir()
    (tmp_path / "saved" / "burraco.json").write_text(text)
    refused(tavolo("play", "burraco", "--resume", env={"TAVOLO_HOME": str(tmp_path)}), 2,
            "cannot resume the burraco match saved at")


# --- 6. Ray -------------------------------------------------------------------------------------------------------


def test_a_ray_address_nobody_answers_fails_in_seconds():
    started = time.monotonic()
    result = tavolo("arena", "random", "simple", "--deals", "1", "--ray", "127.0.0.1:1")
    refused(result, 2, "no Ray cluster at '127.0.0.1:1' (Connection refused); start one with: ray start --head")
    assert time.monotonic() - started < 15


def test_a_ray_host_that_does_not_resolve_fails_in_seconds():
    from tavolo.arena.runner import ArenaError, check_ray_address

    started = time.monotonic()
    with pytest.raises(ArenaError, match="no Ray cluster at 'nowhere.invalid:1'"):
        check_ray_address("nowhere.invalid:1")
    assert time.monotonic() - started < 15
    check_ray_address("auto")  # Ray's to find


# --- 7. bridge analyse ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "english", "italian"), [
    ("", "no board in this PBN text", "nessun board in questo testo PBN"),
    ("{" * 1000, "line 1: a comment opened with a brace is never closed",
     "un commento aperto con una graffa non viene mai chiuso"),
])
def test_a_pbn_file_without_boards_is_refused(text, english, italian, tmp_path):
    path = tmp_path / "empty.pbn"
    path.write_text(text)
    refused(tavolo("bridge", "analyse", str(path)), 2, f"{path}: {english}")
    refused(tavolo("bridge", "analyse", str(path), lang=None), 2, italian)


@pytest.mark.parametrize(("make", "reason"), [
    (lambda p: p.write_bytes(bytes(range(256))), "line 1"),  # read as Latin-1, PBN's own character set
    (lambda p: p.mkdir(), "cannot read"),
    (lambda p: None, "cannot read"),
])
def test_a_pbn_that_is_binary_a_folder_or_missing_is_refused(make, reason, tmp_path):
    path = tmp_path / "boards.pbn"
    make(path)
    refused(tavolo("bridge", "analyse", str(path)), 2, reason, str(path))


# --- 8. the Machiavelli solver is silent --------------------------------------------------------------------------


def test_the_machiavelli_solver_prints_nothing(capfd):
    """HiGHS writes its banner once per process, at its first solver: a fresh process shows it (its output goes
    to this test's captured file descriptors)."""
    code = "from tavolo.games.machiavelli.solver import most_cards; assert most_cards([], list(range(20))).laid == 20"
    env = os.environ | {"PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")}
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60, env=env)
    assert capfd.readouterr() == ("", "")


# --- the messages in Italian ---------------------------------------------------------------------------------------


def _refusals(checks) -> set[str]:
    templates = set()
    for check, path in checks:
        with pytest.raises(UnwritablePath) as refusal:
            check(path)
        templates.add(refusal.value.message.template)
    return templates


def test_every_output_path_refusal_has_its_italian(tmp_path):
    """Files: for ``tavolo`` (the engine's texts, in the ``rules`` catalog) and in the tournament's catalog (its
    -o options); folders (--plots): for ``tavolo``."""
    (tmp_path / "file").write_text("")
    files = _refusals([(writable_file, tmp_path), (writable_file, tmp_path / "no" / "x"),
                       (writable_file, tmp_path / "file" / "x")]) | {"cannot write {path}: {reason}"}
    folders = _refusals([(writable_folder, tmp_path / "file"), (writable_folder, tmp_path / "file" / "x")])
    kept = Text("cannot write {path}: {reason}; saved to {kept} instead").template
    tavolo_words, tournament = Words("it"), catalog("it", "tournament")
    assert len(files) == 4 and len(folders) == 2
    assert sorted(t for t in files | folders | {kept, "cannot write into {path}: {reason}"}
                  if tavolo_words(t) == t) == []
    assert sorted(t for t in files if not tournament.get(t)) == []
