"""Going to the pozzetto and closing (fedibur-1985 art. 5-8; estratto "Condizioni di fine
round"; codice art. 14, 16, 21, 31)."""

import pytest

from tavolo.cards import french as fr
from tavolo.engine.errors import IllegalActionError

from tests.burraco.helpers import position, texts


def refused(state, text):
    with pytest.raises(IllegalActionError) as info:
        state.apply(state.parse_action(text))
    return info.value.rule.code


# --- the pozzetto -------------------------------------------------------------------------------

def test_pozzetto_al_volo_when_the_hand_empties_by_melding():
    """fedibur-1985 art. 6: going to the pozzetto without discarding, the player plays it at once."""
    state = position(hands={0: "3h 4h 5h"})
    pozzetto = list(state._pozzetti[0])
    state.apply(state.parse_action("open 3h 4h 5h"))
    assert state.current_player() == 0 and state.phase == "play"
    assert sorted(state.hand_cards(0)) == sorted(pozzetto)
    assert state.side_took_pozzetto(0)


def test_pozzetto_with_the_discard_is_played_next_turn():
    """fedibur-1985 art. 6; estratto: with a discard, the pozzetto is played at the next turn."""
    state = position(hands={0: "3h 4h 5h Kd"})
    state.apply(state.parse_action("open 3h 4h 5h"))
    state.apply(state.parse_action("discard Kd"))
    assert state.current_player() == 1
    assert state.hand_cards(0) == [] and state.observation(0).pending_pozzetto[0] == 11
    assert state.side_took_pozzetto(0)


def test_pozzetto_taken_with_the_discard_is_seen_after_the_partner_plays():
    """codice art. 21.4: the pozzetto taken with the discard is looked at after the partner has played."""
    state = position(hands={0: "3h 4h 5h Kd"})
    pozzetto = sorted(state._pozzetti[0])
    state.apply(state.parse_action("open 3h 4h 5h"))
    state.apply(state.parse_action("discard Kd"))
    for _ in range(2):  # seat 1 (opponent), then seat 2 (partner) play
        state.apply(state.parse_action("draw"))
        state.apply(_a_discard(state))
        if state.current_player() == 2:
            assert state.observation(0).hand == ()
    assert state.current_player() == 3
    assert sorted(state.observation(0).hand) == pozzetto


def _a_discard(state):
    return next(a for a in state.legal_actions() if state.action_to_string(a).startswith("discard"))


def test_a_wild_may_be_discarded_to_go_to_the_pozzetto():
    """fedibur-1985 art. 6; codice art. 14: a wild may be discarded except to close."""
    state = position(hands={0: "3h 4h 5h *"})
    state.apply(state.parse_action("open 3h 4h 5h"))
    assert "discard *" in texts(state)


# --- closing ------------------------------------------------------------------------------------

BURRACO = "3c 4c 5c 6c 7c 8c 9c"


def test_close_by_discarding_the_last_card():
    state = position(hands={0: "Kd"}, melds={0: [BURRACO]}, taken={0: True})
    state.apply(state.parse_action("discard Kd"))
    assert state.is_terminal()
    result = state.hand_results[-1]
    assert result.ended_by == "closing" and result.sides[0].closing == 100 and result.sides[1].closing == 0


def test_closing_needs_a_burraco():
    """fedibur-1985 art. 8; estratto: closing needs at least one burraco."""
    state = position(hands={0: "Kd"}, melds={0: ["3c 4c 5c 6c 7c 8c"]}, taken={0: True})
    assert "discard Kd" not in texts(state)
    assert refused(state, "discard Kd") == "close-needs-burraco"


def test_move_leaving_an_undiscardable_last_card_is_not_offered():
    """DECISIONS.md: no move may leave the player without a legal way to end the turn."""
    state = position(hands={0: "6c Kd"}, melds={0: ["3c 4c 5c"]}, taken={0: True})
    assert "attach 6c to 1" not in texts(state)  # Kd could not then be discarded: no burraco
    assert refused(state, "attach 6c to 1") == "close-needs-burraco"
    state = position(hands={0: "9c Kd"}, melds={0: ["3c 4c 5c 6c 7c 8c", "Jd Qd Kd"]}, taken={0: True})
    assert "attach 9c to 1" in texts(state)  # it makes the burraco, then Kd closes


def test_closing_needs_the_pozzetto_taken():
    """fedibur-1985 art. 8: one of the pair must have gone to the pozzetto. Without it, emptying
    the hand with the discard is going to the pozzetto, not closing."""
    state = position(hands={0: "Kd"}, melds={0: [BURRACO]})
    state.apply(state.parse_action("discard Kd"))
    assert not state.is_terminal() and state.side_took_pozzetto(0)


def test_closing_discard_may_not_be_a_wild():
    """fedibur-1985 art. 6; codice art. 14, 31/B: the closing discard is not a wild."""
    state = position(hands={0: "*"}, melds={0: [BURRACO]}, taken={0: True})
    assert "discard *" not in texts(state)
    assert refused(state, "discard *") == "close-with-wild"


def test_move_leaving_only_a_wild_to_close_with_is_not_offered():
    """DECISIONS.md: leaving only a wild when the last discard would close is illegal."""
    state = position(hands={0: "Tc 2d"}, melds={0: [BURRACO, "Jd Qd Kd"]}, taken={0: True})
    assert "attach Tc to 1" not in texts(state)
    assert "attach 2d to 2" in texts(state)  # keeps Tc to close with
    assert refused(state, "attach Tc to 1") == "close-with-wild"


def test_no_one_closes_in_the_first_round():
    """fedibur-1985 art. 5: no closing before every player has played once."""
    early = position(hands={0: "Kd"}, melds={0: [BURRACO]}, taken={0: True}, turn_number=3)
    assert refused(early, "discard Kd") == "close-first-round"
    later = position(hands={0: "Kd"}, melds={0: [BURRACO]}, taken={0: True}, turn_number=4)
    assert "discard Kd" in texts(later)


def test_no_melding_the_whole_hand_once_the_pozzetto_is_taken():
    """fedibur-1985 art. 6; codice art. 31/C: closing needs a discard, so once the side has its
    pozzetto a player may not meld his last card."""
    state = position(hands={0: "Tc"}, melds={0: [BURRACO]}, taken={0: True})
    assert "attach Tc to 1" not in texts(state)
    assert refused(state, "attach Tc to 1") == "keep-a-discard"


def test_internazionale_closing_needs_a_clean_burraco():
    """codice, Burraco Internazionale regola 1; art. 16."""
    dirty = position("internazionale", hands={0: "Kd"}, melds={0: ["3c 4c 5c 6c * 8c 9c"]}, taken={0: True})
    assert refused(dirty, "discard Kd") == "close-needs-clean"
    clean = position("internazionale", hands={0: "Kd"}, melds={0: [BURRACO]}, taken={0: True})
    assert "discard Kd" in texts(clean)


def test_fibur_closes_with_a_dirty_burraco():
    state = position("fibur", hands={0: "Kd"}, melds={0: ["3c 4c 5c 6c * 8c 9c"]}, taken={0: True})
    assert "discard Kd" in texts(state)


def test_the_one_card_pile_taken_may_close_a_hand():
    """fedibur-1985 art. 5: the only card of the pile may be taken and attached to close."""
    state = position(phase="draw", hands={0: "Kd"}, melds={0: [BURRACO]}, taken={0: True}, pile="Tc")
    state.apply(state.parse_action("take"))
    state.apply(state.parse_action("attach Tc to 1"))
    state.apply(state.parse_action("discard Kd"))
    assert state.hand_results[-1].ended_by == "closing"


def test_partner_closes_for_the_side_after_the_pozzetto():
    """fedibur-1985 art. 8: "uno dei due componenti ... deve aver calato tutte le carte"."""
    state = position(hands={0: "Kd", 2: "5s 6s"}, melds={0: [BURRACO]}, taken={0: True})
    state.apply(state.parse_action("discard Kd"))
    assert state.hand_results[-1].sides[0].in_hand == -10  # the partner's 5s 6s
    assert fr.parse("5s") in state.hand_cards(2)
