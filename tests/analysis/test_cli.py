"""``tavolo analyse RECORD --seat N`` (issue 41): the timeline and the summary in Italian; a
malformed record refused naming the line or the field, with no traceback."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tavolo.cli import app

DATA = Path(__file__).parent / "data"


def run(*args: str):
    return CliRunner().invoke(app, ["analyse", *args], env={"TAVOLO_LANG": "it", "COLUMNS": "200"})


def test_a_small_record_prints_the_timeline_and_the_summary_in_italian():
    result = run(str(DATA / "campione4.json"), "--seat", "0", "--budget", "0.5")
    assert result.exit_code == 0, result.output
    assert "Analisi di pimc:rounds=48,melds=all (posto 0), burraco" in result.output
    assert "pesca o raccolta" in result.output and "Punti persi per tipo di decisione" in result.output
    assert "Totale" in result.output


def refused(tmp_path: Path, text: str, *args: str) -> str:
    path = tmp_path / "record.json"
    path.write_text(text, encoding="utf-8")
    result = run(str(path), "--seat", "0", *args)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "Questa partita non si può analizzare" in result.output or "--seat" in result.output
    return " ".join(result.output.split())


def test_a_file_that_is_not_json_is_refused_naming_its_line(tmp_path):
    assert "riga 3, colonna" in refused(tmp_path, '{\n "game": "burraco",\n "seats": [1 2]\n}')


def test_a_field_of_the_wrong_form_is_refused_naming_it(tmp_path):
    data = json.loads((DATA / "campione4.json").read_text(encoding="utf-8"))
    data["actions"][3] = 7
    assert "campo actions[3]: deve essere una stringa" in refused(tmp_path, json.dumps(data))
    del data["seed"]
    assert "campo seed: manca" in refused(tmp_path, json.dumps(data))


def test_a_move_that_does_not_apply_is_refused_naming_it(tmp_path):
    data = json.loads((DATA / "campione4.json").read_text(encoding="utf-8"))
    data["actions"][5] = "discard 3h 4h"
    assert "campo actions[5]: la mossa 6" in refused(tmp_path, json.dumps(data))


def test_a_seat_out_of_the_table_is_refused():
    result = run(str(DATA / "campione4.json"), "--seat", "7")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "--seat deve essere un posto da 0 a 3" in " ".join(result.output.split())


def test_a_missing_file_is_refused():
    result = run("/nonexistent/record.json", "--seat", "0")
    assert result.exit_code == 2 and "Traceback" not in result.output
