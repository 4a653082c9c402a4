"""The traveller of a club session read from PBN: each board once per table with its own
contract, declarer and result; every table's North-South score (duplicate, seed raccolta,
Bridge, "Punteggio"), matchpoints (2 per score beaten, 1 per tie: DECISIONS.md) and
cross-IMPs (the WBF scale, each score against every other table's, averaged)."""

import pytest
from typer.testing import CliRunner

from tavolo.games.bridge.boards import BoardFileError
from tavolo.games.bridge.pbn import loads
from tavolo.games.bridge.traveller import travellers

DEAL_1 = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
DEAL_2 = "N:T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432"


def game(board, dealer, vulnerable, deal, declarer, contract, result):
    return (f'[Board "{board}"]\n[Dealer "{dealer}"]\n[Vulnerable "{vulnerable}"]\n[Deal "{deal}"]\n'
            f'[Declarer "{declarer}"]\n[Contract "{contract}"]\n[Result "{result}"]\n\n')


SESSION = "".join([
    game(1, "N", "None", DEAL_1, "N", "4S", 10),
    game(1, "N", "None", DEAL_1, "N", "4S", 9),
    game(1, "N", "None", DEAL_1, "S", "3NT", 10),
    game(2, "E", "NS", DEAL_2, "E", "3NT", 8),
    game(2, "E", "NS", DEAL_2, "S", "2H", 8),
    game(2, "E", "NS", DEAL_2, "E", "3NTX", 8),
])


def test_two_boards_three_tables_matchpoints_and_cross_imps_by_hand():
    """Board 1, nobody vulnerable: 4S made, 120 + 300 = +420; 4S one down, -50; 3NT with an
    overtrick, 100 + 30 + 300 = +430. Matchpoints (top 4): +430 beats both, 4; +420 beats
    -50, 2; -50 beats nobody, 0. Cross-IMPs: +420 against -50 is 470, 10 IMPs, against +430
    is -10, 0: (10 + 0) / 2 = +5; -50: (-10 - 10) / 2 = -10; +430: (0 + 10) / 2 = +5.

    Board 2, North-South vulnerable: 3NT by East one down, not vulnerable, +50 to North-South;
    2H by South made, 60 + 50 = +110; 3NTX by East one down doubled, not vulnerable, +100.
    Matchpoints: +110 beats both, 4; +100 beats +50, 2; +50, 0. Cross-IMPs: +50 against +110
    is -60, -2 IMPs, against +100 is -50, -2: -2; +110: +60 is 2, +10 is 0: +1; +100: +50 is 2,
    -10 is 0: +1."""
    first, second = travellers(loads(SESSION))
    assert (first.number, first.dealer, first.vulnerability, first.top) == (1, 0, 0, 4)
    assert [(t.table, t.result.contract, t.result.tricks, t.result.points[0]) for t in first.tables] == \
        [(1, "4S by N", 10, 420), (2, "4S by N", 9, -50), (3, "3NT by S", 10, 430)]
    assert [(t.matchpoints, t.percent, t.imps) for t in first.tables] == [(2, 50, 5), (0, 0, -10), (4, 100, 5)]
    assert (second.number, second.dealer, second.vulnerability) == (2, 1, 1)
    assert [t.result.points[0] for t in second.tables] == [50, 110, 100]
    assert [(t.matchpoints, t.imps) for t in second.tables] == [(0, -2), (4, 1), (2, 1)]


def test_the_command_prints_the_travellers_in_italian(tmp_path):
    from tavolo.cli import app

    path = tmp_path / "session.pbn"
    path.write_text(SESSION, encoding="utf-8")
    out = CliRunner(env={"COLUMNS": "200", "TAVOLO_LANG": "it"}).invoke(app, ["bridge", "traveller", str(path)])
    assert out.exit_code == 0, out.output
    assert "Board 1, mazziere Nord, tutti in prima, top 4" in out.output
    assert "Board 2, mazziere Est, Nord-Sud in seconda, top 4" in out.output
    for label in ("Tavolo", "Contratto", "Dichiarante", "Prese", "Punti NS", "MP NS", "IMP NS"):
        assert label in out.output
    rows = [line.split() for line in out.output.splitlines() if line.split()[:1] in (["1"], ["2"], ["3"])]
    assert rows == [["1", "4S", "Nord", "10", "+420", "2", "50", "+5.00"],
                    ["2", "4S", "Nord", "9", "-50", "0", "0", "-10.00"],
                    ["3", "3NT", "Sud", "10", "+430", "4", "100", "+5.00"],
                    ["1", "3NT", "Est", "8", "+50", "0", "0", "-2.00"],
                    ["2", "2H", "Sud", "8", "+110", "4", "100", "+1.00"],
                    ["3", "3NTX", "Est", "8", "+100", "2", "50", "+1.00"]]
    assert "cross-IMP" in out.output and "matchpoints" not in out.output


def test_a_table_with_another_deal_or_no_result_is_refused():
    other = SESSION.replace(game(1, "N", "None", DEAL_1, "N", "4S", 9), game(1, "N", "None", DEAL_2, "N", "4S", 9))
    with pytest.raises(BoardFileError, match="board 1, table 2: its deal, dealer or vulnerability is not table 1's"):
        travellers(loads(other))
    unplayed = SESSION + f'[Board "3"]\n[Deal "{DEAL_1}"]\n'
    with pytest.raises(BoardFileError, match="board 3, table 1: the hand is not over"):
        travellers(loads(unplayed))
