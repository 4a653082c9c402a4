"""What a player (a bot or a person) must provide to take a seat."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol


class Agent(Protocol):
    """Chooses an action from what its seat may know.

    ``observation`` is ``state.observation(seat)``; an agent never sees the
    state itself, so it cannot peek at hidden cards.
    """

    def choose(self, observation: Any, legal_actions: Sequence[int]) -> int: ...
