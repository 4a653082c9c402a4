"""Briscola's options: one frozen object per game.

    >>> BriscolaOptions(players=4, rounds=3).wins_needed
    2
    >>> BriscolaOptions(rounds=2)
    Traceback (most recent call last):
    ...
    ValueError: a Briscola match is 1, 3 or 5 rounds, not 2
"""

from __future__ import annotations

from dataclasses import dataclass

from tavolo.engine.errors import Text

ROUNDS = (1, 3, 5)


@dataclass(frozen=True)
class BriscolaOptions:
    """``players``: 2, 3 (one 2 taken out, everyone alone) or 4 (facing players
    in partnership); ``rounds``: the match is won by the first side to win the
    most of 1, 3 or 5 rounds (sfida secca, "2 su 3", "3 su 5"); a round
    drawn 60-60 does not count and another is played (seed, "Il Vincitore")."""

    players: int = 2
    rounds: int = 1

    def __post_init__(self) -> None:
        if self.players not in (2, 3, 4):
            raise ValueError(Text("Briscola is played by 2, 3 or 4 players, not {players}", players=self.players))
        if self.rounds not in ROUNDS:
            raise ValueError(Text("a Briscola match is 1, 3 or 5 rounds, not {rounds}", rounds=self.rounds))

    @property
    def wins_needed(self) -> int:
        return self.rounds // 2 + 1
