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
from functools import singledispatchmethod

from tavolo.tournament.config import TournamentConfig
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
    TournamentCreated,
    WarningGiven,
)


@dataclass
class Entrant:
    """A pair, a team or a player (individual events), by registration number."""

    number: int
    name: str
    players: list[str]
    club: str = ""
    joined_round: int = 1
    withdrawn_from: int | None = None

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

    def table_of(self, number: int) -> TableSeating | None:
        """The table where entrant ``number`` sits this round, if any."""
        return next((t for t in self.tables.values() if number in t.ns or number in t.ew), None)

    def rests(self, number: int) -> bool:
        return any(number in side for side in self.byes)

    @property
    def started(self) -> bool:
        """Whether anything has been entered for this round's tables."""
        return bool(self.scores or self.arbitral or self.late or self.abandoned)


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

    @classmethod
    def from_events(cls, events: Iterable[Event]) -> Tournament:
        stream = iter(events)
        first = next(stream, None)
        if not isinstance(first, TournamentCreated):
            raise TournamentError("a tournament's log starts with its creation")
        tournament = cls(first.config)
        for event in stream:
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
            raise TournamentError(f"round {number} has not been paired yet") from None

    def entrant(self, number: int) -> Entrant:
        try:
            return self.entrants[number]
        except KeyError:
            raise TournamentError(f"no entrant number {number} in {self.config.name!r}") from None

    def playing(self, round_number: int) -> list[int]:
        """The numbers of those who play ``round_number``, in registration order."""
        return [e.number for e in self.entrants.values() if e.plays_in(round_number)]

    def apply(self, event: Event) -> None:
        """Fold one more event into the state."""
        self._apply(event)
        self.version += 1

    @singledispatchmethod
    def _apply(self, event: Event) -> None:
        raise TournamentError(f"{type(event).__name__} cannot follow the tournament's creation")

    @_apply.register
    def _(self, event: EntrantRegistered) -> None:
        self.entrants[event.number] = Entrant(
            event.number, event.name, list(event.players), event.club, event.joined_round
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

    @_apply.register(ScoreEntered)
    @_apply.register(ScoreCorrected)
    def _(self, event: ScoreEntered | ScoreCorrected) -> None:
        self.rounds[event.round].scores[event.table] = (event.ns, event.ew)

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
    def _(self, event: ByeFilled) -> None:
        played = self.rounds[event.round]
        played.tables[event.table.number] = event.table
        played.byes = [side for side in played.byes if side not in (event.table.ns, event.table.ew)]
