"""Scala 40's options: the FISCA regulation (art. 1-8) and its variants (art. 9).

    >>> Scala40Options(players=3, elimination=201).elimination
    201
    >>> Scala40Options(elimination=150)
    Traceback (most recent call last):
    ...
    ValueError: elimination at 150: choose 101 or 201 (art. 8), or None for a single hand
"""

from __future__ import annotations

from dataclasses import dataclass

from tavolo.engine.errors import Text

ELIMINATIONS = (101, 201)
OPENING_POINTS = 40
HAND_SIZE = 13


@dataclass(frozen=True)
class Scala40Options:
    """Everything that makes one Scala 40 game differ from another.

    ``players``: 2 to 6, all with two French decks and four jokers;
    ``elimination``: a player whose points reach it is out, the last one left
    wins (art. 8); ``None`` plays a single hand. The art. 9 variants:
    ``open_with_discard`` (a: the last discard may be taken to open with it at
    once), ``closing_in_hand`` (b: closing with every card at once doubles the
    others' points, 100 to whoever has not opened) and ``open_without_joker``
    (c: the joker counts in an opening only beside clean melds of 40 or more).
    """

    players: int = 4
    elimination: int | None = 101
    open_with_discard: bool = False
    closing_in_hand: bool = False
    open_without_joker: bool = False

    def __post_init__(self) -> None:
        if self.players not in range(2, 7):
            raise ValueError(Text("Scala 40 is played by 2 to 6 players, not {players}", players=self.players))
        if self.elimination is not None and self.elimination not in ELIMINATIONS:
            raise ValueError(Text("elimination at {elimination}: choose 101 or 201 (art. 8), or None for a single hand",
                                  elimination=self.elimination))
