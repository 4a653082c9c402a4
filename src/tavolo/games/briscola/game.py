"""The Briscola game: options in, states out."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from tavolo.engine.game import GENERAL_SUM, Utility, constant_sum
from tavolo.games.briscola import cards
from tavolo.games.briscola.rules import BriscolaOptions
from tavolo.games.briscola.state import BriscolaState
from tavolo.games.trick_taking.game import TrickGame
from tavolo.games.trick_taking.tricks import NUM_CARDS


class BriscolaGame(TrickGame):
    """Briscola for 2, 3 or 4 players.

    >>> len(BriscolaGame(BriscolaOptions(players=3)).deck)
    39
    """

    name = "briscola"
    state_type = BriscolaState
    options_type = BriscolaOptions
    num_actions = NUM_CARDS

    @cached_property
    def deck(self) -> tuple[int, ...]:
        return cards.deck(self._options.players)

    def utility(self) -> Utility:
        """A single round (sfida secca): constant-sum, each seat of the winning side 1 (a 60-60 round
        is played again), so 1 at two or three players and 2 at four; a match of 3 or 5 rounds counts
        the rounds each side won: general-sum."""
        if self._options.rounds != 1:
            return GENERAL_SUM
        return constant_sum(2 if self._options.players == 4 else 1)


def make_game(**options: Any) -> BriscolaGame:
    """A Briscola game: ``players`` (2, 3, 4) and ``rounds`` (1, 3, 5) as keywords."""
    return BriscolaGame(BriscolaOptions(**options))


def game_from_options_json(data: dict[str, Any]) -> BriscolaGame:
    return BriscolaGame(BriscolaOptions(**data))
