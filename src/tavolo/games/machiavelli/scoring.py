"""How a Machiavelli hand ended and what each player scored (seed, "Machiavelli":
"Chi chiude ha diritto a 100 punti e gli altri giocatori pagheranno le carte che
rimangono in mano con il medesimo punteggio della pinnacola").

    >>> r = HandResult(0, 1, (-25, 100, -40), ("Ah Kd", "", "2h 3h 4h 5h 6h 7h"))
    >>> HandResult.from_json(r.to_json()) == r
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

CLOSING_BONUS = 100


@dataclass(frozen=True)
class HandResult:
    """``closer``: the seat that emptied its hand, or -1 when the stock ran out and a
    whole round passed (DECISIONS.md); ``points``: what each seat scored (100 to the
    closer, minus the cards in hand to the others); ``left``: each seat's cards."""

    number: int
    closer: int
    points: tuple[int, ...]
    left: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "closer": self.closer, "points": list(self.points), "left": list(self.left)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HandResult:
        return cls(data["number"], data["closer"], tuple(data["points"]), tuple(data["left"]))
