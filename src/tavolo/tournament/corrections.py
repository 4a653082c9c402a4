"""What a corrected result changes in the rounds paired after it (codice art. 19).

Art. 19 lets the arbiter correct a transcription error "anche se è già stata stilata la classifica e
l'accoppiamento per il turno successivo". Where the pairing depends on the results (Danish), a round whose
tables are already published is played as published: "correggendo il risultato, ma lasciando
l'accoppiamento così com'era prima che l'errore fosse rilevato" (19 b); the next round still to pair uses
the corrected standings. Nothing here re-pairs: :func:`affected_pairings` says which published rounds,
and which of their tables, the corrected standings would have paired otherwise, so the desk can show it::

    >>> from tavolo.tournament import commands
    >>> from tavolo.tournament.config import TournamentConfig, parse_phase
    >>> from tavolo.tournament.seating import Seating
    >>> from tavolo.tournament.simulate import InMemory, register_field
    >>> t = Tournament(TournamentConfig("Prova", phases=(parse_phase("danish:3"),)))
    >>> InMemory(t).record(register_field(t, 4))
    >>> InMemory(t).record(commands.seat(t, Seating.REGISTRATION))
    >>> InMemory(t).record(commands.enter_score(t, 1, 1, [900], [500]) + commands.enter_score(t, 1, 2, [700], [600]))
    >>> InMemory(t).record(commands.pair(t))
    >>> [(s.ns, s.ew) for s in t.rounds[2].tables.values()]
    [((1,), (3,)), ((4,), (2,))]
    >>> commands.correct_score(t, 1, 1, [500], [900], "punteggi invertiti")[0].affected
    ((2, (1, 2)),)
"""

from __future__ import annotations

import copy
from dataclasses import replace

from tavolo.tournament.errors import TournamentError
from tavolo.tournament.events import Event, PhaseStarted, Side
from tavolo.tournament.groups import split
from tavolo.tournament.pairing import draft_round
from tavolo.tournament.standings import standings
from tavolo.tournament.state import Tournament

Affected = tuple[tuple[int, tuple[int, ...]], ...]
"""Later rounds, each with the numbers of its published tables the correction would have paired otherwise."""


def affected_pairings(tournament: Tournament, correction: Event, round_number: int) -> Affected:
    """The rounds after ``round_number`` (published already) that ``correction`` would have paired otherwise.

    Each round is drafted again, on the standings before the correction and on the standings after it (its
    bye and rematch rules as they were then); a table is affected when its meeting is in the first draft and
    not in the second, or when it seats a side whose bye the correction moves. A round that opened a phase on
    the standings (its groups or its Mitchell seating) is drafted from the corrected split too.
    """
    if round_number >= len(tournament.rounds):
        return ()
    after = copy.deepcopy(tournament)
    after.apply(correction)
    affected = []
    for number in range(round_number + 1, len(tournament.rounds) + 1):
        tables = _changed_tables(tournament, after, number)
        if tables:
            affected.append((number, tables))
    return tuple(affected)


def _changed_tables(before: Tournament, after: Tournament, number: int) -> tuple[int, ...]:
    published = before.rounds[number]
    started = before.phases.get(before.config.phase_of(number))
    if started is None:
        return ()
    try:
        old = draft_round(before, number, started)
        new = draft_round(after, number, _reopened(before, after, started, number))
    except TournamentError:  # no pairing of the corrected standings: every table would have changed
        return tuple(sorted(published.tables))
    gone = {frozenset(meeting) for meeting in old.meetings} - {frozenset(meeting) for meeting in new.meetings}
    moved = set(old.byes) ^ set(new.byes)
    return tuple(sorted(n for n, seat in published.tables.items()
                        if frozenset((seat.ns, seat.ew)) in gone or _seats(seat.ns, seat.ew, moved)))  # fmt: skip


def _reopened(before: Tournament, after: Tournament, started: PhaseStarted, number: int) -> PhaseStarted:
    """The phase as the corrected standings would have opened it, if it opened in ``number`` on the standings."""
    if started.round != number or number == 1:
        return started
    order = [line.number for line in standings(before, through=number - 1, members=before.playing(number))]
    if [n for line in started.lines for n in line] != order:  # seated by hand, not on the standings: kept
        return started
    corrected = [line.number for line in standings(after, through=number - 1, members=after.playing(number))]
    return replace(started, lines=tuple(tuple(line) for line in split(corrected, len(started.lines))))


def _seats(ns: Side, ew: Side, sides: set[Side]) -> bool:
    return ns in sides or ew in sides

