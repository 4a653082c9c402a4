"""Machiavelli's combination numbers as a player types them: a number past the table names no
combination and is refused as such, with the rule ("scale o gruppi": a card goes to a
combination on the table or to a new one), never read as another card's move; a number
that is not written in digits 0-9 is not a number."""

from __future__ import annotations

import pytest

from tavolo.engine.errors import IllegalActionError, NotationError

from tests.machiavelli.helpers import position

TABLE = ("7c 8c 9c", "4s 5s 6s", "Kh Kd Ks")


def opened():
    return position(table=TABLE, held={0: "4h 6h Tc 5c 2d"}, opened=(True, True))


@pytest.mark.parametrize("text, number", [
    ("put 4h to 99", 99),
    ("put 4h to 5", 5),
    ("move 9c from 1 to 60", 60),
    ("move 9c from 1 to 49", 49),
    ("move 2h from 99 to 1", 99),
    ("move 9c from 4 to new", 4),
    ("put 4h to 1000000000000000000000000000000", 10**30),
    ("put 4h 6h to 7", 7),
])
def test_a_combination_not_on_the_table_is_refused_as_such(text, number):
    state = opened()
    before = state.to_json()
    for read in (state.parse_action, state.parse_move):
        with pytest.raises(IllegalActionError) as info:
            read(text)
        assert info.value.rule.code == "no-combination"
        assert str(info.value.detail) == f"there is no combination {number}"
    assert state.to_json() == before


def test_the_next_number_is_a_new_combination():
    state = opened()
    assert [state.action_to_string(a) for a in state.parse_move("put 4h to 4")] == ["put 4h to new"]


def test_cards_moved_on_from_a_combination_they_emptied_are_refused():
    """``4s 5s 6s`` leave combination 2 empty: 7c is not in it, whatever is numbered 2 next."""
    with pytest.raises(IllegalActionError, match="7c is not in combination 2") as info:
        opened().parse_move("move 4s 5s 6s 7c from 2 to 1")
    assert info.value.rule.code == "no-combination"


@pytest.mark.parametrize("text", ["put 4h to ²", "move 7c from ¹ to 3", "put 4h to ３", "put 4h to -1", "put 4h to +1"])
def test_a_number_not_in_digits_is_not_a_combination_number(text):
    with pytest.raises(NotationError, match="numbered from 1"):
        opened().parse_move(text)


def test_before_the_deal_a_number_is_refused_for_the_deal():
    from tavolo.games.machiavelli import make_game

    state = make_game(players=2).new_initial_state()
    with pytest.raises(IllegalActionError) as info:
        state.parse_move("put 4h to 3")
    assert info.value.rule.code == "deal-first" and "no combination" not in str(info.value)
