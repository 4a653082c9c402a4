"""PBN files (Portable Bridge Notation 2.1) out and in: a played game's boards written and
read back give the same deals, auctions, contracts, play and scores; a file with an illegal
call, a wrong dealer or a bad deal is refused naming the board; the double-dummy table and
par of a deal come from endplay (DDS)."""

import pytest

from tavolo.bots.random_bot import RandomBot
from tavolo.engine.play import play
from tavolo.games.bridge import make_game
from tavolo.games.bridge.analysis import analyse
from tavolo.games.bridge.pbn import dumps, loads, record_states

BOARD = """[Event "club night"]
[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[Auction "E"]
1C Pass Pass Pass
"""


def test_a_played_game_goes_out_and_comes_back_in():
    game = make_game(board=7, boards=3)
    record = play(game, [RandomBot(seed=s) for s in range(4)], seed=21)
    states = record_states(record)
    assert len(states) == 3
    text = dumps(states)
    assert text.count("[Board ") == 3 and '[Board "8"]' in text and '[Dealer "W"]' in text
    again = loads(text)
    for original, loaded in zip(states, again):
        result = original.hand_results[-1]
        assert loaded.hand_results[-1].number == result.number and loaded.dealt_hands() == original.dealt_hands()
        assert loaded.calls == original.calls and loaded.contract == original.contract
        assert loaded.tricks == original.tricks
        if loaded.contract is not None:
            assert loaded.hand_results[-1].points == result.points


def test_a_hand_typed_from_a_club_sheet_is_read():
    state = loads(BOARD)[0]
    assert state.board == 2 and state.dealer == 1 and str(state.contract) == "1C by E"
    assert state.phase == "play" and state.current_player() == 2     # South leads against East


@pytest.mark.parametrize("change, message", [
    (("1C Pass Pass Pass", "1C 1C Pass Pass Pass"), "move 2: illegal move"),
    (('[Dealer "E"]', '[Dealer "S"]'), "dealer S is not board 2's"),
    (('[Vulnerable "NS"]', '[Vulnerable "All"]'), "vulnerability"),
    (("AKQJ.T98.765.432 T98", "AKQJ.T98.765.43 T98"), "13 different cards"),
])
def test_bad_files_are_refused_naming_the_board(change, message):
    with pytest.raises(ValueError, match=message) as info:
        loads(BOARD.replace(*change))
    assert "board 2" in str(info.value)


def test_double_dummy_table_and_par():
    a = analyse("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432", 3, 0, "7SX by N")
    assert a.table["S"] == [13, 0, 13, 0] and a.table["NT"] == [0, 0, 0, 0]
    assert a.par_score == 2210 and a.dd_tricks == 13


def test_cli_exports_a_record_and_analyses_a_file(tmp_path):
    from typer.testing import CliRunner

    from tavolo.cli import app

    runner = CliRunner()
    record = play(make_game(board=3), [RandomBot(seed=s) for s in range(4)], seed=4)
    record.save(tmp_path / "game.json")
    out = runner.invoke(app, ["bridge", "pbn", str(tmp_path / "game.json")])
    assert out.exit_code == 0 and '[Board "3"]' in out.output
    (tmp_path / "game.pbn").write_text(out.output, encoding="utf-8")
    analysed = runner.invoke(app, ["bridge", "analyse", str(tmp_path / "game.pbn")])
    assert analysed.exit_code == 0 and analysed.output.startswith("Board 3:") and "par" in analysed.output
    (tmp_path / "bad.pbn").write_text(BOARD.replace('[Dealer "E"]', '[Dealer "S"]'), encoding="utf-8")
    bad = runner.invoke(app, ["bridge", "analyse", str(tmp_path / "bad.pbn")])
    assert bad.exit_code != 0 and "dealer S" in bad.output


def test_the_analyse_option_puts_the_double_dummy_result_and_par_in_each_played_hand():
    from tavolo.engine.game import resolve_chance
    import random

    state = make_game(board=2, analyse=True).new_initial_state()
    resolve_chance(state, random.Random(6))
    for call in ("3NT", "pass", "pass", "pass"):
        state.apply_text(call)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    result = state.hand_results[0]
    expected = analyse(result.deal, result.vulnerability, result.dealer, result.contract)
    assert (result.dd_tricks, result.par, list(result.par_contracts)) == \
        (expected.dd_tricks, expected.par_score, expected.par_contracts)
    assert 0 <= result.dd_tricks <= 13
    assert make_game().options.analyse is False
