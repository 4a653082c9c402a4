"""Tournaments stored as event logs, with concurrent directors losing nothing.

:class:`Store` opens a database (migrating it) and creates or opens
tournaments; :class:`TournamentHandle` keeps one tournament's state in memory
and appends events to its log. A command is run by :meth:`TournamentHandle.do`:
it is checked against the latest state, and if another director appended in
between, the handle catches up and checks it again before appending, so two
directors entering scores at once both get their scores in, or a clear
refusal when they entered the same table.
"""

from __future__ import annotations

import getpass
from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import create_engine, insert, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, OperationalError

from tavolo.store.migrate import upgrade
from tavolo.store.models import EventRow, TournamentRow
from tavolo.tournament.commands import Command
from tavolo.tournament.config import TournamentConfig
from tavolo.tournament.errors import TournamentError
from tavolo.tournament.events import Event, TournamentCreated, Undone, from_json, to_json
from tavolo.tournament.state import Tournament

ATTEMPTS = 50


def default_author() -> str:
    """Who is at the keyboard, when the director gave no name."""
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "director"


@dataclass(frozen=True)
class LoggedEvent:
    """An event as the log holds it: number, kind, payload, author and time."""

    seq: int
    kind: str
    payload: dict[str, Any]
    author: str
    recorded_at: datetime

    @property
    def event(self) -> Event:
        return from_json(self.kind, self.payload)


class Store:
    """A database of tournaments."""

    def __init__(self, url: str | Engine) -> None:
        self.engine = url if isinstance(url, Engine) else make_engine(url)
        upgrade(self.engine)

    def names(self) -> list[str]:
        """Every tournament's name, oldest first."""
        with self.engine.connect() as connection:
            return list(connection.scalars(select(TournamentRow.name).order_by(TournamentRow.id)))

    def create(self, config: TournamentConfig, author: str | None = None) -> TournamentHandle:
        """A new tournament, its creation the first event of its log; ``author`` signs what the handle records."""
        author = author or default_author()
        try:
            with self.engine.begin() as connection:
                tournament_id = connection.scalar(
                    insert(TournamentRow)
                    .values(name=config.name, created_at=datetime.now(UTC))
                    .returning(TournamentRow.id)
                )
                connection.execute(insert(EventRow), _rows(tournament_id, [TournamentCreated(config)], 1, author))
        except IntegrityError:
            raise TournamentError("a tournament named {name!r} exists already", name=config.name) from None
        return TournamentHandle(self.engine, tournament_id, Tournament(config), author)

    def open(self, name: str, author: str | None = None) -> TournamentHandle:
        """The tournament ``name``, rebuilt from its log."""
        tournament_id = self._id(name)
        events = [logged.event for logged in _read(self.engine, tournament_id, after=0)]
        return TournamentHandle(self.engine, tournament_id, Tournament.from_events(events), author)

    def log(self, name: str) -> list[LoggedEvent]:
        """The tournament's whole log, in order."""
        return _read(self.engine, self._id(name), after=0)

    def _id(self, name: str) -> int:
        with self.engine.connect() as connection:
            tournament_id = connection.scalar(select(TournamentRow.id).where(TournamentRow.name == name))
        if tournament_id is None:
            known = ", ".join(self.names()) or "none yet"
            raise TournamentError("no tournament named {name!r} (tournaments: {known})", name=name, known=known)
        return tournament_id


class TournamentHandle:
    """One tournament: its state in memory and its log in the database."""

    def __init__(self, engine: Engine, tournament_id: int, tournament: Tournament, author: str | None = None) -> None:
        self.engine = engine
        self.tournament_id = tournament_id
        self.tournament = tournament
        self.author = author or default_author()

    def undo(self) -> list[int]:
        """Take back the last action (the events one command appended), keeping them in the log.

        Returns their numbers; refused when there is nothing left to take back.
        """
        for _ in range(ATTEMPTS):
            self.refresh()
            seqs = _last_action(_read(self.engine, self.tournament_id, after=0))
            if not seqs:
                raise TournamentError("there is no action to undo")
            if self.append([Undone(tuple(seqs))], first_seq=self.tournament.version + 1):
                self.tournament = Tournament.from_events(
                    e.event for e in _read(self.engine, self.tournament_id, after=0)
                )
                return seqs
        raise TournamentError("could not record after {ATTEMPTS} attempts: the log keeps changing, try again",
                              ATTEMPTS=ATTEMPTS)  # fmt: skip

    def do(self, command: Command, guard: AbstractContextManager[Any] | None = None) -> list[Event]:
        """Run ``command`` on the latest state and append its events; returns them. ``guard`` is held
        while the state in memory changes (and only then: not while the database is written), for a
        caller whose readers copy the state from other threads."""
        guard = guard or nullcontext()
        for _ in range(ATTEMPTS):
            events = list(command(self.tournament))
            if self.append(events, first_seq=self.tournament.version + 1):
                with guard:
                    for event in events:
                        self.tournament.apply(event)
                return events
            with guard:
                self.refresh()
        raise TournamentError(
            "could not record after {ATTEMPTS} attempts: the log keeps changing, try again", ATTEMPTS=ATTEMPTS
        )

    def record(self, events: Sequence[Event]) -> None:
        """Append events made on the current state (a simulation's), failing if another writer came first."""
        if not self.append(events, first_seq=self.tournament.version + 1):
            raise TournamentError("another director changed the tournament meanwhile")
        for event in events:
            self.tournament.apply(event)

    def refresh(self) -> None:
        """Catch up with events other directors appended (rebuilding when one took an action back)."""
        fresh = [logged.event for logged in _read(self.engine, self.tournament_id, after=self.tournament.version)]
        if any(isinstance(event, Undone) for event in fresh):
            self.tournament = Tournament.from_events(e.event for e in _read(self.engine, self.tournament_id, after=0))
            return
        for event in fresh:
            self.tournament.apply(event)

    def append(self, events: Sequence[Event], *, first_seq: int) -> bool:
        """Insert ``events`` numbered from ``first_seq`` in one transaction; ``False`` if that number is taken."""
        if not events:
            return True
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(EventRow), _rows(self.tournament_id, events, first_seq, self.author))
        except IntegrityError:
            return False
        except OperationalError as error:
            if "locked" in str(error):  # SQLite busy past its timeout: treat as a collision and retry
                return False
            raise
        return True


def _last_action(log: list[LoggedEvent]) -> list[int]:
    """The numbers of the last batch of events still in force (one command's, appended together)."""
    undone = {seq for e in log if e.kind == "Undone" for seq in e.payload["seqs"]}
    live = [e for e in log[1:] if e.kind != "Undone" and e.seq not in undone]
    if not live:
        return []
    last = live[-1]
    return [e.seq for e in live if (e.recorded_at, e.author) == (last.recorded_at, last.author)]


def make_engine(url: str) -> Engine:
    """An engine for ``url``; a bare file path means a SQLite file."""
    if "://" not in url:
        url = f"sqlite:///{url}"
    if url.startswith("sqlite"):
        return create_engine(url, connect_args={"timeout": 30})
    return create_engine(url, pool_pre_ping=True)


def _rows(tournament_id: int, events: Sequence[Event], first_seq: int, author: str) -> list[dict[str, Any]]:
    now = datetime.now(UTC)
    rows = []
    for seq, event in enumerate(events, start=first_seq):
        kind, payload = to_json(event)
        rows.append(
            dict(tournament_id=tournament_id, seq=seq, kind=kind, payload=payload, author=author, recorded_at=now)
        )
    return rows


def _read(engine: Engine, tournament_id: int, *, after: int) -> list[LoggedEvent]:
    query = (
        select(EventRow.seq, EventRow.kind, EventRow.payload, EventRow.author, EventRow.recorded_at)
        .where(EventRow.tournament_id == tournament_id, EventRow.seq > after)
        .order_by(EventRow.seq)
    )
    with engine.connect() as connection:
        return [LoggedEvent(*row) for row in connection.execute(query)]
