"""How a Ramino hand ended and what each player paid (seed, "Ramino").

    >>> r = HandResult(0, "closing", 2, (20, 27, 0), ("Ah 3c 6d", "2h *", ""), (), (), (-1, -1, 2))
    >>> HandResult.from_json(r.to_json()) == r
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class HandResult:
    """``ended_by``: ``"closing"`` or ``"stock"`` (the stock ran out a second time,
    no one closed: everyone pays his loose cards, DECISIONS.md); ``closer`` the seat
    that closed or -1; ``points`` the penalty of each seat (0 for players out);
    ``loose`` each seat's loose cards in notation; ``eliminated`` the seats that went
    over 101 and are out, ``reentered`` those that came back at the worst score;
    ``fiches`` what each seat won (+) or paid (-) in a match of fixed hands."""

    number: int
    ended_by: str
    closer: int
    points: tuple[int, ...]
    loose: tuple[str, ...]
    eliminated: tuple[int, ...]
    reentered: tuple[int, ...]
    fiches: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "ended_by": self.ended_by, "closer": self.closer,
                "points": list(self.points), "loose": list(self.loose), "eliminated": list(self.eliminated),
                "reentered": list(self.reentered), "fiches": list(self.fiches)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HandResult:
        return cls(data["number"], data["ended_by"], data["closer"], tuple(data["points"]), tuple(data["loose"]),
                   tuple(data["eliminated"]), tuple(data["reentered"]), tuple(data["fiches"]))
