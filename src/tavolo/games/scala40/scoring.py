"""How a Scala 40 hand ended and what each player scored (art. 7-9).

    >>> r = HandResult(0, "closing", closer=2, points=(14, 31, 0), eliminated=())
    >>> HandResult.from_json(r.to_json()) == r
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class HandResult:
    """``ended_by``: ``"closing"``, ``"closing in hand"`` (art. 9b), ``"no stock"``
    (the stock ran out with nothing to reshuffle) or ``"blocked"`` (no card can ever
    be laid down again), the last two with no one closing (DECISIONS.md); ``closer``
    the seat that closed or -1; ``points`` per seat (0 for the closer and for players out);
    ``eliminated`` the seats this hand put out of the match (art. 8)."""

    number: int
    ended_by: str
    closer: int
    points: tuple[int, ...]
    eliminated: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "ended_by": self.ended_by, "closer": self.closer,
                "points": list(self.points), "eliminated": list(self.eliminated)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HandResult:
        return cls(data["number"], data["ended_by"], data["closer"], tuple(data["points"]), tuple(data["eliminated"]))
