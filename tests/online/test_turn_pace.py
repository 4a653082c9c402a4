"""A Machiavelli bot's turn told as one turn (issue 23: "184-198 paced bot moves a hand"): the
service pauses its whole pace before a bot's first action of a turn and only the game's
``turn_pace`` share before each further action of the same turn; every other game keeps a whole
pause before every action."""

from __future__ import annotations

import random

from tavolo.online.service import TableService
from tests.online.test_told_privacy import next_entries, seated


def test_a_bot_s_further_moves_in_a_turn_wait_a_share_of_the_pace() -> None:
    service, table, _ = seated("machiavelli", {"players": 2})
    service._apply(table, next_entries(table, random.Random(1)))         # the deal
    seat = table.to_act
    assert TableService._turn_share(table, seat) == 1.0                   # a turn's first action
    put = next(a for a in table.state.legal_actions() if table.state.action_to_string(a).startswith("put "))
    service._apply(table, table.action_entries(seat, [put]))
    assert table.to_act == seat
    assert TableService._turn_share(table, seat) == table.view.turn_pace == 0.15
    assert TableService._turn_share(table, 1 - seat) == 1.0


def test_other_games_pause_before_every_action() -> None:
    service, table, _ = seated("burraco", {"players": 2})
    rng = random.Random(2)
    service._apply(table, next_entries(table, rng))
    seat = table.to_act
    service._apply(table, next_entries(table, rng))                        # the draw: the same seat plays on
    assert table.to_act == seat
    assert TableService._turn_share(table, seat) == 1.0
