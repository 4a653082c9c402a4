"""The parlour games' :class:`~tavolo.engine.game.Game`: options in, states out, with the
size of the action space, the JSON loader and the hidden-state sampler given by each game."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

from tavolo.engine.game import CardGame, State


class ParlourGame(CardGame):
    """A parlour game; a subclass sets ``num_actions``, ``load`` (JSON data to a state) and
    ``sample`` (an observation to a state consistent with it), both as static methods."""

    num_actions: ClassVar[int]
    load: ClassVar[Callable[[Any, dict[str, Any]], State]]
    sample: ClassVar[Callable[[Any, Any, random.Random], State]]

    def num_distinct_actions(self) -> int:
        return self.num_actions

    def state_from_json(self, data: dict[str, Any]) -> State:
        return type(self).load(self, data)

    def sample_hidden_state(self, observation: Any, rng: random.Random) -> State:
        return type(self).sample(self, observation, rng)
