"""Standings (classifica): VP, then MP, then total points (fedibur art. 9).

Two warnings cost 1 VP and its equivalent MP in the general standings, and
the opponent gains nothing (codice art. 20). Equal VP, MP and points share a
place (ex aequo); the order among them follows the order given (registration
number, or the places at a group's split).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tavolo.tournament.events import Side
from tavolo.tournament.groups import group_label, phase_groups
from tavolo.tournament.results import round_outcomes, table_outcome
from tavolo.tournament.state import Tournament
from tavolo.tournament.vp import DRAW_VP, equivalent_mp


@dataclass
class Line:
    """One entrant's line in a ranking."""

    number: int
    name: str
    vp: int = 0
    mp: int = 0
    points: int = 0
    played: int = 0
    rested: int = 0
    warnings: int = 0
    penalty_vp: int = 0
    withdrawn: bool = False

    @property
    def key(self) -> tuple[int, int, int]:
        return self.vp, self.mp, self.points


@dataclass(frozen=True)
class Ranking:
    """A titled ranking: the general one or a group's."""

    title: str
    lines: list[Line]
    prizes: int

    def places(self) -> list[int]:
        """The place of each line, ex aequo lines sharing the better one."""
        places: list[int] = []
        for i, line in enumerate(self.lines):
            tied = i and line.key == self.lines[i - 1].key
            places.append(places[-1] if tied else i + 1)
        return places

    def prize_winners(self) -> list[int]:
        """The numbers of the first ``prizes`` entrants still in the event."""
        return [line.number for line in self.lines if not line.withdrawn][: self.prizes]


def standings(
    tournament: Tournament, *, through: int | None = None, members: Sequence[int] | None = None, since: int = 1
) -> list[Line]:
    """The ranking after round ``through`` (the last paired by default) of ``members`` (everyone).

    ``since`` counts only the rounds from that one on (a group ranked afresh).
    """
    through = len(tournament.rounds) if through is None else through
    order = sorted(tournament.entrants) if members is None else members
    lines = {n: _line(tournament, n, through) for n in order}
    for number in range(since, through + 1):
        for side, outcome, seating in round_outcomes(tournament, tournament.rounds[number]):
            for n in side:
                if n in lines:
                    line = lines[n]
                    line.vp += outcome.vp
                    line.mp += outcome.mp
                    line.points += outcome.points
                    line.played += seating is not None
                    line.rested += seating is None
    one_vp_mp = equivalent_mp(DRAW_VP + 1, tournament.config.table)
    for line in lines.values():
        line.penalty_vp = line.warnings // 2
        line.vp -= line.penalty_vp
        line.mp -= line.penalty_vp * one_vp_mp
    return sorted(lines.values(), key=lambda line: (-line.vp, -line.mp, -line.points))


def rankings(tournament: Tournament, through: int | None = None) -> list[Ranking]:
    """The general ranking, then each group's when the last phase played was split (ARCA)."""
    through = len(tournament.rounds) if through is None else through
    prizes = tournament.config.prizes
    split_phase = _split_phase(tournament, through)
    general = Ranking(
        "Classifica generale", standings(tournament, through=through), 0 if split_phase is not None else prizes
    )
    if split_phase is None:
        return [general]
    phase = tournament.config.phases[split_phase]
    since = tournament.config.first_round_of(split_phase) if phase.fresh else 1
    groups = phase_groups(tournament, tournament.phases[split_phase], through)
    return [general] + [
        Ranking(group_label(i), standings(tournament, through=through, members=members, since=since), prizes)
        for i, members in enumerate(groups)
    ]


def _split_phase(tournament: Tournament, through: int) -> int | None:
    started = [p for p, event in tournament.phases.items() if event.round <= through]
    last = max(started, default=None)
    return last if last is not None and len(tournament.phases[last].lines) > 1 else None


def _line(tournament: Tournament, number: int, through: int) -> Line:
    entrant = tournament.entrants[number]
    warnings = sum(1 for w in tournament.warnings if w.number == number and w.round <= through)
    withdrawn = entrant.withdrawn_from is not None and entrant.withdrawn_from <= through + 1
    return Line(number, entrant.name, warnings=warnings, withdrawn=withdrawn)


@dataclass(frozen=True)
class HistoryRow:
    """One round of an entrant's history."""

    round: int
    table: int | None
    seat: str
    opponents: Side
    points_for: int | None = None
    points_against: int | None = None
    mp: int | None = None
    vp: int | None = None
    note: str = ""


def history(tournament: Tournament, number: int) -> list[HistoryRow]:
    """Round by round: where the entrant sat, against whom, and what it took."""
    tournament.entrant(number)
    rows = []
    for played in tournament.rounds.values():
        if played.rests(number):
            rest = next(o for side, o, _ in round_outcomes(tournament, played) if number in side)
            rows.append(HistoryRow(played.number, None, "riposo", (), 0, None, rest.mp, rest.vp, rest.note))
            continue
        seating = played.table_of(number)
        if seating is None:
            rows.append(HistoryRow(played.number, None, "-", (), note="not playing"))
            continue
        ours, seat = (0, "N/S") if number in seating.ns else (1, "E/W")
        opponents = seating.ew if ours == 0 else seating.ns
        outcome = table_outcome(tournament, played, seating)
        if outcome is None:
            rows.append(HistoryRow(played.number, seating.number, seat, opponents, note="result to enter"))
            continue
        mine, theirs = outcome[ours], outcome[1 - ours]
        rows.append(
            HistoryRow(
                played.number, seating.number, seat, opponents, mine.points, theirs.points, mine.mp, mine.vp, mine.note
            )
        )
    return rows
