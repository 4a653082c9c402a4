"""A tournament played in Tavolo's room (torneo online): its commands, over the desk's engine.

The same :class:`~tavolo.tournament.state.Tournament` as the desk's, with a :class:`~tavolo.tournament.state.Room`
beside it; each command checks a request against the state and returns the events that record it, as
:mod:`~tavolo.tournament.commands` does (which these reuse for seating, pairing and scores). Nothing
here opens a table or reads a clock: the room's driver (:mod:`tavolo.online.tournaments`) does, and
passes ``now``::

    >>> from datetime import UTC, datetime
    >>> from tavolo.tournament.config import TournamentConfig, parse_phase
    >>> from tavolo.tournament.room_settings import RoomSettings
    >>> now = datetime(2026, 12, 8, 21, 0, tzinfo=UTC)
    >>> t = Tournament(TournamentConfig("Sera", deals=2, phases=(parse_phase("danish:3"),)))
    >>> t.apply(RoomOpened(RoomSettings("anna")))
    >>> for command in (lambda t: invite(t, "bea", "carlo", now), lambda t: answer(t, "carlo", True, now)):
    ...     for event in command(t):
    ...         t.apply(event)
    >>> t.entrants[1].players, t.room.entrant_of("carlo")
    (['bea', 'carlo'], 1)
    >>> invite(t, "dora", "bea", now)
    Traceback (most recent call last):
    ...
    tavolo.tournament.errors.TournamentError: bea is already registered in this tournament
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from datetime import datetime

from tavolo.tournament import commands
from tavolo.tournament.clock import RoundClock
from tavolo.tournament.config import Kind
from tavolo.tournament.errors import TournamentError
from tavolo.tournament.events import (
    CheckedIn,
    ClockChanged,
    EntrantRegistered,
    EntrantWithdrawn,
    Event,
    InvitationAnswered,
    InvitationWithdrawn,
    PartnerInvited,
    RoomClosed,
    RoomEntry,
    RoomOpened,
    RoundHeld,
    ScoreEntered,
    SeatReplaced,
    TablesOpened,
    TableTimeAdded,
)
from tavolo.tournament.results import FORFEIT_MINUTES
from tavolo.tournament.room_settings import moment
from tavolo.tournament.seating import Seating
from tavolo.tournament.state import Room, Round, Tournament

REGISTRATION, RUNNING, FINISHED, CANCELLED = "registration", "running", "finished", "cancelled"
NOT_CHECKED_IN = "check-in mancato (codice art. 34)"
"""The reason an entrant that did not check in before the start is left out of round 1."""


def room_of(tournament: Tournament) -> Room:
    """The tournament's room; refused for a tournament of the desk only."""
    if tournament.room is None:
        raise TournamentError("{name!r} is run at the desk, not in the room", name=tournament.config.name)
    return tournament.room


def status(tournament: Tournament) -> str:
    """``registration``, ``running``, ``finished`` or ``cancelled``."""
    room = room_of(tournament)
    if room.closed:
        return room.closed
    return RUNNING if tournament.rounds else REGISTRATION


def current_round(tournament: Tournament) -> int:
    """The last round paired (0 before the start)."""
    return len(tournament.rounds)


# --- registration ---------------------------------------------------------------------------------


def _check_open(tournament: Tournament, now: datetime) -> Room:
    """Registration is open: not started, not closed, within the organizer's times, room for one more."""
    room = room_of(tournament)
    if status(tournament) != REGISTRATION:
        raise TournamentError("registration is closed: the tournament has started or is over")
    opens, closes = moment(room.settings.opens), moment(room.settings.closes)
    if opens is not None and now < opens:
        raise TournamentError("registration opens at {time}", time=room.settings.opens)
    if closes is not None and now > closes:
        raise TournamentError("registration closed at {time}", time=room.settings.closes)
    if room.settings.sit_and_go and len(tournament.playing(1)) >= room.settings.sit_and_go:
        raise TournamentError("the sit & go is full ({count} entrants)", count=room.settings.sit_and_go)
    return room


def _check_free(tournament: Tournament, room: Room, account: str) -> None:
    if room.entrant_of(account) is not None:
        raise TournamentError("{account} is already registered in this tournament", account=account)
    if account in room.invitations or any(i.by == account for i in room.invitations.values()):
        raise TournamentError("{account} already has an invitation waiting in this tournament", account=account)


def invite(tournament: Tournament, by: str, partner: str, now: datetime, name: str = "") -> list[Event]:
    """``by`` registers a pair with ``partner``, who has to accept (:func:`answer`)."""
    room = _check_open(tournament, now)
    if tournament.config.kind is not Kind.PAIRS:
        raise TournamentError("an individual tournament registers each player alone, with no partner")
    if by.casefold() == partner.casefold():
        raise TournamentError("a pair is two players: invite another account as partner")
    for account in (by, partner):
        _check_free(tournament, room, account)
    return [PartnerInvited(by, partner, name.strip() or f"{by} - {partner}")]


def answer(tournament: Tournament, partner: str, accepted: bool, now: datetime) -> list[Event]:
    """``partner`` accepts or declines the invitation waiting for it."""
    room = room_of(tournament)
    invitation = room.invitations.get(partner)
    if invitation is None:
        raise TournamentError("{account} has no invitation waiting in this tournament", account=partner)
    answered = InvitationAnswered(invitation.by, partner, accepted)
    if not accepted:
        return [answered]
    _check_open(tournament, now)
    number = _next_number(tournament)
    players = (invitation.by, partner)
    return [answered, EntrantRegistered(number, invitation.name, players), RoomEntry(number, players)]


def withdraw_invitation(tournament: Tournament, by: str) -> list[Event]:
    """``by`` takes back the invitation it sent, not answered yet (its partner never accepted)."""
    room = room_of(tournament)
    invitation = next((i for i in room.invitations.values() if i.by == by), None)
    if invitation is None:
        raise TournamentError("{account} has sent no invitation waiting for an answer", account=by)
    return [InvitationWithdrawn(by, invitation.partner)]


def enter_alone(tournament: Tournament, account: str, now: datetime) -> list[Event]:
    """A player registers alone in an individual tournament."""
    room = _check_open(tournament, now)
    if tournament.config.kind is not Kind.INDIVIDUAL:
        raise TournamentError("a pairs tournament is entered as a pair: invite your partner")
    _check_free(tournament, room, account)
    number = _next_number(tournament)
    return [EntrantRegistered(number, account, (account,)), RoomEntry(number, (account,))]


def add_bots(tournament: Tournament, count: int, bot: str, now: datetime) -> list[Event]:
    """The organizer fills the field with ``count`` entrants played by bots (checked in)."""
    _check_open(tournament, now)
    room = room_of(tournament)
    limit = room.settings.sit_and_go or 10_000
    if not 1 <= count <= limit - len(tournament.playing(1)):
        raise TournamentError("{count} entrants of bots do not fit: {left} places left", count=count,
                              left=limit - len(tournament.playing(1)))
    players = tournament.config.kind.players[0]
    events: list[Event] = []
    number = _next_number(tournament)
    for n in range(number, number + count):
        names = tuple(f"Bot {n}" + (f" {'AB'[i]}" if players > 1 else "") for i in range(players))
        events += [EntrantRegistered(n, f"Bot {n}", names), RoomEntry(n, (), bot), CheckedIn(n)]
    return events


def _next_number(tournament: Tournament) -> int:
    return max(tournament.entrants, default=0) + 1


def check_in(tournament: Tournament, account: str) -> list[Event]:
    """``account``'s entrant says it is there (before the start)."""
    room = room_of(tournament)
    number = room.entrant_of(account)
    if number is None:
        raise TournamentError("{account} is not registered in this tournament", account=account)
    if status(tournament) != REGISTRATION:
        raise TournamentError("the check-in closed at the start")
    if number in room.checked_in:
        return []
    return [CheckedIn(number)]


def full(tournament: Tournament) -> bool:
    """A sit & go has its entrants, all checked in: it starts."""
    room = room_of(tournament)
    wanted = room.settings.sit_and_go
    playing = tournament.playing(1)
    return bool(wanted) and len(playing) >= wanted and all(n in room.checked_in for n in playing)


# --- the start and the rounds ---------------------------------------------------------------------


def start(tournament: Tournament, now: datetime, seed: int) -> list[Event]:
    """Start: entrants not checked in are left out (codice art. 34, read online), round 1 drawn.

    Refused with fewer than two entrants (four players in an individual event) checked in.
    """
    room = room_of(tournament)
    if status(tournament) != REGISTRATION:
        raise TournamentError("the tournament has already started or is over")
    absent = [n for n in tournament.playing(1) if n not in room.checked_in]
    events: list[Event] = [EntrantWithdrawn(n, 1, NOT_CHECKED_IN) for n in absent]
    trial = copy.deepcopy(tournament)
    for event in events:
        trial.apply(event)
    present = trial.playing(1)
    if tournament.config.kind is Kind.INDIVIDUAL and len(present) < 4:
        raise TournamentError("an individual tournament needs at least 4 players checked in, not {count}",
                              count=len(present))
    if len(present) < 2:
        raise TournamentError("a tournament needs at least 2 entrants checked in, not {count}", count=len(present))
    return events + commands.seat(trial, Seating.DRAW, seed=seed, start=now.isoformat(timespec="seconds"))


def tables_opened(tournament: Tournament, round_number: int, tables: Sequence[tuple[int, str]],
                  now: datetime) -> list[Event]:
    """The room opened the round's tables: recorded with the round clock's start (codice art. 5)."""
    room = room_of(tournament)
    played = tournament.round(round_number)
    if round_number in room.tables:
        raise TournamentError("round {round} already has its tables", round=round_number)
    if sorted(n for n, _ in tables) != sorted(played.tables):
        raise TournamentError("round {round}: tables {given} are not the round's {paired}", round=round_number,
                              given=sorted(n for n, _ in tables), paired=sorted(played.tables))
    return [TablesOpened(round_number, tuple(tables)), ClockChanged(round_number, "start", now.isoformat())]


def decided(played: Round, table: int) -> bool:
    """Table ``table`` of ``played`` has its result: a score, an arbitral score, or a forfeit by
    lateness (codice art. 34)."""
    seating = played.tables[table]
    return (table in played.scores or table in played.arbitral
            or any(played.late.get(n, 0) > FORFEIT_MINUTES for n in seating.ns + seating.ew))


def complete(tournament: Tournament, round_number: int) -> bool:
    """Every table of the round has its result (:func:`decided`)."""
    played = tournament.round(round_number)
    return all(decided(played, number) for number in played.tables)


def advance(tournament: Tournament, now: datetime) -> list[Event]:
    """After the last result of a round: the next round paired (by the phase's system), or the end.

    Nothing while the round is incomplete or the next round is held; a round already paired is
    never paired again (two processes finishing the last two tables both ask).
    """
    number = current_round(tournament)
    room = room_of(tournament)
    if status(tournament) != RUNNING or not complete(tournament, number):
        return []
    if number >= tournament.config.rounds:
        return [RoomClosed(FINISHED)]
    if number + 1 in room.held:
        return []
    return commands.pair(tournament, start=now.isoformat(timespec="seconds"))


MAX_TABLE_MINUTES = 60


def add_table_time(tournament: Tournament, table: int, minutes: int) -> list[Event]:
    """The arbiter gives one table of the round being played ``minutes`` more than the round's clock
    (codice art. 5: the direction may lengthen the time), e.g. the time a call at that table took."""
    number = current_round(tournament)
    if status(tournament) != RUNNING:
        raise TournamentError("no round is being played")
    if table not in tournament.round(number).tables:
        raise TournamentError("round {round} has no table {table}", round=number, table=table)
    if not 1 <= minutes <= MAX_TABLE_MINUTES:
        raise TournamentError("give a table from 1 to {most} minutes, not {minutes}", most=MAX_TABLE_MINUTES,
                              minutes=minutes)
    return [TableTimeAdded(number, table, minutes)]


def table_clock(tournament: Tournament, round_number: int, table: int) -> RoundClock | None:
    """The clock of one table: the round's, lengthened by what the arbiter gave that table."""
    clock = tournament.clocks.get(round_number)
    extra = room_of(tournament).extra.get((round_number, table), 0)
    return clock.add(extra) if clock is not None and extra else clock


def hold(tournament: Tournament, round_number: int, held: bool) -> list[Event]:
    """The organizer holds (or releases) the pairing of a round not yet paired."""
    room = room_of(tournament)
    if round_number in tournament.rounds:
        raise TournamentError("round {round} is paired already", round=round_number)
    if not 1 < round_number <= tournament.config.rounds:
        raise TournamentError("round {round} is not a later round of this tournament", round=round_number)
    if (round_number in room.held) == held:
        return []
    return [RoundHeld(round_number, held)]


def table_score(tournament: Tournament, round_number: int, table: int, ns: Sequence[int],
                ew: Sequence[int]) -> list[Event]:
    """The deals' scores of a finished room table, as its hand records give them (nobody types them).

    Nothing when the table has its result already (another process stored it first, or the arbiter did).
    """
    played = tournament.round(round_number)
    if table in played.scores or table in played.arbitral:
        return []
    if not ns:  # the time ran out before the first deal: no deal played (codice art. 15), a draw at 0
        ns, ew = (0,), (0,)
    return commands.enter_score(tournament, round_number, table, ns, ew)


def replace_seat(tournament: Tournament, round_number: int, table: int, seat: int, account: str,
                 bot: str) -> list[Event]:
    """Codice art. 33, online: a bot flagged as substitute plays ``account``'s seat."""
    tournament.round(round_number)
    return [SeatReplaced(round_number, table, seat, account, bot)]


def cancel(tournament: Tournament) -> list[Event]:
    """The organizer cancels a tournament before its start; a running one is not closed by hand."""
    if status(tournament) == RUNNING:
        raise TournamentError("a running tournament is not closed by hand: it ends after its last round "
                              "(hold the next round to stop it there)")
    if status(tournament) != REGISTRATION:
        raise TournamentError("the tournament is over already")
    return [RoomClosed(CANCELLED)]


__all__ = ["RoomOpened", "add_bots", "add_table_time", "advance", "answer", "cancel", "check_in", "complete",
           "decided", "enter_alone", "full", "hold", "invite", "replace_seat", "start", "status", "table_clock",
           "table_score", "tables_opened", "withdraw_invitation"]
