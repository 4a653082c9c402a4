"""Standings (classifica): VP, then MP, then total points (fedibur art. 9).

Two warnings cost 1 VP and its equivalent MP in the general standings, and
the opponent gains nothing (codice art. 20). Equal VP, MP and points share a
place (ex aequo); the order among them follows the order given: the general
standings list them by number (registration), a group's by its places at the
split, and the Danish pairing ranks its members in the order of the phase's
seating (round 1's draw, registration order or the director's choice), so two
pairs tied on everything are paired in the order they sat in round 1. Across the last prize such a tie
follows the tournament's declared rule (:class:`~tavolo.tournament.config.PrizeTies`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from weakref import WeakKeyDictionary

from tavolo.tournament.config import PrizeTies
from tavolo.tournament.errors import TournamentError
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
    """A titled ranking: the general one, a group's or a category's.

    Prizes go down the lines, passing over withdrawn entrants and those in
    ``passed_over`` (winners of another ranking: prizes are not cumulative);
    entrants tied across the last prize follow the declared ``ties`` rule.
    """

    title: str
    lines: list[Line]
    prizes: int
    ties: PrizeTies = PrizeTies.SHARED
    passed_over: frozenset[int] = frozenset()

    def places(self) -> list[int]:
        """The place of each line, ex aequo lines sharing the better one (a withdrawn entrant ties no one)."""
        places: list[int] = []
        for i, line in enumerate(self.lines):
            before = self.lines[i - 1]
            tied = i and (line.key, line.withdrawn) == (before.key, before.withdrawn)
            places.append(places[-1] if tied else i + 1)
        return places

    def awarded(self) -> dict[int, int]:
        """Entrant number -> prize (1 for the first); ex aequo entrants share a prize under ``shared``."""
        eligible = [line for line in self.lines if not line.withdrawn and line.number not in self.passed_over]
        awarded: dict[int, int] = {}
        for i, line in enumerate(eligible):
            tied = i and line.key == eligible[i - 1].key
            if self.ties is PrizeTies.SHARED and tied and eligible[i - 1].number in awarded:
                awarded[line.number] = awarded[eligible[i - 1].number]
            elif i < self.prizes:
                awarded[line.number] = i + 1
        return awarded

    def prize_winners(self) -> list[int]:
        """The numbers of the entrants who take a prize, best first."""
        return list(self.awarded())

    def tie_at_prize_line(self) -> list[int]:
        """The entrants tied across the last prize (some in, some out by the plain count), if any."""
        eligible = [line for line in self.lines if not line.withdrawn and line.number not in self.passed_over]
        if not 0 < self.prizes < len(eligible) or eligible[self.prizes - 1].key != eligible[self.prizes].key:
            return []
        return [line.number for line in eligible if line.key == eligible[self.prizes - 1].key]


def standings(
    tournament: Tournament, *, through: int | None = None, members: Sequence[int] | None = None, since: int = 1
) -> list[Line]:
    """The ranking after round ``through`` (the last paired by default) of ``members`` (everyone); withdrawn
    entrants (codice art. 33: their results stand) come after those still playing, whatever their points.

    ``since`` counts only the rounds from that one on (a group ranked afresh).
    Totals after each round are kept between calls, so that standings after
    every round of an event cost as much as one pass over its results.
    """
    through = checked_round(tournament, through)
    order = sorted(tournament.entrants) if members is None else members
    totals = _cumulative(tournament, through)
    before = _cumulative(tournament, since - 1) if since > 1 else {}
    warnings = Counter(w.number for w in tournament.warnings if w.round <= through)
    one_vp_mp = equivalent_mp(DRAW_VP + 1, tournament.config.table)
    lines = []
    for n in order:
        vp, mp, points, played, rested = totals.get(n, _ZERO)
        if before:
            then = before.get(n, _ZERO)
            vp, mp, points, played, rested = (
                vp - then[0],
                mp - then[1],
                points - then[2],
                played - then[3],
                rested - then[4],
            )
        entrant = tournament.entrants[n]
        withdrawn = entrant.withdrawn_from is not None and entrant.withdrawn_from <= through + 1
        penalty = warnings[n] // 2
        lines.append(
            Line(
                n,
                entrant.name,
                vp - penalty,
                mp - penalty * one_vp_mp,
                points,
                played,
                rested,
                warnings[n],
                penalty,
                withdrawn,
            )  # fmt: skip
        )
    return sorted(lines, key=lambda line: (line.withdrawn, -line.vp, -line.mp, -line.points))


def checked_round(tournament: Tournament, through: int | None) -> int:
    """``through``, or the last round paired; refused when that round is not paired yet."""
    paired = len(tournament.rounds)
    if through is None:
        return paired
    if not 0 <= through <= paired:
        raise TournamentError(
            "round {through} has not been paired yet (rounds paired: {paired})", through=through, paired=paired
        )
    return through


_ZERO = (0, 0, 0, 0, 0)
Totals = dict[int, tuple[int, int, int, int, int]]
_CACHE: WeakKeyDictionary[Tournament, dict[int, tuple[int, Totals]]] = WeakKeyDictionary()


def _cumulative(tournament: Tournament, through: int) -> Totals:
    """Each entrant's VP, MP, points, rounds played and rested over rounds 1 .. ``through``, before warnings."""
    cache = _CACHE.setdefault(tournament, {})
    valid = 0
    while valid < through and valid + 1 in cache and not tournament.changed_since(cache[valid + 1][0], valid + 1):
        valid += 1
    totals: Totals = dict(cache[valid][1]) if valid else {}
    for number in range(valid + 1, through + 1):
        for side, outcome, seating in round_outcomes(tournament, tournament.rounds[number]):
            for n in side:
                vp, mp, points, played, rested = totals.get(n, _ZERO)
                totals[n] = (vp + outcome.vp, mp + outcome.mp, points + outcome.points,
                             played + (seating is not None), rested + (seating is None))  # fmt: skip
        cache[number] = (tournament.version, totals)
        totals = dict(totals)
    return totals


def rankings(tournament: Tournament, through: int | None = None) -> list[Ranking]:
    """The general ranking, each group's when the last phase played was split (ARCA), then the categories'."""
    through = checked_round(tournament, through)
    config = tournament.config
    prizes, ties = config.prizes, config.prize_ties
    split_phase = _split_phase(tournament, through)
    general = standings(tournament, through=through)
    if not any(line.played for line in general):  # before the first result every line ties: no one has a prize yet
        prizes = 0
    result = [Ranking("Classifica generale", general, 0 if split_phase is not None else prizes, ties)]
    if split_phase is not None:
        phase = config.phases[split_phase]
        since = config.first_round_of(split_phase) if phase.fresh else 1
        groups = phase_groups(tournament, tournament.phases[split_phase], through)
        result += [
            Ranking(group_label(i), standings(tournament, through=through, members=members, since=since), prizes, ties)
            for i, members in enumerate(groups)
        ]
    winners = frozenset(n for ranking in result for n in ranking.prize_winners())
    for category in config.category_prizes:
        lines = [line for line in general if tournament.entrants[line.number].belongs_to(category.name)]
        result.append(Ranking(f"Categoria: {category.label}", lines, category.count if prizes else 0, ties, winners))
    return result


def _split_phase(tournament: Tournament, through: int) -> int | None:
    started = [p for p, event in tournament.phases.items() if event.round <= through]
    last = max(started, default=None)
    return last if last is not None and len(tournament.phases[last].lines) > 1 else None


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
