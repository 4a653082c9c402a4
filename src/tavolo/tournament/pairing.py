"""Pairing a round: the phase and its groups, the bye, the system's tables.

A round is paired group by group (the stronger group's tables first, and in
each group the stronger tables first, fedibur art. 9), by the system of its
phase:

* Danish (pure, modified, no rematch): the group's ranking, top-down
  (:mod:`~tavolo.tournament.danish`); the ranking is the first-round seating
  in round 1, the standings after it;
* Mitchell: the movement of :mod:`~tavolo.tournament.mitchell` from the
  seating at the phase's start;
* round robin: the Berger table of :mod:`~tavolo.tournament.berger`.

When no pairing of a group keeps a Danish rematch rule (two pairs left who
just met), the next weaker rule pairs it (no rematch, then modified, then
pure) and the round records the relaxation.

Byes (riposo, tavolo incompleto) come before pairing: in a Danish group, the
lowest-ranked unit that has not rested this session and whose absence leaves
the rest pairable (codice art. 34); in a Mitchell or a round robin, the unit
the movement brings to the empty place, each at most once. Individual events
form partnerships by a Berger schedule over the seating order, so no two
players partner twice in the first ``players - 1`` rounds, and pair the
partnerships by pure Danish.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tavolo.tournament.berger import berger_round, berger_rounds
from tavolo.tournament.config import Kind, Phase, System
from tavolo.tournament.danish import pair_top_down
from tavolo.tournament.errors import NoCompletePairing, TournamentError
from tavolo.tournament.events import PhaseStarted, Side
from tavolo.tournament.groups import group_label, phase_groups, split
from tavolo.tournament.mitchell import check_shifts, mitchell_tables, repair_shifts, running_sums
from tavolo.tournament.results import missing_tables
from tavolo.tournament.standings import standings
from tavolo.tournament.state import Tournament

Meeting = tuple[Side, Side]


@dataclass(frozen=True)
class Draft:
    """A round's tables (N/S side, E/W side) in table order, and its byes.

    ``None`` holds the number of a table left empty (a Mitchell's or round
    robin's incomplete table), so that fixed tables keep their numbers.
    ``relaxed`` says where no pairing kept the rematch rule and a weaker one was used.
    """

    tables: list[Meeting | None]
    byes: list[Side]
    relaxed: list[str] = field(default_factory=list)

    @property
    def meetings(self) -> list[Meeting]:
        return [meeting for meeting in self.tables if meeting is not None]


def open_phase(
    tournament: Tournament,
    round_number: int,
    *,
    order: Sequence[int] | None = None,
    method: str = "classifica (standings)",
    seed: int | None = None,
    repair: bool = False,
) -> PhaseStarted | None:
    """The :class:`PhaseStarted` event due before pairing ``round_number``, if a phase starts there.

    In round 1 the lines are ``order`` (the first-round seating) cut into
    groups; later, the standings cut into groups. A Mitchell plan that would
    repeat a meeting is refused, or repaired when ``repair`` is set.
    """
    config = tournament.config
    index = config.phase_of(round_number)
    if index in tournament.phases:
        return None
    phase = config.phases[index]
    if order is None:
        order = [
            line.number
            for line in standings(tournament, through=round_number - 1, members=tournament.playing(round_number))
        ]
    lines = [tuple(line) for line in split(order, phase.groups)]
    shifts: list[tuple[int, ...]] = []
    for line in lines:
        shifts.append(_shift_plan(phase, line, repair))
        if phase.system is System.ROUND_ROBIN and phase.rounds > berger_rounds(len(line)):
            raise TournamentError(
                "a round robin of {count_line} has {value} rounds, not {rounds}",
                count_line=len(line),
                value=berger_rounds(len(line)),
                rounds=phase.rounds,
            )
    return PhaseStarted(index, round_number, tuple(lines), method, seed, tuple(shifts))


def _shift_plan(phase: Phase, line: tuple[int, ...], repair: bool) -> tuple[int, ...]:
    if phase.system is not System.MITCHELL:
        return ()
    tables = (len(line) + 1) // 2
    if repair or not phase.shifts:  # the default plan is Tavolo's, not the director's: mend it silently
        return repair_shifts(phase.shift_plan(), tables)
    check_shifts(phase.shift_plan(), tables)
    return phase.shift_plan()


def draft_round(tournament: Tournament, round_number: int, started: PhaseStarted) -> Draft:
    """The tables the system gives for ``round_number`` in the phase ``started``."""
    whole = Draft([], [])
    for group, members in enumerate(phase_groups(tournament, started, round_number)):
        draft = _draft_group(tournament, started, group, round_number, members)
        whole.tables.extend(draft.tables)
        whole.byes.extend(draft.byes)
        prefix = f"{group_label(group)}: " if len(started.lines) > 1 else ""
        whole.relaxed.extend(prefix + note for note in draft.relaxed)
    return whole


def check_can_pair(tournament: Tournament, round_number: int) -> None:
    """Refuse to pair a round whose pairing needs results that are still missing (codice art. 19)."""
    config = tournament.config
    if round_number > config.rounds:
        raise TournamentError("all {rounds} rounds planned are paired", rounds=config.rounds)
    previous = tournament.rounds.get(round_number - 1)
    if previous is None:
        return
    index = config.phase_of(round_number)
    needs_results = config.phases[index].system.uses_standings or config.first_round_of(index) == round_number
    missing = missing_tables(tournament, previous)
    if needs_results and missing:
        tables = ", ".join(map(str, missing))
        raise TournamentError(
            "round {round_number} is paired on the standings: enter round {number}'s tables {tables} first",
            round_number=round_number,
            number=previous.number,
            tables=tables,
        )


def _draft_group(
    tournament: Tournament, started: PhaseStarted, group: int, round_number: int, members: list[int]
) -> Draft:
    phase = tournament.config.phases[started.phase]
    line = started.lines[group]
    step = round_number - started.round
    if tournament.config.kind is Kind.INDIVIDUAL:
        return _individual(tournament, round_number, line)
    if phase.system is System.MITCHELL:
        return _fixed(tournament, round_number, _mitchell(started.shifts[group], line, members, step))
    if phase.system is System.ROUND_ROBIN:
        return _fixed(tournament, round_number, berger_round(_filled(line, members), step + 1))
    ranking = members if round_number == 1 else _ranking(tournament, phase, started.round, round_number, members)
    return _danish(tournament, phase.system, round_number, ranking)


_WEAKER = {System.STRICT: System.MODIFIED, System.MODIFIED: System.DANISH}


def _danish(tournament: Tournament, system: System, round_number: int, ranking: list[int]) -> Draft:
    """Top-down tables with the bye; when no pairing keeps the rematch rule, the next weaker rule, noted.

    The bye goes only to a unit that has rested least this session: codice
    art. 34's once a session outranks the rematch rule, which is relaxed first.
    """
    rested = rests_in_session(tournament, round_number)
    units = [(n,) for n in ranking]
    rests = {unit: rested.get(unit[0], 0) for unit in units}
    fewest = min(rests.values(), default=0)
    tried = system
    while True:
        try:
            forbidden = forbidden_meetings(tournament, tried, round_number)
            tables, byes = with_bye(units, forbidden, rests, most_rests=fewest)
            break
        except NoCompletePairing:
            if tried not in _WEAKER:
                raise
            tried = _WEAKER[tried]
    relaxed = [] if tried is system else [f"no pairing keeps the {system.label} rule: paired by {tried.label}"]
    return Draft(list(tables), byes, relaxed)


def _ranking(tournament: Tournament, phase: Phase, first: int, round_number: int, members: list[int]) -> list[int]:
    since = first if phase.fresh else 1
    return [line.number for line in standings(tournament, through=round_number - 1, members=members, since=since)]


def _filled(line: tuple[int, ...], members: list[int]) -> list[int | None]:
    """The line with its empty place (odd line) taken by the first late arrival, if any (codice art. 34)."""
    latecomers = [n for n in members if n not in line]
    return list(line) + latecomers[: len(line) % 2]


def _mitchell(
    shifts: tuple[int, ...], line: tuple[int, ...], members: list[int], step: int
) -> list[tuple[int | None, int | None]]:
    seats = _filled(line, members)
    ns, ew = seats[0::2], seats[1::2] + [None] * (len(seats) % 2)
    return mitchell_tables(ns, ew, running_sums(shifts, len(ns))[step])


def _fixed(tournament: Tournament, round_number: int, schedule: list[tuple[int | None, int | None]]) -> Draft:
    """Tables from a fixed schedule: a unit whose opponent is absent rests."""
    tables: list[Meeting | None] = []
    byes: list[Side] = []
    for a, b in schedule:
        here = [n for n in (a, b) if n is not None and tournament.entrants[n].plays_in(round_number)]
        tables.append(((a,), (b,)) if len(here) == 2 else None)
        if len(here) == 1:
            byes.append((here[0],))
    return Draft(tables, byes)


def _individual(tournament: Tournament, round_number: int, line: tuple[int, ...]) -> Draft:
    """Partnerships from the Berger schedule over the seating, paired by pure Danish (late players wait)."""
    sides, byes = [], []
    for a, b in berger_round(line, round_number):
        here = tuple(n for n in (a, b) if n is not None and tournament.entrants[n].plays_in(round_number))
        (sides if len(here) == 2 else byes).append(here)
    byes = [side for side in byes if side]
    if round_number > 1:
        place = {line.number: i for i, line in enumerate(standings(tournament, through=round_number - 1))}
        sides.sort(key=lambda side: (sum(place[n] for n in side), min(place[n] for n in side)))
    rested = rests_in_session(tournament, round_number)
    tables, bye = with_bye(sides, {}, {side: max(rested.get(n, 0) for n in side) for side in sides})
    return Draft(tables, byes + bye)


def with_bye(
    ranking: Sequence[Side],
    forbidden: Mapping[Side, set[Side]],
    rested: Mapping[Side, int],
    *,
    most_rests: int | None = None,
) -> tuple[list[Meeting], list[Side]]:
    """Top-down tables for ``ranking`` (best first), after choosing the bye of an odd field.

    The bye goes to the lowest-ranked unit that has rested least this
    session (``rested``), among those whose absence leaves the rest pairable;
    with ``most_rests`` only to a unit that has rested no more than that.
    """
    if len(ranking) % 2 == 0:
        return pair_top_down(ranking, forbidden), []
    allowed = [unit for unit in reversed(ranking) if most_rests is None or rested.get(unit, 0) <= most_rests]
    candidates = sorted(allowed, key=lambda unit: rested.get(unit, 0))
    for bye in candidates:
        try:
            return pair_top_down([u for u in ranking if u != bye], forbidden), [bye]
        except NoCompletePairing:
            continue
    raise NoCompletePairing(
        "no choice of the bye lets these {count_ranking} all play without a forbidden meeting",
        count_ranking=len(ranking),
    )


def forbidden_meetings(tournament: Tournament, system: System, round_number: int) -> dict[Side, set[Side]]:
    """Who may not meet whom in ``round_number`` under ``system``.

    Modified Danish forbids the previous round's opponent except in the
    event's last round (codice art. 2 b); the no-rematch option forbids every
    earlier opponent, whichever system brought them together.
    """
    if system is System.STRICT:
        earlier = range(1, round_number)
    elif system is System.MODIFIED and round_number < tournament.config.rounds:
        earlier = range(round_number - 1, round_number)
    else:
        return {}
    forbidden: dict[Side, set[Side]] = {}
    for meeting in meetings(tournament, earlier):
        a, b = meeting
        forbidden.setdefault(a, set()).add(b)
        forbidden.setdefault(b, set()).add(a)
    return forbidden


def meetings(tournament: Tournament, rounds: range) -> list[Meeting]:
    """The tables of the given rounds, as (N/S, E/W) sides."""
    return [(t.ns, t.ew) for r in rounds if r in tournament.rounds for t in tournament.rounds[r].tables.values()]


def rests_in_session(tournament: Tournament, round_number: int) -> dict[int, int]:
    """How many times each entrant has rested in the session of ``round_number``, before it."""
    config = tournament.config
    session = config.session_of(round_number)
    counts: dict[int, int] = {}
    for played in tournament.rounds.values():
        if played.number < round_number and config.session_of(played.number) == session:
            for side in played.byes:
                for n in side:
                    counts[n] = counts.get(n, 0) + 1
    return counts
