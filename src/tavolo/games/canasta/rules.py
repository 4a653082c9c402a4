"""Canasta's options: the seed's Italian three-deck game (``raccolta-regole-giochi-di-
carte.txt``, "Canasta").

    >>> CanastaOptions().partnerships, CanastaOptions(players=3).partnerships
    (True, False)
    >>> opening_minimum(0), opening_minimum(3000), opening_minimum(10000), opening_minimum(12000)
    (50, 90, 180, 200)
"""

from __future__ import annotations

from dataclasses import dataclass

from tavolo.engine.errors import Text

TARGET = 15000
"""The usual match ("solitamente di 15000 punti")."""
OPENING_STEPS = ((12000, 200), (10000, 180), (7000, 160), (5000, 120), (3000, 90))
"""The opening minimum by the side's total: the seed's "da 1000 a 11995" read as 10000
(a typo: the steps are contiguous; DECISIONS.md)."""


def opening_minimum(score: int) -> int:
    """The points a side's opening must reach with ``score`` in the match so far
    (50 below 3000, negative totals included)."""
    return next((need for floor, need in OPENING_STEPS if score >= floor), 50)


@dataclass(frozen=True)
class CanastaOptions:
    """``players``: 2, 3 or 4 ("fino a un massimo di 4 giocatori ... a coppie, altrimenti per
    giocatori singoli"); ``target``: the match's points (None: one hand)."""

    players: int = 4
    target: int | None = TARGET

    def __post_init__(self) -> None:
        if self.players not in (2, 3, 4):
            raise ValueError(Text("Canasta is played by 2 to 4 players, not {players}", players=self.players))
        if self.target is not None and self.target < 1:
            raise ValueError(Text("a match to {target} points: the target must be positive (or None for one hand)",
                                  target=self.target))

    @property
    def partnerships(self) -> bool:
        return self.players == 4

    @property
    def sides(self) -> int:
        return 2 if self.partnerships else self.players

    def side_of(self, seat: int) -> int:
        return seat % self.sides
