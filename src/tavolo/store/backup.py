"""A whole tournament in one file: its log, event by event, with authors and times.

A backup restores exactly, on another machine and any database: the same
events in the same order, signed by the same authors at the same times, so
the standings, the log and every explanation come back unchanged::

    >>> from tavolo.store import Store
    >>> from tavolo.tournament.config import TournamentConfig
    >>> source = Store("sqlite://")
    >>> _ = source.create(TournamentConfig("Circolo"), author="arbitro")
    >>> data = backup(source, "Circolo")
    >>> data["format"], len(data["events"])
    ('tavolo-tournament-backup', 1)
    >>> target = Store("sqlite://")
    >>> restore(target, data).tournament.config.name, target.log("Circolo") == source.log("Circolo")
    ('Circolo', True)
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import insert

from tavolo.store.models import EventRow, TournamentRow
from tavolo.store.repository import LoggedEvent, Store, TournamentHandle
from tavolo.tournament.errors import TournamentError
from tavolo.tournament.events import TournamentCreated
from tavolo.tournament.state import Tournament
from tavolo.tournament.text import control_field

FORMAT = "tavolo-tournament-backup"
VERSION = 1


def backup(store: Store, name: str) -> dict[str, Any]:
    """The tournament ``name`` as a JSON-ready document."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "name": name,
        "events": [
            {
                "seq": e.seq,
                "kind": e.kind,
                "payload": e.payload,
                "author": e.author,
                "recorded_at": e.recorded_at.isoformat(),
            }
            for e in store.log(name)
        ],
    }


def restore(store: Store, data: Any) -> TournamentHandle:
    """Recreate a backed-up tournament in ``store``; refused if the file is not a whole, valid log."""
    logged = _read(data)
    tournament = _fold(logged)
    name = tournament.config.name
    if name in store.names():
        raise TournamentError(
            "a tournament named {name!r} exists already in this database: restore it elsewhere", name=name
        )
    with store.engine.begin() as connection:
        tournament_id = connection.scalar(
            insert(TournamentRow).values(name=name, created_at=logged[0].recorded_at).returning(TournamentRow.id)
        )
        rows = [
            dict(
                tournament_id=tournament_id,
                seq=e.seq,
                kind=e.kind,
                payload=e.payload,
                author=e.author,
                recorded_at=e.recorded_at,
            )  # fmt: skip
            for e in logged
        ]
        connection.execute(insert(EventRow), rows)
    return TournamentHandle(store.engine, tournament_id, tournament)


def _read(data: Any) -> list[LoggedEvent]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TournamentError("not a Tavolo tournament backup (its 'format' is missing or different)")
    if data.get("version") != VERSION:
        raise TournamentError(
            "a backup of format version {value}; this Tavolo reads version {VERSION}",
            value=data.get("version"),
            VERSION=VERSION,
        )
    try:
        logged = [
            LoggedEvent(e["seq"], e["kind"], e["payload"], e["author"], datetime.fromisoformat(e["recorded_at"]))
            for e in data["events"]
        ]
    except (KeyError, TypeError, ValueError) as error:
        raise TournamentError("a damaged backup: an event lacks or misstates {error}", error=error) from None
    if (field := control_field(data["events"])) is not None:
        raise TournamentError("a damaged backup: events.{field} holds a control character", field=field)
    if [e.seq for e in logged] != list(range(1, len(logged) + 1)):
        raise TournamentError("a damaged backup: its events are not numbered 1, 2, 3 ... without gaps")
    return logged


def _fold(logged: list[LoggedEvent]) -> Tournament:
    try:
        events = [e.event for e in logged]
    except (KeyError, TypeError, ValueError) as error:
        raise TournamentError("a damaged backup: an event cannot be read ({error})", error=error) from None
    if not events or not isinstance(events[0], TournamentCreated):
        raise TournamentError("a damaged backup: a tournament's log starts with its creation")
    try:
        return Tournament.from_events(events)
    except (KeyError, IndexError, ValueError) as error:
        raise TournamentError(
            "a damaged backup: its events do not fold into a tournament ({error})", error=error
        ) from None
