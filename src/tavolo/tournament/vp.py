"""Victory points: the code's tables, byes and the MP "equivalent" to a VP score.

Codice art. 17 gives four tables (2, 3 and 4 deals, teams); each maps the
difference in match points (MP) at the end of a round to the victory points
(VP) of the two lines, always summing to 20. The 3-deal table is also fedibur
art. 9's table::

    >>> victory_points(350, THREE_DEALS)
    (13, 7)
    >>> victory_points(-355, THREE_DEALS)
    (6, 14)
    >>> victory_points(1505, THREE_DEALS)
    (20, 0)

A difference that is not a multiple of 5 cannot come from Burraco cards and is
refused. Codice art. 34 scores the pair that does not play (riposo, tavolo
incompleto) with VP and "equivalent" MP; the equivalent of a VP score is the
lowest difference of its band (14 VP at 3 deals: 355), which is the reading
this module uses everywhere the code says "M.P. equivalenti"::

    >>> bye_score(THREE_DEALS)
    (14, 355)
    >>> equivalent_mp(6, TWO_DEALS)
    -305
"""

from __future__ import annotations

from dataclasses import dataclass

from tavolo.tournament.errors import TournamentError

MAX_VP = 20
DRAW_VP = 10


@dataclass(frozen=True)
class VpTable:
    """One table of codice art. 17.

    ``upper`` holds the highest MP difference of each band from 10-10 to
    19-1; anything above the last gives 20-0. ``bye_vp`` is the riposo score
    of codice art. 34 for rounds scored on this table.
    """

    name: str
    upper: tuple[int, ...]
    bye_vp: int

    def band_floor(self, vp: int) -> int:
        """The lowest MP difference that gives the winner ``vp`` (10..20).

        >>> TWO_DEALS.band_floor(14), TWO_DEALS.band_floor(20), TWO_DEALS.band_floor(10)
        (305, 1005, 0)
        """
        if not DRAW_VP <= vp <= MAX_VP:
            raise TournamentError(
                "a winner's VP is between {DRAW_VP} and {MAX_VP}, not {vp}", DRAW_VP=DRAW_VP, MAX_VP=MAX_VP, vp=vp
            )
        return 0 if vp == DRAW_VP else self.upper[vp - DRAW_VP - 1] + 5

    def rows(self) -> list[tuple[str, str]]:
        """The table as printed on the score card: ("305 - 400", "14-6"), ..."""
        rows = [
            (f"{self.band_floor(v)} - {self.upper[v - DRAW_VP]}", f"{v}-{MAX_VP - v}") for v in range(DRAW_VP, MAX_VP)
        ]
        rows.append((f"oltre {self.upper[-1]}", f"{MAX_VP}-0"))
        return rows


TWO_DEALS = VpTable("2 smazzate", (40, 120, 200, 300, 400, 500, 620, 740, 870, 1000), bye_vp=14)
THREE_DEALS = VpTable("3 smazzate", (50, 150, 250, 350, 500, 650, 800, 1000, 1250, 1500), bye_vp=14)
FOUR_DEALS = VpTable("4 smazzate", (100, 300, 500, 700, 900, 1100, 1300, 1500, 1700, 2000), bye_vp=12)
TEAMS = VpTable("squadre", (150, 350, 550, 800, 1050, 1300, 1600, 1900, 2200, 2500), bye_vp=12)

_BY_DEALS = {2: TWO_DEALS, 3: THREE_DEALS, 4: FOUR_DEALS}

ROUND_MINUTES = {2: 30, 3: 40, 4: 50}
"""Codice art. 5: the time of a round by its deals (4 deals: "48-50'", we take 50)."""


def table_for(deals: int, *, teams: bool = False, internazionale: bool = False) -> VpTable:
    """The VP table for a round of ``deals`` deals.

    Teams always use the teams' table. ``internazionale`` applies the last
    line of codice art. 17: the table of one deal more (2 -> 3, 3 -> 4); a
    4-deal round has no larger table and keeps its own.

    >>> table_for(2, internazionale=True).name
    '3 smazzate'
    """
    if deals not in _BY_DEALS:
        raise TournamentError("a round has 2, 3 or 4 deals, not {deals}", deals=deals)
    if teams:
        return TEAMS
    if internazionale:
        deals = min(deals + 1, max(_BY_DEALS))
    return _BY_DEALS[deals]


def check_multiple_of_5(value: int, what: object) -> None:
    """Refuse a Burraco score that is not a multiple of 5, naming it."""
    if value % 5:
        raise TournamentError(
            "{what}: {value} is not a multiple of 5 (Burraco scores count in fives)", what=what, value=value
        )


MAX_DEAL_POINTS = 5000
"""More than one side can score in a deal: all 108 cards are worth 1,080 points and
hold at most 15 burraci (200 each), with 100 for closing; losses stay far below it."""


def check_plausible(value: int, what: object, deals: int = 1) -> None:
    """Refuse points no Burraco round of ``deals`` deals can give one side, naming them.

    >>> check_plausible(99999999999999999999995, "table 3 N/S")
    Traceback (most recent call last):
    ...
    tavolo.tournament.errors.TournamentError: table 3 N/S: 99999999999999999999995 points are impossible (at most 5000 a deal, either sign)
    """
    if abs(value) > MAX_DEAL_POINTS * deals:
        raise TournamentError(
            "{what}: {value} points are impossible (at most {MAX_DEAL_POINTS} a deal, either sign)",
            what=what,
            value=value,
            MAX_DEAL_POINTS=MAX_DEAL_POINTS,
        )


def victory_points(mp_difference: int, table: VpTable) -> tuple[int, int]:
    """The VP of the line that made ``mp_difference`` more MP, and of the other."""
    check_multiple_of_5(mp_difference, "MP difference")
    diff = abs(mp_difference)
    winner = MAX_VP
    for offset, top in enumerate(table.upper):
        if diff <= top:
            winner = DRAW_VP + offset
            break
    scores = (winner, MAX_VP - winner)
    return scores if mp_difference >= 0 else scores[::-1]


def equivalent_mp(vp: int, table: VpTable) -> int:
    """The MP that "equal" a VP score: the floor of its band, negative below 10."""
    if vp >= DRAW_VP:
        return table.band_floor(vp)
    return -table.band_floor(MAX_VP - vp)


def bye_score(table: VpTable) -> tuple[int, int]:
    """VP and MP of the pair that rests (codice art. 34)."""
    return table.bye_vp, equivalent_mp(table.bye_vp, table)
