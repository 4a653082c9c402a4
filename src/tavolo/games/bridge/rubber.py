"""Rubber bridge's score sheet (partita libera): points below and above the line.

A game (manche) is 100 points below the line, made in one hand or in several;
when a side makes a game both sides' part scores are closed off, and the side
is vulnerable (in seconda) from then on. The rubber goes to the first side
with two games and earns 700 if the other side has none, 500 if it has one
(Law 77; the seed, raccolta, Bridge, "Punteggio", says only "vince chi si
aggiudica due manche"). Honours score above the line for the side that holds
them, made or not::

    >>> from tavolo.games.bridge.calls import Contract
    >>> sheet = RubberSheet().after(Contract.parse("2S by N"), 9)
    >>> sheet.below, sheet.above, sheet.games
    ((60, 0), (30, 0), (0, 0))
    >>> sheet = sheet.after(Contract.parse("2D by E"), 8).after(Contract.parse("1NT by S"), 7)
    >>> sheet.games, sheet.below, sheet.vulnerable(0)
    ((1, 0), (0, 0), True)
    >>> sheet = sheet.after(Contract.parse("4H by W"), 10).after(Contract.parse("3NT by N"), 8)
    >>> sheet = sheet.after(Contract.parse("6C by S"), 12)
    >>> sheet.over, sheet.games, sheet.totals()
    (True, (2, 1), (1500, 260))
"""

from __future__ import annotations

from dataclasses import dataclass

from tavolo.games.bridge.calls import Contract
from tavolo.games.bridge.cards import side_of
from tavolo.games.bridge.scoring import contract_score, is_vulnerable

GAME = 100
RUBBER_BONUS_TWO_NIL, RUBBER_BONUS_TWO_ONE = 700, 500


@dataclass(frozen=True)
class RubberSheet:
    """Both sides' score sheet, side 0 North-South and side 1 East-West; each
    hand written makes a new sheet (:meth:`after`)."""

    below: tuple[int, int] = (0, 0)
    """Part scores toward the game being played."""
    above: tuple[int, int] = (0, 0)
    games: tuple[int, int] = (0, 0)
    below_total: tuple[int, int] = (0, 0)
    """Every point ever scored below the line (closed games included)."""

    @property
    def over(self) -> bool:
        return max(self.games) >= 2

    @classmethod
    def vulnerable_as(cls, vulnerability: int | None) -> RubberSheet:
        """The sheet of a rubber joined where ``vulnerability`` (NONE, NS, EW, BOTH) says: each
        vulnerable side has a game, no part score (a rubber's hand read from a file).

        >>> RubberSheet.vulnerable_as(1).games, RubberSheet.vulnerable_as(None).games     # NS; none given
        ((1, 0), (0, 0))
        """
        return cls(games=_pair(int(vulnerability is not None and is_vulnerable(vulnerability, side))
                               for side in (0, 1)))

    def vulnerable(self, side: int) -> bool:
        return self.games[side] >= 1

    def after(self, contract: Contract, tricks: int, honours: tuple[int, int] = (-1, 0)) -> RubberSheet:
        """The sheet once ``contract`` made ``tricks``; ``honours`` is (seat, points)."""
        side = side_of(contract.declarer)
        parts = contract_score(contract, tricks, self.vulnerable(side))
        below, above, games, total = list(self.below), list(self.above), list(self.games), list(self.below_total)
        if parts.undertricks:
            above[1 - side] += parts.undertricks
        else:
            below[side] += parts.below
            total[side] += parts.below
            above[side] += parts.overtricks + parts.insult + parts.slam
        holder, points = honours
        if points:
            above[side_of(holder)] += points
        if below[side] >= GAME:
            games[side] += 1
            below = [0, 0]
            if games[side] == 2:
                above[side] += RUBBER_BONUS_TWO_NIL if games[1 - side] == 0 else RUBBER_BONUS_TWO_ONE
        return RubberSheet(_pair(below), _pair(above), _pair(games), _pair(total))

    def totals(self) -> tuple[int, int]:
        """Each side's points: everything below and above the line."""
        return (self.below_total[0] + self.above[0], self.below_total[1] + self.above[1])

    def to_json(self) -> list[list[int]]:
        return [list(self.below), list(self.above), list(self.games), list(self.below_total)]

    @classmethod
    def from_json(cls, data: list[list[int]]) -> RubberSheet:
        below, above, games, total = (_pair(d) for d in data)
        return cls(below, above, games, total)


def _pair(values) -> tuple[int, int]:
    a, b = values
    return (a, b)
