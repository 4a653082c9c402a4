"""How a decision's moves are valued (la stima): the contract every game's estimator keeps, the
loop that spends a decision's budget, and the estimator of every game with a sampler and a
play-out bot, through the protocol alone.

An estimator receives what the seat knew then (its observation), the legal moves and a seed;
never a state. It deals the cards the seat could not see again and again (the game's own
sampler, :meth:`~tavolo.engine.game.Game.sample_hidden_state`), and on each deal plays every
candidate and then the play-out bot in every seat until the game values the position
(:meth:`~tavolo.engine.game.Game.position_value`): one row of values a deal, every candidate on
the same deal with the same play-out seed (common random numbers), so the rows' differences are
paired samples.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from tavolo.bots.campione import played_out
from tavolo.engine.agent import Agent
from tavolo.engine.errors import Text
from tavolo.engine.game import Game, State

MIN_DEALS = 8
"""Every decision gets at least this many deals, whatever the budget."""
MAX_DEALS = 800
"""And at most this many: past it the interval is narrow enough for any mark."""


@dataclass(frozen=True)
class DealValues:
    """The candidates of one decision and their values on each sampled deal (a row a deal, the
    candidates' order; one deal's row may share any offset, only differences are read), the move
    a quick look plays (the play-out bot's own choice) and the seconds spent."""

    actions: tuple[int, ...]
    rows: tuple[tuple[float, ...], ...]
    quick: int
    seconds: float


class Estimator(Protocol):
    """What the analysis asks of a game: :attr:`unit` names the values' unit (``"points"``, a
    game's points; ``"value"``, its position value) and :meth:`estimate` values the moves."""

    unit: str

    def estimate(self, observation: Any, legal: Sequence[int], seed: int, seconds: float | None = None,
                 deals: int | None = None) -> DealValues:
        """The moves' values from ``observation`` alone: deals until ``deals`` (exactly, for
        tests) or until ``seconds`` of CPU time are spent (at least :data:`MIN_DEALS`)."""


def collect(one_deal: Callable[[], tuple[float, ...] | None], seconds: float | None, deals: int | None) -> list:
    """Rows from ``one_deal`` until ``deals`` deals, or until ``seconds`` of this process's CPU time
    (at least :data:`MIN_DEALS`, at most :data:`MAX_DEALS`); a deal whose row is ``None`` (a
    candidate the search left out on it) counts and is dropped, so that every row pairs every
    candidate."""
    if deals is None and seconds is None:
        raise ValueError("an estimate needs deals or seconds")
    start, rows, tried = time.process_time(), [], 0
    while True:
        if deals is not None and tried >= deals:
            break
        if deals is None and tried >= MIN_DEALS and (time.process_time() - start >= seconds or tried >= MAX_DEALS):
            break
        row = one_deal()
        tried += 1
        if row is not None:
            rows.append(row)
    return rows


class ProtocolEstimator:
    """Any game with a sampler: PIMC through the protocol, ``playout(seed)`` the bot of every seat
    (the game's rule bot: :func:`tavolo.bots.campione.playout_bot`)."""

    unit = "value"

    def __init__(self, game: Game, seat: int, playout: Callable[[int], Agent]) -> None:
        self.game, self.seat, self._playout = game, seat, playout

    def estimate(self, observation: Any, legal: Sequence[int], seed: int, seconds: float | None = None,
                 deals: int | None = None) -> DealValues:
        rng, legal, start = random.Random(seed), tuple(legal), time.process_time()
        quick = self._playout(rng.getrandbits(64)).choose(observation, list(legal))

        def one_deal() -> tuple[float, ...]:
            deal = self.game.sample_hidden_state(observation, rng)
            playout_seed = rng.getrandbits(64)
            return tuple(self._value(deal, action, playout_seed) for action in legal)

        rows = collect(one_deal, seconds, deals)
        return DealValues(legal, tuple(rows), quick, time.process_time() - start)

    def _value(self, deal: State, action: int, seed: int) -> float:
        """``action`` on a copy of ``deal``, then the play-out bots to the game's cut: the seat's value."""
        return played_out(self.game, deal, action, seed, self._playout)[self.seat]


def estimator_for(game: Game, seat: int) -> Estimator:
    """The estimator of ``game``: Burraco's in the compiled core, else PIMC through the protocol
    with Campione's play-out bot; refused in words for a game without one."""
    if game.name == "burraco":
        from tavolo.analysis.burraco import CoreEstimator

        return CoreEstimator(game, seat)
    from tavolo.bots.campione import PLAYOUT_BOTS, playout_bot

    if game.name not in PLAYOUT_BOTS:
        raise ValueError(Text("the analysis reviews {games}, not yet {game}",
                              games=", ".join(["burraco", *sorted(PLAYOUT_BOTS)]), game=game.name))
    return ProtocolEstimator(game, seat, playout_bot(game))
