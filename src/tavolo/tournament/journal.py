"""The log in words: one line for each event, as the desk's history shows it.

A correction says the points it replaced, the new ones and the reason, and the published pairings the
corrected standings would have made otherwise (codice art. 19); the codes' secret is never said::

    >>> from tavolo.tournament.events import ScoreCorrected
    >>> describe(ScoreCorrected(1, 2, (505,), (500,), "somma errata", True, (450, 5), (500,), ((2, (1, 3)),)))
    'round 1 table 2 corrected: 455 / 500 -> 505 / 500 (reason: somma errata); the pairings made on the old standings stay (codice art. 19 b): round 2 tables 1, 3'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tavolo.tournament.errors import Message, Translator
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
    StaffAppointed,
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


def english(msgid: str) -> str | None:
    """The :data:`Translator` that keeps every text in English."""
    return None


def describe(event: Event, words: Translator = english) -> str:
    """What ``event`` did, in one line, in the language of ``words``."""
    if isinstance(event, ScoreCorrected):
        return _corrected(event, words)
    return _SAYS[type(event)](event).render(words)


def points(ns: tuple[int, ...], ew: tuple[int, ...]) -> str:
    """A table's points as totals, ``N/S / E/W``."""
    return f"{sum(ns)} / {sum(ew)}"


def affected_text(affected: tuple[tuple[int, tuple[int, ...]], ...], words: Translator = english) -> str:
    """``round 2 tables 1, 3; round 3 tables 2``."""
    return "; ".join(
        Message("round {round} tables {tables}", round=r, tables=", ".join(map(str, tables))).render(words)
        for r, tables in affected
    )


def _corrected(e: ScoreCorrected, words: Translator) -> str:
    same_totals = points(e.old_ns, e.old_ew) == points(e.ns, e.ew)  # then the deals changed: say them
    said_points = _sides if same_totals else points
    before = said_points(e.old_ns, e.old_ew) if e.old_ns or e.old_ew else "?"
    said = Message("round {round} table {table} corrected: {old} -> {new} (reason: {reason})", round=e.round,
                   table=e.table, old=before, new=said_points(e.ns, e.ew),
                   reason=e.reason or "-").render(words)  # fmt: skip
    if not e.affected:
        return said
    kept = Message("the pairings made on the old standings stay (codice art. 19 b): {rounds}",
                   rounds=affected_text(e.affected, words))  # fmt: skip
    return f"{said}; {kept.render(words)}"


_CLOCK = {"start": Message("started"), "pause": Message("paused"), "resume": Message("resumed")}


def _side(side: str) -> Message:
    return Message("N/S" if side == "ns" else "E/W")


def _sides(ns: tuple[int, ...], ew: tuple[int, ...]) -> str:
    return f"{'+'.join(map(str, ns))} - {'+'.join(map(str, ew))}"


_SAYS: dict[type, Callable[[Any], Message]] = {
    TournamentCreated: lambda e: Message("tournament {name} created", name=e.config.name),
    EntrantRegistered: lambda e: Message("registered {number} {name}", number=e.number, name=e.name),
    EntrantCorrected: lambda e: Message("entry {number} written as {name} ({players})", number=e.number,
                                        name=e.name, players=", ".join(e.players)),  # fmt: skip
    EntrantWithdrawn: lambda e: Message("{number} withdrawn from round {round} ({reason})", number=e.number,
                                        round=e.from_round, reason=e.reason or "-"),  # fmt: skip
    PlayerSubstituted: lambda e: Message("{number}: {new} in for {old} from round {round}", number=e.number,
                                         new=e.new, old=e.old, round=e.from_round),  # fmt: skip
    PhaseStarted: lambda e: Message("phase {phase} opened in round {round}", phase=e.phase + 1, round=e.round),
    RoundPaired: lambda e: Message("round {round} paired: {count} tables", round=e.round, count=len(e.tables)),
    ScoreEntered: lambda e: Message("round {round} table {table}: {points}", round=e.round, table=e.table,
                                    points=points(e.ns, e.ew)),  # fmt: skip
    ArbitralScore: lambda e: Message("round {round} table {table}: arbitral score {ns}-{ew} VP ({reason})",
                                     round=e.round, table=e.table, ns=e.ns_vp, ew=e.ew_vp,
                                     reason=e.reason or "-"),  # fmt: skip
    WarningGiven: lambda e: Message("round {round}: warning to {number} ({reason})", round=e.round,
                                    number=e.number, reason=e.reason or "-"),  # fmt: skip
    LateArrival: lambda e: Message("round {round}: {number} late {minutes} minutes", round=e.round,
                                   number=e.number, minutes=e.minutes),  # fmt: skip
    Abandoned: lambda e: Message("round {round}: {number} abandoned", round=e.round, number=e.number),
    TeamLineup: lambda e: Message("round {round}: line-up of team {number}", round=e.round, number=e.number),
    ByeFilled: lambda e: Message("round {round}: table {table} completed by a late pair", round=e.round,
                                 table=e.table.number),  # fmt: skip
    ClockChanged: lambda e: Message("round {round}: clock {action}", round=e.round,
                                    action=_CLOCK.get(e.action, Message("{minutes} minutes added", minutes=e.minutes))),
    CodesIssued: lambda e: Message("the score cards' codes issued"),
    ScoreProposed: lambda e: Message("round {round} table {table}: {points} proposed by {side}", round=e.round,
                                     table=e.table, points=_sides(e.ns, e.ew), side=_side(e.side)),  # fmt: skip
    ScoreDisputed: lambda e: (
        Message("round {round} table {table}: disputed by {side}, who proposed {points}", round=e.round,
                table=e.table, side=_side(e.side), points=_sides(e.ns, e.ew))
        if e.ns or e.ew
        else Message("round {round} table {table}: disputed by {side}", round=e.round, table=e.table,
                     side=_side(e.side))
    ),  # fmt: skip
    StaffAppointed: lambda e: Message("{account} made {role}", account=e.account, role=Message("director" if e.role == "director" else "arbiter")),
    HallAddressSet: lambda e: Message("the hall's address set to {address}", address=e.address),
    Undone: lambda e: Message("undone: events {seqs}", seqs=", ".join(map(str, e.seqs))),
    RoomOpened: lambda e: Message("played online, organized by {account}", account=e.settings.organizer),
    PartnerInvited: lambda e: Message("{by} invites {partner} as partner", by=e.by, partner=e.partner),
    InvitationAnswered: lambda e: Message("{partner} accepted {by}'s invitation" if e.accepted
                                          else "{partner} declined {by}'s invitation", by=e.by, partner=e.partner),
    InvitationWithdrawn: lambda e: Message("{by} withdrew the invitation to {partner}", by=e.by, partner=e.partner),
    RoomEntry: lambda e: Message("{number} played by bots" if e.bot else "{number} played by {accounts}",
                                 number=e.number, accounts=", ".join(e.accounts)),  # fmt: skip
    CheckedIn: lambda e: Message("{number} checked in", number=e.number),
    TablesOpened: lambda e: Message("round {round}: {count} tables opened in the room", round=e.round,
                                    count=len(e.tables)),  # fmt: skip
    TableTimeAdded: lambda e: Message("round {round} table {table}: {minutes} minutes more (codice art. 5)",
                                      round=e.round, table=e.table, minutes=e.minutes),  # fmt: skip
    RoundHeld: lambda e: Message("round {round} held" if e.held else "round {round} released", round=e.round),
    SeatReplaced: lambda e: Message("round {round} table {table}: a bot plays for {account} (codice art. 33)",
                                    round=e.round, table=e.table, account=e.account),  # fmt: skip
    RoomClosed: lambda e: Message("tournament finished" if e.reason == "finished" else "tournament cancelled"),
}
