"""What one hand (board) of bridge came to.

    >>> r = HandResult(3, dealer=2, vulnerability=3, contract="4SX by N", tricks=9, points=(0, 200))
    >>> HandResult.from_json(r.to_json()) == r, r.made
    (True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tavolo.games.bridge.calls import Contract


@dataclass(frozen=True)
class HandResult:
    """``number``: the board (duplicate) or hand (rubber) number; ``contract``
    as written (``"4SX by N"``) or ``None`` when the hand was passed out;
    ``tricks`` the declarer's side's tricks; ``points`` what each side (NS, EW)
    scored on it (duplicate: the board's score, one side's minus the other's;
    rubber: everything written on the sheet for the hand, honours and the
    rubber bonus included); ``deal`` the four hands as a PBN deal once played
    (empty for a hand thrown in: its cards are never shown); with the
    ``analyse`` option, ``dd_tricks`` (the declarer's double-dummy tricks in
    the contract, else -1) and ``par`` (the deal's par score for North-South,
    with its contracts) from :mod:`~tavolo.games.bridge.analysis`."""

    number: int
    dealer: int
    vulnerability: int
    contract: str | None
    tricks: int
    points: tuple[int, int]
    honours: int = 0
    deal: str = ""
    dd_tricks: int = -1
    par: int | None = None
    par_contracts: tuple[str, ...] = ()

    @property
    def made(self) -> bool:
        return self.contract is not None and self.tricks >= Contract.parse(self.contract).tricks_needed

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "dealer": self.dealer, "vulnerability": self.vulnerability,
                "contract": self.contract, "tricks": self.tricks, "points": list(self.points),
                "honours": self.honours, "deal": self.deal, "dd_tricks": self.dd_tricks, "par": self.par,
                "par_contracts": list(self.par_contracts)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HandResult:
        ns, ew = data["points"]
        return cls(data["number"], data["dealer"], data["vulnerability"], data["contract"], data["tricks"],
                   (ns, ew), data["honours"], data["deal"], data["dd_tricks"], data["par"],
                   tuple(data["par_contracts"]))
