"""Manual pairing: what a director's change to a round breaks.

The director may re-pair a round or swap two entrants before the round
starts. The change is the director's to make; the tool refuses only what
cannot be a round (an entrant twice, or someone who does not play it) and
names every rule the change breaks, which is recorded with it:

* a rematch the system forbids (codice art. 2 b; the no-rematch option; a
  meeting repeated inside a Mitchell or round-robin phase, art. 2 c-d);
* a second rest in one session (codice art. 34);
* a table across two groups (ARCA);
* a table or bye other than the system's, and (in a single group) tables
  not ordered from the strongest (fedibur art. 9).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tavolo.tournament.config import Kind, System
from tavolo.tournament.errors import TournamentError
from tavolo.tournament.events import PhaseStarted, Side
from tavolo.tournament.groups import group_label, phase_groups
from tavolo.tournament.pairing import Draft, Meeting, draft_round, rests_in_session
from tavolo.tournament.standings import standings
from tavolo.tournament.state import Tournament


def exchanged(numbers: Sequence[int], a: int, b: int) -> tuple[int, ...]:
    """``numbers`` with ``a`` and ``b`` in each other's places.

    >>> exchanged((4, 2, 9), 2, 9)
    (4, 9, 2)
    """
    return tuple(b if n == a else a if n == b else n for n in numbers)


def swapped(
    tables: Sequence[Meeting | None], byes: Sequence[Side], a: int, b: int
) -> tuple[list[Meeting | None], list[Side]]:
    """The round with entrants ``a`` and ``b`` in each other's places (``None``: an empty table number).

    >>> swapped([((1,), (2,)), None, ((3,), (4,))], [(5,)], 2, 5)
    ([((1,), (5,)), None, ((3,), (4,))], [(2,)])
    """
    moved = [(exchanged(m[0], a, b), exchanged(m[1], a, b)) if m else None for m in tables]
    return moved, [exchanged(side, a, b) for side in byes]


def breaches(tournament: Tournament, round_number: int, draft: Draft, started: PhaseStarted) -> list[str]:
    """The rules a manual ``draft`` of ``round_number`` breaks; raises if it is not a round at all."""
    _check_structure(tournament, round_number, draft)
    system = tournament.config.phases[started.phase].system
    found = []
    if tournament.config.kind is not Kind.INDIVIDUAL:
        found += _rematches(tournament, round_number, draft.meetings, system, started)
    found += _second_rests(tournament, round_number, draft.byes)
    found += _across_groups(tournament, round_number, draft.meetings, started)
    found += _not_the_system(tournament, round_number, draft, started, system)
    if system.uses_standings and round_number > 1 and len(started.lines) == 1:
        found += _weaker_first(tournament, round_number, draft.meetings)
    return found


def _check_structure(tournament: Tournament, round_number: int, draft: Draft) -> None:
    sides = [side for meeting in draft.meetings for side in meeting] + list(draft.byes)
    size = 2 if tournament.config.kind is Kind.INDIVIDUAL else 1
    wrong = [side for side in sides[: 2 * len(draft.meetings)] if len(side) != size]
    counts = Counter(n for side in sides for n in side)
    playing = set(tournament.playing(round_number))
    problems = [
        f"{label}: {', '.join(map(str, found))}"
        for label, found in (
            ("sides of the wrong size", wrong),
            ("seated twice", sorted(n for n, c in counts.items() if c > 1)),
            ("not playing this round", sorted(set(counts) - playing)),
            ("neither seated nor resting", sorted(playing - set(counts))),
        )
        if found
    ]
    if problems:
        raise TournamentError(
            "round {round_number} cannot be paired so: {problems}",
            round_number=round_number,
            problems="; ".join(problems),
        )


def _rematches(
    tournament: Tournament, round_number: int, tables: Sequence[Meeting], system: System, started: PhaseStarted
) -> list[str]:
    if system is System.DANISH:
        return []
    if system is System.MODIFIED:
        if round_number == tournament.config.rounds:
            return []
        earlier, rule = (
            range(round_number - 1, round_number),
            "no rematch with the previous round's opponent (codice art. 2 b)",
        )
    elif system is System.STRICT:
        earlier, rule = range(1, round_number), "no rematch (danese senza rivincite)"
    else:
        earlier, rule = (
            range(started.round, round_number),
            f"every meeting once in the {system.label} phase (codice art. 2)",
        )
    met = {}
    for r in earlier:
        for seat in tournament.rounds[r].tables.values():
            met[frozenset((seat.ns, seat.ew))] = r
    return [
        f"{_side(ns)} and {_side(ew)} met in round {met[frozenset((ns, ew))]}: {rule}"
        for ns, ew in tables
        if frozenset((ns, ew)) in met
    ]


def _second_rests(tournament: Tournament, round_number: int, byes: Sequence[Side]) -> list[str]:
    rested = rests_in_session(tournament, round_number)
    return [f"{n} rests a second time this session (codice art. 34)" for side in byes for n in side if rested.get(n, 0)]


def _across_groups(
    tournament: Tournament, round_number: int, tables: Sequence[Meeting], started: PhaseStarted
) -> list[str]:
    groups = phase_groups(tournament, started, round_number)
    if len(groups) < 2:
        return []
    group_of = {n: i for i, members in enumerate(groups) for n in members}
    return [
        f"{_side(ns)} ({group_label(group_of[ns[0]])}) and {_side(ew)} ({group_label(group_of[ew[0]])}) "
        "are in different groups (ARCA)"
        for ns, ew in tables
        if group_of[ns[0]] != group_of[ew[0]]
    ]


def _not_the_system(
    tournament: Tournament, round_number: int, draft: Draft, started: PhaseStarted, system: System
) -> list[str]:
    expected = draft_round(tournament, round_number, started)
    wanted = {frozenset(meeting) for meeting in expected.meetings}
    found = [
        f"table {i} ({_side(m[0])} v {_side(m[1])}) is not what {system.label} gives (codice art. 2)"
        for i, m in enumerate(draft.tables, start=1)
        if m is not None and frozenset(m) not in wanted
    ]
    if set(draft.byes) != set(expected.byes):
        rule = "the lowest-ranked that has not rested (codice art. 34)" if system.uses_standings else "by the movement"
        found.append(f"the bye goes to {', '.join(map(_side, expected.byes)) or 'nobody'}, {rule}")
    return found


def _weaker_first(tournament: Tournament, round_number: int, tables: Sequence[Meeting]) -> list[str]:
    place = {line.number: i for i, line in enumerate(standings(tournament, through=round_number - 1), start=1)}
    best = [min(place[n] for side in meeting for n in side) for meeting in tables]
    return [
        f"table {i + 1} has stronger entrants (best place {best[i]}) than table {i} (best place {best[i - 1]}): "
        "stronger tables first (fedibur art. 9)"
        for i in range(1, len(best))
        if best[i] < best[i - 1]
    ]


def _side(side: Side) -> str:
    return "+".join(map(str, side))
