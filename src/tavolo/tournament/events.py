"""The events of a tournament: every change a director makes, as a record.

The store keeps them in order with their time and author; folding them
(:class:`~tavolo.tournament.state.Tournament`) rebuilds the tournament, so
every standing can be explained line by line and nothing entered is lost. An
event is a frozen dataclass with plain fields and travels as JSON::

    >>> event = ScoreEntered(round=2, table=5, ns=(450, 300, 205), ew=(120, 95, 630))
    >>> kind, payload = to_json(event)
    >>> kind, payload["ns"]
    ('ScoreEntered', (450, 300, 205))
    >>> from_json(kind, payload) == event
    True

A ``Side`` is the entrants on one side of a table: one pair or team, or the
two partners of an individual event.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from tavolo.tournament.config import TournamentConfig
from tavolo.tournament.room_settings import RoomSettings

Side = tuple[int, ...]


@dataclass(frozen=True)
class TournamentCreated:
    config: TournamentConfig


@dataclass(frozen=True)
class EntrantRegistered:
    """A pair, team or player joins; ``joined_round`` > 1 for a late arrival (codice art. 34).

    ``categories`` are the prize categories it competes in (dame, misto...).
    """

    number: int
    name: str
    players: tuple[str, ...]
    club: str = ""
    joined_round: int = 1
    categories: tuple[str, ...] = ()


@dataclass(frozen=True)
class EntrantWithdrawn:
    """Out from ``from_round`` on; results already played stand (codice art. 33)."""

    number: int
    from_round: int
    reason: str = ""


@dataclass(frozen=True)
class PlayerSubstituted:
    """A player replaced by another, allowed until half the rounds (codice art. 33)."""

    number: int
    old: str
    new: str
    from_round: int


@dataclass(frozen=True)
class PhaseStarted:
    """The field of a phase, split into groups, each in seating order.

    ``lines[g]`` is group ``g`` in the order the system needs: the first-round
    seating, the standings at the split, or the Berger numbering. ``seed`` is
    the draw's seed when the order was drawn (codice art. 2); ``shifts[g]``
    the Mitchell moves group ``g`` follows, as checked or repaired.
    """

    phase: int
    round: int
    lines: tuple[tuple[int, ...], ...]
    method: str
    seed: int | None = None
    shifts: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True)
class TableSeating:
    number: int
    ns: Side
    ew: Side


@dataclass(frozen=True)
class RoundPaired:
    """The published table assignment of a round; a later one for the same round replaces it.

    ``broken`` lists the rules a manual pairing breaks, as the tool reported them.
    """

    round: int
    tables: tuple[TableSeating, ...]
    byes: tuple[Side, ...]
    method: str
    start: str = ""
    broken: tuple[str, ...] = ()


@dataclass(frozen=True)
class ScoreEntered:
    """The points of each side at a table: per deal, or a single total."""

    round: int
    table: int
    ns: tuple[int, ...]
    ew: tuple[int, ...]


@dataclass(frozen=True)
class ScoreCorrected:
    """A corrected score card (codice art. 19); ``pairing_kept`` when the next round was already published.

    ``old_ns`` and ``old_ew`` are the points it replaces (empty in logs written before they were kept);
    ``affected`` the later rounds paired on standings the correction changes, each with the tables that the
    corrected standings would have paired otherwise: their pairing stays (codice art. 19 b).
    """

    round: int
    table: int
    ns: tuple[int, ...]
    ew: tuple[int, ...]
    reason: str = ""
    pairing_kept: bool = False
    old_ns: tuple[int, ...] = ()
    old_ew: tuple[int, ...] = ()
    affected: tuple[tuple[int, tuple[int, ...]], ...] = ()


@dataclass(frozen=True)
class ArbitralScore:
    """A punteggio arbitrale replacing a table's result (codice art. 20, 35)."""

    round: int
    table: int
    ns_vp: int
    ew_vp: int
    ns_mp: int
    ew_mp: int
    reason: str = ""


@dataclass(frozen=True)
class WarningGiven:
    """An ammonizione; every second one costs 1 VP and its MP (codice art. 20)."""

    round: int
    number: int
    reason: str = ""


@dataclass(frozen=True)
class LateArrival:
    """A side ``minutes`` late at its table (codice art. 34)."""

    round: int
    number: int
    minutes: int


@dataclass(frozen=True)
class Abandoned:
    """A side left its match; ``justified`` is the temporary abandonment of codice art. 33."""

    round: int
    number: int
    justified: bool


@dataclass(frozen=True)
class TeamLineup:
    """The pairs a team fields in one match (codice art. 2)."""

    round: int
    number: int
    pairs: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class ByeFilled:
    """A late pair admitted to complete the tavolo incompleto (codice art. 34)."""

    round: int
    table: TableSeating


@dataclass(frozen=True)
class ClockChanged:
    """The round clock started, paused, resumed or lengthened by ``minutes``; ``at`` is ISO time (UTC)."""

    round: int
    action: str
    at: str
    minutes: int = 0


@dataclass(frozen=True)
class CodesIssued:
    """The secret from which the score cards' side codes are derived (:mod:`~tavolo.tournament.codes`)."""

    secret: str


@dataclass(frozen=True)
class ScoreProposed:
    """One side of a table entered its card's points from a phone, with its code; the other side confirms."""

    round: int
    table: int
    side: str
    ns: tuple[int, ...]
    ew: tuple[int, ...]


@dataclass(frozen=True)
class ScoreDisputed:
    """The other side did not confirm the points proposed: the table goes to the director.

    ``ns`` and ``ew`` are the points that side proposed instead, when it entered different ones (empty when
    it only said they were not right); the first proposal stays beside them, neither replaces the other.
    """

    round: int
    table: int
    side: str
    ns: tuple[int, ...] = ()
    ew: tuple[int, ...] = ()


@dataclass(frozen=True)
class StaffAppointed:
    """An account made director or arbiter of the tournament (``role``: ``director``, ``arbiter``)."""

    account: str
    role: str


@dataclass(frozen=True)
class EntrantCorrected:
    """A registration's typo fixed: the entrant's name, players and club as they should have been."""

    number: int
    name: str
    players: tuple[str, ...]
    club: str = ""


@dataclass(frozen=True)
class HallAddressSet:
    """The address the hall's phones reach Tavolo at (``http://192.168.1.20:8000``): the score cards' QR codes
    carry it, whatever address the desk was opened with."""

    address: str


@dataclass(frozen=True)
class Undone:
    """The director took back the events numbered ``seqs`` (the last action); the log keeps them."""

    seqs: tuple[int, ...]


@dataclass(frozen=True)
class RoomOpened:
    """The tournament is played in Tavolo's room, by these settings (the event after its creation)."""

    settings: RoomSettings


@dataclass(frozen=True)
class PartnerInvited:
    """Account ``by`` registers a pair named ``name`` with ``partner``, who has to accept."""

    by: str
    partner: str
    name: str


@dataclass(frozen=True)
class InvitationAnswered:
    """``partner`` accepted (the pair is registered with it) or declined ``by``'s invitation."""

    by: str
    partner: str
    accepted: bool


@dataclass(frozen=True)
class InvitationWithdrawn:
    """``by`` took back its invitation to ``partner`` before an answer (a partner who never accepts)."""

    by: str
    partner: str


@dataclass(frozen=True)
class RoomEntry:
    """Who plays entrant ``number`` in the room: its players' accounts, or a level of bots."""

    number: int
    accounts: tuple[str, ...]
    bot: str = ""


@dataclass(frozen=True)
class CheckedIn:
    """Entrant ``number`` confirmed it is there before the start (presentarsi al tavolo, online)."""

    number: int


@dataclass(frozen=True)
class TablesOpened:
    """The room's tables of a round: ``(table number, room table id)`` for each table."""

    round: int
    tables: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class TableTimeAdded:
    """The arbiter gives one table of the round ``minutes`` more than the round's clock (a stop for
    a call at that table given back, codice art. 5): its time-out comes that much later."""

    round: int
    table: int
    minutes: int


@dataclass(frozen=True)
class RoundHeld:
    """The organizer holds (``held``) or releases the pairing of round ``round``."""

    round: int
    held: bool


@dataclass(frozen=True)
class SeatReplaced:
    """Codice art. 33 online: ``account`` did not come back to its seat; a bot (``bot``) plays it."""

    round: int
    table: int
    seat: int
    account: str
    bot: str


@dataclass(frozen=True)
class RoomClosed:
    """The online tournament is over: ``finished`` (every round played) or ``cancelled`` before its start."""

    reason: str


Event = (
    TournamentCreated | EntrantRegistered | EntrantWithdrawn | PlayerSubstituted | PhaseStarted | RoundPaired
    | ScoreEntered | ScoreCorrected | ArbitralScore | WarningGiven | LateArrival | Abandoned | TeamLineup | ByeFilled
    | ClockChanged | CodesIssued | ScoreProposed | ScoreDisputed | StaffAppointed | EntrantCorrected | HallAddressSet
    | Undone | RoomOpened | PartnerInvited | InvitationAnswered | InvitationWithdrawn | RoomEntry | CheckedIn | TablesOpened | TableTimeAdded | RoundHeld
    | SeatReplaced | RoomClosed
)  # fmt: skip

_KINDS: dict[str, type] = {cls.__name__: cls for cls in Event.__args__}


def to_json(event: Event) -> tuple[str, dict[str, Any]]:
    """The event's kind and a JSON-ready payload (what :func:`dataclasses.asdict` gives, a tenth of its time:
    a 16,000-line list writes 16,000 events at once).

    >>> to_json(ByeFilled(2, TableSeating(5, (3,), (9,))))
    ('ByeFilled', {'round': 2, 'table': {'number': 5, 'ns': (3,), 'ew': (9,)}})
    """
    if isinstance(event, TournamentCreated):
        return "TournamentCreated", {"config": event.config.to_json()}
    return type(event).__name__, _plain(event)


def _plain(value: Any) -> Any:
    """Dataclasses as dicts of their fields, all the way down through tuples, lists and dicts."""
    kind = type(value)
    if kind in _LEAVES:
        return value
    if kind in (tuple, list):
        return kind(v if type(v) in _LEAVES else _plain(v) for v in value)
    if kind is dict:
        return {k: _plain(v) for k, v in value.items()}
    names = _FIELDS.get(kind)
    if names is None:
        if not dataclasses.is_dataclass(value):
            return value
        names = _FIELDS[kind] = tuple(field.name for field in dataclasses.fields(value))
    return {name: _plain(getattr(value, name)) for name in names}


_LEAVES = frozenset({str, int, float, bool, type(None)})
_FIELDS: dict[type, tuple[str, ...]] = {}


def from_json(kind: str, payload: dict[str, Any]) -> Event:
    """The event written by :func:`to_json`."""
    if kind == "TournamentCreated":
        return TournamentCreated(TournamentConfig.from_json(payload["config"]))
    cls = _KINDS[kind]
    if cls is RoundPaired:
        payload = {**payload, "tables": [TableSeating(**_tuples(t)) for t in payload["tables"]]}
    elif cls is RoomOpened:
        payload = {"settings": RoomSettings.from_json(payload["settings"])}
    elif cls is ByeFilled:
        payload = {**payload, "table": TableSeating(**_tuples(payload["table"]))}
    return cls(**_tuples(payload))


def _tuples(value: Any) -> Any:
    """JSON lists back to tuples, so events compare and hash as they were made."""
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    if isinstance(value, dict):
        return {k: _tuples(v) for k, v in value.items()}
    return value
