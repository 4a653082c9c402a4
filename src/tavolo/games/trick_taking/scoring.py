"""The points of a round (smazzata), side by side.

    >>> r = RoundResult(0, points=(7, 4), bonus=(3, 0))
    >>> r.total, RoundResult.from_json(r.to_json()) == r
    ((10, 4), True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class RoundResult:
    """``points`` per side from the cards taken (and the last trick where it
    counts), ``bonus`` per side from declarations (Tressette's accusi), and a
    ``note``: ``"void"`` for a Briscola round that does not count, ``"cappotto"``
    when one side took every point of a Tressette round."""

    number: int
    points: tuple[int, ...]
    bonus: tuple[int, ...]
    note: str = ""

    @property
    def total(self) -> tuple[int, ...]:
        return tuple(p + b for p, b in zip(self.points, self.bonus))

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "points": list(self.points), "bonus": list(self.bonus), "note": self.note}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RoundResult:
        return cls(data["number"], tuple(data["points"]), tuple(data["bonus"]), data["note"])


def side_margins(values: list[float], side_of: list[int]) -> list[float]:
    """Per seat, its side's value less the other sides' mean (what a search cut at the end of a
    round counts): the margins of the sides add up to nothing.

        >>> side_margins([3.0, 1.0], [0, 1, 0, 1])
        [2.0, -2.0, 2.0, -2.0]
    """
    sides, total = len(values), sum(values)
    return [(values[side] * sides - total) / (sides - 1) for side in side_of]
