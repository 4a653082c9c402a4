"""Numbers in typed moves, the cases the notation fuzz (tests/test_notation_fuzz.py) found:
a number written in other digits ('²' passes ``str.isdigit`` but not ``int``) is not a
number, and a number out of range names nothing, in every game that reads one; each is
refused with the engine's error, at the first decision of a seeded deal and at the deal
itself, never a ``ValueError`` of ``int`` and never another move."""

from __future__ import annotations

import random

import pytest

from tavolo.engine.errors import ActionError, IllegalActionError, NotationError
from tavolo.games import make_game

CASES = [
    ("burraco", "attach Jd to ²", "the meld number"),
    ("scala40", "attach 5h to ¹", "the meld number"),
    ("scala40", "attach 5h to 37", "meld numbers run from 1 to 36, not 37"),
    ("pinnacola", "take ²", "how many cards of the pozzo"),
    ("pinnacola", "shift ³", "the meld's number"),
    ("pinnacola", "swap 7h on ²", "the meld number"),
    ("mercante", "bid ²", "a raise is a whole number, not '²'"),
    ("perlina", "bet ²", "a bet is a whole number, not '²'"),
    ("perlina", "ace ¹", "the ace's value is a whole number, not '¹'"),
    ("peppa", "draw ²", "draw a place in the fan"),
    ("peppa", "draw 0", "draw a place in the fan"),
    ("tarocchi", "play ²", "a tarocchi card is"),
    ("machiavelli", "put 4h to ²", "combinations are numbered from 1, not '²'"),
]


def dealt(name: str):
    state = make_game(name).new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_chance(state.sample_chance(rng))
    return state


@pytest.mark.parametrize("name, text, says", CASES, ids=[f"{n}:{t}" for n, t, _ in CASES])
def test_a_number_not_in_digits_or_out_of_range_is_not_read(name, text, says):
    with pytest.raises(NotationError, match=says):
        dealt(name).parse_move(text)
    with pytest.raises(ActionError):
        make_game(name).new_initial_state().parse_move(text)


def test_a_place_past_the_fan_is_refused_with_the_draw_rule():
    """Peppa's blind draw names a place in the fan offered (raccolta, Peppa): 99 is none (past the
    choices of three of a rank, where the player keeps the card he likes)."""
    state = dealt("peppa")
    while state.phase == "pairs":
        state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="the fan offered has 9 card") as info:
        state.parse_move("draw 99")
    assert info.value.rule.code == "draw-position"
