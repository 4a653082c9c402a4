"""How a hand ends and what it scores (fedibur-1985 art. 6-8; estratto "Il calcolo del
punteggio"; codice art. 13, 16, 17)."""

import pytest

from tavolo.cards import french as fr
from tavolo.games.burraco.cards import POINTS
from tavolo.games.burraco.melds import CLEAN, DIRTY, SEMICLEAN, burraco_kind
from tavolo.games.burraco.notation import parse_meld
from tavolo.games.burraco.scoring import score_side

from tests.burraco.helpers import position, texts


def discard_something(state):
    state.apply(next(a for a in state.legal_actions() if state.action_to_string(a).startswith("discard")))


# --- the two last cards of the stock -----------------------------------------------------------

def test_hand_ends_with_the_discard_of_whoever_drew_the_third_to_last_card():
    """fedibur-1985 art. 8; estratto; codice art. 16: the last two cards are not played."""
    state = position(phase="draw", hands={0: "3h 9c Kd"}, stock_size=3)
    state.apply(state.parse_action("draw"))
    assert not state.is_terminal() and state.observation(0).last_turn
    state.apply(state.parse_action("discard Kd"))
    assert state.is_terminal()
    assert state.hand_results[-1].ended_by == "stock" and len(state._stock) == 2


def test_no_closing_bonus_when_the_stock_ends_the_hand():
    """fedibur-1985 art. 6, 8: when the stock runs out no one scores the 100 for closing."""
    state = position(phase="draw", hands={0: "3h 9c Kd"}, melds={0: ["3c 4c 5c 6c 7c 8c 9c"]},
                     taken={0: True}, stock_size=3)
    state.apply(state.parse_action("draw"))
    discard_something(state)
    assert all(side.closing == 0 for side in state.hand_results[-1].sides)


def test_the_last_player_may_still_close_and_score_it():
    """Whoever drew the third-to-last card may still close on that turn, with the bonus."""
    state = position(hands={0: "Kd 5s"}, melds={0: ["3c 4c 5c 6c 7c 8c 9c"]}, taken={0: True},
                     stock_size=2, last_turn=True)
    state.apply(state.parse_action("discard 5s"))
    assert state.hand_results[-1].ended_by == "stock"
    state = position(hands={0: "Kd"}, melds={0: ["3c 4c 5c 6c 7c 8c 9c"]}, taken={0: True},
                     stock_size=2, last_turn=True)
    state.apply(state.parse_action("discard Kd"))
    assert state.hand_results[-1].ended_by == "closing" and state.hand_results[-1].sides[0].closing == 100


def test_the_next_player_never_faces_a_two_card_stock():
    """fedibur-1985 art. 8: nobody may take the pile with only two cards left to draw; in Tavolo
    the hand is over before that turn comes."""
    state = position(phase="draw", hands={0: "3h 9c Kd"}, pile="Qd", stock_size=3)
    state.apply(state.parse_action("take"))
    discard_something(state)
    assert len(state._stock) == 3 and state.current_player() == 1
    state.apply(state.parse_action("draw"))
    discard_something(state)
    assert state.is_terminal()


# --- burraco kinds -------------------------------------------------------------------------------

@pytest.mark.parametrize("text, kind", [
    ("3c 4c 5c 6c 7c 8c 9c", CLEAN),
    ("2c 3c 4c 5c 6c 7c 8c", CLEAN),
    ("* 3c 4c 5c 6c 7c 8c", DIRTY),
    ("* 3c 4c 5c 6c 7c 8c 9c", SEMICLEAN),
    ("3c 4c 5c 6c 7c 8c 9c *(T) Jc", SEMICLEAN),
    ("3c 4c 5c 6c *(7) 8c 9c Tc", DIRTY),
    ("3c 4c *(5) 6c 7c 8c 9c Tc Jc Qc", SEMICLEAN),
    ("Kh Kh Kd Kd Kc Kc Ks", CLEAN),
    ("Kh Kh Kd Kd Kc Kc *", DIRTY),
    ("Kh Kh Kd Kd Kc Kc Ks *", SEMICLEAN),
])
def test_burraco_kinds_in_fibur(text, kind):
    """codice art. 13; estratto: clean, semi-clean (a wild with 7 naturals beside it;
    a combination of 7 naturals and the wild), dirty."""
    assert burraco_kind(parse_meld(text), semiclean_counts=True) == kind


@pytest.mark.parametrize("text", ["* 3c 4c 5c 6c 7c 8c 9c", "Kh Kh Kd Kd Kc Kc Ks *"])
def test_no_semiclean_in_fedibur1985_and_internazionale(text):
    """fedibur-1985 art. 6-7 (clean 200, dirty 100 only); codice: "Nel Burraco Internazionale
    non è prevista la figura del burraco semipulito"."""
    assert burraco_kind(parse_meld(text), semiclean_counts=False) == DIRTY


@pytest.mark.parametrize("rules, bonus", [("fibur", 350), ("fedibur1985", 300), ("internazionale", 300)])
def test_semiclean_bonus_by_rule_set(rules, bonus):
    """A clean burraco (200) and a semi-clean one: 150 in fibur, a dirty 100 in the others."""
    state = position(rules, hands={0: "Kd"}, melds={0: ["3c 4c 5c 6c 7c 8c 9c", "* 3d 4d 5d 6d 7d 8d 9d"]},
                     taken={0: True})
    state.apply(state.parse_action("discard Kd"))
    assert state.hand_results[-1].sides[0].burraco_bonus == bonus


def test_combination_that_held_a_wild_becomes_only_a_dirty_burraco():
    """fedibur-1985 art. 6: a combination laid with a wild can only become a dirty burraco."""
    state = position("fedibur1985", hands={0: "Kh Kd 5s 6s 7s"}, melds={0: ["Kc Kc Ks Ks *"]})
    state.apply(state.parse_action("attach Kh to 1"))
    state.apply(state.parse_action("attach Kd to 1"))
    meld = state.side_melds(0)[0]
    assert burraco_kind(meld, semiclean_counts=False) == DIRTY


# --- the points of a side ------------------------------------------------------------------------

def test_side_score_breakdown():
    """fedibur-1985 art. 7-8: closing 100, clean 200 / dirty 100, meld cards plus, hand cards
    minus, pozzetto not taken -100."""
    melds = [parse_meld("3c 4c 5c 6c 7c 8c 9c"), parse_meld("Kh Kd * Ks Kc Kc Kd"), parse_meld("Ah Ad As")]
    side = score_side((0, 2), melds, fr.parse_many("2s Qd 4c"), took_pozzetto=True, closed=True,
                      semiclean=True)
    assert side.closing == 100
    assert side.burraci == ("pulito", "sporco") and side.burraco_bonus == 300
    assert side.melded == 45 + (60 + 30) + 45
    assert side.in_hand == -(20 + 10 + 5)
    assert side.total == 100 + 300 + 180 - 35


def test_pozzetto_not_taken_costs_100():
    """fedibur-1985 art. 7: "pozzetto non preso" -100."""
    side = score_side((1, 3), [], fr.parse_many("3h"), took_pozzetto=False, closed=False, semiclean=True)
    assert side.pozzetto == -100 and side.total == -105


def test_pozzetto_taken_and_not_played_counts_its_cards():
    """fedibur-1985 art. 7: the pair that took the pozzetto but did not play it pays its cards."""
    state = position(hands={0: "3h 4h 5h Kd", 2: "6s"}, stock_size=2, last_turn=True)
    pozzetto_points = sum(POINTS[c] for c in state._pozzetti[0])
    state.apply(state.parse_action("open 3h 4h 5h"))
    state.apply(state.parse_action("discard Kd"))  # to the pozzetto, and the stock ends the hand
    side = state.hand_results[-1].sides[0]
    assert side.pozzetto == 0
    assert side.in_hand == -(pozzetto_points + 5)


def test_partners_are_credited_the_side_total():
    """estratto "Il gioco in 4": points are common to the pair."""
    state = position(hands={0: "Kd"}, melds={0: ["3c 4c 5c 6c 7c 8c 9c"]}, taken={0: True})
    state.apply(state.parse_action("discard Kd"))
    result = state.hand_results[-1]
    assert result.credited[0] == result.credited[2] == result.sides[0].total
    assert result.credited[1] == result.credited[3] == result.sides[1].total


def test_breakdown_adds_up_to_the_returns():
    state = position(hands={0: "Kd"}, melds={0: ["3c 4c 5c 6c 7c 8c 9c"]}, taken={0: True})
    state.apply(state.parse_action("discard Kd"))
    result = state.hand_results[-1]
    assert state.returns() == [result.sides[state.side_of(s)].total for s in range(4)]
    assert texts(state) == []
