"""Mitchell movement (sistema Mitchell), codice art. 2 c) and the ARCA rules.

The N/S pairs stay at their tables; the E/W pairs move on by a shift of 1, 2,
3 or more tables each round. Burraco has no boards to follow the players, so
the only thing that matters is whom each E/W pair meets: in round ``k`` the
E/W pair that started at table ``t`` sits at ``t + S_k`` (mod the number of
tables), where ``S_k`` is the running sum of the shifts so far. Two pairs
meet again exactly when two running sums agree modulo the number of tables::

    >>> running_sums([2, 2, 2], tables=5)
    [0, 2, 4, 1]
    >>> check_shifts([2, 2, 2], tables=4)
    Traceback (most recent call last):
    ...
    tavolo.tournament.errors.TournamentError: Mitchell shifts 2, 2, 2 on 4 tables bring the E/W pairs back to opponents they met: round 3 repeats round 1
    >>> repair_shifts([2, 2, 2], tables=4)
    (2, 3, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from tavolo.tournament.errors import TournamentError

Unit = TypeVar("Unit")


def running_sums(shifts: Sequence[int], tables: int) -> list[int]:
    """Where the E/W line stands in each round: 0, then the shifts added up, mod ``tables``."""
    sums = [0]
    for shift in shifts:
        sums.append((sums[-1] + shift) % tables)
    return sums


def check_shifts(shifts: Sequence[int], tables: int) -> None:
    """Refuse a plan under which two pairs would meet twice, naming the rounds."""
    seen: dict[int, int] = {}
    for round_index, offset in enumerate(running_sums(shifts, tables), start=1):
        if offset in seen:
            plan = ", ".join(map(str, shifts))
            raise TournamentError(
                "Mitchell shifts {plan} on {tables} tables bring the E/W pairs back to opponents they met: round {round_index} repeats round {value}",
                plan=plan,
                tables=tables,
                round_index=round_index,
                value=seen[offset],
            )
        seen[offset] = round_index


def repair_shifts(shifts: Sequence[int], tables: int) -> tuple[int, ...]:
    """The plan with each offending shift raised by as little as makes every meeting new.

    A Mitchell of ``tables`` tables has at most ``tables`` rounds without a
    repeated meeting; a longer plan cannot be repaired.
    """
    if len(shifts) + 1 > tables:
        raise TournamentError(
            "a Mitchell on {tables} tables has at most {tables} rounds without repeated meetings", tables=tables
        )
    used, position, repaired = {0}, 0, []
    for shift in shifts:
        while (position + shift) % tables in used:
            shift += 1
        position = (position + shift) % tables
        used.add(position)
        repaired.append(shift)
    return tuple(repaired)


def mitchell_tables(
    ns: Sequence[Unit | None], ew: Sequence[Unit | None], offset: int
) -> list[tuple[Unit | None, Unit | None]]:
    """The tables of the round in which the E/W line stands at ``offset``.

    ``ns[t]`` and ``ew[t]`` are the pairs seated at table ``t`` in the first
    round; ``None`` marks an empty place (its opponent rests).

        >>> mitchell_tables(["A", "B", "C"], ["x", "y", "z"], 1)
        [('A', 'z'), ('B', 'x'), ('C', 'y')]
    """
    tables = len(ns)
    return [(ns[t], ew[(t - offset) % tables]) for t in range(tables)]
