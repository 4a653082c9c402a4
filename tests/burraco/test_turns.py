"""The turn: draw or take, meld, discard (fedibur-1985 art. 4-5; estratto "La fase di gioco";
codice art. 6-8), the one-card discard pile and anti-stall."""

import pytest

from tavolo.cards import french as fr
from tavolo.engine.errors import IllegalActionError
from tavolo.games.burraco.actions import DRAW, TAKE

from tests.burraco.helpers import position, texts


def refused(state, text):
    with pytest.raises(IllegalActionError) as info:
        state.apply(state.parse_action(text))
    return info.value.rule.code


def test_turn_begins_with_draw_or_take_and_only_one():
    """fedibur-1985 art. 4: each player in turn either draws or takes the whole pile."""
    state = position(phase="draw", hands={0: "3h 4h 5h 9c Kd"}, pile="Qd 7s")
    assert texts(state) == ["draw", "take"]
    assert refused(state, "discard 9c") == "draw-first"
    state.apply(DRAW)
    assert refused(state, "draw") == "one-draw"
    assert refused(state, "take") == "one-draw"


def test_taking_the_pile_takes_all_of_it():
    """fedibur-1985 art. 4: whoever takes the pile takes all its cards."""
    state = position(phase="draw", hands={0: "3h 4h 5h 9c Kd"}, pile="Qd 7s 8s")
    state.apply(TAKE)
    assert sorted(state.hand_cards(0)) == sorted(fr.parse_many("3h 4h 5h 9c Kd Qd 7s 8s"))
    assert state.observation(0).pile == ()
    assert state.observation(1).known[0] == tuple(sorted(fr.parse_many("Qd 7s 8s")))


def test_draw_takes_the_top_of_the_stock():
    state = position(phase="draw", hands={0: "3h 4h 5h 9c Kd"}, pile="Qd")
    top = state._stock[-1]
    state.apply(DRAW)
    assert state.hand_cards(0).count(top) == 1 + fr.parse_many("3h 4h 5h 9c Kd").count(top)


def test_one_card_pile_may_not_be_discarded_back():
    """fedibur-1985 art. 5; estratto Convenzioni; codice art. 8: a one-card pile taken may
    not be discarded in the same turn..."""
    state = position(phase="draw", hands={0: "3h 4h 5h 9c Kd"}, pile="Qd")
    state.apply(TAKE)
    assert "discard Qd" not in texts(state)
    assert refused(state, "discard Qd") == "single-card-pile"
    assert "discard 9c" in texts(state)


def test_one_card_pile_may_be_discarded_back_with_an_identical_card():
    """...unless the player shows he holds an identical card (fedibur-1985 art. 5)."""
    state = position(phase="draw", hands={0: "3h 4h 5h 9c Qd"}, pile="Qd")
    state.apply(TAKE)
    assert "discard Qd" in texts(state)


def test_one_card_pile_rule_lasts_only_for_that_turn():
    state = position(phase="draw", hands={0: "3h 4h 5h 9c Kd"}, pile="Qd")
    state.apply(TAKE)
    state.apply(state.parse_action("discard 9c"))
    assert state._single == -1


def test_the_one_card_pile_card_may_be_used_to_meld():
    """fedibur-1985 art. 5: the only card of the pile may be taken and attached."""
    state = position(phase="draw", hands={0: "9c Kd 5d"}, melds={0: ["Jd Qd Kd"]}, pile="Ad")
    state.apply(TAKE)
    assert "attach Ad to 1 high" in texts(state) or "attach Ad to 1" in texts(state)


def test_anti_stall_forces_the_draw_after_every_player_took_a_one_card_pile_twice():
    """fedibur-1985 art. 5: after two full rounds of one-card takes, the player who began
    must draw from the stock."""
    hands = {0: "3h 4h 5h 9c Kd", 1: "3c 5c 7c 9d Jd", 2: "4s 6s 8s Th Qh", 3: "5d 7d 9s Js Ks"}
    state = position(phase="draw", hands=hands, pile="Qd", stall=7)
    assert texts(state) == ["draw", "take"]
    state.apply(TAKE)
    state.apply(state.parse_action("discard 9c"))
    assert state._stall == 8 and state.current_player() == 1
    assert texts(state) == ["draw"]
    assert refused(state, "take") == "anti-stall"
    state.apply(DRAW)
    assert state._stall == 0


def test_anti_stall_counts_only_uninterrupted_one_card_takes():
    state = position(phase="draw", hands={0: "3h 4h 5h 9c Kd"}, pile="Qd 7s", stall=7)
    state.apply(TAKE)  # a two-card pile breaks the streak
    assert state._stall == 0


def test_anti_stall_applies_only_to_a_one_card_pile():
    state = position(phase="draw", hands={0: "3h 4h 5h 9c Kd"}, pile="Qd 7s", stall=8)
    assert texts(state) == ["draw", "take"]


def test_anti_stall_ends_every_stalled_hand():
    """Two players exchanging one card forever: anti-stall makes them draw, so the hand ends."""
    state = position(players=2, phase="draw", hands={0: "3h 9c Kd", 1: "4s 8d Jd"}, pile="Qd",
                     stock_size=10)
    for _ in range(1000):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        wanted = [a for a in legal if a == TAKE] or [a for a in legal if state.action_to_string(a).startswith("discard")]
        state.apply(wanted[0] if wanted else legal[0])
    assert state.is_terminal()


# --- International Burraco: the discard pile only to meld at once ------------------------------

def test_internazionale_pile_only_if_a_card_can_be_melded():
    """codice, Burraco Internazionale regola 3 and art. 8."""
    useless = position("internazionale", phase="draw", hands={0: "3h 9c Kd 5s 7d"}, pile="Qs 8c")
    assert texts(useless) == ["draw"]
    assert refused(useless, "take") == "take-needs-meld"
    useful = position("internazionale", phase="draw", hands={0: "3h 9c Kd 5s 7d"}, pile="Qs Jd Qd")
    assert "take" in texts(useful)  # Jd Qd Kd


def test_internazionale_pile_card_may_attach_to_an_existing_meld():
    """codice art. 8: the card to attach may be in the hand or in the pile."""
    state = position("internazionale", phase="draw", hands={0: "3h 9c Kd 5s 7d"},
                     melds={0: ["4c 5c 6c"]}, pile="7c")
    assert "take" in texts(state)


def test_internazionale_must_meld_after_taking():
    """codice art. 8: after taking, the player must meld or attach before discarding."""
    state = position("internazionale", phase="draw", hands={0: "3h 9c Kd 5s 7d"}, pile="Qs Jd Qd")
    state.apply(TAKE)
    assert not any(t.startswith("discard") for t in texts(state))
    assert refused(state, "discard 9c") == "must-meld"
    state.apply(state.parse_action("open Jd Qd Kd"))
    assert "discard 9c" in texts(state)


def test_internazionale_combinations_only_of_aces_and_threes():
    """codice, Burraco Internazionale regola 2; art. 9 and 12."""
    state = position("internazionale", hands={0: "8h 8d 8c Ah Ad As 3c 3d 3s 9c"})
    opens = [t for t in texts(state) if t.startswith("open")]
    assert "open Ah Ad As" in opens and "open 3d 3c 3s" in opens
    assert not any("8" in t for t in opens)
    assert refused(state, "open 8h 8d 8c") == "group-ranks"


def test_fibur_allows_every_combination_rank():
    state = position("fibur", hands={0: "8h 8d 8c 9c Kd"})
    assert "open 8h 8d 8c" in texts(state)
