"""Bridge's rules as the seed states them (raccolta, Bridge, "Regole"): the deal, the
auction (higher bids only, double and redouble, three passes end it, four passes throw the
hand in), the declarer and the dummy, following suit, who takes a trick, and what each
seat sees."""

import random

import pytest

from tavolo.engine.errors import IllegalActionError, NotationError
from tavolo.engine.game import resolve_chance
from tavolo.games.bridge import make_game
from tavolo.games.bridge.calls import Contract
from tavolo.games.bridge.cards import hcp, name, parse, parse_pbn_deal, suit_lengths
from tavolo.games.bridge.pbn import deck_order

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def dealt(board=1, deal=DEAL, **options):
    state = make_game(board=board, **options).new_initial_state()
    state.apply_chance(deck_order(parse_pbn_deal(deal), state.dealer))
    return state


def play(state, moves):
    for move in moves.split():
        state.apply_text(move)
    return state


def test_thirteen_cards_each_and_the_dealer_calls_first():
    # seed: "vengono distribuite tredici carte dal mazziere"
    state = make_game(board=2).new_initial_state()
    resolve_chance(state, random.Random(4))
    assert [len(state.hand_cards(s)) for s in range(4)] == [13] * 4
    assert state.phase == "auction" and state.current_player() == state.dealer == 1
    assert dealt().hand_cards(0) == [parse(t) for t in "C2 C3 C4 D5 D6 D7 H8 H9 HT SJ SQ SK SA".split()]


def test_a_bid_must_be_higher_than_the_last():
    # seed: after "2 cuori" one may bid "2 picche", "2 senza atout" or "3 fiori", not "2 fiori" or "2 quadri"
    state = play(dealt(), "2H")
    for ok in ("2S", "2NT", "3C"):
        assert state.parse_action(ok) in state.legal_actions()
    for low in ("2C", "2D", "2H", "1NT"):
        with pytest.raises(IllegalActionError) as info:
            state.parse_action(low)
        assert info.value.rule.code == "bid-too-low" and "the last bid is 2♥:" in str(info.value)


def test_double_only_opponents_and_redouble_only_own_doubled_bid():
    state = play(dealt(), "1H")
    with pytest.raises(IllegalActionError, match="contro"):
        play(state.clone(), "pass X")   # partner of the bidder may not double
    with pytest.raises(IllegalActionError) as info:
        state.clone().apply_text("XX")
    assert info.value.rule.code == "redouble"
    play(state, "X XX")
    assert str(play(state, "pass pass pass").contract) == "1HXX by N"


def test_three_passes_end_the_auction_and_the_first_to_name_the_denomination_declares():
    # seed: "La dichiarazione termina dopo tre passi consecutivi"
    state = play(dealt(), "1H 1S 2H pass 4H pass pass")
    assert state.phase == "auction"
    play(state, "pass")
    assert state.contract == Contract(4, 2, 0, 0) and state.phase == "play"
    assert state.current_player() == 1  # the declarer's left-hand opponent leads


def test_four_passes_throw_the_hand_in():
    state = play(dealt(boards=2), "pass pass pass pass")
    assert state.phase == "deal" and state.hand_results[0].contract is None
    assert state.returns() == [0.0] * 4 and state.board == 2 and state.dealer == 1


def test_the_dummy_is_shown_after_the_opening_lead_and_played_by_the_declarer():
    # seed: "Il suo compagno, dopo la prima mossa dell'avversario, calerà invece le sue carte ... il morto"
    state = play(dealt(), "1NT pass pass pass")          # N declares, S is dummy, E leads
    assert state.observation(3).dummy_hand == ()
    play(state, "CA")
    obs = state.observation(3)
    assert [name(c) for c in obs.dummy_hand][:3] == ["C8", "C9", "CT"] and len(obs.dummy_hand) == 13
    assert state.to_play == 2 and state.current_player() == 0   # dummy's card, declarer chooses it
    assert state.observation(0).playing_hand() == obs.dummy_hand
    with pytest.raises(IllegalActionError) as info:
        state.apply_text("C2")     # declarer's own card while dummy is to play
    assert info.value.rule.code == "not-in-hand"


def test_a_player_must_follow_suit():
    # seed: "La regola principale consiste nel rispondere all'avversario usando lo stesso seme"
    state = play(dealt(), "1NT pass pass pass CA")
    with pytest.raises(IllegalActionError) as info:
        state.apply_text("DA")
    assert info.value.rule.code == "follow-suit" and "Regole" in info.value.rule.source
    assert all(c // 13 == 0 for c in state.legal_actions())


def test_the_highest_trump_or_the_highest_card_of_the_suit_led_takes():
    # seed: "può ... giocare una carta di atout"; "Il giocatore che ha scartato la carta con valore maggiore"
    deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765..AKQJ.T98765 432.AKQJ432.T98."
    state = play(dealt(deal=deal), "1H pass pass pass")   # N declares hearts, E leads; W has no clubs
    play(state, "CA C5 S2")
    assert state.tricks == []
    play(state, "C2")
    assert state.tricks[-1] == (1, tuple(parse(t) for t in ("CA", "C5", "S2", "C2")), 1)   # a discard never takes
    ruffed = play(dealt(deal=deal), "1H pass pass pass CA C5 H2 C2")
    assert ruffed.tricks[-1][2] == 3 and ruffed.observation(0).tricks_won == (0, 1)     # West's H2 trumps the ace


def test_calls_and_cards_out_of_phase_and_unreadable_moves():
    state = dealt()
    with pytest.raises(IllegalActionError) as info:
        state.apply(parse("SA"))
    assert info.value.rule.code == "card-in-play"
    play(state, "1C pass pass pass")
    with pytest.raises(IllegalActionError) as info:
        state.apply_text("2NT")
    assert info.value.rule.code == "call-in-auction"
    with pytest.raises(NotationError, match="unknown rank"):
        state.parse_action("S1")
    with pytest.raises(NotationError, match="level 1-7"):
        state.parse_action("8NT")


def test_a_card_may_be_written_rank_first_as_the_log_says_it_once_the_auction_is_over():
    # the log says a card rank first ("gioca 6♦"); in the auction "6D" is a bid (raccolta, Bridge, Regole)
    state = play(dealt(), "1NT pass")
    with pytest.raises(IllegalActionError) as info:
        state.parse_action("play 2h")                        # after a verb: a card, whatever the phase
    assert info.value.rule.code == "card-in-play"
    assert state.parse_action("2H") not in range(52)        # in the auction: the bid
    play(state, "pass pass")                                 # East leads: T98.765.432.AKQJ
    for typed in ("AC", "A♣", "ac", "play A♣", "gioca Ac"):
        assert name(state.parse_action(typed)) == "CA", typed
    assert [name(a) for a in state.parse_move("il sette di cuori")] == ["H7"]   # the move box
    with pytest.raises(IllegalActionError) as info:
        state.parse_action("2♣")                             # rank first, not held: refused as a card
    assert info.value.rule.code == "not-in-hand"


def test_an_observation_hides_the_other_hands():
    state = make_game().new_initial_state()
    resolve_chance(state, random.Random(8))
    play(state, "1NT pass pass pass")
    before = state.observation(1)
    data = state.to_json()
    data["hands"][0], data["hands"][2] = data["hands"][2], data["hands"][0]
    swapped = state.game.state_from_json(data)
    assert swapped.observation(1) == before
    assert swapped.observation(0) != state.observation(0)


def test_contract_notation():
    assert str(Contract.parse("4HX by N")) == "4HX by N" and Contract.parse("3SA S") == Contract(3, 4, 0, 2)
    for bad, why in (("4HXXX by N", "no more"), ("4H", "like '4HX by N'"), ("4H by Q", "unknown seat")):
        with pytest.raises(ValueError, match=why):
            Contract.parse(bad)


def test_hand_counts():
    state = dealt()
    assert suit_lengths(state.hand_cards(3)) == [3, 3, 4, 3]   # clubs, diamonds, hearts, spades
    assert [hcp(state.hand_cards(s)) for s in range(4)] == [10, 10, 10, 10]
