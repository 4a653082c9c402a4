"""`tavolo burraco score` with bad input (issue 11): every case refused in one line naming where
and what, never a traceback; JSON as strict as the text format, by a schema; Italian field words."""

import json

import pytest
from typer.testing import CliRunner

from tavolo.cli import app
from tavolo.games.burraco import scoresheet
from tavolo.games.burraco.scoresheet import SHEET_SCHEMA, SheetError, parse_sheet, score_sheet, sheet_text

from tests.burraco.test_tools import SHEET

runner = CliRunner(env={"TAVOLO_LANG": "en"})
GOOD = {"rules": "fibur", "sides": [
    {"name": "Noi", "closed": True, "pozzetto": True, "melds": ["3h 4h 5h 6h 7h 8h 9h", "Kd Kc Ks *(K)"],
     "hands": ["", "7c 8d"]},
    {"name": "Loro", "pozzetto": False, "melds": ["Ah Ad As"], "hands": ["Qs Qd 4c", "5h"]}]}


def score(tmp_path, data: bytes, *args):
    path = tmp_path / "sheet"
    path.write_bytes(data)
    return runner.invoke(app, ["burraco", "score", str(path), *args])


def refused(text):
    with pytest.raises(SheetError) as info:
        parse_sheet(text)
    return info.value


def changed(**side0):
    data = json.loads(json.dumps(GOOD))
    data["sides"][0].update(side0)
    return json.dumps(data)


# --- files that are not sheets ---------------------------------------------------------------

@pytest.mark.parametrize("data", [b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", bytes(range(256)), b"side: A\x00\n"])
def test_a_binary_file_is_refused_in_one_line(tmp_path, data):
    result = score(tmp_path, data)
    assert result.exit_code == 1 and "not a text file" in result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) <= 2


def test_a_byte_order_mark_is_read(tmp_path):
    result = score(tmp_path, "\ufeff".encode() + SHEET.encode())
    assert result.exit_code == 0 and "390" in result.output


def test_a_huge_sheet_is_refused_at_once(tmp_path, monkeypatch):
    """Refused by its size before a line of it is read."""
    monkeypatch.setattr(scoresheet, "parse_sheet", lambda *a, **k: pytest.fail("a sheet over the size limit was parsed"))
    result = score(tmp_path, b"side: x\n  pozzetto: taken\n" * 100_000)
    assert result.exit_code == 1 and "at most 100000 bytes" in result.output


def test_a_hundred_thousand_sides_are_refused_before_they_are_read(monkeypatch):
    """The text stops at the sixth side; the JSON is refused by its count of sides before the
    schema checks one of them (work bounded by the limit, not by the file)."""
    error = refused("side: x\n  pozzetto: taken\n" * 3000)
    assert error.where == "line 11" and "at most 5 sides" in str(error)
    monkeypatch.setattr(scoresheet.SheetModel, "model_validate", lambda *a, **k: pytest.fail("100,000 sides were validated"))
    data = json.dumps({"sides": [{"name": "x", "pozzetto": True}] * 100_000})
    assert "at most 5 sides" in str(refused(data))


# --- JSON: a schema, strict types, no unknown keys ---------------------------------------------------

def test_json_sheet_scores_like_the_text_sheet():
    """fedibur-1985 art. 7-8: the README's example, 390 and -85, in either format."""
    assert [s.total for s in score_sheet(parse_sheet(json.dumps(GOOD)))] == [390, -85]


@pytest.mark.parametrize("change, where, reason", [
    ({"hands": 5}, "sides[0].hands", "valid list"),
    ({"melds": None}, "sides[0].melds", "valid list"),
    ({"closed": "no"}, "sides[0].closed", "valid boolean"),
    ({"pozzetto": "not taken"}, "sides[0].pozzetto", "valid boolean"),
    ({"pozzetto": None}, "sides[0].pozzetto", "valid boolean"),
    ({"meld": "Ah Ad As"}, "sides[0].meld", "did you mean melds?"),
    ({"hand": ""}, "sides[0].hand", "did you mean hands?"),
])
def test_json_with_wrong_types_or_unknown_keys_is_refused(change, where, reason):
    error = refused(changed(**change))
    assert error.where == where and reason in str(error)


def test_json_pozzetto_is_required():
    data = json.loads(changed())
    del data["sides"][1]["pozzetto"]
    error = refused(json.dumps(data))
    assert error.where == "sides[1].pozzetto" and "required" in str(error)


def test_the_schema_is_strict_and_printed_by_the_command():
    side = SHEET_SCHEMA["$defs"]["SideModel"]
    assert side["additionalProperties"] is False and side["required"] == ["name", "pozzetto"]
    assert side["properties"]["closed"]["type"] == "boolean"
    result = runner.invoke(app, ["burraco", "score", "--schema"])
    assert result.exit_code == 0 and json.loads(result.output) == SHEET_SCHEMA


def test_the_commands_own_json_output_is_refused_as_a_result(tmp_path):
    (tmp_path / "hand.txt").write_text(SHEET)
    out = runner.invoke(app, ["burraco", "score", str(tmp_path / "hand.txt"), "--json"]).output
    result = score(tmp_path, out.encode())
    assert result.exit_code == 1 and "is a result of 'tavolo burraco score --json', not a score sheet" in result.output


# --- sheets no real hand could produce ----------------------------------------------------------

def test_a_side_that_closed_has_an_empty_hand():
    """fedibur-1985 art. 6: "Chiudere, cioè rimanere senza carte" - the closer holds nothing."""
    error = refused(SHEET.replace("  hand:\n", "  hand: 4d\n", 1))
    assert error.where == "line 3" and "closer's hand is empty" in str(error)


def test_no_more_hand_lines_than_the_side_has_players():
    """estratto "Il gioco in 4": a side of four players is a pair, so two hands."""
    error = refused(SHEET.replace("  hand: 5h\n", "  hand: 5h\n  hand: 6h\n"))
    assert error.where == "line 14" and "at most 2 players" in str(error)


def test_no_more_sides_than_the_table_has():
    """estratto "Il gioco in 4": two pairs."""
    third = "side: Altri\n  pozzetto: not taken\n  hand: 6d\n"
    error = refused(SHEET + third)
    assert error.where == "line 14" and "4 players make at most 2 sides" in str(error)
    alone = "players: 3\n" + SHEET.replace("  hand: 5h\n", "").replace("  hand: 7c 8d\n", "")
    assert len(score_sheet(parse_sheet(alone + third))) == 3
    error = refused(alone.replace("  hand:\n", "  hand:\n  hand: 7c\n") + third)
    assert "at most 1 players" in str(error)  # three sides of three players: everyone alone


def test_nine_naturals_in_a_combination_are_named():
    """fedibur-1985 art. 4: "combinazioni ... un massimo di 9 carte, compresa l'eventuale matta"."""
    error = refused("players: 6\n" + SHEET.replace("meld: Ah Ad As", "meld: 8h 8h 8d 8d 8c 8c 8s 8s 8s"))
    assert "at most 8 naturals plus one wild, not 9" in str(error)


def test_three_players_a_pair_may_hold_two_combinations_of_a_rank():
    """DECISIONS.md (issue 11): with 3 players, combinations each partner opened before the sides
    formed stand, so a pair may show two of one rank; a side of 4 players may not (fedibur-1985 art. 5)."""
    two_jacks = SHEET.replace("meld: Ah Ad As", "meld: Jh Jh Jd\n  meld: Jc Jc Js")
    with pytest.raises(SheetError, match="two combinations of the same rank"):
        parse_sheet(two_jacks)
    two_jacks = two_jacks.replace("  hand: 7c 8d\n", "")  # Noi alone, Loro the pair
    totals = [s.total for s in score_sheet(parse_sheet("players: 3\n" + two_jacks))]
    assert totals == [405, 60 - 30 - 100]
    with pytest.raises(SheetError, match="two combinations of the same rank"):
        parse_sheet("players: 3\n" + two_jacks.replace("  hand: 5h\n", ""))  # one hand: a lone player


# --- the Italian words of the format ----------------------------------------------------------

def test_italian_field_words_and_rule_names_in_any_case():
    italiano = (SHEET.replace("rules: fibur", "regole: FIBUR").replace("side:", "coppia:")
                .replace("closed: yes", "chiuso: sì").replace("pozzetto: taken", "pozzetto: preso")
                .replace("pozzetto: not taken", "pozzetto: non preso").replace("meld:", "gioco:")
                .replace("hand:", "mano:"))
    sheet = parse_sheet(italiano)
    assert sheet.rules == "fibur" and [s.total for s in score_sheet(sheet)] == [390, -85]


def test_the_command_speaks_italian_by_default(tmp_path):
    path = tmp_path / "sheet"
    path.write_text(SHEET.replace("closed: yes", "closed: forse"))
    result = CliRunner(env={"TAVOLO_LANG": None}).invoke(app, ["burraco", "score", str(path)])
    assert result.exit_code == 1 and "scrivi sì o no, non 'forse'" in result.output


def test_sheet_text_drops_the_bom_and_refuses_nul():
    assert sheet_text("\ufeffside: A".encode()) == "side: A"
    with pytest.raises(SheetError, match="not a text file"):
        sheet_text(b"\xff\xfe\x00s")


def test_standard_input_is_read_as_bytes_too():
    result = runner.invoke(app, ["burraco", "score", "-"], input="\ufeff" + SHEET)
    assert result.exit_code == 0 and "390" in result.output
    result = runner.invoke(app, ["burraco", "score", "-"], input=b"\x89PNG\r\n\x1a\n\x00")
    assert result.exit_code == 1 and "not a text file" in result.output
