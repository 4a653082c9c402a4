"""A seated player who types moves the notation does not read costs the room one saying of the
legal moves a position, however many he types: the table keeps the position's move reader
(engine/typed.py) until the state moves on, and the room's event loop is not his to fill."""

from __future__ import annotations

import random

import pytest

from tavolo.engine import typed
from tavolo.i18n import LANGUAGES
from tavolo.online.messages import Refusal
from tests.online.test_told_privacy import next_entries, seated


@pytest.mark.parametrize(("game", "options"), [("briscola", {"players": 2}), ("burraco", {"players": 2})])
def test_moves_typed_in_one_position_say_its_legal_moves_once(monkeypatch, game, options) -> None:
    service, table, _ = seated(game, options)
    rng = random.Random(3)
    while table.to_act < 0 or table.state.is_chance_node():
        service._apply(table, next_entries(table, rng))
    said = []
    spelt = typed.spelt
    monkeypatch.setattr(typed, "spelt", lambda words, lang: said.append(words) or spelt(words, lang))
    for attempt in range(5):
        with pytest.raises(Refusal):
            table.move_entries(table.to_act, "vola via subito")
    legal = table.state.legal_actions()
    assert len(said) == len(legal) * len(LANGUAGES), "the legal moves' words are said once, not once a typed move"
    service._apply(table, next_entries(table, rng))
    while table.to_act < 0 or table.state.is_chance_node():
        service._apply(table, next_entries(table, rng))
    with pytest.raises(Refusal):
        table.move_entries(table.to_act, "vola via subito")
    assert len(said) == (len(legal) + len(table.state.legal_actions())) * len(LANGUAGES), "a new position, a new reading"
