"""Canasta moves that cannot be played are refused by the engine with the rule they break,
at the terminal and at an online table alike, never a crash and never read as another move:
3s, which never form a combination (seed "toglie i 3 rossi ... e li mette da parte";
DECISIONS.md: black 3s never melded), and cards the player does not hold ("scartare una
carta": a player lays only cards of his own hand)."""

from __future__ import annotations

import pytest

from tavolo.engine.errors import IllegalActionError
from tavolo.i18n.refusals import localize_error
from tavolo.online.messages import Refusal
from tavolo.online.tables import Table
from tavolo.store.online import SeatRecord, TableRecord

from tests.canasta.helpers import position

THREES = ["cala 3c 3s 3c", "lay * on 3", "lay 3h 3d 3c", "lay 3c 3s", "lay 2c on 3"]


@pytest.mark.parametrize("text", THREES)
def test_threes_never_form_a_combination(text):
    state = position(held={0: "3c 3s 3c 3h 3d * 2c 9d"}, phase="play", opened=(True, True))
    before = state.to_json()
    for read in (state.parse_action, state.parse_move):
        with pytest.raises(IllegalActionError) as info:
            read(text)
        assert info.value.rule.code == "no-threes"
    assert state.to_json() == before
    assert "i 3 non fanno mai combinazione" in localize_error(info.value, "it")


@pytest.mark.parametrize("text", THREES)
def test_an_online_table_refuses_threes_as_an_illegal_move(text):
    seats = [SeatRecord(s, f"P{s}", "human", None, f"h{s}", None) for s in range(2)]
    table = Table(TableRecord("t1", "canasta", {"players": 2, "target": None}, "off", "playing", seats))
    for entry in table.next_entries():
        table.apply(entry)
    with pytest.raises(Refusal) as info:
        table.move_entries(table.to_act, text)
    assert info.value.code == "illegal" and info.value.error.rule.code == "no-threes"


def test_a_lay_of_cards_not_held_is_refused_not_played_with_others_of_the_rank():
    """The action counts the cards of a rank: 7c 7s 7s typed by a player holding 7h 7h 7d
    would lay those instead."""
    state = position(held={0: "7h 7h 7d 5c 6c"}, phase="play", opened=(True, True))
    with pytest.raises(IllegalActionError, match="you do not hold 7c 7s") as info:
        state.parse_action("lay 7c 7s 7s")
    assert info.value.rule.code == "not-in-hand"
    assert state.action_to_string(state.parse_action("lay 7h 7d 7h")) == "lay 7h 7h 7d"
