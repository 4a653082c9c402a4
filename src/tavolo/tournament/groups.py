"""Groups (gironi): splitting the field by standings, as the ARCA evening does.

After the first phase the field is cut into groups of consecutive places;
each group goes on with its own pairing and ranking. Sizes are as equal as
the tables allow, stronger groups first, every group even but the last::

    >>> split_sizes(40, 3)
    [14, 14, 12]
    >>> split_sizes(41, 3)
    [14, 14, 13]
    >>> split(list("abcdefg"), 2)
    [['a', 'b', 'c', 'd'], ['e', 'f', 'g']]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from tavolo.tournament.errors import TournamentError
from tavolo.tournament.events import PhaseStarted
from tavolo.tournament.state import Tournament

Unit = TypeVar("Unit")


def split_sizes(units: int, groups: int) -> list[int]:
    """How many units go in each group."""
    if groups < 1 or units < 2 * groups:
        raise TournamentError(
            "{units} entrants cannot make {groups} groups of at least two", units=units, groups=groups
        )
    tables, extra = divmod(units // 2, groups)
    sizes = [2 * (tables + (1 if g < extra else 0)) for g in range(groups)]
    sizes[-1] += units % 2
    return sizes


def split(ranking: Sequence[Unit], groups: int) -> list[list[Unit]]:
    """``ranking`` cut into ``groups`` runs of consecutive places."""
    result, start = [], 0
    for size in split_sizes(len(ranking), groups):
        result.append(list(ranking[start : start + size]))
        start += size
    return result


def group_label(index: int) -> str:
    """``Girone A``, ``Girone B``, ..."""
    return f"Girone {chr(ord('A') + index)}"


def phase_groups(tournament: Tournament, started: PhaseStarted, round_number: int) -> list[list[int]]:
    """The members of each group of the phase ``started`` who play ``round_number``.

    Those who joined after the phase started go into the last group.
    """
    lines = started.lines
    placed = {n for line in lines for n in line}
    members = [[n for n in line if tournament.entrants[n].plays_in(round_number)] for line in lines]
    members[-1] += [n for n in tournament.playing(round_number) if n not in placed]
    return members
