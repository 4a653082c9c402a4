"""The points of a hand (smazzata), side by side, with their breakdown.

Per side (fedibur-1985 art. 7-8; codice art. 17; estratto "Il calcolo del
punteggio"): closing (chiusura) +100; each burraco +200 clean (pulito), +150
semi-clean (semipulito, where the rule set counts it), +100 dirty (sporco);
every card in the side's melds at its points; minus every card left in the
side's hands, a pozzetto taken and not played included; minus 100 when the
side did not take its pozzetto.

    >>> from tavolo.cards import french as fr
    >>> from tavolo.games.burraco.melds import Run
    >>> s = score_side((0, 2), [Run(fr.HEARTS, 3, 9)], fr.parse_many("Kd *"), took_pozzetto=True,
    ...                closed=False, semiclean=True)
    >>> s.burraco_bonus, s.melded, s.in_hand, s.pozzetto, s.total
    (200, 45, -40, 0, 205)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from tavolo.games.burraco.cards import POINTS
from tavolo.games.burraco.melds import KIND_BONUS, KIND_NAMES, NOT_BURRACO, Meld, burraco_kind, meld_points

CLOSING_BONUS = 100
POZZETTO_NOT_TAKEN = -100


@dataclass(frozen=True)
class SideScore:
    """One side's points for a hand, and where they come from."""

    seats: tuple[int, ...]
    closing: int
    burraci: tuple[str, ...]
    burraco_bonus: int
    melded: int
    in_hand: int
    pozzetto: int

    @property
    def total(self) -> int:
        return self.closing + self.burraco_bonus + self.melded + self.in_hand + self.pozzetto

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "seats": list(self.seats), "burraci": list(self.burraci), "total": self.total}


def score_side(seats: Sequence[int], melds: Iterable[Meld], hand_cards: Iterable[int], *,
               took_pozzetto: bool, closed: bool, semiclean: bool) -> SideScore:
    """Score one side from its melds, the cards its players still hold, whether
    it took its pozzetto and whether it closed."""
    melds = list(melds)
    kinds = [k for k in (burraco_kind(m, semiclean) for m in melds) if k != NOT_BURRACO]
    kinds.sort(reverse=True)
    return SideScore(
        seats=tuple(seats),
        closing=CLOSING_BONUS if closed else 0,
        burraci=tuple(KIND_NAMES[k] for k in kinds),
        burraco_bonus=sum(KIND_BONUS[k] for k in kinds),
        melded=sum(meld_points(m) for m in melds),
        in_hand=-sum(POINTS[c] for c in hand_cards),
        pozzetto=0 if took_pozzetto else POZZETTO_NOT_TAKEN,
    )


@dataclass(frozen=True)
class HandResult:
    """How a hand ended, each side's score and what each seat was credited."""

    number: int
    ended_by: str
    sides: tuple[SideScore, ...]
    credited: tuple[float, ...]

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "ended_by": self.ended_by,
                "sides": [s.to_json() for s in self.sides], "credited": list(self.credited)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HandResult:
        sides = tuple(SideScore(**{k: (tuple(v) if isinstance(v, list) else v) for k, v in s.items() if k != "total"})
                      for s in data["sides"])
        return cls(data["number"], data["ended_by"], sides, tuple(data["credited"]))
