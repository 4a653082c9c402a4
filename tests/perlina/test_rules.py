"""Perlina's rules, each test citing the seed (raccolta-regole-giochi-di-carte.txt, section
"Perlina": "Distribuzione delle carte", "Valori delle carte", "Giocata", "Esempi")."""

import random

import pytest

from tavolo.cards import french as fr
from tavolo.engine.errors import IllegalActionError
from tavolo.games.perlina import make_game
from tavolo.games.perlina.ranking import PERLINA, PUNTO, SOPRA_SOTTO, TRIS, describe, hand_key


def position(hands, middle, phase="draw", dealer=None, pot=None, ace=1, tokens=40, **options):
    """A hand just dealt: ``hands`` per seat, the stake paid, the rest of the deck in the stock."""
    n = len(hands)
    game = make_game(players=n, tokens=tokens, **options)
    held = [h.split() for h in hands] + [middle.split()]
    used = {c for cards in held for c in cards}
    dealer = n - 1 if dealer is None else dealer
    order = [(dealer + k) % n for k in range(1, n + 1)]
    data = {"game": "perlina", "options": game.options_json(), "phase": phase, "dealer": dealer,
            "turn": dealer if phase == "ace" else order[0], "queue": order, "tokens": [tokens - 1] * n,
            "pot": n if pot is None else pot, "hands": held[:-1], "middle": held[-1],
            "stock": [fr.name(c) for c in game.deck if fr.name(c) not in used], "discards": [[] for _ in hands],
            "ace": ace, "choices": [-1] * n, "bet": 0, "bettor": -1, "dealt_in": order, "folded": [], "sitting_out": [],
            "hand_number": 0, "results": [], "history": []}
    if pot is not None:
        data["tokens"][0] += n - pot
    return game.state_from_json(data)


def play(state, *moves):
    for move in moves:
        state.apply_text(move)


def key(hand, middle="Td 7c 5s", ace=1):
    return hand_key(fr.parse_many(hand), fr.parse_many(middle), ace)


@pytest.mark.parametrize("hand, kind", [
    ("Th 7d 5c", PERLINA),      # "un 10, un 7 ed un 5"
    ("Kh 6d 6c", PUNTO),        # "re+6+6"
    ("Qh 7d 5c", PUNTO),        # "cavallo+7+5": a figure is no 10 for a Perlina
    ("Jh Jd 2c", PUNTO),        # "fante+fante+2"
    ("Kh 6d 5c", SOPRA_SOTTO),  # 21, "un punto sotto"
    ("Kh 7d 6c", SOPRA_SOTTO),  # 23, "un punto sopra"
])
def test_the_seeds_examples(hand, kind):
    """"Esempi": with 10 7 5 in the middle, Perlina is 10 7 5 of any suits, Punto 22 (re+6+6,
    cavallo+7+5, fante+fante+2), Punto sotto 21 and sopra 23."""
    assert key(hand)[0] == kind


def test_the_ranking_perlina_tris_punto_sopra_sotto():
    """"La graduatoria ... 1º Posto Perlina ... 2° Tris(Tre carte uguali) 3º Posto Punto ... 4º
    Posto Punto Sopra o Punto Sotto"."""
    assert key("Th 7d 5c") > key("3h 3d 3c") > key("Kh 6d 6c") > key("Kh 6d 5c") > key("2h 3d 4c")
    assert describe(key("3h 3d 3c")) == "Tris" and key("3h 3d 3c")[0] == TRIS


def test_among_puntos_more_cards_equal_to_the_middle_win():
    """"Punto ... vince chi ha una carta uguale a terra non vale il valore ma il numero di carte
    uguali": cavallo+7+5 (two equal) beats re+6+6 (none), and equals re+7+5."""
    assert key("Qh 7d 5c") > key("Kh 6d 6c") and key("Kh 7d 5c") == key("Qh 7d 5c")


@pytest.mark.parametrize("hand, middle, ace, kind", [
    ("Ah Jd Tc", "Kd 9c 2s", 1, PUNTO),         # 1 + 10 + 10 = 21, the middle's 21
    ("Ah 6d 4c", "As 6c 5d", 11, SOPRA_SOTTO),  # the middle's ace at 11 makes 22; 11 + 6 + 4 = 21
    ("Ah 5d 6c", "As 6c 5d", 11, PERLINA),      # the same three ranks
    ("Ah Ad Tc", "As 6c 5d", 1, PUNTO),         # the middle's ace at 1 makes 12: 1 + 1 + 10
])
def test_the_players_ace_counts_one_or_eleven_as_suits_him(hand, middle, ace, kind):
    """"l'Asso vale a discrezione del giocatore 1 o 11"; "Nel caso l'Asso è presente tra le 3
    carte a tavola, il valore viene deciso dal mazziere"."""
    assert key(hand, middle, ace)[0] == kind


def test_three_cards_each_and_three_in_the_middle():
    """"distribuisce in senso antiorario tre carte coperte per ciascun giocatore, ed ancora tre al
    centro del tavolo. Il rimanente del mazzo lo tiene da parte"."""
    state = make_game(players=9).new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(1)))
    obs = state.observation(0)
    assert len(obs.middle) == 3 and obs.stock_size == 52 - 30 and obs.pot == 9
    assert all(len(state.hand_cards(s)) == 3 for s in range(9))


def test_the_dealer_values_an_ace_in_the_middle_before_seeing_his_cards():
    """"Nel caso l'Asso è presente tra le 3 carte a tavola, il valore viene deciso dal mazziere,
    prima che questi guardi le sue carte"."""
    state = position(["2h 3h 4h", "5h 6h 7h", "8h 9h Th"], "As 6c 5d", phase="ace", ace=0)
    assert state.current_player() == 2 and state.observation(2).hand == ()
    assert state.legal_action_strings() == ["ace 1", "ace 11"]
    play(state, "ace 11")
    assert state.observation(2).ace == 11 and state.current_player() == 0


def test_stand_change_paying_the_stake_or_an_extra_card_paying_double():
    """"1)Annunciare servito ... 2)Scartare una carta e sostituirla con una dal mazzo, ripagando la
    puntata iniziale. 3)Chiedere una carta da gestire ... il pagamento del doppio"; the player to
    the right of the dealer (the next seat) begins."""
    state = position(["2h 3h 4h", "5h 6h 7h", "8h 9h Th"], "Td 7c 5s")
    assert state.current_player() == 0
    play(state, "change 2h")
    assert state._tokens[0] == 38 and state._pot == 4 and len(state.hand_cards(0)) == 3
    play(state, "extra")
    assert len(state.hand_cards(1)) == 4 and state._tokens[1] == 37
    play(state, "stand", "check", "drop 5h")
    assert state.phase == "bet" and state.observation(2).dropped == (1, 1, 0)
    assert state.observation(2).my_dropped == () and state.observation(0).my_dropped == (fr.parse("2h"),)


def test_the_extra_card_is_dropped_at_the_bet():
    """"3)Chiedere una carta da gestire, cioè prenderne una dal mazzo senza scartarne un'altra ... Al
    momento della puntata bisognerà decidere quale carta scartare": the four cards are kept while the
    others choose, and one goes when the player's turn to bet comes, before he bets."""
    state = position(["2h 3h 4h", "5h 6h 7h", "8h 9h Th"], "Td 7c 5s")
    play(state, "extra")
    assert state.phase == "draw" and state.current_player() == 1 and len(state.hand_cards(0)) == 4
    play(state, "stand", "stand")
    assert state.phase == "drop" and state.current_player() == 0
    moves = state.legal_action_strings()
    assert len(moves) == 4 and all(m.startswith("drop ") for m in moves) and "drop 2h" in moves
    state.apply(state.legal_actions()[0])
    assert state.phase == "bet" and state.current_player() == 0 and len(state.hand_cards(0)) == 3
    assert "check" in state.legal_action_strings() and state.observation(1).dropped == (1, 0, 0)


def test_a_change_must_be_paid_and_must_be_of_ones_own_card():
    """"ripagando la puntata iniziale": without the tokens only standing is left; a card not in
    the hand is refused by name."""
    state = position(["2h 3h 4h", "5h 6h 7h"], "Td 7c 5s", pot=2, tokens=4)
    state._tokens[0] = 0
    with pytest.raises(IllegalActionError, match="tokens") as info:
        state.apply_text("change 2h")
    assert info.value.rule.code == "pay-to-draw"
    with pytest.raises(IllegalActionError, match="Ks is not in your hand"):
        state.parse_action("change Ks")


def test_a_bet_is_never_above_the_pot():
    """"si procederà alla puntata, che non potrà mai essere superiore al piatto"."""
    state = position(["2h 3h 4h", "5h 6h 7h", "8h 9h Th"], "Td 7c 5s")
    play(state, "stand", "stand", "stand")
    assert state.legal_action_strings() == ["check", "bet 1", "bet 2", "bet 3"]
    with pytest.raises(IllegalActionError, match="the pot holds 3") as info:
        state.apply_text("bet 5")
    assert info.value.rule.code == "bet-limit"


def test_after_a_bet_the_others_call_or_fold_and_the_best_hand_takes_the_pot():
    """"Giocata": the bet, then the ranking decides; the one who folds shows nothing."""
    state = position(["Kh 6d 6c", "Th 7d 5c", "2h 3d 9c"], "Td 7c 5s")
    play(state, "stand", "stand", "stand", "check", "bet 3", "fold", "call")
    result = state.hand_results[0]
    assert result.winner == 1 and result.pot == 9 and dict(result.shown).keys() == {0, 1}
    assert state._tokens == [36, 45, 39]


def test_a_tie_leaves_the_pot_for_the_next_hand():
    """"Se due o più giocatori dovessero totalizzare lo stesso punteggio, il piatto non verrà
    assegnato" (the sentence is cut; Tavolo: the pot stays for the next hand, DECISIONS.md)."""
    state = position(["Kh 6d 6c", "Ks 6h 6s", "2h 3d 9c"], "Td 7c 5s")
    play(state, "stand", "stand", "stand", "check", "check", "check")
    assert state.hand_results[0].winner == -1 and state._pot == 3 and state.is_chance_node()
    state.apply_chance(state.sample_chance(random.Random(2)))
    assert state.observation(0).pot == 6


def test_after_a_tie_who_folded_matches_the_bet_or_sits_out_until_the_pot_is_won():
    """"I giocatori che avevano passato al momento della puntata, dovranno pareggiare la stessa per
    ricevere tre nuove carte e partecipare alla mano successiva, oppure potranno decidere di passare
    e restare fuori dai giochi fino all'assegnazione del piatto"."""
    state = position(["Kh 6d 6c", "Ks 6h 6s", "2h 3d 9c", "2s 3c 9d"], "Td 7c 5s")
    play(state, "stand", "stand", "stand", "stand", "bet 2", "call", "fold", "fold")
    assert state.phase == "rejoin" and state.current_player() == 2
    assert state.legal_action_strings() == ["sit out", "match"]
    play(state, "match", "sit out")
    assert state._tokens[2] == 37 and state._pot == 4 + 2 + 2 + 2 and state.is_chance_node()
    state.apply_chance(state.sample_chance(random.Random(5)))
    assert set(state.observation(0).dealt_in) == {0, 1, 2} and state.observation(0).sitting_out == (3,)
    assert state.hand_cards(3) == ()


def test_who_sat_out_is_dealt_in_again_once_the_pot_is_won():
    state = position(["Th 7d 5c", "Ks 6h 6s", "2h 3d 9c", "2s 3c 9d"], "Td 7c 5s")
    state._out, state._dealt_in, state._queue = (3,), (0, 1, 2), (0, 1, 2)   # seat 3 sat out this hand
    play(state, "stand", "stand", "stand", "check", "check", "check")
    assert state.hand_results[0].winner == 0 and state.observation(1).sitting_out == ()


def test_a_lone_bettor_takes_the_pot_without_showing():
    state = position(["2h 3h 4h", "5h 6h 7h", "8h 9h Th"], "Td 7c 5s")
    play(state, "stand", "stand", "stand", "bet 2", "fold", "fold")
    assert state.hand_results[0].winner == 0 and state.hand_results[0].shown == ()


def test_the_italian_deck_counts_its_figures_ten():
    """Option: 40 Italian cards; fante, cavallo, re count 10 ("Le figure hanno tutte valore 10")."""
    from tavolo.cards import italian as it
    from tavolo.games.perlina.ranking import italian_rank

    middle, hand = it.parse_many("Kd 7c 5s"), it.parse_many("Jc 6d 6b")
    assert hand_key(hand, middle, 1, italian_rank)[0] == PUNTO
    assert len(make_game(deck="italian").deck) == 40
