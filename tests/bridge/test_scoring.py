"""Bridge scoring checked against the seed (raccolta, Bridge, "Punteggio"), the Laws where
the seed is vague (DECISIONS.md), every contract against endplay's own scorer, and the
figures of a public implementation's scoring tests (jasujm/bridge, a C++ bridge engine:
its gtest TestDuplicateScoring.cc; read and checked by hand against the Laws, not copied)."""

import pytest
from endplay.types import Contract as EndplayContract
from endplay.types import Penalty, Player

from tavolo.games.bridge.calls import Contract
from tavolo.games.bridge.endplay_types import VULS, to_denom
from tavolo.games.bridge.rubber import RubberSheet
from tavolo.games.bridge.scoring import (board_dealer, board_vulnerability, contract_score, duplicate_score,
                                         honours, imps, matchpoints, percentages, trick_score,
                                         undertrick_penalty)
from tavolo.games.bridge.cards import parse_many


def c(text):
    return Contract.parse(text)


def test_trick_points_as_the_seed_gives_them():
    # seed "Punteggio": 30 a trick in spades or hearts, 20 in diamonds or clubs, 40 then 30 at no trumps
    assert trick_score(c("1S by N")) == 30 and trick_score(c("1H by N")) == 30
    assert trick_score(c("1D by N")) == 20 and trick_score(c("1C by N")) == 20
    assert trick_score(c("2NT by N")) == 70  # "un contratto di 2 vale 40+30=70 punti"
    # "Per vincere un gioco in un solo colpo ... 3 prese a senza, 4 a cuori o a picche e 5 a fiori o quadri"
    assert [trick_score(c(t)) >= 100 for t in ("3NT by N", "4H by N", "4S by N", "5C by N", "5D by N")] == [True] * 5
    assert [trick_score(c(t)) >= 100 for t in ("2NT by N", "3S by N", "4D by N")] == [False] * 3


def test_bonuses_as_the_seed_gives_them():
    # overtricks 30 major / 20 minor; doubled 100/200 in prima, 200/400 in seconda
    assert contract_score(c("2S by N"), 10, False).overtricks == 60
    assert contract_score(c("2C by N"), 10, True).overtricks == 40
    assert contract_score(c("2CX by N"), 9, False).overtricks == 100
    assert contract_score(c("2CXX by N"), 9, False).overtricks == 200
    assert contract_score(c("2CX by N"), 9, True).overtricks == 200
    assert contract_score(c("2CXX by N"), 9, True).overtricks == 400
    # slams 500 / 750, 1000 / 1500
    assert [contract_score(c(t), 13, v).slam for t in ("6H by N", "7H by N") for v in (False, True)] == \
        [500, 750, 1000, 1500]


def test_competition_bonuses_as_the_seed_gives_them():
    # "50 punti per ogni contratto parziale ... 300 ... manche in prima, 500 ... in seconda"
    assert duplicate_score(c("2S by N"), 8, False) == 60 + 50
    assert duplicate_score(c("4S by N"), 10, False) == 120 + 300
    assert duplicate_score(c("4S by N"), 10, True) == 120 + 500


@pytest.mark.parametrize("args, score", [
    (("1C", 7, False), 70), (("1D", 8, False), 90), (("1H", 9, False), 140), (("1S", 10, False), 170),
    (("1NT", 11, False), 210), (("3NT", 9, False), 400), (("5C", 11, False), 400), (("6C", 12, False), 920),
    (("7NT", 13, False), 1520), (("1NTX", 7, False), 180), (("1NTX", 8, False), 280), (("2NTX", 8, False), 490),
    (("1CXX", 7, False), 230), (("1CXX", 8, False), 430), (("2CXX", 8, False), 560), (("1CX", 8, True), 340),
    (("1CXX", 8, True), 630), (("6NT", 12, True), 1440), (("7NT", 13, True), 2220),
    (("5CX", 6, False), -1100), (("5CXX", 6, False), -2200), (("5CX", 6, True), -1400), (("5CXX", 6, True), -2800),
])
def test_the_public_implementations_figures(args, score):
    bid, tricks, vulnerable = args
    assert duplicate_score(c(f"{bid} by S"), tricks, vulnerable) == score


def test_every_contract_and_result_scores_as_endplay_scores_it():
    for level in range(1, 8):
        for denomination in range(5):
            for doubled in range(3):
                for vulnerable in (False, True):
                    for tricks in range(14):
                        ours = duplicate_score(Contract(level, denomination, doubled, 0), tricks, vulnerable)
                        theirs = EndplayContract(level=level, denom=to_denom(denomination), declarer=Player.north,
                                                 penalty=Penalty(1 << doubled), result=tricks - level - 6)
                        assert ours == theirs.score(VULS[3 if vulnerable else 0]), (level, denomination, doubled)


def test_undertricks_follow_the_laws_where_the_seed_is_vague():
    # seed: "penalità che vanno dai 50 ai 200 punti in prima e dai 200 ai 400 in seconda"; Laws 2017, Law 77
    assert [undertrick_penalty(d, 0, False) for d in (1, 2)] == [50, 100]
    assert [undertrick_penalty(d, 0, True) for d in (1, 2)] == [100, 200]
    assert [undertrick_penalty(d, 1, False) for d in (1, 2, 3, 4, 5)] == [100, 300, 500, 800, 1100]
    assert [undertrick_penalty(d, 1, True) for d in (1, 2, 3)] == [200, 500, 800]


def test_honours_in_one_hand():
    # seed: 100 for 4 of the 5 trump honours (A R D F 10) in one hand, 150 for 5, 150 for 4 aces at no trumps
    hands = [parse_many("HA HK HQ HJ S2"), parse_many("SA DA CA"), [], parse_many("HA DA CA SA")]
    assert honours(hands[:2] + [[], []], c("4H by E")) == (0, 100)
    assert honours([parse_many("HA HK HQ HJ HT")], c("4H by N")) == (0, 150)
    assert honours(hands, c("3NT by S")) == (3, 150)
    assert honours(hands, c("4S by S")) == (-1, 0)


def test_a_rubber_to_two_games_with_its_bonus():
    # seed: "Nella partita libera vince chi si aggiudica due manche ... 100 punti partita"
    sheet = RubberSheet().after(c("4S by N"), 10)
    assert sheet.games == (1, 0) and sheet.vulnerable(0) and not sheet.vulnerable(1)
    sheet = sheet.after(c("3NT by E"), 9)
    assert sheet.games == (1, 1) and not sheet.over
    sheet = sheet.after(c("2H by N"), 8).after(c("2D by W"), 8)
    assert sheet.below == (60, 40)
    sheet = sheet.after(c("1S by S"), 7)   # 60 + 30 = 90: no game yet
    assert not sheet.over
    sheet = sheet.after(c("2C by N"), 7, honours=(1, 100))  # down one vulnerable: 100 to EW; EW hold honours
    assert sheet.above == (0, 200) and sheet.below == (90, 40)
    sheet = sheet.after(c("1NT by S"), 7)
    assert sheet.over and sheet.games == (2, 1)
    assert sheet.totals() == (120 + 60 + 30 + 40 + 500, 100 + 40 + 200)


def test_a_two_nil_rubber_earns_700():
    sheet = RubberSheet().after(c("3NT by N"), 9).after(c("5D by S"), 11)
    assert sheet.games == (2, 0) and sheet.above == (700, 0)


def test_boards_set_dealer_and_vulnerability():
    assert [board_dealer(b) for b in (1, 2, 3, 4, 5, 17)] == [0, 1, 2, 3, 0, 0]
    cycle = [board_vulnerability(b) for b in range(1, 17)]
    assert cycle == [0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1, 3, 0, 1, 2]
    assert board_vulnerability(17) == board_vulnerability(1)


def test_imps_and_matchpoints():
    assert [imps(d) for d in (0, 10, 20, 50, 420, 430, 3990, 4000, -620)] == [0, 0, 1, 2, 9, 10, 23, 24, -12]
    assert matchpoints([100, 100, 50]) == [3.0, 3.0, 0.0]
    assert percentages([620, 170]) == [100.0, 0.0]
