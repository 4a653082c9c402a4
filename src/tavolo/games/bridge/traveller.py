"""The traveller (the result slip that travels with a board round the room): every table's
contract, declarer, tricks and North-South score on one board, and what each is worth
against the others.

A file of a club's session holds each board once per table that played it (the same
``Board`` number and deal, each with its own contract and result); the boards are grouped
by number, in the order they first appear. Scores are compared as clubs do for pairs:
matchpoints, 2 for each score beaten and 1 for each tie (:func:`~tavolo.games.bridge.
scoring.matchpoints`; the top is 2 per other table), with the percentage of the top; and
cross-IMPs (:func:`~tavolo.games.bridge.scoring.cross_imps`): the score IMPed against
every other table's and averaged, the IMP-pairs scoring the EBU recommends and BBO uses
(no datum to choose, nothing dropped). East-West's are the complement: the top less
North-South's matchpoints, minus their IMPs::

    >>> from tavolo.games.bridge.results import HandResult
    >>> rows = [HandResult(1, 0, 0, c, t, (p, -p)) for c, t, p in
    ...         (("4S by N", 10, 420), ("4S by N", 9, -50), ("3NT by S", 10, 430))]
    >>> [(r.matchpoints, r.imps) for r in table_results(rows)]
    [(2.0, 5.0), (0.0, -10.0), (4.0, 5.0)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tavolo.games.bridge.boards import BoardFileError, board_number, is_over
from tavolo.games.bridge.results import HandResult
from tavolo.games.bridge.scoring import cross_imps, matchpoints, percentages
from tavolo.games.bridge.state import BridgeState


@dataclass(frozen=True)
class TableResult:
    """One table's ``result`` on the board (its ``points[0]`` is North-South's score) and,
    for North-South, its ``matchpoints``, their ``percent`` of the top and its ``imps``."""

    table: int
    result: HandResult
    matchpoints: float
    percent: float
    imps: float


@dataclass(frozen=True)
class Traveller:
    """A board's number, dealer, vulnerability and deal, and its tables in the file's order."""

    number: int
    dealer: int
    vulnerability: int
    deal: str
    tables: list[TableResult]

    @property
    def top(self) -> int:
        """The most matchpoints a score can earn: 2 for each other table."""
        return 2 * (len(self.tables) - 1)


def table_results(results: list[HandResult]) -> list[TableResult]:
    """The tables' results on one board, each compared with the others."""
    scores = [r.points[0] for r in results]
    return [TableResult(k + 1, r, mp, pct, imp) for k, (r, mp, pct, imp) in
            enumerate(zip(results, matchpoints(scores), percentages(scores), cross_imps(scores)))]


def travellers(states: Iterable[BridgeState]) -> list[Traveller]:
    """Each board's traveller: the states are the boards as played at each table, finished."""
    results: dict[int, list[HandResult]] = {}
    for state in states:
        number = board_number(state)
        table = len(results.get(number, [])) + 1
        if not is_over(state):
            raise BoardFileError("board {number}, table {table}: {reason}", number=number, table=table,
                                 reason=BoardFileError("the hand is not over, so it has no score yet"))
        result = state.hand_results[-1]
        first = results.setdefault(number, [result])[0]
        if table > 1:
            _same_board(first, result, table)
            results[number].append(result)
    return [Traveller(n, rs[0].dealer, rs[0].vulnerability, next((r.deal for r in rs if r.deal), ""),
                      table_results(rs)) for n, rs in results.items()]


def _same_board(first: HandResult, other: HandResult, table: int) -> None:
    """Every table plays the board as dealt at the first: deal, dealer, vulnerability."""
    same = (other.dealer, other.vulnerability) == (first.dealer, first.vulnerability)
    if not same or (other.deal and first.deal and other.deal != first.deal):
        raise BoardFileError("board {number}, table {table}: {reason}", number=first.number, table=table,
                             reason=BoardFileError("its deal, dealer or vulnerability is not table 1's"))
