"""The players' tools: counting a real hand (tavolo burraco score) and the terminal game
(tavolo play burraco)."""

import io
import json

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tavolo.bots.simple import SimpleBurracoBot
from tavolo.cli import app
from tavolo.engine.record import GameRecord
from tavolo.games import replay
from tavolo.games.burraco import make_game
from tavolo.games.burraco.scoresheet import SheetError, parse_sheet, score_sheet
from tavolo.terminal.burraco import TerminalBurraco

SHEET = """\
rules: fibur
side: Noi
  closed: yes
  pozzetto: taken
  meld: 3h 4h 5h 6h 7h 8h 9h      # clean burraco, 45 points
  meld: Kd Kc Ks *(K)             # 60
  hand:
  hand: 7c 8d
side: Loro
  pozzetto: not taken
  meld: Ah Ad As
  hand: Qs Qd 4c
  hand: 5h
"""
runner = CliRunner(env={"TAVOLO_LANG": "en", "TAVOLO_HOME": "/tmp/tavolo-test-home"})


def test_score_sheet_breakdown():
    """fedibur-1985 art. 7-8: 100 closing + 200 clean + 105 melded - 15 in hand = 390;
    45 melded - 30 in hand - 100 pozzetto not taken = -85."""
    noi, loro = score_sheet(parse_sheet(SHEET))
    assert (noi.closing, noi.burraco_bonus, noi.melded, noi.in_hand, noi.pozzetto, noi.total) == (100, 200, 105, -15, 0, 390)
    assert (loro.melded, loro.in_hand, loro.pozzetto, loro.total) == (45, -30, -100, -85)


def test_score_sheet_json_format_gives_the_same_points():
    data = {"rules": "fibur", "sides": [
        {"name": "Noi", "closed": True, "pozzetto": True, "melds": ["3h 4h 5h 6h 7h 8h 9h", "Kd Kc Ks *(K)"],
         "hands": ["", "7c 8d"]},
        {"name": "Loro", "pozzetto": False, "melds": ["Ah Ad As"], "hands": ["Qs Qd 4c", "5h"]}]}
    assert [s.total for s in score_sheet(parse_sheet(json.dumps(data)))] == [390, -85]


@pytest.mark.parametrize("change, where, reason", [
    (("meld: Ah Ad As", "meld: Ah Ad Ks"), "line 11", "is not a meld"),
    (("hand: 5h", "hand: 5x"), "line 13", "unknown suit 'x'"),
    (("hand: 5h", "hand: 3h 3h"), "line 13", "3h appears 3 times, but 2 decks hold 2"),
    (("  pozzetto: taken\n", "  pozzetto: not taken\n"), "line 3", "closed without its pozzetto"),
    (("meld: 3h 4h 5h 6h 7h 8h 9h", "meld: 3h 4h 5h 6h 7h 8h"), "line 3", "has no burraco"),
    (("  pozzetto: not taken", "  closed: yes\n  pozzetto: taken"), "line 10", "only one side can close"),
    (("hand: 5h", "colour: red"), "line 13", "unknown field"),
    (("closed: yes", "closed: maybe"), "line 3", "write yes or no"),
])
def test_impossible_sheets_are_refused_with_line_and_reason(change, where, reason):
    with pytest.raises(SheetError) as info:
        parse_sheet(SHEET.replace(*change, 1))
    assert info.value.where == where and reason in str(info.value)


def test_internazionale_sheet_rules():
    """codice, Burraco Internazionale regole 1-2: only aces and threes combine; closing needs a
    clean burraco."""
    with pytest.raises(SheetError, match="aces and threes"):
        parse_sheet(SHEET, rules="internazionale")
    dirty = SHEET.replace("meld: 3h 4h 5h 6h 7h 8h 9h", "meld: 3h 4h 5h * 7h 8h 9h").replace(
        "  meld: Kd Kc Ks *(K)             # 60\n", "").replace("meld: Ah Ad As", "meld: 3c 3d 3s")
    with pytest.raises(SheetError, match="no clean burraco"):
        parse_sheet(dirty, rules="internazionale")


def test_cli_score_prints_the_breakdown_and_json(tmp_path):
    path = tmp_path / "hand.txt"
    path.write_text(SHEET)
    result = runner.invoke(app, ["burraco", "score", str(path)])
    assert result.exit_code == 0 and "390" in result.output and "-85" in result.output
    result = runner.invoke(app, ["burraco", "score", str(path), "--json"])
    assert [s["total"] for s in json.loads(result.output)["sides"]] == [390, -85]


def test_cli_score_refuses_a_bad_sheet_with_exit_code_1(tmp_path):
    path = tmp_path / "hand.txt"
    path.write_text(SHEET.replace("hand: 5h", "hand: 5x"))
    result = runner.invoke(app, ["burraco", "score", str(path)])
    assert result.exit_code == 1 and "line 13" in result.output


# --- the terminal game -------------------------------------------------------------------------

def test_a_person_plays_a_whole_hand_in_the_terminal():
    """Mistyped and illegal moves are explained and nothing is played; the hand is played
    to its end; the person sees only their own hand."""
    game = make_game(players=4, target=None)
    out = io.StringIO()
    typed = []

    def read(prompt):
        state = term.state
        if not typed:
            typed.append("fly")
            return "fly"
        if len(typed) == 1:
            typed.append("discard Kd")
            return "discard Kd" if state.phase == "draw" else "help"
        move = state.action_to_string(state.legal_actions()[0])
        typed.append(move)
        return move

    term = TerminalBurraco(game, {s: SimpleBurracoBot(seed=s) for s in (1, 2, 3)}, seat=0,
                           console=Console(file=out, width=120), read=read, seed=3, lang="en")
    record = term.run()
    text = out.getvalue()
    assert "unknown move 'fly'" in text
    assert "a turn begins by drawing" in text
    assert "Hand 1: the stock ran out" in text and record.result == term.state.returns()
    assert term.state.is_terminal()


def test_cli_play_quits_cleanly():
    result = runner.invoke(app, ["play", "burraco", "--players", "2", "--seed", "1"], input="moves\nquit\n")
    assert result.exit_code == 0 and "draw, take" in result.output and "You left the table" in result.output


def test_cli_play_refuses_bad_options():
    result = runner.invoke(app, ["play", "burraco", "--target", "1234"])
    assert result.exit_code != 0 and "choose one of 505" in result.output


def test_cli_play_refuses_an_unknown_bot():
    result = runner.invoke(app, ["play", "burraco", "--bot", "grandmaster"])
    assert result.exit_code != 0 and "bot 'grandmaster': choose one of" in result.output and "heuristic" in result.output


def test_cli_play_against_strong_bots_saves_a_replayable_record(tmp_path):
    path = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "burraco", "--players", "2", "--seed", "3", "--bot", "heuristic:strong",
                                 "--record", str(path)], input="draw\nquit\n")
    assert result.exit_code == 0 and "You left the table" in result.output
    record = GameRecord.load(path)
    assert record.actions == ["draw"] and record.seed == 3
    assert replay(record).current_player() == 0
