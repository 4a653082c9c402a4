"""Peppa's rules, each checked against the seed (raccolta-regole-giochi-di-carte.txt,
"Peppa-Chat noir-Hearts") and the classic Hearts rules against OpenSpiel's hearts game."""

import random

import pytest

from tavolo.cards import french as fr
from tavolo.engine.errors import IllegalActionError, NotationError
from tavolo.games.peppa import make_game
from tavolo.games.peppa.cards import PEPPA, TWO_OF_CLUBS
from tavolo.games.peppa.state import _by_standing


def dealt(seed=1, **options):
    """A dealt hand, past the choices of three of a rank (each keeps the first card offered)."""
    state = make_game(**options).new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(seed)))
    while state.phase == "pairs":
        state.apply(state.legal_actions()[0])
    return state


def position(hands, rules="peppa", leader=0, **changes):
    """A play-phase position with the given hands (cards not named are out of play)."""
    state = dealt(rules=rules, target=None)
    data = state.to_json()
    named = {c for h in hands for c in fr.parse_many(h)}
    data.update({"phase": "play", "turn": leader, "leader": leader, "hands": [h.split() for h in hands],
                 "out": [fr.name(c) for c in state.game.deck if c not in named],
                 "secret": [[] for _ in hands], **changes})
    data["extra"]["fans"] = data["hands"]
    return state.game.state_from_json(data)


def test_the_deck_keeps_only_peppa_of_the_queens_and_deals_every_card():
    """Regole: "togliere tre donne, lasciando solo quella di picche" - 49 cards, one at a time
    clockwise: at four the player on the dealer's left gets 13 (DECISIONS: 13, 12, 12, 12), at six
    he gets 9 and the others 8. Dealt by rank, no hand holds a pair, so nothing is discarded."""
    for players, sizes in ((4, [13, 12, 12, 12]), (6, [9, 8, 8, 8, 8, 8])):
        game = make_game(players=players)
        assert len(game.deck) == 49 and PEPPA in game.deck
        assert not {fr.parse(q) for q in ("Qh", "Qd", "Qc")} & set(game.deck)
        state = game.new_initial_state()
        state.apply_chance(sorted(game.deck, key=lambda c: (-fr.rank(c), c)))
        first = state.dealer + 1
        assert [len(state.hand_cards((first + k) % players)) for k in range(players)] == sizes


def test_pairs_are_discarded_face_up_and_no_hand_keeps_a_pair():
    """Regole: "scartano le coppie, cioè le carte che hanno uguale valore, indipendentemente dal seme"."""
    for seed in range(20):
        state = dealt(seed)
        for seat in range(4):
            ranks = [fr.rank(c) for c in state.hand_cards(seat)]
            assert len(ranks) == len(set(ranks))
        out = state.observation(1).out
        assert all(sum(fr.rank(c) == fr.rank(o) for c in out) % 2 == 0 for o in out)
        assert len(out) + sum(state.observation(0).hand_sizes) == 49


def test_each_player_draws_once_blind_from_the_fan_of_the_player_on_his_right():
    """Regole: the player on the dealer's left offers his fanned, face-down hand to the player on his
    left, who draws one card and discards the pair it makes; then he offers his own, and so on."""
    state = dealt(3)
    assert state.phase == "draw" and state.current_player() == (state.dealer + 2) % 4
    offerer, drawer = state.offerer(), state.current_player()
    assert state.legal_actions() == [52 + k for k in range(len(state.hand_cards(offerer)))]
    card = state._fans[offerer][0]
    state.apply_text("draw 1")
    assert card not in state.hand_cards(offerer)
    assert card in state.hand_cards(drawer) or card in state.observation(2).out
    if card in state.hand_cards(drawer):
        assert card in state.observation(offerer).known[drawer]
        assert card not in state.observation((drawer + 1) % 4).known[drawer]
    with pytest.raises(IllegalActionError, match="Peppa-Chat noir-Hearts"):
        state.apply_text("draw 40")
    with pytest.raises(NotationError, match="place in the fan"):
        state.parse_action("draw x")
    for _ in range(4):
        if state.phase == "draw":
            state.apply(state.legal_actions()[0])
    assert state.phase == "play" and state.current_player() == state._next_holder(state.dealer)


def test_a_player_must_answer_the_suit_led():
    """Regole: "Gli altri pure, con l'obbligo di rispondere al seme"."""
    state = position(["5c 9h", "Kc 2h", "3d Qs", "Ah"])
    state.apply_text("play 5c")
    with pytest.raises(IllegalActionError) as info:
        state.apply_text("2h")
    assert info.value.rule.code == "follow-suit" and "Peppa-Chat noir-Hearts" in info.value.rule.source
    for move in ("Kc", "3d", "Ah", "2h", "Qs", "9h"):  # without a club, anything; seat 3 is out of cards
        state.apply_text(move)
    assert state.is_terminal() and state.round_results[0].points == (15, 5, 0, 0)


def test_peppa_and_the_hearts_score_by_the_seed_and_a_player_out_of_cards_sits_out():
    """Punteggio: Peppa 13, ace of hearts 5, king 4, jack 2, any other heart 1; the highest card of
    the suit led takes. Here seat 3 has no card: the tricks go on among the others."""
    state = position(["Ks 2c", "Qs Jh", "As 9h", ""], leader=0)
    for move in ("Ks", "Qs", "As", "9h", "2c", "Jh"):
        state.apply_text(move)
    assert state.round_results[0].points == (0, 3, 13, 0)


ALL_HEARTS = "Ah Kh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h"


def test_taking_every_heart_of_the_pack_and_peppa_scores_0_and_36_to_each_other():
    """Punteggio: "Prendere tutti i cuori e la Donna di picche: 0 punti (ma 36 agli altri giocatori)":
    all twelve hearts of the 49 cards and Peppa, taken in tricks (DECISIONS: "tutti i cuori" is
    every heart of the pack)."""
    state = position([f"{ALL_HEARTS} As", "Qs", "2c", "3c"], leader=0)
    for move in ("Ah", "Qs", "2c", "3c", *ALL_HEARTS.split()[1:], "As"):
        state.apply_text(move)
    result = state.round_results[0]
    assert result.points == (33, 0, 0, 0) and result.total == (0, 36, 36, 36) and result.note == "shoot"


@pytest.mark.parametrize("hands", [[f"{ALL_HEARTS[:-3]} As", "Qs", "2c", "3c"], ["As", "Qs", "2c", "3c"]],
                         ids=["a heart out in a pair", "Peppa alone"])
def test_no_shoot_when_a_heart_went_out_in_a_pair_nor_with_peppa_alone(hands):
    """Punteggio: "Prendere tutti i cuori e la Donna di picche": a heart discarded in a pair is taken
    by no one, so no one takes them all that hand; Peppa with no heart in play is Peppa, 13."""
    state = position(hands, leader=0)
    while not state.is_terminal():
        state.apply(state.legal_actions()[-1] if state.current_player() == 0 else state.legal_actions()[0])
    result = state.round_results[0]
    assert result.note == "" and result.total == result.points and result.points[1:] == (0, 0, 0)
    assert result.points[0] == (32 if len(hands[0].split()) > 1 else 13)


def test_of_three_of_a_rank_the_player_chooses_the_pair_to_discard():
    """Regole: "i giocatori ... scartano le coppie, cioè le carte che hanno uguale valore": of three
    of a rank any two make a pair, so the player chooses the card he keeps (DECISIONS); the pair
    goes out face up, the card kept stays hidden from the others."""
    state = position(["7h 7d 7c 2s", "3c 9d", "4c", "5c"], phase="pairs")
    assert state.phase == "pairs" and state.current_player() == 0
    assert state.legal_action_strings() == ["keep 7h", "keep 7d", "keep 7c"]
    with pytest.raises(IllegalActionError) as info:
        state.apply_text("keep 2s")
    assert info.value.rule.code == "keep-one" and "Peppa-Chat noir-Hearts" in info.value.rule.source
    keep = state.parse_action("tieni 7h")
    assert state.public_action_string(keep) == "discard 7d 7c"
    state.apply(keep)
    out = state.observation(1).out
    assert fr.parse("7h") in state.hand_cards(0) and {fr.parse("7d"), fr.parse("7c")} <= set(out)
    assert state.phase == "draw"


def test_three_of_a_rank_wait_for_the_choice_in_a_real_deal():
    """Regole: "scartano le coppie": after the deal, each seat from the dealer's left that holds
    three of a rank chooses, one rank at a time; pairs and fours go out by themselves."""
    seen = 0
    for seed in range(30):
        state = make_game().new_initial_state()
        state.apply_chance(state.sample_chance(random.Random(seed)))
        while state.phase == "pairs":
            seat, cards = state.current_player(), state.legal_actions()
            seen += 1
            assert len({fr.rank(c) for c in cards}) == 1 and len(cards) == 3
            assert all(c in state.hand_cards(seat) for c in cards)
            state.apply(cards[-1])
            assert cards[-1] in state.hand_cards(seat) and not set(cards[:2]) & set(state.hand_cards(seat))
        assert state.phase == "draw"
    assert seen > 10


def test_the_match_to_100_the_one_past_it_and_the_next_lose_the_two_lowest_win():
    """Punteggio: "Quando un giocatore supera i 100 punti perde e con lui perde anche il giocatore che lo
    segue ... I due giocatori che invece hanno i punteggi minori sono i vincitori"."""
    assert _by_standing([101, 40, 12, 60], [1.0, 1.0, -1.0, -1.0]) == [-1.0, 1.0, 1.0, -1.0]
    state = play_out(100, [90, 3, 20, 50])
    assert state._scores == [104, 3, 20, 51] and state.returns() == [-1.0, 1.0, 1.0, -1.0]


def test_the_match_to_50_is_won_by_the_first_past_50_game_points_and_the_others_pay_the_difference():
    """Regole: "Vince chi per primo supera i 50 punti di gioco. Ciascuno degli altri paga la differenza
    di punteggio"; Scopo: "fare il maggior numero possibile di prese accumulando il minor numero di punti
    negativi": a trick scores 10 (DECISIONS), the points taken are subtracted, the highest wins."""
    state = play_out(50, [45, 3, 20, 48])
    assert state.round_results[-1].total == (10 - 14, 0, 0, 10 - 1)
    assert state._scores == [41, 3, 20, 57]
    assert state.returns() == [-16.0, -54.0, -37.0, 107.0]


def test_the_match_to_50_goes_on_while_no_one_has_passed_50():
    """Regole: "Vince chi per primo supera i 50 punti": 50 is not past 50."""
    game = make_game(target=50)
    data = position(["Qs 5c", "2s 6c", "3c 7h", "4h 8c"], scores=[0, 0, 0, 41]).to_json()
    state = game.state_from_json({**data, "options": game.options_json()})
    for move in ("Qs", "2s", "3c", "4h", "5c", "6c", "7h", "8c"):
        state.apply_text(move)
    assert state._scores == [-4, 0, 0, 50] and not state.is_terminal()


def play_out(target, scores):
    """The last hand of a match: seat 0 takes Peppa and a heart (14) in one trick, seat 3 a heart (1)
    in the other."""
    game = make_game(target=target)
    data = position(["Qs 5c", "2s 6c", "3c 7h", "4h 8c"], scores=scores).to_json()
    state = game.state_from_json({**data, "options": game.options_json()})
    for move in ("Qs", "2s", "3c", "4h", "5c", "6c", "7h", "8c"):
        state.apply_text(move)
    assert state.is_terminal()
    return state


def test_hearts_passes_three_cards_and_the_passer_knows_where_they_went():
    """Classic Hearts (OpenSpiel pass_cards): three cards left on the first hand."""
    state = dealt(5, rules="hearts", target=None)
    assert state.phase == "pass" and state.pass_shift == 1
    passed = {}
    while state.phase == "pass":
        seat = state.current_player()
        card = state.legal_actions()[-1]
        passed.setdefault(seat, []).append(card)
        assert state.action_to_string(card).startswith("pass ")
        state.apply(card)
    for seat, cards in passed.items():
        assert len(cards) == 3 and set(cards) <= set(state.hand_cards((seat + 1) % 4))
        assert set(cards) <= set(state.observation(seat).known[(seat + 1) % 4])
    assert state.current_player() == next(s for s in range(4) if TWO_OF_CLUBS in state.hand_cards(s))


def test_hearts_two_of_clubs_leads_no_points_first_and_hearts_must_be_broken():
    """OpenSpiel hearts defaults: lead the 2 of clubs; no_pts_on_first_trick; must_break_hearts."""
    state = position(["2c 3h 4d", "Qs 5h 9d", "Kc 6h", "Ac 7h 2d"], rules="hearts")
    with pytest.raises(IllegalActionError) as info:
        state.apply_text("4d")
    assert info.value.rule.code == "two-of-clubs-leads"
    state.apply_text("2c")
    with pytest.raises(IllegalActionError) as info:
        state.apply_text("Qs")
    assert info.value.rule.code == "no-points-first-trick"
    for move in ("9d", "Kc", "Ac"):
        state.apply_text(move)
    with pytest.raises(IllegalActionError) as info:
        state.apply_text("7h")
    assert info.value.rule.code == "hearts-broken" and state.legal_action_strings() == ["play 2d"]
