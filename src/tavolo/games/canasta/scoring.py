"""How a Canasta hand ended and what each side scored (seed, "Canasta", Punteggio).

    >>> s = SideScore(melded=230, canaste=500, red_threes=200, closing=300, in_hand=0)
    >>> s.total
    1230
    >>> r = HandResult(0, 1, (s, SideScore(95, 0, 0, 0, 60)))
    >>> HandResult.from_json(r.to_json()) == r, r.sides[1].total
    (True, 35)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

CLOSING_BONUS = 300


@dataclass(frozen=True)
class SideScore:
    """``melded``: the cards on the table; ``canaste``: their bonuses; ``red_threes``: the
    red 3s set aside; ``closing``: 300 to the side that closed; ``in_hand``: what its
    players' cards cost, already doubled for a side that did not close with no canasta."""

    melded: int
    canaste: int
    red_threes: int
    closing: int
    in_hand: int

    @property
    def total(self) -> int:
        return self.melded + self.canaste + self.red_threes + self.closing - self.in_hand


@dataclass(frozen=True)
class HandResult:
    """``closer``: the seat that closed, -1 when the stock ran out."""

    number: int
    closer: int
    sides: tuple[SideScore, ...]

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "closer": self.closer, "sides": [asdict(s) for s in self.sides]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HandResult:
        return cls(data["number"], data["closer"], tuple(SideScore(**s) for s in data["sides"]))
