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
from urllib.parse import urlsplit
from dataclasses import replace
from datetime import datetime

from tavolo.tournament.clock import RoundClock
from tavolo.tournament.codes import check_code, new_secret
from tavolo.tournament.config import Kind
from tavolo.tournament.corrections import affected_pairings
from tavolo.tournament.errors import Message, TournamentError
from tavolo.tournament.events import (
    Abandoned,
    ArbitralScore,
    ByeFilled,
    ClockChanged,
    CodesIssued,
    EntrantCorrected,
    EntrantRegistered,
    EntrantWithdrawn,
    Event,
    HallAddressSet,
    LateArrival,
    PhaseStarted,
    PlayerSubstituted,
    RoundPaired,
    ScoreCorrected,
    ScoreDisputed,
    ScoreEntered,
    ScoreProposed,
    Side,
    StaffAppointed,
    TableSeating,
    TeamLineup,
    WarningGiven,
)
from tavolo.tournament.importing import EntryRow
from tavolo.tournament.manual import breaches, exchanged, swapped
from tavolo.tournament.naming import name_key
from tavolo.tournament.pairing import Draft, check_can_pair, draft_round, open_phase
from tavolo.tournament.results import FORFEIT_MINUTES, missing_tables
from tavolo.tournament.seating import Seating, seating_order
from tavolo.tournament.state import Round, Tournament
from tavolo.tournament.vp import MAX_VP, check_multiple_of_5, check_plausible, equivalent_mp

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
            raise TournamentError("{label}: {error}", label=label, error=error) from None
        for event in made:
            scratch.apply(event)
        events += made
    return events


def register(
    tournament: Tournament,
    players: Sequence[str],
    name: str = "",
    club: str = "",
    *,
    fill_bye: bool = False,
    categories: Sequence[str] = (),
) -> list[Event]:
    """Enter a pair, team or player; after the start it joins from the next round.

    With ``fill_bye`` a late pair completes the current round's tavolo
    incompleto instead (codice art. 34). Refused once every round is paired
    (there is no round left to join), and for a name another entrant has.
    """
    return _register(tournament, _Taken(tournament), players, name, club, fill_bye=fill_bye, categories=categories)


def check_list(tournament: Tournament, rows: Sequence[EntryRow]) -> list[list[Event] | TournamentError]:
    """Each line of a list of entrants as if registered after the lines before it that were accepted: its
    events, or why it is refused.

    One pass, linear in the lines: the names and players already taken are read once and kept up to date
    (a line that re-read the whole field made 16,000 lines take 40 s).
    """
    taken = _Taken(tournament)
    checked: list[list[Event] | TournamentError] = []
    for row in rows:
        try:
            events = _register(tournament, taken, row.players, row.name, row.club, categories=row.categories)
        except TournamentError as error:
            checked.append(error)
            continue
        taken.add(events[0])
        checked.append(events)
    return checked


def register_list(tournament: Tournament, rows: Sequence[EntryRow], label: Callable[[EntryRow], str]) -> list[Event]:
    """A whole list of entrants registered (with their categories), or none of it: refused at its first wrong
    line, which ``label`` names."""
    events: list[Event] = []
    for row, checked in zip(rows, check_list(tournament, rows), strict=True):
        if isinstance(checked, TournamentError):
            raise TournamentError("{label}: {error}", label=label(row), error=checked)
        events += checked
    return events


class _Taken:
    """The entrants' names and players a new entry may not reuse (case, spacing and apostrophes aside:
    :func:`~tavolo.tournament.naming.name_key`), and the last entrant number."""

    def __init__(self, tournament: Tournament) -> None:
        self.names: dict[str, tuple[int, str]] = {}
        self.players: dict[str, int] = {}
        self.number = 0
        for entrant in tournament.entrants.values():
            self.add(EntrantRegistered(entrant.number, entrant.name, tuple(entrant.players)))

    def add(self, entry: EntrantRegistered) -> None:
        self.names.setdefault(name_key(entry.name), (entry.number, entry.name))
        for player in entry.players:
            self.players[name_key(player)] = entry.number
        if entry.number > self.number:
            self.number = entry.number


def _register(
    tournament: Tournament,
    taken: _Taken,
    players: Sequence[str],
    name: str,
    club: str,
    *,
    fill_bye: bool = False,
    categories: Sequence[str] = (),
) -> list[Event]:
    """:func:`register`, checked against ``taken`` rather than the whole field."""
    kind = tournament.config.kind
    players = [p.strip() for p in players]
    fewest, most = kind.players
    if not fewest <= len(players) <= most or not all(players):
        count = f"{fewest}" if fewest == most else f"{fewest} to {most}"
        noun = "player" if most == 1 else "players"
        raise TournamentError(
            "a {entrant} entry names {count} {noun}, got {players}",
            entrant=kind.entrant,
            count=count,
            noun=noun,
            players=players,
        )
    _check_new_players(taken, players)
    if kind is Kind.INDIVIDUAL and tournament.rounds:
        raise TournamentError("an individual event's partner schedule is fixed at the seating: no late entries")
    if kind is Kind.TEAMS and not name.strip():
        raise TournamentError("a team registers with its name")
    number = taken.number + 1
    name = name.strip() or " - ".join(players)
    _check_new_name(taken, name)
    current = tournament.last_round
    tags = tuple(c.strip() for c in categories if c.strip())
    if not fill_bye:
        if tournament.next_round > tournament.config.rounds:
            raise TournamentError(
                "all {rounds} rounds are paired: a new entrant would play none (to complete this round's incomplete table use fill-bye)",
                rounds=tournament.config.rounds,
            )
        return [EntrantRegistered(number, name, tuple(players), club.strip(), tournament.next_round, tags)]
    if current is None or not current.byes or len(current.byes[0]) != 1:
        raise TournamentError("there is no tavolo incompleto in the current round for a late pair to complete")
    table = TableSeating(max(current.tables, default=0) + 1, current.byes[0], (number,))
    return [
        EntrantRegistered(number, name, tuple(players), club.strip(), current.number, tags),
        ByeFilled(current.number, table),
    ]


def _check_new_name(taken: _Taken, name: str) -> None:
    if name_key(name) in taken.names:
        number, known = taken.names[name_key(name)]
        raise TournamentError("entrant {number} is named {name!r} already: give another name", number=number, name=known)


def _check_new_players(taken: _Taken, players: Sequence[str]) -> None:
    for player in players:
        if name_key(player) in taken.players:
            raise TournamentError(
                "{player!r} already plays in entrant {value}", player=player, value=taken.players[name_key(player)]
            )
    if len({name_key(p) for p in players}) < len(players):
        raise TournamentError("a player is named twice in {players}", players=list(players))


def withdraw(tournament: Tournament, number: int, reason: str = "") -> list[Event]:
    """Withdraw an entrant (codice art. 33): results played stand, future opponents rest.

    If its table in the current round has no result yet, the withdrawal
    counts from that round and the opponent takes the riposo score.
    """
    entrant = tournament.entrant(number)
    if entrant.withdrawn_from is not None:
        raise TournamentError(
            "{number} withdrew already, from round {withdrawn_from}",
            number=number,
            withdrawn_from=entrant.withdrawn_from,
        )
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
        raise TournamentError(
            "{old!r} is not a player of {number} ({items})", old=old, number=number, items=", ".join(entrant.players)
        )
    _check_new_players(_Taken(tournament), [new])
    played = len(tournament.rounds) - (
        1 if tournament.last_round and missing_tables(tournament, tournament.last_round) else 0
    )
    if 2 * played > tournament.config.rounds:
        raise TournamentError(
            "{played} of {rounds} rounds are played: substitutions end after half (codice art. 33)",
            played=played,
            rounds=tournament.config.rounds,
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
            raise TournamentError("{n} has no place in round {round_number}", n=n, round_number=round_number)
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
        raise TournamentError(
            "round {round_number} has started (results are entered): its pairing stays", round_number=round_number
        )
    if round_number != len(tournament.rounds):
        raise TournamentError("round {round_number} is not the last round paired", round_number=round_number)
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
        raise TournamentError(
            "{where} is entered already ({entered}); change it as a correction", where=where, entered=entered
        )
    return [ScoreEntered(round_number, table, *_checked_points(tournament, where, ns, ew))]


def correct_score(
    tournament: Tournament, round_number: int, table: int, ns: Sequence[int], ew: Sequence[int], reason: str = ""
) -> list[Event]:
    """Correct an entered score, in any round (codice art. 19), keeping the points it replaces.

    Once the next round is published on these standings its pairing stays
    (art. 19 b): the result is corrected all the same, and the event names the
    published rounds and tables the corrected standings would have paired
    otherwise (:func:`~tavolo.tournament.corrections.affected_pairings`).
    """
    played, where = _table(tournament, round_number, table)
    if table not in played.scores:
        raise TournamentError("{where} has no score to correct yet", where=where)
    following = round_number + 1
    kept = (
        following in tournament.rounds
        and tournament.config.phases[tournament.config.phase_of(following)].system.uses_standings
    )
    new_ns, new_ew = _checked_points(tournament, where, ns, ew)
    if _same_result(played.scores[table], (new_ns, new_ew)):
        raise TournamentError("{where}: these are the points entered already, nothing to correct", where=where)
    corrected = ScoreCorrected(round_number, table, new_ns, new_ew, reason.strip(), kept, *played.scores[table])
    return [replace(corrected, affected=affected_pairings(tournament, corrected, round_number))]


def _same_result(stored: tuple[tuple[int, ...], ...], typed: tuple[tuple[int, ...], ...]) -> bool:
    """Whether ``typed`` says nothing new: the same figures, or the same totals typed as totals (the deals
    stored stay; a correction "2970 / 1465 -> 2970 / 1465" would only lose them)."""
    totals_only = all(len(figures) == 1 for figures in typed)
    return typed == stored or (totals_only and [sum(f) for f in typed] == [sum(f) for f in stored])


def _table(tournament: Tournament, round_number: int, table: int) -> tuple[Round, Message]:
    played = tournament.round(round_number)
    where = Message("round {round} table {table}", round=round_number, table=table)
    if table not in played.tables:
        raise TournamentError(
            "{where} does not exist (tables 1 to {count_tables})", where=where, count_tables=len(played.tables)
        )
    seat = played.tables[table]
    if any(played.late.get(n, 0) > FORFEIT_MINUTES for n in seat.ns + seat.ew):
        raise TournamentError("{where} was decided by a late arrival (codice art. 34): no score card", where=where)
    return played, where


def _checked_points(
    tournament: Tournament, where: Message, ns: Sequence[int], ew: Sequence[int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    deals = tournament.config.deals * (2 if tournament.config.kind is Kind.TEAMS else 1)
    for label, parts in (("N/S", ns), ("E/W", ew)):
        if not parts:
            raise TournamentError(
                "{where} {label}: no points entered (both sides are needed)", where=where, label=label
            )
        if len(parts) > deals:
            raise TournamentError(
                "{where} {label}: {count_parts} deals entered, the round has {deals}",
                where=where,
                label=label,
                count_parts=len(parts),
                deals=deals,
            )
        for i, value in enumerate(parts, start=1):
            what = (
                Message("{where} {side} deal {deal}", where=where, side=label, deal=i)
                if len(parts) > 1
                else Message("{where} {side}", where=where, side=label)
            )
            check_multiple_of_5(value, what)
            check_plausible(value, what, 1 if len(parts) > 1 else deals)
    if len(ns) != len(ew) and len(ns) > 1 and len(ew) > 1:
        raise TournamentError(
            "{where}: N/S has {count_ns} deals and E/W {count_ew}", where=where, count_ns=len(ns), count_ew=len(ew)
        )
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
            raise TournamentError(
                "round {round_number} table {table} {label}: VP go from 0 to {MAX_VP}, not {value}",
                round_number=round_number,
                table=table,
                label=label,
                MAX_VP=MAX_VP,
                value=value,
            )
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
        raise TournamentError("{number} has no table in round {round_number}", number=number, round_number=round_number)
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
        raise TournamentError("{number} has no table in round {round_number}", number=number, round_number=round_number)
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
        raise TournamentError(
            "team {number} has no match in round {round_number}", number=number, round_number=round_number
        )
    if seat.number in played.scores:
        raise TournamentError(
            "team {number}'s match in round {round_number} has its score: the line-up is fixed",
            number=number,
            round_number=round_number,
        )
    roster = tournament.entrant(number).players
    named = [p for pair_ in pairs for p in pair_]
    if len(pairs) != 2 or any(len(p) != 2 for p in pairs) or len(set(named)) != 4 or not set(named) <= set(roster):
        raise TournamentError(
            "team {number} fields two pairs of four different players from {items}",
            number=number,
            items=", ".join(roster),
        )
    return [TeamLineup(round_number, number, tuple(tuple(p) for p in pairs))]


def clock(tournament: Tournament, action: str, now: datetime, minutes: int = 0) -> list[Event]:
    """Start, pause, resume or lengthen (``add`` ``minutes``) the last round's clock (codice art. 5)."""
    played = tournament.last_round
    if played is None:
        raise TournamentError("no round is paired yet: the clock runs for a published round")
    current = tournament.clocks.get(played.number) or RoundClock(played.number, tournament.config.round_minutes)
    current.changed(action, now, minutes)  # refuses a change the clock cannot make
    return [ClockChanged(played.number, action, now.isoformat(), minutes)]


def issue_codes(tournament: Tournament) -> list[Event]:
    """The secret of the score cards' codes, once per tournament (nothing if it has one)."""
    return [] if tournament.secret else [CodesIssued(new_secret())]


def keep_codes(tournament: Tournament, secret: str) -> list[Event]:
    """Record ``secret``, the one score cards were just printed with (nothing if it is recorded already);
    refused if another printout recorded another one meanwhile, since these cards' codes would not work."""
    if tournament.secret is None:
        return [CodesIssued(secret)]
    if tournament.secret != secret:
        raise TournamentError("the codes were issued meanwhile by another printout: print the score cards again")
    return []


def set_hall_address(tournament: Tournament, address: str) -> list[Event]:
    """The address the hall's phones reach Tavolo at, as the score cards' QR codes will carry it
    (``http://192.168.1.20:8000``, or behind a proxy ``https://club.example/tavolo``): refused unless it is an
    http or https address with a host, and nothing after its path.

    >>> from tavolo.tournament.config import TournamentConfig
    >>> set_hall_address(Tournament(TournamentConfig("Prova")), " http://192.168.1.20:8000/ ")
    [HallAddressSet(address='http://192.168.1.20:8000')]
    """
    text = check_hall_address(address)
    if text == tournament.hall_address:
        return []
    return [HallAddressSet(text)]


def check_hall_address(address: str) -> str:
    """``address`` as the score cards carry it (no trailing ``/``), refused unless the phones can open it (the
    server's hall address at the desk is checked the same way)."""
    text = address.strip().rstrip("/")
    try:
        split = urlsplit(text)
        split.port  # noqa: B018 - a port that is not a number raises here
    except ValueError:
        split = None
    if split is None or split.scheme not in ("http", "https") or not split.hostname or split.query or split.fragment:
        raise TournamentError("{address!r} is not an address the phones can open: write it as http://192.168.1.20:8000",
                              address=address.strip())  # fmt: skip
    return text


ROLES = ("director", "arbiter")


def appoint(tournament: Tournament, account: str, role: str) -> list[Event]:
    """Make ``account`` the tournament's director or arbiter (arbiters enter and correct scores)."""
    if role not in ROLES:
        raise TournamentError("a role is director or arbiter, not {role!r}", role=role)
    if not account.strip():
        raise TournamentError("name the account to appoint")
    return [StaffAppointed(account.strip(), role)]


def propose_score(
    tournament: Tournament, round_number: int, table: int, code: str, ns: Sequence[int], ew: Sequence[int]
) -> list[Event]:
    """A table's points entered from a phone with one side's code; the other side confirms them.

    Refused without a valid code for this round and table, for a table whose
    result is entered or disputed, for a side whose points wait for the other
    side already, and for points the desk would refuse. A proposal never
    replaces another: when the other side has proposed first, the same totals
    are its agreement (the result is entered) and other points a dispute that
    keeps both, for the director.
    """
    side = _side_of_code(tournament, round_number, table, code)
    played, where = _table(tournament, round_number, table)
    if table in played.scores:
        raise TournamentError("{where} has its result already: ask the director to correct it", where=where)
    if table in played.disputed:
        raise TournamentError("{where} is disputed: the director decides", where=where)
    points = _checked_points(tournament, where, ns, ew)
    earlier = played.proposals.get(table)
    if earlier is None:
        return [ScoreProposed(round_number, table, side, *points)]
    if earlier.side == side:
        raise TournamentError("{where}: your side's points wait for the other side already (it confirms them or not)",
                              where=where)  # fmt: skip
    if (sum(points[0]), sum(points[1])) == (sum(earlier.ns), sum(earlier.ew)):
        return [ScoreEntered(round_number, table, earlier.ns, earlier.ew)]
    return [ScoreDisputed(round_number, table, side, *points)]


def confirm_score(tournament: Tournament, round_number: int, table: int, code: str, agree: bool) -> list[Event]:
    """The other side's answer to a proposal: agreed, the result is entered; not, the director decides."""
    side = _side_of_code(tournament, round_number, table, code)
    played, where = _table(tournament, round_number, table)
    proposal = played.proposals.get(table)
    if proposal is None:
        raise TournamentError("{where} has no points waiting for confirmation", where=where)
    if proposal.side == side:
        raise TournamentError(
            "{where}: the other side confirms the points, not the side that entered them", where=where
        )
    if not agree:
        return [ScoreDisputed(round_number, table, side)]
    return [ScoreEntered(round_number, table, proposal.ns, proposal.ew)]


def _side_of_code(tournament: Tournament, round_number: int, table: int, code: str) -> str:
    side = check_code(tournament.secret, round_number, table, code) if tournament.secret else None
    if side is None:
        raise TournamentError("this code is not valid for round {round} table {table}", round=round_number, table=table)
    return side


def correct_entry(
    tournament: Tournament, number: int, name: str = "", players: Sequence[str] = (), club: str | None = None
) -> list[Event]:
    """Fix a typo in a registration: its name, players' names or club (not a substitution, codice art. 33)."""
    entrant = tournament.entrant(number)
    new_players = [p.strip() for p in players] if players else list(entrant.players)
    if len(new_players) != len(entrant.players) or not all(new_players):
        raise TournamentError("{number} has {count} players: name each of them", number=number,
                              count=len(entrant.players))  # fmt: skip
    others = Tournament(tournament.config)
    others.entrants = {n: e for n, e in tournament.entrants.items() if n != number}
    taken = _Taken(others)
    _check_new_players(taken, new_players)
    new_name = name.strip() or entrant.name
    if not name.strip() and entrant.name == " - ".join(entrant.players):  # a name made of the players follows them
        new_name = " - ".join(new_players)
    _check_new_name(taken, new_name)
    return [EntrantCorrected(number, new_name, tuple(new_players), entrant.club if club is None else club.strip())]


def fix_typo(tournament: Tournament, number: int, old: str, new: str) -> list[Event]:
    """Write ``old``, a player's name or the entry's, as ``new`` (a typo, not a substitution: codice art. 33):
    the player is renamed everywhere, in the entry's name too when it is made of the players' names.

    >>> from tavolo.tournament.config import TournamentConfig
    >>> t = Tournament(TournamentConfig("Prova"))
    >>> t.apply(register(t, ["Anna Rosi", "Bruno Verdi"])[0])
    >>> fix_typo(t, 1, "anna rosi", "Anna Rossi")
    [EntrantCorrected(number=1, name='Anna Rossi - Bruno Verdi', players=('Anna Rossi', 'Bruno Verdi'), club='')]
    """
    entrant = tournament.entrant(number)
    wrong, right = name_key(old), new.strip()
    if not right:
        raise TournamentError("write the name as it should be")
    players = [right if name_key(player) == wrong else player for player in entrant.players]
    if players != entrant.players:
        return correct_entry(tournament, number, players=players)
    if name_key(entrant.name) == wrong:
        return correct_entry(tournament, number, name=right)
    raise TournamentError("{old!r} is neither the name of {number} nor one of its players ({items})", old=old.strip(),
                          number=number, items=", ".join(entrant.players))  # fmt: skip
