"""The pace of the bots' actions online. A bot chooses first, then its action is told once the
pace it asks for has passed since its turn came, the time it spent choosing counted (issue 40).
Machiavelli's bot turn is told as one turn (issue 23, "184-198 paced bot moves a hand"): the whole
pace before a bot's first action of a turn and only the game's ``turn_pace`` share before each
further action of the same turn. Mercante's pass at the auction takes a quarter of the pace (issue
40, "a hand of one person and seven bots takes ≤ 90 s at the default pace": the lot is called round
the table and everyone hears the calls at once); every other game and action keeps the whole pace.

The waits are counted, never timed: the service's clock and sleep are the test's."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

import pytest

from tavolo.engine.agent import Agent
from tavolo.games.mercante.state import CALL_PACE
from tavolo.online.service import TableService
from tavolo.online.tables import Table
from tests.aio import run
from tests.online.test_told_privacy import next_entries, seated

PACE = 0.7
"""The room's default pace (TableService's ``pace``)."""


class ThinkingBot(Agent):
    """Plays the first legal action ``pick`` accepts, taking ``think`` seconds of the test's clock."""

    def __init__(self, clock: list[float], think: float, pick: Callable[[str], bool]) -> None:
        self.clock, self.think, self.pick = clock, think, pick
        self.state = None

    def choose(self, obs, legal):
        self.clock[0] += self.think
        return next(a for a in legal if self.pick(self.state.action_to_string(a)))


def paced(service: TableService, table: Table, think: float = 0.0,
          pick: Callable[[str], bool] = lambda text: True) -> tuple[list[float], list[str]]:
    """The waits the service asks for around the bot to act's turn (its own clock's and sleep's),
    and the actions it stores."""
    seat, clock, waits, stored = table.to_act, [100.0], [], []
    bot = ThinkingBot(clock, think, pick)
    bot.state = table.state
    service._bots[(table.id, seat)] = bot
    service._clock = lambda: clock[0]

    async def sleep(seconds: float) -> None:
        waits.append(seconds)
        clock[0] += seconds

    async def store(_table, _seq, entries) -> None:
        stored.extend(e.payload["text"] for e in entries())

    service._sleep, service._store = sleep, store
    run(asyncio.wait_for(service._bot_turn(table, seat, table.seq), 10))  # a guard, not a measure
    service._pool.shutdown()
    return waits, stored


def dealt(game: str, options: dict, steps: int = 1) -> tuple[TableService, Table]:
    service, table, _ = seated(game, options)
    rng = random.Random(1)
    for _ in range(steps):
        service._apply(table, next_entries(table, rng))
    service.pace = PACE
    return service, table


def test_a_mercante_pass_at_the_auction_waits_a_quarter_of_the_pace() -> None:
    service, table = dealt("mercante", {})
    assert table.state.phase == "auction"
    assert paced(service, table, pick=lambda text: text == "pass") == ([pytest.approx(PACE * CALL_PACE)], ["pass"])


def test_a_mercante_bid_waits_the_whole_pace() -> None:
    service, table = dealt("mercante", {})
    assert paced(service, table, pick=lambda text: text.startswith("bid ")) == ([pytest.approx(PACE)], ["bid 1"])


def test_another_game_s_moves_wait_the_whole_pace() -> None:
    service, table = dealt("briscola", {"players": 2})
    waits, stored = paced(service, table)
    assert waits == [pytest.approx(PACE)] and stored[0].startswith("play ")


def test_the_time_a_bot_thinks_counts_toward_its_pace() -> None:
    service, table = dealt("burraco", {"players": 2})
    assert paced(service, table, think=0.3)[0] == [pytest.approx(PACE - 0.3)]
    service, table = dealt("burraco", {"players": 2})
    assert paced(service, table, think=1.0)[0] == [0.0]                   # a slow bot waits no more after


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
    service.pace = PACE
    waits, stored = paced(service, table, pick=lambda text: text.startswith("put "))
    assert waits == [pytest.approx(PACE * 0.15)] and stored[0].startswith("put ")


def test_other_games_pause_before_every_action() -> None:
    service, table, _ = seated("burraco", {"players": 2})
    rng = random.Random(2)
    service._apply(table, next_entries(table, rng))
    seat = table.to_act
    service._apply(table, next_entries(table, rng))                        # the draw: the same seat plays on
    assert table.to_act == seat
    assert TableService._turn_share(table, seat) == 1.0
