"""What each side takes from a table: VP, MP and points, with the arbiter's decisions.

In order of precedence (codice art. 17, 20, 33, 34, 35); the scores of
byes, forfeits and abandonments follow the deals played, even where
``internazionale`` scores the cards by the table of one deal more:

1. an arbitral score (punteggio arbitrale) replaces everything;
2. a side more than 10 minutes late loses the match: the side present takes
   the riposo score, the late side its complement (6 VP, or 8 in 4-deal and
   team rounds) and the opposite MP; both late, both take the complement;
3. a side that abandons: its opponent takes the riposo score; the side takes
   the complement if the abandonment was justified (temporary), 0 VP and the
   MP of a 0-20 defeat if not; both abandon, both score 0;
4. a withdrawn side that did not play: its opponent rests (riposo score);
5. otherwise the score card: each side's points, plus 100 points to a side
   whose opponent was more than 2 minutes late and 50 more past 5 minutes;
   MP is the difference and VP come from the table::

    >>> from tavolo.tournament.vp import THREE_DEALS
    >>> score_card((450, 300, 500), (250, 100, 550), late_ns=0, late_ew=3, table=THREE_DEALS)
    (Outcome(vp=14, mp=450, points=1350, note=''), Outcome(vp=6, mp=-450, points=900, note='late 3 min: +100 to the opponent'))
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from tavolo.tournament.events import Side, TableSeating
from tavolo.tournament.state import Round, Tournament
from tavolo.tournament.vp import MAX_VP, VpTable, bye_score, equivalent_mp, victory_points

FORFEIT_MINUTES = 10


@dataclass(frozen=True)
class Outcome:
    """What one side takes from one round."""

    vp: int
    mp: int
    points: int
    note: str = ""


def bye_outcome(table: VpTable) -> Outcome:
    """The riposo: the code's VP and MP, no points (codice art. 34)."""
    vp, mp = bye_score(table)
    return Outcome(vp, mp, 0, "riposo (bye)")


def late_bonus(minutes: int) -> int:
    """Points credited to the side present (codice art. 34): 100 after 2 minutes, 150 after 5."""
    return 0 if minutes <= 2 else 100 if minutes <= 5 else 150


def score_card(
    ns: tuple[int, ...], ew: tuple[int, ...], *, late_ns: int, late_ew: int, table: VpTable
) -> tuple[Outcome, Outcome]:
    """The outcome of a played table from its score card and any lateness."""
    points_ns = sum(ns) + late_bonus(late_ew)
    points_ew = sum(ew) + late_bonus(late_ns)
    vp_ns, vp_ew = victory_points(points_ns - points_ew, table)
    mp = points_ns - points_ew
    return (
        Outcome(vp_ns, mp, points_ns, _late_note(late_ns)),
        Outcome(vp_ew, -mp, points_ew, _late_note(late_ew)),
    )


def table_outcome(tournament: Tournament, played: Round, seating: TableSeating) -> tuple[Outcome, Outcome] | None:
    """The two sides' outcomes at a table, or ``None`` while its result is missing."""
    table, rest = tournament.config.table, tournament.config.rest_table
    number = seating.number
    if number in played.scores and not (played.arbitral or played.late or played.abandoned):
        return score_card(*played.scores[number], late_ns=0, late_ew=0, table=table)  # the usual card, at once
    if number in played.arbitral:
        a = played.arbitral[number]
        points = [sum(s) for s in played.scores.get(number, ((), ()))]
        note = f"punteggio arbitrale: {a.reason}" if a.reason else "punteggio arbitrale"
        return Outcome(a.ns_vp, a.ns_mp, points[0], note), Outcome(a.ew_vp, a.ew_mp, points[1], note)
    late = [max(played.late.get(n, 0) for n in side) for side in (seating.ns, seating.ew)]
    if max(late) > FORFEIT_MINUTES:
        return _forfeit([m > FORFEIT_MINUTES for m in late], rest, "late over 10 min: match lost")
    left = [[played.abandoned[n] for n in side if n in played.abandoned] for side in (seating.ns, seating.ew)]
    if any(left):
        return _abandonment(left, rest)
    gone = [not all(tournament.entrants[n].plays_in(played.number) for n in side) for side in (seating.ns, seating.ew)]
    if any(gone) and number not in played.scores:
        return _withdrawal(gone, rest)
    if number not in played.scores:
        return None
    ns, ew = played.scores[number]
    return score_card(ns, ew, late_ns=late[0], late_ew=late[1], table=table)


def round_outcomes(tournament: Tournament, played: Round) -> Iterator[tuple[Side, Outcome, TableSeating | None]]:
    """Every side's outcome in a round, with its table (``None`` for a bye); missing results are skipped."""
    rest = bye_outcome(tournament.config.rest_table)
    for side in played.byes:
        yield side, rest, None
    for seating in played.tables.values():
        outcome = table_outcome(tournament, played, seating)
        if outcome is not None:
            yield seating.ns, outcome[0], seating
            yield seating.ew, outcome[1], seating


def missing_tables(tournament: Tournament, played: Round) -> list[int]:
    """The tables of a round whose result is still to be entered."""
    return [n for n, s in sorted(played.tables.items()) if table_outcome(tournament, played, s) is None]


def _late_note(minutes: int) -> str:
    bonus = late_bonus(minutes)
    return f"late {minutes} min: +{bonus} to the opponent" if bonus else ""


def _forfeit(lost: list[bool], table: VpTable, note: str) -> tuple[Outcome, Outcome]:
    present = bye_outcome(table)
    absent = Outcome(MAX_VP - present.vp, -present.mp, 0, note)
    ns, ew = (absent if side_lost else present for side_lost in lost)
    return ns, ew


def _abandonment(left: list[list[bool]], table: VpTable) -> tuple[Outcome, Outcome]:
    if all(left):
        both = Outcome(0, 0, 0, "both sides abandoned (codice art. 33)")
        return both, both
    present = bye_outcome(table)
    justified = all(next(side for side in left if side))
    if justified:
        gone = Outcome(MAX_VP - present.vp, -present.mp, 0, "temporary abandonment (codice art. 33)")
    else:
        gone = Outcome(0, equivalent_mp(0, table), 0, "abandoned: match lost 0 VP (codice art. 33)")
    ns, ew = (gone if side else present for side in left)
    return ns, ew


def _withdrawal(gone: list[bool], table: VpTable) -> tuple[Outcome, Outcome]:
    withdrawn = Outcome(0, 0, 0, "withdrawn (ritirata)")
    ns, ew = (withdrawn if side_gone else bye_outcome(table) for side_gone in gone)
    return ns, ew
