"""The Tressette game: options in, states out."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tavolo.cards.decks import italian_deck
from tavolo.engine.game import GENERAL_SUM, Utility, constant_sum
from tavolo.games.trick_taking.game import TrickGame
from tavolo.games.tressette import words
from tavolo.games.tressette.accusi import NUM_ACTIONS
from tavolo.games.tressette.rules import TressetteOptions
from tavolo.games.tressette.state import TressetteState


class TressetteGame(TrickGame):
    """Tressette for four in partnership or for two.

    >>> TressetteGame().options.players
    4
    """

    name = "tressette"
    state_type = TressetteState
    options_type = TressetteOptions
    num_actions = NUM_ACTIONS
    faces = replace(TrickGame.faces, action_words=words.action_words)
    deck = italian_deck()

    def utility(self) -> Utility:
        """A single round without accusi: constant-sum, each side's 11 points (the thirds' fractions
        dropped, a point for the last trick) to each of its seats, so 11 at two and 22 at four;
        a match, or accusi: general-sum."""
        if self._options.target is not None or self._options.accusi is not None:
            return GENERAL_SUM
        return constant_sum(11 * self._options.players // 2)


def make_game(**options: Any) -> TressetteGame:
    """A Tressette game: ``players``, ``target``, ``accusi``, ``ends_at_target`` as keywords."""
    return TressetteGame(TressetteOptions(**options))


def game_from_options_json(data: dict[str, Any]) -> TressetteGame:
    return TressetteGame(TressetteOptions(**data))
