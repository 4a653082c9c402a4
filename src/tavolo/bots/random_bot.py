"""The uniform random player: every legal action equally likely."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any


class RandomBot:
    """Chooses uniformly among the legal actions, reproducibly for a seed."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: Any, legal_actions: Sequence[int]) -> int:
        return legal_actions[int(self._rng.random() * len(legal_actions))]
