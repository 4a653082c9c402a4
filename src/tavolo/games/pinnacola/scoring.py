"""How a Pinnacola hand ended and what each side scored (seed, "Pinnacola",
Conteggio punti).

    >>> r = HandResult(0, "closing", 1, (420, -35), (100, 0), (400, 20), (80, 55), ())
    >>> HandResult.from_json(r.to_json()) == r
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class HandResult:
    """``ended_by``: ``"closing"``, ``"pinnacolone"`` (the match ends at once) or
    ``"stock"`` (the stock ran out, no one closed, DECISIONS.md); ``closer`` the seat
    that closed or -1; per side: ``points`` (the sum of the three parts below),
    ``closing`` (100 to the side that closed), ``melded`` (the melds' value, special
    points included) and ``in_hand`` (the cards left in hand, doubled for a player
    who had not opened in his turn, subtracted); ``doubled``: those players."""

    number: int
    ended_by: str
    closer: int
    points: tuple[int, ...]
    closing: tuple[int, ...]
    melded: tuple[int, ...]
    in_hand: tuple[int, ...]
    doubled: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "ended_by": self.ended_by, "closer": self.closer,
                "points": list(self.points), "closing": list(self.closing), "melded": list(self.melded),
                "in_hand": list(self.in_hand), "doubled": list(self.doubled)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HandResult:
        return cls(data["number"], data["ended_by"], data["closer"], tuple(data["points"]), tuple(data["closing"]),
                   tuple(data["melded"]), tuple(data["in_hand"]), tuple(data["doubled"]))
