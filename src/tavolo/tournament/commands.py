"""The director's commands: each checks a request against the state and returns its events.

A command never changes the tournament; the caller applies (and stores) the
events it returns. A refused command raises :class:`TournamentError` with
what was wrong::

    >>> from tavolo.tournament.config import TournamentConfig
    >>> from tavolo.tournament.state import Tournament
    >>> t = Tournament(TournamentConfig("Circolo", deals=3))
    >>> for name in ("Rossi", "Verdi", "Neri", "Gialli"):
    ...     for event in register(t, [name + " A", name + " B"]):
    ...         t.apply(event)
    >>> for event in seat(t, Seating.REGISTRATION):
    ...     t.apply(event)
    >>> [(s.ns, s.ew) for s in t.rounds[1].tables.values()]
    [((1,), (2,)), ((3,), (4,))]
    >>> enter_score(t, 1, 2, [450, 305, 10], [200, 100, 95])
    [ScoreEntered(round=1, table=2, ns=(450, 305, 10), ew=(200, 100, 95))]
    >>> enter_score(t, 1, 2, [452], [200])
    Traceback (most recent call last):
    ...
    tavolo.tournament.errors.TournamentError: round 1 table 2 N/S: 452 is not a multiple of 5 (Burraco scores count in fives)
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import replace

from tavolo.tournament.config import Kind
from tavolo.tournament.errors import TournamentError
from tavolo.tournament.events import (
    Abandoned,
    ArbitralScore,
    ByeFilled,
    EntrantRegistered,
    EntrantWithdrawn,
    Event,
    LateArrival,
    PhaseStarted,
    PlayerSubstituted,
    RoundPaired,
    ScoreCorrected,
    ScoreEntered,
    Side,
    TableSeating,
    TeamLineup,
    WarningGiven,
)
from tavolo.tournament.manual import breaches, exchanged, swapped
from tavolo.tournament.pairing import Draft, check_can_pair, draft_round, open_phase
from tavolo.tournament.results import FORFEIT_MINUTES, missing_tables
from tavolo.tournament.seating import Seating, seating_order
from tavolo.tournament.state import Round, Tournament
from tavolo.tournament.vp import MAX_VP, check_multiple_of_5, equivalent_mp

WARNING_MINUTES = 5

Command = Callable[[Tournament], list[Event]]


def in_sequence(tournament: Tournament, steps: Sequence[tuple[str, Command]]) -> list[Event]:
    """Several commands as one (a whole file): each is checked after those before it.

    A refusal names its step (``label``) and nothing of the batch is kept.
    """
    scratch = copy.deepcopy(tournament)
    events: list[Event] = []
    for label, command in steps:
        try:
            made = command(scratch)
        except TournamentError as error:
            raise TournamentError(f"{label}: {error}") from None
        for event in made:
            scratch.apply(event)
        events += made
    return events


def register(
    tournament: Tournament, players: Sequence[str], name: str = "", club: str = "", *, fill_bye: bool = False
) -> list[Event]:
    """Enter a pair, team or player; after the start it joins from the next round.

    With ``fill_bye`` a late pair completes the current round's tavolo
    incompleto instead (codice art. 34).
    """
    kind = tournament.config.kind
    players = [p.strip() for p in players]
    fewest, most = kind.players
    if not fewest <= len(players) <= most or not all(players):
        count = f"{fewest}" if fewest == most else f"{fewest} to {most}"
        noun = "player" if most == 1 else "players"
        raise TournamentError(f"a {kind.entrant} entry names {count} {noun}, got {players}")
    _check_new_players(tournament, players)
    if kind is Kind.INDIVIDUAL and tournament.rounds:
        raise TournamentError("an individual event's partner schedule is fixed at the seating: no late entries")
    if kind is Kind.TEAMS and not name.strip():
        raise TournamentError("a team registers with its name")
    number = max(tournament.entrants, default=0) + 1
    name = name.strip() or " - ".join(players)
    current = tournament.last_round
    if not fill_bye:
        return [EntrantRegistered(number, name, tuple(players), club.strip(), tournament.next_round)]
    if current is None or not current.byes or len(current.byes[0]) != 1:
        raise TournamentError("there is no tavolo incompleto in the current round for a late pair to complete")
    table = TableSeating(max(current.tables, default=0) + 1, current.byes[0], (number,))
    return [
        EntrantRegistered(number, name, tuple(players), club.strip(), current.number),
        ByeFilled(current.number, table),
    ]


def _check_new_players(tournament: Tournament, players: Sequence[str]) -> None:
    taken = {p.casefold(): e.number for e in tournament.entrants.values() for p in e.players}
    for player in players:
        if player.casefold() in taken:
            raise TournamentError(f"{player!r} already plays in entrant {taken[player.casefold()]}")
    if len({p.casefold() for p in players}) < len(players):
        raise TournamentError(f"a player is named twice in {list(players)}")


def withdraw(tournament: Tournament, number: int, reason: str = "") -> list[Event]:
    """Withdraw an entrant (codice art. 33): results played stand, future opponents rest.

    If its table in the current round has no result yet, the withdrawal
    counts from that round and the opponent takes the riposo score.
    """
    entrant = tournament.entrant(number)
    if entrant.withdrawn_from is not None:
        raise TournamentError(f"{number} withdrew already, from round {entrant.withdrawn_from}")
    return [EntrantWithdrawn(number, _first_round_to_play(tournament, number), reason)]


def _first_round_to_play(tournament: Tournament, number: int) -> int:
    """The current round if the entrant's table there has no result yet, else the next one."""
    current = tournament.last_round
    if current is not None:
        seat = current.table_of(number)
        if seat is not None and seat.number in missing_tables(tournament, current):
            return current.number
    return tournament.next_round


def substitute(tournament: Tournament, number: int, old: str, new: str) -> list[Event]:
    """Replace a player, allowed until half the planned rounds are played (codice art. 33)."""
    entrant = tournament.entrant(number)
    if old not in entrant.players:
        raise TournamentError(f"{old!r} is not a player of {number} ({', '.join(entrant.players)})")
    _check_new_players(tournament, [new])
    played = len(tournament.rounds) - (
        1 if tournament.last_round and missing_tables(tournament, tournament.last_round) else 0
    )
    if 2 * played > tournament.config.rounds:
        raise TournamentError(
            f"{played} of {tournament.config.rounds} rounds are played: substitutions end after half (codice art. 33)"
        )
    return [PlayerSubstituted(number, old, new.strip(), _first_round_to_play(tournament, number))]


def seat(
    tournament: Tournament,
    method: Seating,
    *,
    seed: int | None = None,
    order: Sequence[int] | None = None,
    repair: bool = False,
    start: str = "",
) -> list[Event]:
    """Seat the first round (codice art. 2): by choice, registration order or seeded draw."""
    if tournament.rounds:
        raise TournamentError("round 1 is already seated; change it with swap or repair")
    numbers = tournament.playing(1)
    if len(numbers) < 2:
        raise TournamentError("register at least two entrants before seating")
    ordered = seating_order(numbers, method, seed=seed, order=order)
    label = method.label + (f", seed {seed}" if method is Seating.DRAW else "")
    started = open_phase(tournament, 1, order=ordered, method=label, seed=seed, repair=repair)
    return [started, _published(1, draft_round(tournament, 1, started), label, start)]


def pair(tournament: Tournament, *, repair: bool = False, start: str = "") -> list[Event]:
    """Pair the next round by its phase's system (opening the phase when it starts)."""
    number = tournament.next_round
    if number == 1:
        raise TournamentError("round 1 is seated, not paired: use seat")
    check_can_pair(tournament, number)
    started = open_phase(tournament, number, repair=repair)
    phase = started or tournament.phases[tournament.config.phase_of(number)]
    label = tournament.config.phases[phase.phase].system.label
    draft = draft_round(tournament, number, phase)
    return ([started] if started else []) + [_published(number, draft, label, start, draft.relaxed)]


def _published(number: int, draft: Draft, method: str, start: str, broken: Sequence[str] = ()) -> RoundPaired:
    tables = tuple(TableSeating(i, *meeting) for i, meeting in enumerate(draft.tables, start=1) if meeting is not None)
    return RoundPaired(number, tables, tuple(draft.byes), method, start, tuple(broken))


def swap(tournament: Tournament, round_number: int, a: int, b: int) -> list[Event]:
    """Exchange two entrants' places in a round not yet started; the event names what it breaks.

    In the first round of a phase the two also exchange their places in the
    phase's seating, so that a Mitchell or round robin moves on from the
    corrected seating and a split puts each in the other's group.
    """
    played = _unstarted(tournament, round_number)
    seats = [(s.ns, s.ew) if (s := played.tables.get(i)) else None for i in range(1, max(played.tables, default=0) + 1)]
    for n in (a, b):
        if played.table_of(n) is None and not played.rests(n):
            raise TournamentError(f"{n} has no place in round {round_number}")
    tables, byes = swapped(seats, played.byes, a, b)
    started = tournament.phases[tournament.config.phase_of(round_number)]
    reseated: list[Event] = []
    if started.round == round_number:
        lines = tuple(exchanged(line, a, b) for line in started.lines)
        started = replace(started, lines=lines, method=f"{started.method}; {a} and {b} swapped")
        reseated.append(started)
    method = f"manual: {a} and {b} swapped"
    return reseated + _manual(tournament, round_number, Draft(tables, byes), method, played.start, started)


def repair_round(
    tournament: Tournament, round_number: int, tables: Sequence[tuple[Side, Side]], byes: Sequence[Side]
) -> list[Event]:
    """Replace a round's pairing, not yet started, by the director's own.

    This round only: a Mitchell or round robin goes on from its seating (a
    swap in the phase's first round changes that seating).
    """
    played = _unstarted(tournament, round_number)
    started = tournament.phases[tournament.config.phase_of(round_number)]
    return _manual(tournament, round_number, Draft(list(tables), list(byes)), "manual pairing", played.start, started)


def _unstarted(tournament: Tournament, round_number: int) -> Round:
    played = tournament.round(round_number)
    if played.started:
        raise TournamentError(f"round {round_number} has started (results are entered): its pairing stays")
    if round_number != len(tournament.rounds):
        raise TournamentError(f"round {round_number} is not the last round paired")
    return played


def _manual(
    tournament: Tournament, round_number: int, draft: Draft, method: str, start: str, started: PhaseStarted
) -> list[Event]:
    return [_published(round_number, draft, method, start, breaches(tournament, round_number, draft, started))]


def enter_score(
    tournament: Tournament, round_number: int, table: int, ns: Sequence[int], ew: Sequence[int]
) -> list[Event]:
    """A table's score card: each side's points per deal, or one total each.

    Refused when the table was entered already (that is a correction), or
    when a side's points are missing or not multiples of 5.
    """
    played, where = _table(tournament, round_number, table)
    if table in played.scores:
        entered = " / ".join(str(sum(side)) for side in played.scores[table])
        raise TournamentError(f"{where} is entered already ({entered}); change it as a correction")
    return [ScoreEntered(round_number, table, *_checked_points(tournament, where, ns, ew))]


def correct_score(
    tournament: Tournament, round_number: int, table: int, ns: Sequence[int], ew: Sequence[int], reason: str = ""
) -> list[Event]:
    """Correct an entered score (codice art. 19).

    Once the next round is published on these standings its pairing stays;
    the result is corrected all the same.
    """
    played, where = _table(tournament, round_number, table)
    if table not in played.scores:
        raise TournamentError(f"{where} has no score to correct yet")
    following = round_number + 1
    kept = (
        following in tournament.rounds
        and tournament.config.phases[tournament.config.phase_of(following)].system.uses_standings
    )
    return [ScoreCorrected(round_number, table, *_checked_points(tournament, where, ns, ew), reason, kept)]


def _table(tournament: Tournament, round_number: int, table: int) -> tuple[Round, str]:
    played = tournament.round(round_number)
    where = f"round {round_number} table {table}"
    if table not in played.tables:
        raise TournamentError(f"{where} does not exist (tables 1 to {len(played.tables)})")
    seat = played.tables[table]
    if any(played.late.get(n, 0) > FORFEIT_MINUTES for n in seat.ns + seat.ew):
        raise TournamentError(f"{where} was decided by a late arrival (codice art. 34): no score card")
    return played, where


def _checked_points(
    tournament: Tournament, where: str, ns: Sequence[int], ew: Sequence[int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    deals = tournament.config.deals * (2 if tournament.config.kind is Kind.TEAMS else 1)
    for label, parts in (("N/S", ns), ("E/W", ew)):
        if not parts:
            raise TournamentError(f"{where} {label}: no points entered (both sides are needed)")
        if len(parts) > deals:
            raise TournamentError(f"{where} {label}: {len(parts)} deals entered, the round has {deals}")
        for i, value in enumerate(parts, start=1):
            check_multiple_of_5(value, f"{where} {label}" + (f" deal {i}" if len(parts) > 1 else ""))
    if len(ns) != len(ew) and len(ns) > 1 and len(ew) > 1:
        raise TournamentError(f"{where}: N/S has {len(ns)} deals and E/W {len(ew)}")
    return tuple(ns), tuple(ew)


def arbitral_score(
    tournament: Tournament,
    round_number: int,
    table: int,
    ns_vp: int,
    ew_vp: int,
    *,
    ns_mp: int | None = None,
    ew_mp: int | None = None,
    reason: str = "",
) -> list[Event]:
    """A punteggio arbitrale for a table; MP default to the VP's equivalent."""
    _table(tournament, round_number, table)
    for label, value in (("N/S", ns_vp), ("E/W", ew_vp)):
        if not 0 <= value <= MAX_VP:
            raise TournamentError(f"round {round_number} table {table} {label}: VP go from 0 to {MAX_VP}, not {value}")
    scoring = tournament.config.table
    ns_mp = equivalent_mp(ns_vp, scoring) if ns_mp is None else ns_mp
    ew_mp = equivalent_mp(ew_vp, scoring) if ew_mp is None else ew_mp
    return [ArbitralScore(round_number, table, ns_vp, ew_vp, ns_mp, ew_mp, reason)]


def warn(tournament: Tournament, round_number: int, number: int, reason: str = "") -> list[Event]:
    """An ammonizione; every second costs 1 VP and its MP in the standings (codice art. 20)."""
    tournament.entrant(number)
    tournament.round(round_number)
    return [WarningGiven(round_number, number, reason)]


def late_arrival(tournament: Tournament, round_number: int, number: int, minutes: int) -> list[Event]:
    """Lateness at a table (codice art. 34): points to the opponent, a warning past 5 minutes, the match past 10."""
    played = tournament.round(round_number)
    if played.table_of(number) is None:
        raise TournamentError(f"{number} has no table in round {round_number}")
    if minutes < 0:
        raise TournamentError("minutes late cannot be negative")
    events: list[Event] = [LateArrival(round_number, number, minutes)]
    if minutes > WARNING_MINUTES:
        events.append(WarningGiven(round_number, number, f"ritardo di {minutes} minuti (codice art. 34)"))
    return events


def abandon(
    tournament: Tournament, round_number: int, number: int, *, justified: bool, withdraw_too: bool = False
) -> list[Event]:
    """A side leaves its match (codice art. 33); ``withdraw_too`` ends its tournament as well."""
    played = tournament.round(round_number)
    if played.table_of(number) is None:
        raise TournamentError(f"{number} has no table in round {round_number}")
    events: list[Event] = [Abandoned(round_number, number, justified)]
    if withdraw_too:
        events.append(EntrantWithdrawn(number, round_number + 1, "abbandono (codice art. 33)"))
    return events


def lineup(tournament: Tournament, round_number: int, number: int, pairs: Sequence[tuple[str, str]]) -> list[Event]:
    """The pairs a team fields in a match, set before it starts (codice art. 2)."""
    if tournament.config.kind is not Kind.TEAMS:
        raise TournamentError("line-ups belong to team events")
    played = tournament.round(round_number)
    seat = played.table_of(number)
    if seat is None:
        raise TournamentError(f"team {number} has no match in round {round_number}")
    if seat.number in played.scores:
        raise TournamentError(f"team {number}'s match in round {round_number} has its score: the line-up is fixed")
    roster = tournament.entrant(number).players
    named = [p for pair_ in pairs for p in pair_]
    if len(pairs) != 2 or any(len(p) != 2 for p in pairs) or len(set(named)) != 4 or not set(named) <= set(roster):
        raise TournamentError(f"team {number} fields two pairs of four different players from {', '.join(roster)}")
    return [TeamLineup(round_number, number, tuple(tuple(p) for p in pairs))]
