"""Machiavelli's rules as the seed states them (``raccolta-regole-giochi-di-carte.txt``,
"Machiavelli"), and the readings recorded in DECISIONS.md where it is silent."""

import pytest

from tavolo.cards import french as fr
from tavolo.engine.errors import IllegalActionError, NotationError
from tavolo.games.machiavelli import make_game
from tavolo.games.machiavelli.actions import DONE, DRAW, PASS

from tests.machiavelli.helpers import play, position


def names(state):
    return [fr.names(g) for g in state.table()]


def test_the_seeds_example_takes_2_and_3_from_a_run_to_make_a_new_one_with_your_4():
    """"sul tavolo è presente una scala ... di cuori che vanno dal valore due al valore sei e
    noi in mano possediamo un quattro di cuori possiamo prendere il due e il tre ... Sul tavolo
    ... rimane anche la scala con il quattro, il cinque e il sei"."""
    state = position(table=("2h 3h 4h 5h 6h",), held={0: "4h Kc Ks"}, opened=(True, True))
    play(state, "move 2h 3h from 1 to new")
    assert DONE not in state.legal_actions()  # 4h 5h 6h and 2h 3h: not yet a valid table
    play(state, "put 4h to 2", "done")
    assert sorted(names(state)) == ["2h 3h 4h", "4h 5h 6h"]
    assert fr.names(state.hand_cards(0)) == "Kc Ks"


def test_a_turn_ends_only_on_a_valid_table_and_names_the_broken_combination():
    """"purché rimangano sempre gruppi di minimo di tre carte"."""
    state = position(table=("2h 3h 4h 5h 6h",), held={0: "7h Kc Ks"}, opened=(True, True))
    play(state, "move 2h from 1 to new", "put 7h to 1")
    with pytest.raises(IllegalActionError, match=r"combination 2 \(2h\) is neither a run nor a group") as info:
        state.apply_text("done")
    assert info.value.rule.code == "valid-table"
    play(state, "undo", "undo", "put 7h to 1", "done")
    assert names(state) == ["2h 3h 4h 5h 6h 7h"]


def test_a_player_who_lays_nothing_draws_and_what_he_moved_goes_back():
    """"Se il giocatore non deposita carte sul tavolo deve necessariamente pescare una carta"."""
    state = position(table=("Qd Qc Qs",), held={0: "4h Kc"}, opened=(True, True), stock_size=5)
    with pytest.raises(IllegalActionError, match="draws one from the stock"):
        state.apply_text("done")
    play(state, "move Qd from 1 to new", "draw")
    assert names(state) == ["Qd Qc Qs"] and len(state.hand_cards(0)) == 3 and state.current_player() == 1


def test_moving_table_cards_alone_is_not_a_turn():
    state = position(table=("2h 3h 4h 5h 6h 7h",), held={0: "Kc Ks"}, opened=(True, True))
    play(state, "move 2h 3h 4h from 1 to new")
    assert state.table_done() is False
    with pytest.raises(IllegalActionError, match="lay-or-draw|draws one"):
        state.apply_text("done")


def test_before_opening_a_player_lays_only_new_combinations_of_his_own_cards():
    """"I giocatori che hanno aperto, ossia ... che hanno depositato almeno un tris ... possono
    anche aggiungere le loro carte alle scale o ai gruppi"."""
    state = position(table=("2h 3h 4h",), held={0: "5h 9c 9d 9s"})
    with pytest.raises(IllegalActionError) as info:
        state.apply_text("put 5h to 1")
    assert info.value.rule.code == "open-first"
    with pytest.raises(IllegalActionError, match="open"):
        state.apply_text("move 2h from 1 to new")
    play(state, "put 9c 9d 9s to new", "done")
    assert state.observation(1).opened == (True, False)


def test_once_opened_a_player_adds_to_anyone_s_combinations():
    state = position(table=("2h 3h 4h",), held={0: "5h Kc Ks"}, opened=(True, False))
    play(state, "put 5h to 1", "done")
    assert names(state) == ["2h 3h 4h 5h"]


def test_groups_never_repeat_a_suit_and_hold_at_most_four():
    """The seed's group is "il tre di fiori, il tre di cuori e il tre di picche" (DECISIONS.md)."""
    state = position(held={0: "3c 3c 3h Kc"})
    play(state, "put 3c 3c 3h to new")
    assert DONE not in state.legal_actions()


def test_the_ace_is_low_or_high_never_both():
    state = position(held={0: "Kh Ah 2h 5c"})
    play(state, "put Kh Ah 2h to new")
    assert DONE not in state.legal_actions()
    play(state, "undo", "undo", "undo", "put Ah 2h to new")
    assert DONE not in state.legal_actions()


def test_closing_scores_100_and_the_others_pay_their_cards_as_in_pinnacola():
    """"Chi chiude ha diritto a 100 punti e gli altri giocatori pagheranno le carte che rimangono
    in mano con il medesimo punteggio della pinnacola" (2-5 five, 6-K ten, ace fifteen)."""
    state = position(held={0: "9c 9d 9s", 2: "Ah 2h 6d Kc"}, opened=(True, True, True), players=3)
    play(state, "put 9c 9d 9s to new", "done")
    assert state.is_terminal()
    (result,) = state.hand_results
    assert result.closer == 0 and result.points[0] == 100 and result.points[2] == -(15 + 5 + 10 + 10)
    assert result.left[2] == "Ah 2h 6d Kc" and state.returns()[2] == -40.0


def test_with_the_stock_empty_a_whole_round_of_passes_ends_the_hand_with_no_closer():
    state = position(held={0: "4h Kc", 1: "5d"}, stock_size=0, players=2)
    assert state.legal_actions()[0] == PASS and DRAW not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="stock is empty"):
        state.apply(DRAW)
    play(state, "pass", "pass")
    assert state.is_terminal() and state.hand_results[0].closer == -1


def test_undo_takes_back_the_last_move_only():
    state = position(table=("2h 3h 4h",), held={0: "5h 6h Kc"}, opened=(True, True))
    play(state, "put 5h to 1", "put 6h to 1", "undo")
    assert names(state) == ["2h 3h 4h 5h"] and 6 in [fr.rank(c) for c in state.hand_cards(0)]


def test_a_turn_has_a_bounded_number_of_moves():
    state = position(held={0: "4h 5h"})
    for _ in range(state._budget // 2):
        play(state, "put 4h to new", "undo")
    with pytest.raises(IllegalActionError) as info:
        state.apply_text("put 4h to new")
    assert info.value.rule.code == "turn-moves" and state.legal_actions() == [DRAW]


@pytest.mark.parametrize("text, message", [
    ("put 4h", "say the cards and where they go"),
    ("move 4h to new", "say where the card comes from"),
    ("put 4h to 0", "numbered from 1"),
    ("put 1x to new", "'1x'"),
    ("draw now", "'draw' takes nothing after it"),
])
def test_bad_notation_is_refused_naming_what_is_wrong(text, message):
    state = position(held={0: "4h 5h"})
    with pytest.raises(NotationError, match=message):
        state.parse_move(text)


def test_options_follow_the_seed_table_sizes():
    """"da un minimo di due ad un massimo di cinque giocatori ... abbassare il numero di carte per
    giocatore a otto"."""
    assert make_game(players=5).options.hand_size == 13
    assert make_game(players=8).options.hand_size == 8
    with pytest.raises(ValueError, match="2 to 10 players"):
        make_game(players=11)
    with pytest.raises(ValueError, match="deal 8"):
        make_game(players=6, hand_size=13)
    assert len(make_game().deck) == 104 and fr.JOKER not in make_game().deck
