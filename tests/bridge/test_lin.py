"""BBO's LIN (the form hands played online are shared in), both ways through endplay's LIN
reader and writer: a deal, its auction and its play written as LIN read back equal; a hand
written by hand the way BBO writes one (``pn|...|md|3S...|sv|o|mb|1S|mb|p|...|pc|SA|...``)
reads, claim included; a bad pair is refused naming its line and the pair; the command line
writes records and PBN files as LIN and reads LIN wherever it reads PBN."""

import pytest
from typer.testing import CliRunner

from tavolo.bots.random_bot import RandomBot
from tavolo.engine.play import play
from tavolo.games.bridge import make_game
from tavolo.games.bridge.boards import BoardFileError
from tavolo.games.bridge.lin import dumps, loads
from tavolo.games.bridge.pbn import dumps as pbn_dumps
from tavolo.games.bridge.pbn import loads as pbn_loads
from tavolo.games.bridge.pbn import record_states
from tavolo.games.bridge.scoring import NONE

BBO = ("pn|Anna,Bruno,Carla,Dario|st||md|3S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,|rh||"
       "ah|Board 1|sv|o|mb|1S|an|5+ cards|mb|p|mb|p|mb|p|pg||"
       "pc|CA|pc|C8|pc|C5|pc|C2|pg||pc|CK|pc|C9|pc|C6|pc|C3|pg||pc|CQ|pc|CT|pc|C7|pc|C4|pg||mc|7|")
"""North deals (md|3), South's hand first, East's left out; 1S by North, East cashes three clubs,
then North claims seven tricks: 1S made, 30 + 50 for a part score (seed, "Punteggio")."""


def test_a_deal_its_auction_and_its_play_go_out_as_lin_and_come_back_equal():
    record = play(make_game(board=5, boards=3), [RandomBot(seed=s) for s in range(4)], seed=8)
    states = record_states(record)
    again = loads(dumps(states))
    assert len(again) == 3
    for original, loaded in zip(states, again):
        assert loaded.dealt_hands() == original.dealt_hands() and loaded.calls == original.calls
        assert loaded.contract == original.contract and loaded.tricks == original.tricks
        assert loaded.hand_results[-1] == original.hand_results[-1]


def test_a_board_still_in_play_and_a_claimed_one_come_back_as_they_were():
    state = make_game(board=6).new_initial_state()
    state.apply_chance(list(range(52)))
    for call in ("1NT", "pass", "3NT", "pass", "pass", "pass"):
        state.apply_text(call)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    text = dumps([state])
    assert "mc|" not in text and text.count("pc|") == 6
    in_play = loads(text)[0]
    assert in_play.phase == "play" and in_play.tricks == state.tricks and in_play.to_play == state.to_play
    state.claim(state.claimable().start + 3)
    claimed = loads(dumps([state]))[0]
    assert claimed.hand_results[0] == state.hand_results[0] and f"mc|{state.hand_results[0].tricks}|" in dumps([state])


def test_a_hand_written_as_bbo_writes_it_is_read():
    state = loads(BBO)[0]
    result = state.hand_results[0]
    assert (result.number, result.dealer, result.vulnerability) == (1, 0, NONE)
    assert state.dealt_hands() == pbn_loads('[Board "1"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ '
                                            '765.432.AKQJ.T98 432.AKQJ.T98.765"]\n')[0].dealt_hands()
    assert str(state.contract) == "1S by N" and len(state.tricks) == 3 and all(w == 1 for _, _, w in state.tricks)
    assert (result.tricks, result.points) == (7, (80, -80))
    assert '[Result "7"]' in pbn_dumps([state])


def test_a_file_of_boards_one_a_line():
    auction_only = BBO.split("pg||")[0].replace("ah|Board 1|sv|o|", "ah|Board 2|sv|n|").replace("md|3", "md|4")
    first, second = loads(BBO + "\n" + auction_only + "\n")
    assert first.hand_results[0].tricks == 7
    assert (second.board, second.dealer, second.vulnerability) == (2, 1, 1)     # East deals, NS vulnerable
    assert str(second.contract) == "1S by E" and second.phase == "play" and second.to_play == 2


@pytest.mark.parametrize("change, prefix, reason", [
    (("md|3S765", "md|S765"), "line 1, md|S765", "a LIN deal starts with its dealer"),
    (("DAKQJCT98,", "DAKQJCT9X,"), "line 1, md|3S765", "a LIN deal is up to four hands"),
    (("sv|o|", "sv|z|"), "line 1, sv|z|: ", "LIN vulnerability is o, n, e or b"),
    (("mb|p|mb|p|mb|p|", "mb|p|mb|q|mb|p|"), "line 1, mb|q|: ", "not a call"),
    (("pc|CK|", "pc|ZK|"), "line 1, pc|ZK|: ", "not a card"),
    (("pc|CK|", "\npc|HK|"), "line 2, pc|HK|: ", "illegal move 'HK'"),
    (("mc|7|", "mc|14|"), "line 1, mc|14|: ", "a claim is the declarer's side's tricks"),
    (("mc|7|", "mc|11|"), "line 1, mc|11|: ", "the declarer's side has won 0 tricks and the defenders 3"),
    (("ah|Board 1|", "ah|Tavolo 1|"), "line 1, ah|Tavolo 1|: ", "a LIN board is 'Board' and its number"),
])
def test_bad_lin_is_refused_naming_the_line_and_the_pair(change, prefix, reason):
    with pytest.raises(BoardFileError) as info:
        loads(BBO.replace(*change))
    said = str(info.value)
    assert said.startswith(prefix) and reason in said and "\n" not in said, said


def test_no_deal_no_board():
    with pytest.raises(BoardFileError, match="no board in this LIN text"):
        loads("pn|a,b,c,d|st||")


def test_a_board_with_a_contract_and_no_auction_is_not_lin():
    state = pbn_loads('[Board "1"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
                      '[Contract "3NT"]\n[Declarer "S"]\n[Result "9"]\n')[0]
    with pytest.raises(BoardFileError, match="board 1: LIN gives a contract only by its auction"):
        dumps([state])


def test_the_command_line_writes_lin_and_reads_it(tmp_path):
    from tavolo.cli import app

    runner = CliRunner(env={"TAVOLO_LANG": "en"})
    record = play(make_game(board=2), [RandomBot(seed=s) for s in range(4)], seed=3)
    record.save(tmp_path / "game.json")
    lin = runner.invoke(app, ["bridge", "lin", str(tmp_path / "game.json")])
    assert lin.exit_code == 0 and "ah|Board 2|sv|n|" in lin.output
    assert lin.output.startswith("pn|RandomBot,RandomBot,RandomBot,RandomBot|st||md|4")     # the record's seats
    (tmp_path / "game.lin").write_text(lin.output, encoding="utf-8")
    pbn = runner.invoke(app, ["bridge", "pbn", str(tmp_path / "game.lin")])
    assert pbn.exit_code == 0 and '[Board "2"]' in pbn.output and '[Dealer "E"]' in pbn.output
    assert pbn_loads(pbn.output)[0].hand_results == record_states(record)[0].hand_results
    analysed = runner.invoke(app, ["bridge", "analyse", str(tmp_path / "game.lin")])
    assert analysed.exit_code == 0 and analysed.output.startswith("Board 2, dealer East, North-South vulnerable: ")
    (tmp_path / "bad.lin").write_text(BBO.replace("sv|o|", "sv|z|"), encoding="utf-8")
    bad = runner.invoke(app, ["bridge", "analyse", str(tmp_path / "bad.lin")])
    assert bad.exit_code == 2 and "bad.lin: line 1, sv|z|: LIN vulnerability is o, n, e or b" in bad.output


@pytest.mark.parametrize("text, said", [
    (BBO + "sv", "line 1, sv: a LIN key needs a value"),
    (BBO[:-1] + "\nmc|", "line 1, mc|7 mc|: a claim is the declarer's side's tricks"),
    ("pn|a,b,c,d|md||", "line 1, md||: a LIN deal starts with its dealer"),
])
def test_broken_pairs_are_refused_in_one_line(text, said):
    with pytest.raises(BoardFileError) as info:
        loads(text)
    assert str(info.value).startswith(said) and "\n" not in str(info.value)
