"""The deck, the deal and the table for 2 to 6 players (fedibur-1985 art. 1-3; estratto
"Preparativi", "Il gioco in 2..6"; codice art. 1, 3, 4 and "Il burraco a tre o cinque")."""

import random
from collections import Counter

import pytest

from tavolo.cards import french as fr
from tavolo.games.burraco import make_game
from tavolo.games.burraco.cards import POINTS, seat_draw_key, sort_by_norm
from tavolo.games.burraco.seating import RedrawNeeded, seat_draw


def dealt(players=4, seed=1, **options):
    state = make_game(players=players, target=None, **options).new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(seed)))
    return state


def test_card_points():
    """fedibur-1985 art. 1: jolly 30, pinella 20, ace 15, K Q J 10 9 8 ten, 7 6 5 4 3 five."""
    expected = {"*": 30, "2h": 20, "2s": 20, "Ad": 15, "Kc": 10, "Qh": 10, "Js": 10, "Td": 10, "9c": 10,
                "8h": 10, "7s": 5, "6d": 5, "5c": 5, "4h": 5, "3s": 5}
    assert {t: POINTS[fr.parse(t)] for t in expected} == expected


@pytest.mark.parametrize("players, cards, jokers", [(2, 108, 4), (3, 108, 4), (4, 108, 4), (5, 162, 6), (6, 162, 6)])
def test_two_decks_and_four_jokers_three_decks_for_five_and_six(players, cards, jokers):
    """fedibur-1985 art. 1, art. 3: 108 cards; estratto: a third deck for 5 and 6 players."""
    deck = make_game(players=players).deck
    assert len(deck) == cards and Counter(deck)[fr.JOKER] == jokers


def test_four_players_deal():
    """fedibur-1985 art. 3: 11 cards each, two pozzetti of 11, one face up, 41 in the stock."""
    state = dealt(4)
    assert state._sizes == [11, 11, 11, 11]
    assert [len(p) for p in state._pozzetti] == [11, 11]
    assert len(state._pile) == 1 and len(state._stock) == 41
    assert state.all_cards() == state.game.deck_counts


def test_player_left_of_the_dealer_starts_and_play_is_clockwise():
    """estratto: the player left of the dealer starts; turns follow clockwise."""
    state = dealt(4)
    assert state.dealer == 3 and state.current_player() == 0
    for seat in (0, 1, 2, 3, 0):
        assert state.current_player() == seat
        state.apply(state.parse_action("draw"))
        state.apply(next(a for a in state.legal_actions() if state.action_to_string(a).startswith("discard")))


@pytest.mark.parametrize("players, pozzetti, stock", [(2, [11, 11], 63), (3, [18, 11], 45), (5, [18, 11, 11], 66),
                                                       (6, [11, 11], 73)])
def test_pozzetti_and_stock_by_number_of_players(players, pozzetti, stock):
    """estratto "Il gioco in 2..6"; codice "Il burraco a tre o cinque giocatori"."""
    state = dealt(players)
    assert [len(p) for p in state._pozzetti] == pozzetti
    assert len(state._stock) == stock and set(state._sizes) == {11}


def test_six_players_two_teams_of_three_alternate():
    """estratto "Il gioco in 6": two teams of three alternate players."""
    assert dealt(6).sides == [(0, 2, 4), (1, 3, 5)]


def test_four_players_partners_face_each_other():
    """estratto "Il gioco in 4": the players facing each other are partners."""
    assert dealt(4).sides == [(0, 2), (1, 3)]


def _until_first_pozzetto(players, seed):
    state = dealt(players, seed)
    rng = random.Random(seed)
    while state.observation(0).pozzetti[0].side < 0:
        legal = state.legal_actions()
        melds = [a for a in legal if not state.action_to_string(a).startswith(("discard", "draw", "take"))]
        state.apply((melds or legal)[int(rng.random() * len(melds or legal))])
    return state


def test_three_players_first_to_a_pozzetto_plays_alone_with_the_18():
    """estratto "Il gioco in 3": the first to a pozzetto takes the 18 and plays alone against
    the other two, who form a pair."""
    state = _until_first_pozzetto(3, seed=2)
    lone = next(seat for seat in range(3) if state.side_of(seat) == 0)
    assert state.sides == [(lone,), ((lone + 1) % 3, (lone + 2) % 3)]
    assert state._pozz_taken == [True, False]
    assert state.side_took_pozzetto(0) and not state.side_took_pozzetto(1)


def test_five_players_lone_player_against_two_pairs_of_facing_players():
    """estratto "Il gioco in 5": alone against two pairs formed by facing players."""
    state = _until_first_pozzetto(5, seed=4)
    lone = state.sides[0][0]
    assert state.sides[1:] == [((lone + 1) % 5, (lone + 3) % 5), ((lone + 2) % 5, (lone + 4) % 5)]


def test_three_players_all_alone_variant():
    """estratto; codice "Variante": everyone alone from the start, three pozzetti of 11."""
    state = dealt(3, lone_vs_pairs=False)
    assert [len(p) for p in state._pozzetti] == [11, 11, 11] and state.sides == [(0,), (1,), (2,)]


@pytest.mark.parametrize("threshold", [1000, 1500])
def test_three_players_everyone_alone_once_a_player_reaches_the_threshold(threshold):
    """estratto: at 1000 points three pozzetti of 11 and everyone alone; codice: 1500 (option)."""
    state = make_game(players=3, target=2005, alone_threshold=threshold).new_initial_state()
    state._scores = [threshold - 5, 0, 0]
    state.apply_chance(state.sample_chance(random.Random(1)))
    assert [len(p) for p in state._pozzetti] == [18, 11]
    state = make_game(players=3, target=2005, alone_threshold=threshold).new_initial_state()
    state._scores = [threshold, 0, 0]
    state.apply_chance(state.sample_chance(random.Random(1)))
    assert [len(p) for p in state._pozzetti] == [11, 11, 11] and state.observation(1).everyone_alone


def test_seat_draw_highest_is_served_lowest_opponent_deals():
    """fedibur-1985 art. 2; codice art. 3: the highest card chooses and is served by the
    opponent with the lowest card, seated on his right; partners face each other."""
    draw = seat_draw({"A": fr.parse("Ah"), "B": fr.parse("Kd"), "C": fr.parse("5c"), "D": fr.parse("Qs")},
                     partners=[("A", "C"), ("B", "D")])
    assert draw.seats == ("A", "B", "C", "D")  # East A, South B, West C (A's partner), North D deals
    assert draw.scorer == "A"


def test_seat_draw_card_order_joker_pinella_ace_then_suits():
    """codice art. 1, 3: joker, 2, A, K ... 3; equal ranks by hearts, diamonds, clubs, spades."""
    order = sorted(fr.parse_many("3h Kd Ks * 2c Ah Kh"), key=seat_draw_key, reverse=True)
    assert fr.names(order) == "* 2c Ah Kh Kd Ks 3h"


def test_seat_draw_identical_cards_draw_again():
    """codice art. 3: two players with the same card and suit draw again."""
    with pytest.raises(RedrawNeeded):
        seat_draw({"A": fr.parse("Ah"), "B": fr.parse("Ah"), "C": fr.parse("5c"), "D": fr.parse("Qs")},
                  partners=[("A", "C"), ("B", "D")])


def test_discard_according_to_the_rule():
    """codice glossary, art. 27: scartare secondo norma, from the highest card down, equal
    ranks by suit hearts, diamonds, clubs, spades."""
    assert fr.names(sort_by_norm(fr.parse_many("4c Qd 2s * Qh 4h"))) == "* 2s Qh Qd 4h 4c"
