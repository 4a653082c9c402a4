"""Tressette's options: one frozen object per game.

    >>> TressetteOptions(players=2, target=21).target
    21
    >>> TressetteOptions(accusi="sometimes")
    Traceback (most recent call last):
    ...
    ValueError: accusi 'sometimes': choose None, 'declared' or 'automatic'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tavolo.engine.errors import Text

TARGETS = (21, 31, 41)
AccusiRule = Literal["declared", "automatic"]


@dataclass(frozen=True)
class TressetteOptions:
    """``players``: 4 (facing players in partnership) or 2 (drawing from the
    stock, the cards drawn shown); ``target``: 21, 31 or 41 points, or ``None``
    for a single round; ``accusi``: ``None`` (none counted), ``"declared"``
    (each player chooses to declare, at his turn within the third trick) or
    ``"automatic"`` (every accuso counts, declared at the deal: the regions
    where it is obligatory); ``ends_at_target``: the match ends the moment a
    side reaches the target, even mid-round (seed: "In alcune regioni ...")."""

    players: int = 4
    target: int | None = 31
    accusi: AccusiRule | None = None
    ends_at_target: bool = False

    def __post_init__(self) -> None:
        if self.players not in (2, 4):
            raise ValueError(Text("Tressette is played by 4 players in partnership or by 2, not {players}",
                                  players=self.players))
        if self.target is not None and self.target not in TARGETS:
            raise ValueError(Text("target {target}: choose 21, 31, 41, or None for a single round", target=self.target))
        if self.accusi not in (None, "declared", "automatic"):
            raise ValueError(Text("accusi {accusi}: choose None, 'declared' or 'automatic'", accusi=repr(self.accusi)))
