"""Round robin (girone all'italiana) by the Berger tables, codice art. 2 d).

Each of ``n`` units (a phantom ``None`` makes an odd field even, and its
opponent rests) meets every other once in ``n - 1`` rounds. The schedule is
the classic Berger table, numbered from 1: in round ``r`` unit ``n`` meets
unit ``a = (r - 1) * n/2 mod (n - 1) + 1``, and the other tables pair
``a + k`` with ``a - k`` (mod ``n - 1``)::

    >>> berger_round([1, 2, 3, 4, 5, 6], 1)
    [(1, 6), (2, 5), (3, 4)]
    >>> berger_round([1, 2, 3, 4, 5, 6], 2)
    [(6, 4), (5, 3), (1, 2)]
    >>> berger_round(["a", "b", "c"], 1)
    [('a', None), ('b', 'c')]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from tavolo.tournament.errors import TournamentError

Unit = TypeVar("Unit")


def berger_rounds(units: int) -> int:
    """How many rounds a complete round robin of ``units`` takes."""
    return units - 1 if units % 2 == 0 else units


def berger_round(units: Sequence[Unit | None], round_number: int) -> list[tuple[Unit | None, Unit | None]]:
    """The tables of round ``round_number`` (1-based), the first-named unit at N/S.

    ``units`` in Berger order; rounds past the end start the cycle again.
    """
    field = list(units) + ([None] if len(units) % 2 else [])
    n = len(field)
    if n < 2:
        raise TournamentError("a round robin needs at least two units")
    cycle = n - 1
    r = (round_number - 1) % cycle + 1
    a = (r - 1) * (n // 2) % cycle + 1

    def unit(number: int) -> Unit | None:
        return field[(number - 1) % cycle]

    first = (field[-1], unit(a)) if r % 2 == 0 else (unit(a), field[-1])
    return [first] + [(unit(a + k), unit(a - k)) for k in range(1, n // 2)]
