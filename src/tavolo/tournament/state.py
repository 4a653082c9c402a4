"""A tournament as the fold of its events.

:class:`Tournament` holds what the events say and nothing more; it checks
nothing (the :mod:`~tavolo.tournament.commands` check before an event is
made), so any log the commands wrote folds back to the same state::

    >>> from tavolo.tournament.config import TournamentConfig
    >>> t = Tournament.from_events([
    ...     TournamentCreated(TournamentConfig("Circolo")),
    ...     EntrantRegistered(1, "Rossi - Bianchi", ("Rossi", "Bianchi")),
    ... ])
    >>> t.entrants[1].name, t.version, t.next_round
    ('Rossi - Bianchi', 2, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from functools import singledispatchmethod

from tavolo.tournament.clock import RoundClock
from tavolo.tournament.config import TournamentConfig
from tavolo.tournament.errors import TournamentError
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
    TournamentCreated,
    Undone,
    WarningGiven,
    RoomOpened,
    PartnerInvited,
    InvitationAnswered,
    InvitationWithdrawn,
    RoomEntry,
    CheckedIn,
    TablesOpened,
    TableTimeAdded,
    RoundHeld,
    SeatReplaced,
    RoomClosed,
)
from tavolo.tournament.room_settings import RoomSettings


@dataclass
class Entrant:
    """A pair, a team or a player (individual events), by registration number."""

    number: int
    name: str
    players: list[str]
    club: str = ""
    joined_round: int = 1
    withdrawn_from: int | None = None
    categories: tuple[str, ...] = ()

    def belongs_to(self, category: str) -> bool:
        """Registered in ``category``, or a member of the club of that name (case aside)."""
        wanted = category.casefold()
        return wanted == self.club.casefold() or wanted in (c.casefold() for c in self.categories)

    def plays_in(self, round_number: int) -> bool:
        """Registered by then and not withdrawn before it."""
        return self.joined_round <= round_number and (self.withdrawn_from is None or round_number < self.withdrawn_from)


@dataclass
class Round:
    """One round: its published tables and everything entered about them."""

    number: int
    tables: dict[int, TableSeating]
    byes: list[Side]
    method: str
    start: str = ""
    broken: tuple[str, ...] = ()
    scores: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = field(default_factory=dict)
    arbitral: dict[int, ArbitralScore] = field(default_factory=dict)
    late: dict[int, int] = field(default_factory=dict)
    abandoned: dict[int, bool] = field(default_factory=dict)
    lineups: dict[int, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    corrections: dict[int, list[ScoreCorrected]] = field(default_factory=dict)
    proposals: dict[int, ScoreProposed] = field(default_factory=dict)
    disputed: dict[int, ScoreDisputed] = field(default_factory=dict)
    contested: dict[int, ScoreProposed] = field(default_factory=dict)
    """The proposal a dispute answered, kept beside it until the director enters the table."""

    def proposed(self, table: int) -> list[ScoreProposed]:
        """The points each side proposed for ``table`` and not yet entered: the pending proposal, or the two
        sides' of a dispute (the second only if that side entered other points)."""
        if table in self.proposals:
            return [self.proposals[table]]
        dispute = self.disputed.get(table)
        if dispute is None:
            return []
        first = [self.contested[table]] if table in self.contested else []
        counter = [ScoreProposed(dispute.round, dispute.table, dispute.side, dispute.ns, dispute.ew)]
        return first + (counter if dispute.ns or dispute.ew else [])

    def table_of(self, number: int) -> TableSeating | None:
        """The table where entrant ``number`` sits this round, if any."""
        return next((t for t in self.tables.values() if number in t.ns or number in t.ew), None)

    def rests(self, number: int) -> bool:
        return any(number in side for side in self.byes)

    @property
    def started(self) -> bool:
        """Whether anything has been entered for this round's tables."""
        return bool(self.scores or self.arbitral or self.late or self.abandoned)


@dataclass
class Room:
    """What the room adds to a tournament played online (:mod:`tavolo.tournament.room`)."""

    settings: RoomSettings
    invitations: dict[str, PartnerInvited] = field(default_factory=dict)
    """The invitations waiting for an answer, by the invited partner's account."""
    entries: dict[int, RoomEntry] = field(default_factory=dict)
    accounts: dict[str, int] = field(default_factory=dict)
    """Each registered account's entrant number."""
    checked_in: set[int] = field(default_factory=set)
    tables: dict[int, dict[int, str]] = field(default_factory=dict)
    """Round -> table number -> the room's table id."""
    held: set[int] = field(default_factory=set)
    extra: dict[tuple[int, int], int] = field(default_factory=dict)
    """(round, table) -> minutes the arbiter gave that table beyond the round's clock."""
    replaced: list[SeatReplaced] = field(default_factory=list)
    closed: str = ""

    def entrant_of(self, account: str) -> int | None:
        return self.accounts.get(account)

    def is_bot(self, number: int) -> bool:
        entry = self.entries.get(number)
        return entry is not None and bool(entry.bot)


class Tournament:
    """The state of one tournament: configuration, entrants, rounds, warnings."""

    def __init__(self, config: TournamentConfig) -> None:
        self.config = config
        self.entrants: dict[int, Entrant] = {}
        self.rounds: dict[int, Round] = {}
        self.phases: dict[int, PhaseStarted] = {}
        self.warnings: list[WarningGiven] = []
        self.substitutions: list[PlayerSubstituted] = []
        self.version = 1
        self.clocks: dict[int, RoundClock] = {}
        self.staff: dict[str, str] = {}
        """Account name -> ``director`` or ``arbiter``."""
        self.secret: str | None = None
        """The score cards' codes' secret: for the director's tools only, never on a public page."""
        self.hall_address: str | None = None
        """The address the hall's phones reach Tavolo at, for the score cards' QR codes (set at the desk)."""
        self.changed: dict[int, int] = {}
        """For each round, the version of the last event that changed its results (for caches)."""
        self.room: Room | None = None
        """Set when the tournament is played in Tavolo's room (:class:`RoomOpened`)."""

    @classmethod
    def from_events(cls, events: Iterable[Event]) -> Tournament:
        """The fold of a whole log (event ``i`` is number ``i + 1``); events an :class:`Undone` took back
        count in the version but change nothing."""
        log = list(events)
        if not log or not isinstance(log[0], TournamentCreated):
            raise TournamentError("a tournament's log starts with its creation")
        undone = {seq for event in log if isinstance(event, Undone) for seq in event.seqs}
        tournament = cls(log[0].config)
        for seq, event in enumerate(log[1:], start=2):
            if seq in undone or isinstance(event, Undone):
                tournament.version += 1
            else:
                tournament.apply(event)
        return tournament

    @property
    def next_round(self) -> int:
        return len(self.rounds) + 1

    @property
    def last_round(self) -> Round | None:
        return self.rounds.get(len(self.rounds))

    def round(self, number: int) -> Round:
        try:
            return self.rounds[number]
        except KeyError:
            raise TournamentError("round {number} has not been paired yet", number=number) from None

    def entrant(self, number: int) -> Entrant:
        try:
            return self.entrants[number]
        except KeyError:
            raise TournamentError(
                "no entrant number {number} in {name!r}", number=number, name=self.config.name
            ) from None

    def playing(self, round_number: int) -> list[int]:
        """The numbers of those who play ``round_number``, in registration order."""
        return [e.number for e in self.entrants.values() if e.plays_in(round_number)]

    def apply(self, event: Event) -> None:
        """Fold one more event into the state (the handler looked up by the event's type: binding
        ``self._apply`` anew for each event cost a 16,000-line list a tenth of a second)."""
        _APPLY(type(event))(self, event)
        self.version += 1
        for number in _rounds_changed(self, event):
            self.changed[number] = self.version

    def changed_since(self, version: int, through: int) -> bool:
        """Whether an event after ``version`` changed the results of a round up to ``through``."""
        return any(self.changed.get(number, 0) > version for number in range(1, through + 1))

    @singledispatchmethod
    def _apply(self, event: Event) -> None:
        raise TournamentError("{kind} cannot follow the tournament's creation", kind=type(event).__name__)

    @_apply.register
    def _(self, event: EntrantRegistered) -> None:
        self.entrants[event.number] = Entrant(
            event.number, event.name, list(event.players), event.club, event.joined_round, categories=event.categories
        )

    @_apply.register
    def _(self, event: EntrantCorrected) -> None:
        entrant = self.entrants[event.number]
        renamed = dict(zip(entrant.players, event.players, strict=False))
        entrant.name, entrant.players, entrant.club = event.name, list(event.players), event.club
        for played in self.rounds.values():  # a team's line-ups name its players: the typo goes there too
            if event.number in played.lineups:
                played.lineups[event.number] = tuple(
                    tuple(renamed.get(p, p) for p in pair) for pair in played.lineups[event.number]
                )

    @_apply.register
    def _(self, event: EntrantWithdrawn) -> None:
        self.entrants[event.number].withdrawn_from = event.from_round

    @_apply.register
    def _(self, event: PlayerSubstituted) -> None:
        players = self.entrants[event.number].players
        players[players.index(event.old)] = event.new
        self.substitutions.append(event)

    @_apply.register
    def _(self, event: PhaseStarted) -> None:
        self.phases[event.phase] = event

    @_apply.register
    def _(self, event: RoundPaired) -> None:
        tables = {t.number: t for t in event.tables}
        self.rounds[event.round] = Round(event.round, tables, list(event.byes), event.method, event.start, event.broken)

    @_apply.register
    def _(self, event: ScoreEntered) -> None:
        played = self.rounds[event.round]
        played.scores[event.table] = (event.ns, event.ew)
        played.proposals.pop(event.table, None)
        played.disputed.pop(event.table, None)
        played.contested.pop(event.table, None)

    @_apply.register
    def _(self, event: ScoreCorrected) -> None:
        played = self.rounds[event.round]
        played.scores[event.table] = (event.ns, event.ew)
        played.corrections.setdefault(event.table, []).append(event)

    @_apply.register
    def _(self, event: ArbitralScore) -> None:
        self.rounds[event.round].arbitral[event.table] = event

    @_apply.register
    def _(self, event: WarningGiven) -> None:
        self.warnings.append(event)

    @_apply.register
    def _(self, event: LateArrival) -> None:
        self.rounds[event.round].late[event.number] = event.minutes

    @_apply.register
    def _(self, event: Abandoned) -> None:
        self.rounds[event.round].abandoned[event.number] = event.justified

    @_apply.register
    def _(self, event: TeamLineup) -> None:
        self.rounds[event.round].lineups[event.number] = event.pairs

    @_apply.register
    def _(self, event: ScoreProposed) -> None:
        played = self.rounds[event.round]
        played.proposals[event.table] = event
        played.disputed.pop(event.table, None)

    @_apply.register
    def _(self, event: ScoreDisputed) -> None:
        played = self.rounds[event.round]
        played.disputed[event.table] = event
        proposal = played.proposals.pop(event.table, None)
        if proposal is not None:
            played.contested[event.table] = proposal

    @_apply.register
    def _(self, event: StaffAppointed) -> None:
        self.staff[event.account] = event.role

    @_apply.register
    def _(self, event: HallAddressSet) -> None:
        self.hall_address = event.address

    @_apply.register
    def _(self, event: CodesIssued) -> None:
        self.secret = event.secret

    @_apply.register
    def _(self, event: ClockChanged) -> None:
        clock = self.clocks.get(event.round) or RoundClock(event.round, self.config.round_minutes)
        clock = clock.changed(event.action, datetime.fromisoformat(event.at), event.minutes)
        self.clocks[event.round] = clock

    @_apply.register
    def _(self, event: ByeFilled) -> None:
        played = self.rounds[event.round]
        played.tables[event.table.number] = event.table
        played.byes = [side for side in played.byes if side not in (event.table.ns, event.table.ew)]

    @_apply.register
    def _(self, event: RoomOpened) -> None:
        self.room = Room(event.settings)

    @_apply.register
    def _(self, event: PartnerInvited) -> None:
        self.room.invitations[event.partner] = event

    @_apply.register
    def _(self, event: InvitationAnswered) -> None:
        self.room.invitations.pop(event.partner, None)

    @_apply.register
    def _(self, event: InvitationWithdrawn) -> None:
        self.room.invitations.pop(event.partner, None)

    @_apply.register
    def _(self, event: RoomEntry) -> None:
        self.room.entries[event.number] = event
        for account in event.accounts:
            self.room.accounts[account] = event.number

    @_apply.register
    def _(self, event: CheckedIn) -> None:
        self.room.checked_in.add(event.number)

    @_apply.register
    def _(self, event: TablesOpened) -> None:
        self.room.tables[event.round] = dict(event.tables)

    @_apply.register
    def _(self, event: TableTimeAdded) -> None:
        key = (event.round, event.table)
        self.room.extra[key] = self.room.extra.get(key, 0) + event.minutes

    @_apply.register
    def _(self, event: RoundHeld) -> None:
        (self.room.held.add if event.held else self.room.held.discard)(event.round)

    @_apply.register
    def _(self, event: SeatReplaced) -> None:
        self.room.replaced.append(event)

    @_apply.register
    def _(self, event: RoomClosed) -> None:
        self.room.closed = event.reason


_APPLY = Tournament.__dict__["_apply"].dispatcher.dispatch


def _rounds_changed(tournament: Tournament, event: Event) -> range:
    """The rounds whose results ``event`` may change: its own, or from a withdrawal on."""
    if isinstance(event, EntrantWithdrawn):
        return range(event.from_round, len(tournament.rounds) + 1)
    number = getattr(event, "round", None)
    if number is None or isinstance(event, (PhaseStarted, WarningGiven, ClockChanged, ScoreProposed, ScoreDisputed, TablesOpened,
                                                RoundHeld, SeatReplaced, TableTimeAdded)):
        return range(0)
    return range(number, number + 1)
