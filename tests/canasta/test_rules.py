"""Canasta's rules as the seed states them (``raccolta-regole-giochi-di-carte.txt``, "Canasta"),
and the readings recorded in DECISIONS.md where it is silent."""

import random

import pytest

from tavolo.cards import french as fr
from tavolo.engine.errors import IllegalActionError, NotationError
from tavolo.games.canasta import make_game
from tavolo.games.canasta.actions import DRAW1, DRAW2, TAKE
from tavolo.games.canasta.melds import card_value, red_threes_bonus, turned_count
from tavolo.games.canasta.rules import opening_minimum

from tests.canasta.helpers import play, position


def test_the_deck_is_162_cards_and_fifteen_are_dealt_with_red_threes_set_aside():
    """"vengono utilizzate in tutto 162 carte francesi ... distribuisce ad ogni giocatore 15 carte
    ... toglie i 3 rossi ... sostituendoli poi con altrettante carte, pescate dal fondo del mazzo"."""
    game = make_game(players=4, target=None)
    assert len(game.deck) == 162 and game.deck.count(fr.JOKER) == 6
    for seed in range(20):
        state = game.new_initial_state()
        order = state.sample_chance(random.Random(seed))
        state.apply_chance(order)
        obs = state.observation(0)
        reds = sum(len(r) for r in obs.red_threes)
        assert all(size == 15 for size in obs.hand_sizes)
        assert not any(fr.rank(c) == 3 and fr.suit(c) in (fr.HEARTS, fr.DIAMONDS) for c in state.hand_cards(0))
        turned = obs.pozzo_up[0]
        assert obs.pozzo_down == turned_count(turned) and len(obs.pozzo_up) == 1
        assert obs.stock_size == 162 - 60 - 1 - turned_count(turned) - reds  # replacements come from the stock
        assert state.all_cards() == game.deck_counts


@pytest.mark.parametrize("card, under", [("7c", 7), ("Jd", 11), ("Qs", 12), ("Kh", 13), ("Ac", 14), ("*", 0)])
def test_the_turned_card_says_how_many_cards_go_under_it(card, under):
    """"tante carte a seconda del numero indicato sulla carta stessa (... 11 ... fante, 12 ... donna,
    13 ... re e 14 ... asso)"; a joker has no number: none (DECISIONS.md)."""
    assert turned_count(fr.parse(card)) == under


def test_a_turn_begins_by_drawing_two():
    """"deve pescare due carte dal mazzo coperto"."""
    state = position(held={0: "5h 9c Kd"})
    assert DRAW2 in state.legal_actions() and TAKE not in state.legal_actions()
    play(state, "draw")
    assert len(state.hand_cards(0)) == 5 and state.phase == "play"
    with pytest.raises(IllegalActionError, match="already drawn"):
        state.apply_text("draw")


def test_the_pozzo_is_taken_whole_with_two_cards_equal_to_its_top():
    """"è inoltre possibile pescare il mazzo degli scarti (chiamato pozzo), ma solo se si possiedono
    in mano almeno due carte uguali all'ultima scartata. In tal caso il giocatore deve pescare il
    mazzo per intero"."""
    state = position(held={0: "9h 9d 4c"}, pozzo="5s 7c 9s")
    play(state, "take")
    assert fr.names(sorted(state.hand_cards(0))) == fr.names(sorted(fr.parse_many("9h 9d 4c 5s 7c 9s")))
    state = position(held={0: "9h 4d 4c"}, pozzo="5s 7c 9s")
    with pytest.raises(IllegalActionError) as info:
        state.apply_text("take")
    assert info.value.rule.code == "take-pozzo"


def test_a_black_three_freezes_the_pozzo_and_a_wild_needs_three():
    """"se l'ultima carta scartata è un tre nero il pozzo è congelato ... Se invece la carta scartata
    è una Pinella o un Jolly, si può pescare il pozzo solo con tre carte uguali all'ultima scartata"."""
    assert TAKE not in position(held={0: "3c 3s 3c"}, pozzo="9d 3s").legal_actions()
    assert TAKE not in position(held={0: "2c 2s 8c"}, pozzo="9d 2h").legal_actions()
    assert TAKE in position(held={0: "2c 2s 2d"}, pozzo="9d 2h").legal_actions()
    assert TAKE in position(held={0: "* * * 4d"}, pozzo="9d *").legal_actions()


def test_a_combination_takes_one_wild_with_a_pair_and_two_with_three_or_more():
    """"Se la combinazione è costituita da due carte uguali, allora è consentito solo un jolly o una
    pinella, se le carte uguali sono tre o più, i jolly o le pinelle ammesse sono due"."""
    state = position(held={0: "8h 8d 2c * Kc Kd Ks * 2s 4c"}, phase="play", opened=(True, True))
    legal = state.legal_action_strings()
    assert "lay 8h 8d * 2c" not in legal and any(s.startswith("lay * 8h 8d") for s in legal)
    assert "lay * Kd Kc Ks 2c" in legal and "lay * * Kd Kc Ks" in legal and "lay * * Kd Kc Ks 2c" not in legal
    with pytest.raises(IllegalActionError) as info:
        state.apply_text("lay 8h 8d * 2c")
    assert info.value.rule.code == "bad-meld"
    with pytest.raises(NotationError, match="one rank"):
        state.parse_action("lay 8h 8d Kc")


def test_an_opening_must_reach_the_minimum_and_is_taken_back_otherwise():
    """"E' possibile aprire solo se il valore delle carte scartate raggiunge minimo i cinquanta punti"
    (K 10 each: three kings are 30, with a joker 80)."""
    state = position(held={0: "Kc Kd Ks * 5h 6h"}, phase="play")
    play(state, "lay Kc Kd Ks")
    with pytest.raises(IllegalActionError, match="an opening must reach 50 points") as info:
        state.apply_text("discard 5h")
    assert info.value.rule.code == "opening"
    play(state, "retract")
    assert not any(state.observation(0).melds[0]) and len(state.hand_cards(0)) == 6
    with pytest.raises(IllegalActionError, match="not tried again"):
        state.apply_text("lay Kc Kd Ks *")
    state = position(held={0: "Kc Kd Ks * 5h 6h"}, phase="play")
    play(state, "lay * Kc Kd Ks", "discard 5h")
    assert state.observation(1).opened == (True, False)


def test_a_player_who_opens_before_drawing_draws_one_card():
    """"Se il giocatore è in grado di aprire, dopo l'apertura pesca dal mazzo una sola carta"."""
    state = position(held={0: "Kc Kd Ks * 5h 6h"})
    play(state, "lay * Kc Kd Ks")
    assert state.phase == "opening" and DRAW1 in state.legal_actions()
    play(state, "draw")
    assert len(state.hand_cards(0)) == 3 and state.phase == "play"


@pytest.mark.parametrize("score, minimum", [(-200, 50), (2995, 50), (3000, 90), (4995, 90), (5000, 120),
                                            (7000, 160), (9995, 160), (10000, 180), (11995, 180), (12000, 200)])
def test_the_opening_minimum_rises_with_the_side_s_score(score, minimum):
    """"da 0 a 2995 punti ... 50; ... 90 ... da 3000 a 4995 ...; 120 da 5000 a 6995 ...; 160 da 7000
    a 9995 ...; 180 da 1000 [10000: DECISIONS.md] a 11995 ...; 200 se ha più di 12000 punti"."""
    assert opening_minimum(score) == minimum


def test_the_opening_minimum_is_the_side_s():
    state = position(held={0: "Kc Kd Ks * 5h 6h"}, phase="play", scores=(3000, 0))
    play(state, "lay * Kc Kd Ks")
    with pytest.raises(IllegalActionError, match="90 points"):
        state.apply_text("discard 5h")


@pytest.mark.parametrize("count, points", [(1, 100), (2, 200), (3, 300), (4, 800), (5, 1000), (6, 1200)])
def test_red_threes_score_as_the_seed_counts_them(count, points):
    """"100 punti l'uno fino a tre, 800 punti se sono quattro, 1000 se sono cinque e 1200 se sono sei"."""
    assert red_threes_bonus(count) == points


def test_closing_needs_two_canaste_one_clean_and_scores_as_the_seed_says():
    """"Non è comunque possibile chiudere prima di aver realizzato almeno due canaste, di cui almeno
    una deve essere pulita"; "500 punti per ogni canasta pulita; 300 ... sporca ...; Il giocatore
    o la coppia che ha chiuso riceve 300 punti addizionali ... le carte rimaste in mano ... scalati
    ... Se il giocatore o la coppia perdenti non sono riusciti a calare nemmeno una canasta, tale
    punteggio negativo viene raddoppiato"."""
    melds = {0: ("7h 7h 7d 7c 7s 7s 7d", "9h 9h 9d 9c 9s * 2c")}
    state = position(held={0: "Qc 5d", 1: "Ah Kd 4c"}, melds=melds, phase="play", opened=(True, True),
                     red_threes={0: "3h"}, players=2)
    state.apply_text("discard 5d")
    assert state.current_player() == 1  # one card left, no closing yet: the turn passed
    state = position(held={0: "Qc"}, melds=melds, phase="play", opened=(True, True), red_threes={0: "3h"},
                     players=2, stock_size=0)
    play(state, "discard Qc")
    (result,) = state.hand_results
    ours, theirs = result.sides
    assert result.closer == 0 and ours.closing == 300 and ours.canaste == 500 + 300 and ours.red_threes == 100
    assert ours.melded == 7 * 5 + 5 * 10 + 50 + 20 and ours.in_hand == 0
    hand = state.hand_cards(1)
    assert theirs.canaste == 0 and theirs.in_hand == 2 * sum(card_value(c) for c in hand)


def test_a_lone_closing_is_refused_without_two_canaste():
    state = position(held={0: "Qc 5d"}, melds={0: ("7h 7h 7d 7c 7s 7s 7d",)}, phase="play", opened=(True, True))
    state.apply_text("discard 5d")
    state = position(held={0: "Qc"}, melds={0: ("7h 7h 7d 7c 7s 7s 7d",)}, phase="play", opened=(True, True))
    with pytest.raises(IllegalActionError) as info:
        state.apply_text("discard Qc")
    assert info.value.rule.code == "closing"


@pytest.mark.parametrize("meld, bonus", [
    ("7h 7h 7d 7c 7s 7s 7d", 500), ("7h 7h 7d 7c 7s * 7d", 300), ("2h 2h 2d 2c 2s 2s 2d", 3000),
    ("2h 2h 2d 2c 2s * 2d", 2000), ("* * * * * * 2d", 5000), ("7h 7h 7d 7c 7s 7d", 0),
])
def test_canaste_earn_what_the_seed_says(meld, bonus):
    """"3000 punti per la canasta pulita di Pinelle, detta Pinellata; 2000 per la Pinellata sporca;
    5000 per la canasta di Jolly (composta quindi da 6 Jolly e una Pinella, detta Toro Seduto)"."""
    from tavolo.games.canasta.melds import canasta_bonus

    assert canasta_bonus(fr.parse_many(meld)) == bonus


def test_a_pinellata_and_toro_seduto_are_laid_and_scored():
    """"3000 punti per la canasta pulita di Pinelle, detta Pinellata ... 5000 per la canasta di Jolly
    (composta quindi da 6 Jolly e una Pinella, detta Toro Seduto)": the 2s are naturals of their own
    combination, the jokers of theirs (DECISIONS.md)."""
    state = position(held={0: "* * * * * * 2c 2h 2h 2d 2d 2s 2s 2c 9d 9c"}, phase="play", opened=(True, True),
                     stock_size=0)
    play(state, "lay * * * * * * 2h", "lay 2h 2d 2d 2s 2s 2c 2c")
    melds = [m for m in state.observation(0).melds[0] if m]
    from tavolo.games.canasta.melds import canasta_bonus

    assert sorted(canasta_bonus(m) for m in melds) == [3000, 5000]
    play(state, "discard 9d")  # the stock is empty: the hand ends with no closer
    ours = state.hand_results[0].sides[0]
    assert ours.canaste == 8000 and ours.melded == 6 * 50 + 20 + 7 * 20 and ours.closing == 0


@pytest.mark.parametrize("text, value", [("*", 50), ("2c", 20), ("2h", 20), ("Ah", 20), ("Kd", 10), ("8s", 10),
                                         ("7c", 5), ("3s", 5)])
def test_the_cards_are_worth_the_usual_canasta_values(text, value):
    """Punteggio: "contando il valore delle carte giocate ... secondo i loro valori" and "raggiunge minimo i
    cinquanta punti": the seed gives no values (DECISIONS: joker 50, pinella and ace 20, 8 to K 10,
    3 to 7 5), and they decide the opening: three 7s and a pinella are 35, short of 50."""
    assert card_value(fr.parse(text)) == value
    state = position(held={0: "7c 7d 7s 2h Ah Ad Ac 5h 6h 9d"}, phase="play")
    play(state, "lay 7c 7d 7s 2h")
    with pytest.raises(IllegalActionError, match="reach 50 points"):
        state.apply_text("discard 5h")
    play(state, "lay Ah Ad Ac", "discard 5h")


def test_a_side_has_one_combination_of_a_rank_and_more_cards_join_it():
    """Regole: "combinazioni di carte, composte ... solo da serie di carte dello stesso valore"; the seed
    is silent on two of one rank (DECISIONS: one combination per rank per side, as Canasta is played)."""
    state = position(held={0: "9c 9d 9s Kh Qd Jc"}, melds={0: ("9h 9h 9d",)}, opened=(True, False), phase="play")
    play(state, "lay 9c 9d 9s")
    assert [len(m) for m in state.observation(0).melds[0] if m] == [6]
