"""Briscola's rules, each test citing the seed (raccolta-regole-giochi-di-carte.txt,
section "Briscola", from biska.com)."""

import random

import pytest

from tavolo.cards import italian as it
from tavolo.engine.errors import IllegalActionError
from tavolo.games.briscola import make_game
from tavolo.games.briscola.cards import POINTS, REMOVED_FOR_THREE

from tests.simulation import random_walk
from tests.trick_positions import play, position, texts


def dealt(players, seed=1, **options):
    state = make_game(players=players, **options).new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(seed)))
    return state


@pytest.mark.parametrize("players, stock", [(2, 34), (3, 30), (4, 28)])
def test_three_cards_each_and_the_trump_card_under_the_stock(players, stock):
    """"Svolgimento della Partita": three cards each; the next card is turned face up, half
    under the stock, naming the trump suit, and is the last card drawn."""
    state = dealt(players)
    obs = state.observation(0)
    assert obs.hand_sizes == (3,) * players and obs.stock_size == stock
    assert state._stock[0] == obs.trump_card and state.trump_suit == obs.trump_card // 10


def test_three_players_play_without_a_two():
    """DECISIONS.md (Briscola for three): the 2 of coppe is taken out, 39 cards deal evenly
    and the 120 points are intact."""
    deck = make_game(players=3).deck
    assert len(deck) == 39 and REMOVED_FOR_THREE not in deck and sum(POINTS[c] for c in deck) == 120


def test_the_first_player_after_the_dealer_leads_and_any_card_may_be_played():
    """"Le Mani": the first player leads; "Non esiste alcun obbligo per i Giocatori successivi
    di giocare un particolare tipo di seme"."""
    state = position("briscola", hands={0: "6c", 1: "Kd 4s 2b"}, trick="5c", trump="Ab", stock="Ab 7c")
    assert texts(state) == ["play Kd", "play 2b", "play 4s"]


@pytest.mark.parametrize("trick, winner", [
    ("5c Kc", 1),      # a higher card of the suit led
    ("3c Kc", 0),      # the three takes the king
    ("Ac 2b", 1),      # any trump takes, even a low one
    ("Ac Kd", 0),      # another suit never takes
    ("2b Ab", 1),      # a trump led is taken by a higher trump
])
def test_who_takes_the_trick(trick, winner):
    """"Le Mani": the highest trump, else the highest card of the suit led; order A 3 K C J 7
    6 5 4 2 ("Scala di Valore")."""
    first, second = trick.split()
    state = position("briscola", hands={0: first + " 6s", 1: second + " 7s"}, trump="4b", stock="4b 5s")
    play(state, f"play {first}", f"play {second}")
    assert state._tricks[-1][2] == winner
    assert state.current_player() == winner


def test_the_winner_draws_first_and_the_trump_card_comes_last():
    """"Le Mani": the winner of the trick draws first and leads the next one; the trump card
    is the last card drawn, and everyone has seen it."""
    state = position("briscola", hands={0: "5c 6s", 1: "Kc 7s"}, trump="4b", stock="4b 5s")
    play(state, "play 5c", "play Kc")
    assert set(state.hand_cards(1)) == set(it.parse_many("7s 5s"))
    assert set(state.hand_cards(0)) == set(it.parse_many("6s 4b"))
    assert state.observation(1).known[0] == (it.parse("4b"),)


def test_partners_see_each_others_hand_once_the_stock_is_finished():
    """"Ultima Mano e Fine della Partita": at four, "immediatamente dopo l'esaurimento delle
    carte del mazzo, i Giocatori in coppia si mostrano le carte"."""
    hands = {0: "Ac 2c", 1: "Kd 2d", 2: "3s 2s", 3: "Kb 7b"}
    state = position("briscola", players=4, hands=hands, stock="4b 5c 6c 7c", trump="4b")
    assert state.observation(0).partner_hand == ()
    play(state, "play Ac", "play Kd", "play 3s", "play Kb")  # seat 3 trumps and draws first
    obs = state.observation(0)
    assert obs.stock_size == 0 and set(obs.partner_hand) == set(state.hand_cards(2))
    assert state.observation(1).partner_hand == tuple(state.hand_cards(3))


def test_a_round_of_120_points_is_won_with_61():
    """"Il Vincitore": 120 points a round, at least 61 win it; the side with the most rounds
    (here 1 of 1) wins the match."""
    state = position("briscola", hands={0: "2c", 1: "Ac"}, trump="4b", taken_by=0)
    assert state.observation(0).round_points == (120 - 11, 0)
    play(state, "play 2c", "play Ac")
    assert state.is_terminal() and state.round_results[-1].points == (109, 11)
    assert state.returns() == [1.0, 0.0]


def test_sixty_all_voids_the_round_and_another_is_played():
    """"Il Vincitore": "In caso di parità (60 punti a testa) il Round sarà considerato nullo e
    ne sarà aggiunto un altro"."""
    state = position("briscola", hands={0: "2c", 1: "4c"}, trump="4b", taken_by=0)
    state._won = [60, 60]
    play(state, "play 2c", "play 4c")
    assert state.round_results[-1].note == "void" and state.phase == "deal" and state.returns() == [0.0, 0.0]


def test_a_match_of_three_rounds_goes_to_the_first_to_two():
    """"I Round nella briscola": "nella partita da tre round ... vince ... chi si aggiudica per
    prima due round"."""
    state = make_game(players=2, rounds=3).new_initial_state()
    for _ in random_walk(state, random.Random(3)):
        pass
    assert sorted(state.returns()) in ([0.0, 2.0], [1.0, 2.0])
    assert 2 <= len([r for r in state.round_results if r.note != "void"]) <= 3


def test_a_card_not_in_hand_is_refused_with_the_rule():
    state = position("briscola", hands={0: "5c 6s", 1: "Kc 7s"}, trump="4b", stock="4b 5s")
    with pytest.raises(IllegalActionError) as info:
        state.apply(state.parse_action("play Kc"))
    assert info.value.rule.code == "not-in-hand" and "Briscola" in info.value.rule.source


@pytest.mark.parametrize("bad", [dict(players=5), dict(rounds=4)])
def test_bad_options_are_refused(bad):
    with pytest.raises(ValueError):
        make_game(**bad)
