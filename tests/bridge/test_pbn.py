"""PBN files (Portable Bridge Notation 2.1) out and in: a played game's boards written and
read back give the same deals, auctions, contracts, play and scores; a rubber's hands and a
book's deal keep their own dealer and vulnerability (the Dealer and Vulnerable tags, not the
board number's cycle) and, scored as rubber, their rubber's points; a results-only board (the
club's form) is scored from its Contract, Declarer and Result; Result is written only for a
board that is over, as the standard's 3.4.13-3.4.15 say, and nothing the auction has not
decided yet; the players a record names are written; a malformed file is refused naming the
line and the tag; the double-dummy table and par of a deal come from endplay (DDS). Scores as
the seed has them (raccolta, Bridge, "Punteggio")."""

import random

import pytest
from typer.testing import CliRunner

from tavolo.bots.random_bot import RandomBot
from tavolo.engine.game import resolve_chance
from tavolo.engine.play import play
from tavolo.games.bridge import make_game
from tavolo.games.bridge.analysis import analyse
from tavolo.games.bridge.boards import BoardFileError
from tavolo.games.bridge.cards import parse_pbn_deal
from tavolo.games.bridge.pbn import deck_order, dumps, loads, record_states
from tavolo.games.bridge.scoring import BOTH, EW, NS, board_vulnerability
from tavolo.terminal.words import Words

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
BOARD = f"""[Event "club night"]
[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "{DEAL}"]
[Auction "E"]
1C Pass Pass Pass
"""
BOOK = f"""[Board "1"]
[Dealer "S"]
[Vulnerable "EW"]
[Deal "{DEAL}"]
"""
RESULT_ONLY = f"""[Board "3"]
[Dealer "S"]
[Vulnerable "EW"]
[Deal "{DEAL}"]
[Declarer "E"]
[Contract "4S"]
[Result "10"]
"""


def dealt(board=1, **options):
    state = make_game(board=board, **options).new_initial_state()
    state.apply_chance(deck_order(parse_pbn_deal(DEAL), state.dealer))
    return state


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
        assert loaded.hand_results[-1].points == result.points


def test_a_rubber_exported_by_tavolo_reads_back_with_its_dealers_and_vulnerabilities():
    """Rubber: North deals the first hand, then the deal goes round; a side that has made a
    game is vulnerable (seed, "Punteggio": "in seconda"). Three games made by turns, NS, EW,
    NS, end the rubber; the third hand is dealt by South with both sides vulnerable, which is
    no duplicate board 3's (East-West only)."""
    state = make_game(scoring="rubber").new_initial_state()
    rng = random.Random(5)
    hands = []
    while not state.is_terminal():
        resolve_chance(state, rng)
        for call in ("4S", "pass", "pass", "pass"):
            state.apply_text(call)
        for _ in range(4):
            state.apply(state.legal_actions()[0])
        state.claim(10)
        hands.append(state.clone())
    results = [h.hand_results[-1] for h in hands]
    assert [(r.number, r.dealer, r.vulnerability) for r in results] == [(1, 0, 0), (2, 1, NS), (3, 2, BOTH)]
    assert results[2].vulnerability != board_vulnerability(3)
    text = dumps(hands)
    assert text.count('[Scoring "Rubber"]') == 3
    again = loads(text)
    for original, loaded in zip(results, [s.hand_results[-1] for s in again]):
        assert loaded == original                                    # the rubber's own points, honours included
    assert [r.points for r in results] == [(120, 0), (0, 120), (620, 0)]    # 4S: 120; the rubber 2-1: 500


def test_a_book_deal_keeps_its_dealer_and_vulnerability():
    state = loads(BOOK)[0]
    assert (state.board, state.dealer, state.vulnerability, state.current_player()) == (1, 2, EW, 2)
    state.apply_text("1NT")
    assert '[Dealer "S"]' in dumps([state]) and '[Vulnerable "EW"]' in dumps([state])
    with_auction = loads(BOOK + '[Auction "S"]\n1NT Pass 3NT AP\n')[0]
    assert str(with_auction.contract) == "3NT by S" and with_auction.phase == "play"
    columns_from_west = loads(BOOK + '[Auction "W"]\n- - - 1NT\nPass 3NT AP\n')[0]      # import format: '-' before
    assert columns_from_west.calls == with_auction.calls and columns_from_west.contract == with_auction.contract
    tags_missing = loads(BOOK.replace('[Dealer "S"]\n', "").replace('[Vulnerable "EW"]\n', ""))[0]
    assert (tags_missing.dealer, tags_missing.vulnerability) == (0, 0)     # board 1's, by the cycle
    from_the_auction = loads(BOOK.replace('[Dealer "S"]\n', "") + '[Auction "W"]\nPass Pass Pass Pass\n')[0]
    assert from_the_auction.hand_results[0].dealer == 3 and from_the_auction.hand_results[0].contract is None


def test_a_results_only_board_is_scored_from_declarer_side_with_its_vulnerability():
    """4S by East making 10, East-West vulnerable: 120 + 500 for a vulnerable game = 620 to East-West."""
    state = loads(RESULT_ONLY)[0]
    result = state.hand_results[0]
    assert state.phase == "over" and state.calls == [] and str(state.contract) == "4S by E"
    assert (result.contract, result.tricks, result.points, result.vulnerability) == ("4S by E", 10, (-620, 620), EW)
    assert loads(RESULT_ONLY.replace('"10"', '"EW 8"'))[0].hand_results[0].points == (200, -200)   # 2 down vul
    assert loads(RESULT_ONLY.replace('"10"', '"NS 2"'))[0].hand_results[0].tricks == 11
    passed = loads(RESULT_ONLY.replace('"E"]', '""]').replace('"4S"', '"Pass"').replace('"10"', '""'))[0]
    assert passed.hand_results[0].contract is None and passed.hand_results[0].points == (0, 0)
    again = loads(dumps([state]))[0]
    assert again.hand_results[0] == result


def test_analyse_shows_a_results_only_board_with_its_score_and_the_double_dummy_tricks(tmp_path):
    path = tmp_path / "club.pbn"
    path.write_text(RESULT_ONLY, encoding="utf-8")
    expected = analyse(DEAL, EW, 2, "4S by E").dd_tricks
    out = CliRunner(env={"TAVOLO_LANG": "en"}).invoke(_app(), ["bridge", "analyse", str(path)])
    assert out.exit_code == 0, out.output
    first = out.output.splitlines()[0]
    assert first.startswith("Board 3, dealer South, East-West vulnerable: 4S by E, 10 tricks: East-West +620")
    assert f"double dummy {expected} tricks ({f'{10 - expected:+d}' if expected != 10 else '='} at the table)" in first
    italian = CliRunner(env={"TAVOLO_LANG": "it"}).invoke(_app(), ["bridge", "analyse", str(path)])
    assert "mazziere Sud, Est-Ovest in seconda: 4S by E, 10 prese: Est-Ovest +620" in italian.output
    assert "tutti passano" not in italian.output


def test_export_writes_a_result_only_once_the_board_is_over():
    """PBN 2.1, 3.4.13-3.4.15: Result is the tricks the declarer's side won, the final result
    once the play has ended (52 cards, or a Play section ending with '*', a claim); a board
    passed out has Contract "Pass" and empty Declarer and Result."""
    state = dealt(board=2)                                        # East deals
    for call in ("4S", "X", "pass", "pass", "pass"):
        state.apply_text(call)
    for _ in range(8):
        state.apply(state.legal_actions()[0])
    text = dumps([state])
    assert '[Contract "4SX"]' in text and '[Declarer "E"]' in text and '[Result "?"]' in text
    assert '[Result "10"]' not in text
    claimed = loads(text.replace('[Result "?"]', '[Result "12"]').rstrip() + "\n*\n")[0]     # a claim of 12
    assert claimed.phase == "over" and claimed.hand_results[0].tricks == 12 and len(claimed.tricks) == 2
    out = dumps([claimed])
    assert '[Result "12"]' in out and out.rstrip().endswith("*")
    assert loads(out)[0].hand_results[0] == claimed.hand_results[0]
    passed = dealt()
    for _ in range(4):
        passed.apply_text("pass")
    text = dumps([passed])
    assert '[Contract "Pass"]' in text and '[Declarer ""]' in text and '[Result ""]' in text


def test_a_play_without_a_claim_keeps_going_its_result_is_partial():
    state = dealt()
    for call in ("3NT", "pass", "pass", "pass"):
        state.apply_text(call)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    partial = dumps([state]).replace('[Result "?"]', '[Result "1"]')
    again = loads(partial)[0]
    assert again.phase == "play" and len(again.tricks) == 1 and again.hand_results == []


@pytest.mark.parametrize("change, prefix, reason", [
    (("1C Pass Pass Pass", "1C 1C Pass Pass Pass"), "line 7, [Auction] 1C: ", "illegal move '1C'"),
    (("1C Pass Pass Pass", "1C Pass Zap Pass"), "line 7, [Auction] Zap: ", "Zap is not a call"),
    (('[Dealer "E"]', '[Dealer "Q"]'), 'line 3, [Dealer "Q"]: ', "a seat is N, E, S or W"),
    (('[Dealer "E"]', '[Dealer "S"]'), 'line 6, [Auction "E"]: ', "the auction starts with E, the dealer is S"),
    (('[Vulnerable "NS"]', '[Vulnerable "Often"]'), 'line 4, [Vulnerable "Often"]: ', "vulnerability is None, NS"),
    (("AKQJ.T98.765.432 T98", "AKQJ.T98.765.43 T98"), 'line 5, [Deal "N:AKQJ.T98.765.43 ', "13 different cards"),
    (('[Board "2"]', '[Board "two"]'), 'line 2, [Board "two"]: ', "a board number is a whole number from 1"),
    (("Pass Pass Pass", 'Pass Pass Pass\n[Contract "2C"]'), 'line 8, [Contract "2C"]: ', "the auction reaches 1C"),
    (("Pass Pass Pass", 'Pass Pass Pass\n[Result "14"]'), 'line 8, [Result "14"]: ', "a result is the tricks"),
    (("Pass Pass Pass", 'Pass Pass Pass\n[Play "S"]\nD2 CA'), "line 9, [Play] D2: ", "D2 is not in South's hand"),
    (('[Event "club night"]', "Event club night"), "line 1, Event club night: ", "expected a tag"),
])
def test_bad_files_are_refused_naming_the_line_and_the_field(change, prefix, reason):
    with pytest.raises(BoardFileError) as info:
        loads(BOARD.replace(*change))
    said = str(info.value)
    assert said.startswith(prefix) and reason in said and "\n" not in said, said


def test_a_refusal_is_said_in_italian():
    with pytest.raises(BoardFileError) as info:
        loads(BOARD.replace('[Dealer "E"]', '[Dealer "Q"]'))
    assert Words("it").render(info.value) == 'riga 3, [Dealer "Q"]: un posto è N, E, S o W (Nord, Est, Sud, Ovest)'


def test_double_dummy_table_and_par():
    a = analyse("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432", 3, 0, "7SX by N")
    assert a.table["S"] == [13, 0, 13, 0] and a.table["NT"] == [0, 0, 0, 0]
    assert a.par_score == 2210 and a.dd_tricks == 13


def _app():
    from tavolo.cli import app

    return app


def test_cli_exports_a_record_and_analyses_a_file(tmp_path):
    runner = CliRunner(env={"TAVOLO_LANG": "en"})
    record = play(make_game(board=3), [RandomBot(seed=s) for s in range(4)], seed=4)
    record.save(tmp_path / "game.json")
    out = runner.invoke(_app(), ["bridge", "pbn", str(tmp_path / "game.json")])
    assert out.exit_code == 0 and '[Board "3"]' in out.output
    (tmp_path / "game.pbn").write_text(out.output, encoding="utf-8")
    analysed = runner.invoke(_app(), ["bridge", "analyse", str(tmp_path / "game.pbn")])
    assert analysed.exit_code == 0 and analysed.output.startswith("Board 3, dealer South, East-West vulnerable: ")
    assert "par" in analysed.output
    (tmp_path / "bad.pbn").write_text(BOARD.replace('[Dealer "E"]', '[Dealer "Q"]'), encoding="utf-8")
    bad = runner.invoke(_app(), ["bridge", "analyse", str(tmp_path / "bad.pbn")])
    assert bad.exit_code == 2 and 'bad.pbn: line 3, [Dealer "Q"]: a seat is' in bad.output
    assert "Traceback" not in bad.output and len(bad.output.strip().splitlines()) == 1
    (tmp_path / "game.txt").write_text("x", encoding="utf-8")
    other = runner.invoke(_app(), ["bridge", "analyse", str(tmp_path / "game.txt")])
    assert other.exit_code == 2 and "a bridge file is a game record (.json), PBN (.pbn) or LIN (.lin)" in other.output


def test_the_analyse_option_puts_the_double_dummy_result_and_par_in_each_played_hand():
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


@pytest.mark.parametrize("text, said", [
    ("", "no board in this PBN text"),
    ("[Board \"1\"]\n{ a comment left open\n", "line 2: a comment opened with a brace is never closed"),
    ("[" * 10000, "line 1, " + "[" * 59 + "…: expected a tag"),
    (f'[Deal "N:{"." * 5000}"]\n', 'line 1, [Deal "N:' + "." * 50 + "…: a deal is a seat and four hands"),
    ('[Board "1"]\n', "line 1, deal: the deal is missing"),
])
def test_a_file_that_is_no_pbn_or_holds_no_board_is_refused_in_one_short_line(text, said):
    with pytest.raises(BoardFileError) as info:
        loads(text)
    assert str(info.value).startswith(said) and len(str(info.value)) < 200 and "\n" not in str(info.value)


def test_a_first_board_of_its_own_then_the_cycle():
    """The options ``dealer`` and ``vulnerability`` are the first board's; the next board is its
    number's (duplicate: dealer by number, the 16-board cycle)."""
    state = make_game(board=1, boards=2, dealer=2, vulnerability=EW).new_initial_state()
    resolve_chance(state, random.Random(1))
    assert (state.dealer, state.vulnerability, state.current_player()) == (2, EW, 2)
    for _ in range(4):
        state.apply_text("pass")
    assert (state.hand_results[0].dealer, state.hand_results[0].vulnerability) == (2, EW)
    assert (state.board, state.dealer, state.vulnerability) == (2, 1, NS)
    joined = make_game(scoring="rubber", board=3, dealer=2, vulnerability=NS).new_initial_state()
    assert (joined.board, joined.dealer, joined.vulnerability, joined.sheet.games) == (3, 2, NS, (1, 0))


def test_a_claim_ends_the_play_at_a_total_the_side_can_still_reach():
    state = dealt()
    for call in ("3NT", "pass", "pass", "pass"):
        state.apply_text(call)
    with pytest.raises(ValueError):
        dealt().claim(9)                                       # no play yet: nothing to claim
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    won = state.claimable().start
    assert state.claimable() == range(won, 13 - (1 - won) + 1)
    with pytest.raises(ValueError):
        state.claim(state.claimable().stop)
    state.claim(9)
    assert state.phase == "over" and state.hand_results[0].tricks == 9 and state.hand_results[0].points == (400, -400)


def _partial(rng, game):
    """A random game of ``game`` stopped at a random decision: in the auction, in the play or over."""
    state = game.new_initial_state()
    resolve_chance(state, rng)
    stop = rng.choice([rng.randrange(1, 12), rng.randrange(12, 70), 200])
    for _ in range(stop):
        if state.phase != "auction" and state.phase != "play":
            break
        legal = state.legal_actions()
        calls = [a for a in legal if a >= 52 and a != legal[0]] or legal       # fewer passes: auctions go on
        state.apply(rng.choice(calls if state.phase == "auction" and rng.random() < 0.4 else legal))
    return state


def test_a_partial_game_goes_out_as_the_standard_says_and_tavolo_and_endplay_read_it_back():
    """PBN 2.1, 3.4: "When a tag value of a mandatory tag is unknown ... the tag is given with
    tag value "?""; 3.5: an auction "not been completed yet" ends with '+', the next call's
    place. A board exported during the auction has no declarer, contract or result made up
    from the calls so far; Tavolo and endplay read every partial export back as it was."""
    import endplay.parsers.pbn as endplay_pbn

    rng, phases = random.Random(37), []
    for k in range(300):
        state = _partial(rng, make_game(board=k % 16 + 1, scoring=rng.choice(["duplicate", "rubber"])))
        phases.append(state.phase)
        text = dumps([state])
        if state.phase == "auction":
            for tag in ("Declarer", "Contract", "Result"):
                assert f'[{tag} "?"]' in text, text
            assert text.rstrip().endswith("+")
        again = loads(text)[0]
        assert (again.phase, again.calls, again.contract, again.tricks) == \
            (state.phase, state.calls, state.contract, state.tricks)
        assert again.hand_results == state.hand_results[-1:] and again.dealt_hands() == state.dealt_hands()
        board = endplay_pbn.loads(text)[0]
        assert len(board.auction) == len(state.calls) and board.deal.to_pbn()[2:] in text
    assert phases.count("auction") > 50 and phases.count("play") > 50


NO_HONOURS = "N:AKQJ.AK98.765.43 T98.QJ7.432.AKQJ 765.T65.AKQJ.T98 432.432.T98.7652"
RUBBER_HAND = f"""[Board "2"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "{NO_HONOURS}"]
[Scoring "Rubber"]
[Declarer "N"]
[Contract "1H"]
[Result "9"]
"""


def test_a_rubber_board_is_scored_as_rubber_where_the_file_says_so(tmp_path):
    """Seed, "Punteggio": in rubber (partita libera) a hand scores its tricks and overtricks, the
    game and rubber bonuses only when a game or the rubber is won; duplicate adds 50 for a part
    score. 1H+2 by North, no honours held: rubber 30 + 60 = 90, duplicate 140. A vulnerable side
    in rubber has a game: 4H+2 by North-South vulnerable wins the rubber 2-0, 120 + 60 + 700."""
    rubber = loads(RUBBER_HAND)[0]
    assert rubber.game.options.scoring == "rubber" and rubber.hand_results[0].points == (90, 0)
    duplicate = loads(RUBBER_HAND.replace('[Scoring "Rubber"]\n', ""))[0]
    assert duplicate.hand_results[0].points == (140, -140)
    won = loads(RUBBER_HAND.replace('"None"', '"NS"').replace('"1H"', '"4H"').replace('"9"', '"12"'))[0]
    assert won.hand_results[0].points == (880, 0) and won.phase == "over"
    assert loads(dumps([rubber]))[0].hand_results == rubber.hand_results
    path = tmp_path / "rubber.pbn"
    for result, said in ((9, "1H by N, 9 tricks: North-South +90"), (6, "1H by N, 6 tricks: North-South -50")):
        path.write_text(RUBBER_HAND.replace('"9"', f'"{result}"'), encoding="utf-8")
        out = CliRunner(env={"TAVOLO_LANG": "en"}).invoke(_app(), ["bridge", "analyse", str(path)])
        assert out.exit_code == 0 and said in out.output.splitlines()[0], out.output


def test_the_players_a_record_names_are_in_the_pbn_and_lin_exports(tmp_path):
    """PBN 2.1, 3.4.5-3.4.8: the West, North, East and South tags name the players; LIN's pn|
    names them from South's. A record's seats are North, East, South, West."""
    from tavolo.games.bridge import lin

    names = ["Anna", "Bruno", "Carla", "Dario"]
    record = play(make_game(board=3), [RandomBot(seed=s) for s in range(4)], seed=4, seat_names=names)
    states = record_states(record)
    text = dumps(states, names=record.seats)
    for tag, name in zip(("North", "East", "South", "West"), names):
        assert f'[{tag} "{name}"]' in text
    assert lin.dumps(states, names=record.seats).startswith("pn|Carla,Dario,Anna,Bruno|")
    assert '[North "?"]' in dumps(states)
    record.save(tmp_path / "game.json")
    runner = CliRunner(env={"TAVOLO_LANG": "en"})
    out = runner.invoke(_app(), ["bridge", "pbn", str(tmp_path / "game.json")])
    assert out.exit_code == 0 and '[West "Dario"]' in out.output, out.output
    out = runner.invoke(_app(), ["bridge", "lin", str(tmp_path / "game.json")])
    assert out.exit_code == 0 and out.output.startswith("pn|Carla,Dario,Anna,Bruno|"), out.output
