"""The Burraco game: rule options in, states out."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from tavolo.cards.decks import french_deck
from tavolo.engine.game import CardGame
from tavolo.games.burraco.actions import NUM_ACTIONS
from tavolo.games.burraco.rules import BurracoOptions
from tavolo.games.burraco.state import BurracoState


class BurracoGame(CardGame):
    """Burraco for 2 to 6 players under one rule set.

        >>> BurracoGame(BurracoOptions(players=5)).deck.__len__()
        162
    """

    name = "burraco"
    state_type = BurracoState
    options_type = BurracoOptions

    @property
    def options(self) -> BurracoOptions:
        return self._options

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def new_initial_state(self) -> BurracoState:
        return BurracoState(self)

    def state_from_json(self, data: dict[str, Any]) -> BurracoState:
        from tavolo.games.burraco.serial import state_from_json

        return state_from_json(self, data)

    def sample_hidden_state(self, observation, rng) -> BurracoState:
        """A full state consistent with what ``observation``'s seat knows."""
        from tavolo.games.burraco.hidden import sample_hidden_state

        return sample_hidden_state(self, observation, rng)

    @cached_property
    def deck(self) -> tuple[int, ...]:
        """Two French decks with four jokers; three for 5 and 6 players."""
        return french_deck(decks=self._options.decks, jokers_per_deck=2)

    def __repr__(self) -> str:
        o = self._options
        return f"BurracoGame({o.rule_set!r}, players={o.players}, target={o.target})"


def make_game(rules: str = "fibur", **options: Any) -> BurracoGame:
    """A Burraco game under the named rule set (``fibur``, ``fedibur1985``,
    ``internazionale``) with table settings and single rules as keywords."""
    return BurracoGame(BurracoOptions.for_rule_set(options.pop("rule_set", rules), **options))


def game_from_options_json(data: dict[str, Any]) -> BurracoGame:
    return BurracoGame(BurracoOptions(**data))
