"""The Scala 40 turn (FISCA art. 4-6): drawing or taking the pozzo, opening at 40, attaching
to anyone's melds, swapping a joker, discarding, and no closing in the first round."""

import pytest

from tavolo.cards import french as fr
from tavolo.engine.errors import IllegalActionError
from tavolo.games.scala40.actions import DRAW, TAKE

from tests.scala40.helpers import position, texts

OPENING_HAND = "9h 9d 9s Jc Qc Kc 2d 5s 7h 8s Td 3s 6h Kh"


def refused(state, text):
    with pytest.raises(IllegalActionError) as info:
        state.apply(state.parse_action(text))
    return info.value.rule.code


def melds(state):
    return [t for t in texts(state) if t.startswith("meld")]


def test_an_opening_must_reach_40_points():
    """art. 4.1: a tris of 9 (27) and a sequence to the king (30) open; a tris of 4 (12) and
    3-7 (25), 37 points, do not."""
    state = position(hands={0: OPENING_HAND})
    assert melds(state) == ["meld Jc Qc Kc", "meld 9h 9d 9s"]
    short = position(hands={0: "4h 4d 4s 3c 4c 5c 6c 7c 2d Ks 8d Td Jh Qs"})
    assert melds(short) == []
    assert refused(short, "meld 4h 4d 4s") == "opening-40"


def test_the_joker_is_worth_the_card_it_replaces():
    """art. 4.1: "La matta o jolly all'interno di una scala o combinazione prende il valore
    della carta che sostituisce"."""
    state = position(hands={0: "9h 9d 9s Jc * Kc 2d 5s 7h 8d Td 3s 6h Kh"})
    assert "meld Jc *(Q) Kc" in melds(state)


def test_an_opening_begun_must_be_completed_before_the_discard():
    state = position(hands={0: OPENING_HAND})
    state.apply(state.parse_action("meld 9h 9d 9s"))
    assert not any(t.startswith("discard") for t in texts(state))
    assert refused(state, "discard 2d") == "open-first"
    state.apply(state.parse_action("meld Jc Qc Kc"))
    obs = state.observation(1)
    assert obs.opened[0] and obs.opening_points == 57 and "discard 2d" in texts(state)


def test_before_opening_no_pozzo_no_attaching_no_swapping():
    """art. 5.1-5.4: only a player who has opened takes the discard, attaches or swaps."""
    draw = position(hands={0: OPENING_HAND[:-3]}, phase="draw", pile="8c", table=["5c 6c 7c"], owners=[1],
                    opened=[1])
    assert texts(draw) == ["draw"] and refused(draw, "take") == "take-not-opened"
    state = position(hands={0: OPENING_HAND[:-3] + " 8c"}, table=["5c 6c 7c"], opened=[1])
    assert refused(state, "attach 8c to 1") == "not-opened"


def test_before_opening_a_card_that_attaches_may_not_be_discarded():
    """art. 5.4: "non si può scartare una carta che 'attacca' ... a meno che non si abbia già
    'aperto'"."""
    state = position(hands={0: "8c 2d 5s 7h 8d Td 3s 6h Kh Qd 4h 2s Jd 9c"}, table=["5c 6c 7c"], opened=[1])
    assert "discard 8c" not in texts(state) and "discard 2d" in texts(state)
    assert refused(state, "discard 8c") == "discard-attaches"
    opened = position(hands={0: "8c 2d 5s"}, table=["5c 6c 7c"], opened=[0, 1])
    assert "discard 8c" in texts(opened)


def test_an_opened_player_attaches_to_anyones_melds():
    """art. 5.2: "sia proprie che di altri giocatori"."""
    state = position(hands={0: "8c 4c 2d 5s"}, table=["5c 6c 7c"], owners=[2], opened=[0, 2])
    assert {"attach 8c to 1", "attach 4c to 1"} <= set(texts(state))
    state.apply(state.parse_action("attach 8c to 1"))
    assert state.observation(0).table[0] == state.table[0] and fr.parse("8c") not in state.hand_cards(0)


def test_the_card_taken_from_the_pozzo_must_be_used():
    """art. 5.4: "essa deve essere necessariamente utilizzata" in a meld or attached."""
    usable = position(hands={0: "2d 5s Kh"}, phase="draw", pile="8c", table=["5c 6c 7c"], opened=[0])
    assert texts(usable) == ["draw", "take"]
    usable.apply(TAKE)
    assert texts(usable) == ["attach 8c to 1"] and refused(usable, "discard 2d") == "must-use"
    useless = position(hands={0: "2d 5s Kh"}, phase="draw", pile="8h", table=["5c 6c 7c"], opened=[0])
    assert texts(useless) == ["draw"] and refused(useless, "take") == "take-must-use"


def test_a_card_taken_may_be_used_after_extending_a_sequence_towards_it():
    state = position(hands={0: "8c 2d 5s"}, phase="draw", pile="9c", table=["5c 6c 7c"], opened=[0])
    assert TAKE in state.legal_actions()
    state.apply(TAKE)
    assert texts(state) == ["attach 8c to 1"]


def test_swapping_a_joker_then_using_it():
    """art. 5.3: an opened player may put the natural card in the joker's place; the joker
    must then be used in a meld or attached."""
    state = position(hands={0: "6h 2d 5s Ks"}, table=["5h * 7h", "9c 9d 9s"], opened=[0])
    assert "swap 6h on 1" in texts(state)
    state.apply(state.parse_action("swap 6h on 1"))
    assert state.observation(1).owed == (fr.JOKER,)
    assert not any(t.startswith("discard") for t in texts(state))
    assert set(texts(state)) == {"attach * to 1 low", "attach * to 1 high", "attach * to 2"}
    for typed, meant in (("attacca * alla 1 in basso", "attach * to 1 low"), ("lega * alla 1 alto", "attach * to 1 high")):
        assert state.parse_action(typed) == state.parse_action(meant)  # the end typed in Italian too


def test_no_closing_in_the_first_round():
    """art. 6.5: "Non è possibile chiudere al primo giro"."""
    early = position(hands={0: "5h 6h 7h 9c"}, opened=[0], turn_number=2)
    assert "meld 5h 6h 7h" not in texts(early)
    assert refused(early, "meld 5h 6h 7h") == "close-first-round"
    later = position(hands={0: "5h 6h 7h 9c"}, opened=[0], turn_number=4)
    later.apply(later.parse_action("meld 5h 6h 7h"))
    later.apply(later.parse_action("discard 9c"))
    assert later.is_terminal() and later.hand_results[-1].closer == 0


def test_a_player_keeps_a_card_to_discard():
    """art. 6.1-6.2: one closes by discarding the last card; one may not be left without cards."""
    state = position(hands={0: "5h 6h 7h"}, opened=[0])
    assert refused(state, "meld 5h 6h 7h") == "keep-a-discard"


def test_draw_takes_the_top_of_the_stock():
    state = position(hands={0: "2d 5s Kh"}, phase="draw", opened=[0])
    top = state._stock[-1]
    state.apply(DRAW)
    assert top in state.hand_cards(0) and state.phase == "play"
