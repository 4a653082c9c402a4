"""Ramino turns, closings and matches (raccolta-regole-giochi-di-carte.txt, "Ramino"): the first
player takes the card turned up or closes at once; draw or take, then discard; closing a zero or
ai punti; everyone pays his loose cards; a match to 101 with re-entry, or of hands with fiches;
refusals name the rule and its passage."""

import random

import pytest

from tavolo.cards import french as fr
from tavolo.engine.errors import IllegalActionError
from tavolo.games.ramino import make_game

from tests.ramino.helpers import position


def test_the_first_player_takes_the_card_turned_up():
    # seed: "il primo di mano ... prende la carta scoperta del mazzo"
    state = make_game(players=3).new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(5)))
    assert state.legal_action_strings() == ["take"]
    with pytest.raises(IllegalActionError, match="first player takes the card turned up"):
        state.apply_text("draw")
    state.apply_text("take")
    assert state.observation(0).hand_sizes == (11, 10, 10)


def test_the_first_player_closes_at_once_with_the_cards_dealt():
    # seed: "se non ha carte combinate in modo tale che gli consentano l'immediata chiusura"
    state = position(held={0: "Ah 2h 3h 4h 9c 9d 9s Kc Kd Ks"}, phase="draw", turn_number=0)
    assert state.legal_action_strings() == ["take", "close"]
    state.apply_text("chiudi")
    result = state.hand_results[-1]
    assert state.is_terminal() and result.closer == 0 and result.points[0] == 0 and result.points[1] > 0


def test_later_players_draw_or_take_then_discard():
    # seed: "potrà invece o prendere la prima carta coperta del mazzo, oppure prendere quella scartata"
    state = position(held={0: "Ah 2h 5c 7d 9c Jd 3s 6s 8h Qc"}, phase="draw", pile="Kd")
    assert state.legal_action_strings() == ["draw", "take"]
    state.apply_text("take")
    assert "discard Kd" not in state.legal_action_strings()  # DECISIONS.md: not the card just taken
    with pytest.raises(IllegalActionError, match="just taken may not be discarded"):
        state.apply_text("discard Kd")
    state.apply_text("scarta Qc")
    obs = state.observation(1)
    assert state.current_player() == 1 and fr.name(obs.pile_top) == "Qc" and obs.hand_sizes == (10, 10)


def test_closing_a_zero_needs_every_other_card_combined():
    # seed: "Chiusura a zero: si ha quando un giocatore ha tutte e dieci le carte combinate"
    state = position(held={0: "Ah 2h 3h 4h 9c 9d 9s Kc Kd Ks Qd", 1: "5c 5d 5h 5s Ac 3d 6s Jh Jd Js"})
    assert state.legal_action_strings()[-1] == "close Qd"
    with pytest.raises(IllegalActionError, match=r"Qd would stay loose \(10 points\): a player closes only with every other card"):
        state.apply_text("close 4h")
    state.apply_text("close Qd")
    result = state.hand_results[-1]
    # seed, Esempio a: 11 (ace) + 3 + 6 = 20 for the player who holds them loose
    assert result.points == (0, 20) and result.loose == ("", "3d Ac 6s") and state.returns() == [0, -20]


def test_closing_ai_punti_within_the_agreed_points_and_the_closer_pays_them():
    # seed: "Chiusura ai punti: ... la somma dei valori di queste ultime non superi ... o i 5 o i 10 punti";
    # "se invece chiude ai punti gliene vengono addebitati quanti risultano dalla somma"
    hand = "Ah 2h 3h 9c 9d 9s Kc Kd Ks 7d Qd"
    assert "close Qd" not in position(held={0: hand}, closing_limit=5).legal_action_strings()
    state = position(held={0: hand}, closing_limit=10)
    state.apply_text("close Qd")
    assert state.hand_results[-1].points[0] == 7
    with pytest.raises(IllegalActionError, match=r"worth 5 points or less"):
        position(held={0: hand}, closing_limit=5).apply_text("close 7d")


def test_a_match_to_101_puts_out_who_goes_over_and_the_last_one_wins():
    # seed: "i giocatori che ... superano tale tetto, sono esclusi ... pagheranno la posta ... al vincitore"
    state = position(held={0: "Ah 2h 3h 4h 9c 9d 9s Kc Kd Ks Qd", 1: "5c 5d 5h 5s Ac 3d 6s Jh Jd Js"},
                     match="101", scores=[30, 90])
    state.apply_text("close Qd")
    assert state.is_terminal() and state.hand_results[-1].eliminated == (1,)
    assert state.returns() == [110.0, -110.0]


def test_101_itself_stays_in():
    state = position(held={0: "Ah 2h 3h 4h 9c 9d 9s Kc Kd Ks Qd", 1: "5c 5d 5h 5s Ac 3d 6s Jh Jd Js"},
                     match="101", scores=[30, 81])
    state.apply_text("close Qd")
    assert not state.is_terminal() and state.observation(1).scores == (30, 101)


def test_reentry_at_the_worst_score_once_while_more_than_two_remain():
    # seed: "se cioé in gara ci sono ancora più di due giocatori, è possibile rientrare ... con lo stesso
    # punteggio del giocatore messo peggio"
    hands = {0: "Ah 2h 3h 4h 9c 9d 9s Kc Kd Ks Qd", 1: "5c 5d 5h 5s Ac 3d 6s Jh Jd Js"}
    state = position(held=hands, players=4, match="101", reentry=True, scores=[0, 90, 0, 0])
    state.apply_text("close Qd")
    result = state.hand_results[-1]
    assert result.reentered == (1,) and result.eliminated == ()
    assert state.observation(1).scores[1] == max(state.observation(1).scores[s] for s in (0, 2, 3))
    again = position(held=hands, players=3, match="101", reentry=True, scores=[0, 90, 0])
    again.apply_text("close Qd")
    assert again.hand_results[-1].eliminated == (1,)  # only two would remain: no re-entry


def test_a_match_of_hands_pays_a_fiche_from_everyone_to_the_closer():
    # seed: "quello che chiude ha diritto a ricevere da tutti gli altri una fiche"
    state = position(held={0: "Ah 2h 3h 4h 9c 9d 9s Kc Kd Ks Qd"}, players=3, match="hands", hands=2)
    state.apply_text("close Qd")
    assert state.hand_results[-1].fiches == (2, -1, -1) and state.returns() == [2.0, -1.0, -1.0]
    assert state.is_chance_node()  # a second hand follows


@pytest.mark.parametrize("options, message", [
    (dict(players=8), "2 to 7 players"),
    (dict(hand_size=13), "choose 7, 9 or 10"),
    (dict(closing_limit=3), r"choose 0 \(a zero\), 5 or 10"),
    (dict(match="hands", closing_limit=10), "closes only a zero"),
    (dict(joker_penalty=30), "25 or 20"),
    (dict(players=7, decks=1), "need two decks"),
])
def test_options_are_checked(options, message):
    with pytest.raises(ValueError, match=message):
        make_game(**options)


def test_one_deck_up_to_three_players_two_from_four():
    # DECISIONS.md: the seed leaves the decks to the table
    assert [len(make_game(players=n).deck) for n in (2, 3, 4, 7)] == [54, 54, 108, 108]


def test_a_colore_closes_a_zero():
    # seed: "colore: tutte carte dello stesso seme anche in ordine non progressivo"
    state = position(held={0: "Ah 3h 5h 7h 9h Jh Kh 2h 6h Qh 4c"})
    assert "close 4c" in state.legal_action_strings()
    state.apply_text("close 4c")
    assert state.hand_results[-1].points[0] == 0 and state.hand_results[-1].closer == 0
