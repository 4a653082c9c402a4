"""Pinnacola turns and hands (raccolta-regole-giochi-di-carte.txt, "Pinnacola"): the pozzo taken
from any card with every card discarded after it, the first melded at once; attaching to the
partner only after one's own meld; a matta taken by anyone; closing 100; the doubled hand of a
player who had not opened in his turn, single for one who had no turn; the pinnacolone ends the
match; the variant that needs a poker and a pinnacola to close; refusals name the rule."""

import random

import pytest

from tavolo.cards import french as fr
from tavolo.engine.errors import IllegalActionError
from tavolo.games.pinnacola import make_game

from tests.pinnacola.helpers import position


def test_the_first_card_turned_up_starts_the_pozzo_and_may_be_taken():
    # seed: "il resto del mazzo si mette al centro e si scopre la prima carta"
    state = make_game(players=4).new_initial_state()
    state.apply_chance(state.sample_chance(random.Random(2)))
    assert len(state.observation(1).pozzo) == 1 and state.legal_action_strings() == ["draw", "take 1"]


def test_taking_from_the_pozzo_takes_every_later_card_and_melds_the_first():
    # seed: "si dovranno prendere anche tutte le altre carte scartate dopo di essa con l'obbligo di formare la
    # combinazione solo con la prima carta e metterla a terra"
    state = position(held={0: "9h Th 4c 4d Ks"}, pozzo="Qs Jh 2d 7c", phase="draw")
    assert state.legal_action_strings() == ["draw", "take 1", "take 3"]  # Jh melds with 9h Th; Qs does not
    with pytest.raises(IllegalActionError, match="first of them must be melded"):
        state.apply_text("take 4")
    state.apply_text("take 3")
    obs = state.observation(0)
    assert len(obs.hand) == 8 and len(obs.pozzo) == 1 and [fr.name(c) for c in obs.owed] == ["Jh"]
    with pytest.raises(IllegalActionError, match="must be melded before the discard"):
        state.apply_text("discard Ks")
    state.apply_text("meld 9h Th Jh")
    assert "discard Ks" in state.legal_action_strings()


def test_attaching_to_the_partner_only_after_a_meld_of_ones_own():
    # seed: "Se non ha calato almeno una combinazione di tre carte non può attaccare carte al partner"
    state = position(held={0: "8h 5c 5d 5s Kd"}, table=[("5h 6h 7h", 2)], players=4, opened=[2])
    assert "attach 8h to 1" not in state.legal_action_strings()
    with pytest.raises(IllegalActionError, match="after laying a combination of three of his own"):
        state.apply_text("attach 8h to 1")
    state.apply_text("meld 5c 5d 5s")
    assert "attach 8h to 1" in state.legal_action_strings()
    assert "attach 8h to 1" not in position(held={0: "8h 5c 5d 5s"}, table=[("5h 6h 7h", 1)], players=4,
                                            opened=[0, 1]).legal_action_strings()  # not the opponents' melds


def test_a_matta_is_taken_by_anyone_who_puts_its_card_in_its_place():
    # seed: "È possibile sostituire i Jolly a terra (sia i propri che quelli degli avversari)"
    state = position(held={0: "6h 9c 9d 9s Kd"}, table=[("5h *(6) 7h", 1), ("9h 9c 9d", 0)], opened=[0, 1])
    state.apply_text("swap 6h on 1")
    assert state.observation(0).hand.count(52) == 1 and state.table[0].wild == -1


def test_a_matta_is_taken_also_by_a_player_who_has_not_opened():
    """Seed: "la matta può essere prelevata da chiunque inserendo al suo posto la carta sostituita"; the
    meld of one's own is asked only to attach: "Se non ha calato almeno una combinazione di tre carte non può
    attaccare carte al partner"."""
    state = position(held={0: "6h 8c 9d Kd"}, table=[("5h *(6) 7h", 1), ("9h 9c 9s", 2)], players=4, opened=[1, 2])
    assert "swap 6h on 1" in state.legal_action_strings()
    assert not any(s.startswith("attach") for s in state.legal_action_strings())
    state.apply_text("swap 6h on 1")
    assert state.observation(0).hand.count(52) == 1 and state.table[0].wild == -1
    with pytest.raises(IllegalActionError, match="after laying a combination of three of his own"):
        state.apply_text("attach 9d to 2")


def test_a_taken_matta_must_be_melded_at_once_where_agreed():
    # seed: "(Facoltativo l'obbligo di fare una combinazione con essi e metterli a terra subito)"
    state = position(held={0: "6h Jc Qc 3d"}, table=[("5h *(6) 7h", 1), ("9h 9c 9d", 0)], opened=[0, 1],
                     swap_must_meld=True)
    state.apply_text("swap 6h on 1")
    assert "discard 3d" not in state.legal_action_strings() and "meld Jc Qc *(K)" in state.legal_action_strings()


def test_closing_scores_100_and_doubles_the_hand_of_who_had_not_opened():
    # seed: "Chi chiude ha diritto a 100 punti"; "se non ha aperto nel proprio turno, paga il doppio"; "Se la chiusura
    # avviene prima del turno di un qualsiasi giocatore, questo giocatore paga normalmente"
    state = position(held={0: "Kh", 1: "5c 5d", 2: "Ah", 3: "9c"}, table=[("5h 6h 7h", 0)], players=4,
                     opened=[0], played=[0, 1, 2])
    state.apply_text("discard Kh")
    result = state.hand_results[-1]
    assert result.closing == (100, 0) and result.doubled == (1, 2)
    assert result.melded == (25, 0) and result.in_hand == (-2 * 15, -(2 * 10 + 10))
    assert result.points == (100 + 25 - 30, -30) and state.returns() == [95.0, -30.0, 95.0, -30.0]


def test_the_pinnacolone_ends_the_match_at_once():
    # seed: "scala completa da asso ad asso implica la fine della partita con vittoria ... 1500 punti"
    state = position(held={0: "Ah 4c 9d"}, table=[("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh", 0)], opened=[0],
                     target=2000, scores=[0, 1900])
    state.apply_text("attach Ah to 1 high")
    result = state.hand_results[-1]
    assert state.is_terminal() and result.ended_by == "pinnacolone" and state.winners() == [0]
    assert result.melded[0] == 1500


def test_closing_needs_a_poker_and_a_pinnacola_in_the_variant():
    # seed: "Una variante prevede l'impossibilità di chiusura in assenza ... di un poker e di una pinnacola"
    assert "discard Kh" not in position(held={0: "Kh"}, table=[("5h 6h 7h", 0)], opened=[0],
                                        poker_and_pinnacola=True).legal_action_strings()
    with pytest.raises(IllegalActionError, match="closing needs a poker and a pinnacola"):
        position(held={0: "Kh"}, table=[("5h 6h 7h", 0)], opened=[0], poker_and_pinnacola=True).apply_text(
            "discard Kh")
    ready = position(held={0: "Kh"}, table=[("5h 6h 7h 8h 9h Th Jh", 0), ("Qh Qd Qc Qs", 0)], opened=[0],
                     poker_and_pinnacola=True)
    ready.apply_text("discard Kh")
    assert ready.hand_results[-1].closer == 0


def test_the_hand_ends_when_the_stock_runs_out():
    state = position(held={0: "Kh 4c"}, stock_size=0)
    state.apply_text("discard Kh")
    assert state.is_terminal() and state.hand_results[-1].ended_by == "stock"


@pytest.mark.parametrize("options, message", [
    (dict(players=5), "2, 3 or 4 players"),
    (dict(players=3, partnerships=True), "need four players"),
    (dict(hand_size=14), "choose 13, 15 or 19"),
    (dict(target=1000), "choose 1500, 2000 or 2500"),
    (dict(joker_points=20), "25 or 30"),
    (dict(clean_run=5), "from 7 cards, or 6"),
])
def test_options_are_checked(options, message):
    with pytest.raises(ValueError, match=message):
        make_game(**options)


def test_a_wild_moves_to_the_other_end_of_its_run_once_a_turn():
    # seed: "Se un giocatore sbaglia a posizionare una matta può cambiare la sua posizione"; the mattino "può solo
    # essere spostato all'interno della stessa combinazione"
    state = position(held={0: "Kd 4c"}, table=[("*(4) 5h 6h", 0), ("9c 2c(T) Jc", 0), ("2s(5) 6d 7d", 1)],
                     opened=[0, 1])
    assert [m for m in state.legal_action_strings() if m.startswith("shift")] == ["shift 1"]
    state.apply_text("sposta 1")
    assert state.table[0].at == 7 and "shift 1" not in state.legal_action_strings()
    with pytest.raises(IllegalActionError, match="once a turn"):
        state.apply_text("shift 1")
    with pytest.raises(IllegalActionError, match="no such meld of your side"):
        state.apply_text("shift 3")
