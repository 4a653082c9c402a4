"""Tournaments played in the room (tornei online): the thin driver between the tournament's engine
and the tables.

Every rule lives in :mod:`tavolo.tournament` (the desk's engine: pairing, scores, VP, standings)
and :mod:`tavolo.tournament.room` (registration, the start, the rounds' end); the tournament's log
is the desk's (:class:`tavolo.store.Store`), so ``tavolo tournament standings --db`` prints what the
page shows. This module only does what a hall's staff does, as events in that log:

* at the start (a sit & go full, the scheduled time, the organizer's button), round 1 drawn;
* each round's tables opened in the room (:meth:`TableService.open_tables`): Burraco for four,
  the round's deals (``hands``), the event's rules; duplicate deals keyed by the round;
* a table is dealt once its four players are there; a side that is not there when the tables
  open is late (codice art. 34: its minutes recorded when it comes, the match lost past 10');
* a player gone from a table in play for the organizer's grace time is replaced by a bot flagged as
  substitute, or its pair withdraws (codice art. 33, by the organizer's setting);
* the round clock (codice art. 5, 15): at zero, the time-out at every table still playing;
* a finished table's deals scored from its hand records (nobody types a result), and once a round
  is complete, the next one paired and opened, or the tournament closed.

Every process runs the driver; each step is checked against the log first and stored with the
log's numbering, so two processes taking the same step store it once (a table's id is the
tournament's, round's and table's, so it is made once too). A step runs when a table ends (the
service tells :meth:`Tournaments.table_finished`) and on a tick (:data:`TICK_SECONDS`), which also
carries a round on after a process died.
"""

from __future__ import annotations

import asyncio
import copy
import hashlib
import hmac
import logging
import secrets
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select

from tavolo.online.service import TableService
from tavolo.online.tables import Table
from tavolo.online.tokens import token_hash
from tavolo.store import Store, TournamentHandle
from tavolo.store.models import EventRow, TournamentRow
from tavolo.store.online import SeatRecord, TableRecord
from tavolo.tournament import commands, room
from tavolo.tournament.config import TournamentConfig
from tavolo.tournament.errors import TournamentError
from tavolo.tournament.events import Event, RoomOpened, TableSeating
from tavolo.tournament.room_settings import RoomSettings, moment
from tavolo.tournament.results import FORFEIT_MINUTES
from tavolo.tournament.state import Tournament

log = logging.getLogger(__name__)

TICK_SECONDS = 1.0
READ_AGAIN_SECONDS = 1.0
"""A reader is given what this process knows of a tournament when its log was read here this recently
(this process's own steps, another's told by the fan-out, the tick): a hundred open pages do not read
the log a hundred times at each result; a change made elsewhere without a word (the desk of another
server, the command line) shows within this long."""
KEPT_COPIES = 64
"""Tournaments whose last copy for readers is kept (those being looked at)."""
SUBSTITUTE = "{name} (sostituto)"
"""How a bot replacing a player is named at the table (codice art. 33): the player's name, flagged."""


def utc_now() -> datetime:
    return datetime.now(UTC)


class Tournaments:
    """The room's tournaments: see the module. ``now`` is the clock (tests move it)."""

    def __init__(self, service: TableService, store: Store, *, now: Callable[[], datetime] = utc_now,
                 tick: float = TICK_SECONDS) -> None:
        self.service = service
        self.store = store
        self.now = now
        self.tick = tick
        self._handles: dict[str, TournamentHandle] = {}
        self._locks: dict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._arrived: dict[tuple[str, int], int] = {}
        """(table id, entrant) -> the minute after the opening this process first saw it at its table
        (codice art. 34; a process taking over a waiting table sees the pairs there then as on time)."""
        self._away: dict[tuple[str, int], datetime] = {}
        """(table id, seat) -> when this process first saw that seat's player gone (codice art. 33)."""
        self._task: asyncio.Task[None] | None = None
        self.refused: dict[str, str] = {}
        """Per tournament, the last step the rules refused (a pairing the system cannot make...), logged
        once; cleared when a step stores something."""
        self._copies: dict[str, Tournament] = {}
        self._copying: dict[str, asyncio.Future[Tournament]] = {}
        """The copy being made of each tournament (one at a time, awaited by every reader asking)."""
        self._state_locks: dict[str, threading.Lock] = {}
        """The last copy of each tournament given to readers (:meth:`tournament`), oldest first."""
        self._versions: dict[str, int] = {}
        """The last version of each tournament this process has seen (its log's last number)."""
        self._changed: dict[str, asyncio.Event] = {}
        """Per tournament, the event its waiting pages wait on: set (and replaced) when its version moves."""
        self._read_at: dict[str, float] = {}
        """When each tournament's log was last read here (monotonic seconds)."""

    async def wait_change(self, name: str, version: int, timeout: float) -> int:
        """Wait until the tournament ``name`` has a version past ``version`` (stored here, or read from
        another process's work on the next tick), at most ``timeout`` seconds; returns the version."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while self._versions.get(name, 0) <= version and (left := deadline - loop.time()) > 0:
            changed = self._changed.setdefault(name, asyncio.Event())
            try:
                await asyncio.wait_for(changed.wait(), left)
            except TimeoutError:
                break
        return self._versions.get(name, 0)

    async def _seen(self, handle: TournamentHandle) -> None:
        """Tell the pages waiting on ``handle``'s tournament when its version moved."""
        name = handle.tournament.config.name
        if self._versions.get(name) != handle.tournament.version:
            self._versions[name] = handle.tournament.version
            changed = self._changed.pop(name, None)
            if changed is not None:
                changed.set()

    async def heard(self, name: str) -> None:
        """Another process stored events of ``name``: read them, and wake the pages waiting here."""
        try:
            async with self._locks[name]:
                await self._seen(await asyncio.to_thread(self._fresh, name))
        except TournamentError:  # not a tournament of this database (or gone): nothing to tell
            pass

    async def start(self) -> None:
        self.service.on_finished = self.table_finished
        self.service.on_tournament = self.heard
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    # --- what the pages ask ---------------------------------------------------------------------

    async def create(self, config: TournamentConfig, settings: RoomSettings) -> Tournament:
        """A new tournament played in the room: its creation, its settings, and its organizer its
        director (so the desk opens it too: the log, the printouts, arbiters appointed)."""
        def make() -> Tournament:
            handle = self.store.create(config, author=settings.organizer)
            handle.record([RoomOpened(settings), *commands.appoint(handle.tournament, settings.organizer, "director")])
            self._handles[config.name] = handle
            return handle.tournament
        return await asyncio.to_thread(make)

    async def tournament(self, name: str) -> Tournament:
        """The tournament ``name`` as its log says now; refused for a desk's tournament. A copy, made
        once a version (one copy however many readers ask at once) and shared by every reader: read
        it, never change it. Readers never wait for the driver's steps (a round being opened), only
        for the moment one of its changes is applied in memory (:meth:`_state_lock`)."""
        handle = self._handles.get(name)
        if handle is None or time.monotonic() - self._read_at.get(name, 0) > READ_AGAIN_SECONDS:
            async with self._locks[name]:  # not while a step reads it (the tick keeps a running one fresh)
                handle = await asyncio.to_thread(self._fresh, name)
        room.room_of(handle.tournament)
        kept = self._copies.get(name)
        if kept is not None and kept.version == handle.tournament.version:
            return kept
        copying = self._copying.get(name)
        if copying is None or copying.done():
            copying = self._copying[name] = asyncio.ensure_future(asyncio.to_thread(self._copy, handle))
        kept = await asyncio.shield(copying)
        known = self._copies.get(name)
        if known is None or known.version < kept.version:
            self._copies.pop(name, None)
            if len(self._copies) >= KEPT_COPIES:
                self._copies.pop(next(iter(self._copies)))
            self._copies[name] = kept
        return self._copies[name]

    async def do(self, name: str, command: Callable[[Tournament], list[Event]], author: str) -> list[Event]:
        """Run ``command`` (of :mod:`tavolo.tournament.room` or the desk's) as ``author``, then let the
        tournament move on (a start, a round). A refusal is a :class:`TournamentError`."""
        async with self._locks[name]:
            handle = await asyncio.to_thread(self._fresh, name)
            room.room_of(handle.tournament)
            handle.author = author
            events = await asyncio.to_thread(self._do, handle, command)
            if events:
                self.service.tournament_changed(name)
            await self._seen(handle)
        await self.drive(name)
        return events

    def names(self) -> list[str]:
        """The tournaments played in the room, newest first."""
        query = (select(TournamentRow.name).join(EventRow, EventRow.tournament_id == TournamentRow.id)
                 .where(EventRow.kind == "RoomOpened").order_by(TournamentRow.id.desc()))
        with self.store.engine.connect() as connection:
            return list(connection.scalars(query))

    def seat_of(self, tournament: Tournament, account: str) -> dict[str, Any] | None:
        """``account``'s seat at its table of the current round: table id, seat and the seat's token
        (given to that account alone); None when it has no table now."""
        number = tournament.room.entrant_of(account) if tournament.room else None
        current = room.current_round(tournament)
        if number is None or current not in tournament.room.tables:
            return None
        seating = tournament.round(current).table_of(number)
        if seating is None:
            return None
        table_id = tournament.room.tables[current][seating.number]
        for seat, (player, _) in enumerate(_seats(tournament, seating)):
            if player == account:
                return {"round": current, "table": seating.number, "table_id": table_id, "seat": seat,
                        "token": self.service.tournament_token(table_id, seat, account)}
        return None

    # --- moving on ------------------------------------------------------------------------------

    async def table_finished(self, table: Table) -> None:
        """A tournament's table stored its end: score it and move the tournament on."""
        link = table.record.tournament
        try:
            name = await asyncio.to_thread(self.name_of, link["id"])
            async with self._locks[name]:
                handle = await asyncio.to_thread(self._fresh, name)
                if room.current_round(handle.tournament) == link["round"]:
                    ns, ew = _deal_points(table)
                    await self._store(handle, lambda t: room.table_score(t, link["round"], link["table"], ns, ew))
                    await self._steps(handle, watch=False)
        except Exception:  # the tick tries again
            log.exception("tournament step after table %s failed", table.id)

    async def _run(self) -> None:
        while True:
            try:
                for name in await asyncio.to_thread(self._running):
                    await self.drive(name)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("tournaments' tick failed")
            await asyncio.sleep(self.tick)

    async def drive(self, name: str) -> None:
        """Take every step the tournament ``name`` is due (see the module)."""
        async with self._locks[name]:
            await self._steps(await asyncio.to_thread(self._fresh, name))

    async def _steps(self, handle: TournamentHandle, watch: bool = True) -> None:
        """The steps due now, one after another (a round paired is opened at once); ``watch``: look
        at every table of the round too (the tick does; a table's end needs only its own)."""
        for _ in range(2 + handle.tournament.config.rounds):
            if not await self._step(handle, watch):
                break
        await self._seen(handle)

    async def _step(self, handle: TournamentHandle, watch: bool = True) -> bool:
        """One step; True when it stored something (and another may follow)."""
        t, now = handle.tournament, self.now()
        state = room.status(t)
        if state == room.REGISTRATION:
            return await self._maybe_start(handle, now)
        if state != room.RUNNING:
            return False
        number = room.current_round(t)
        if number not in t.room.tables:
            await self._open_round(handle, number, now)
            return True
        stored = await self._watch_tables(handle, number, now) if watch else False
        return await self._store(handle, lambda t: room.advance(t, now)) or stored

    async def _maybe_start(self, handle: TournamentHandle, now: datetime) -> bool:
        t = handle.tournament
        settings = t.room.settings
        starts, closes = moment(settings.starts), moment(settings.closes)
        due = room.full(t) or (starts is not None and now >= starts)
        if not due:
            if settings.sit_and_go and closes is not None and now > closes:  # it never filled
                return await self._store(handle, lambda t: room.cancel(t))
            return False
        seed = secrets.randbelow(2**31)
        try:
            return await self._store(handle, lambda t: room.start(t, now, seed), quiet=False)
        except TournamentError as error:  # too few at the start time: cancelled, and said why
            log.info("tournament %s not started: %s", t.config.name, error)
            return await self._store(handle, lambda t: room.cancel(t))

    async def _open_round(self, handle: TournamentHandle, number: int, now: datetime) -> None:
        t = handle.tournament
        records = [self._record(handle, number, seating) for seating in t.round(number).tables.values()]
        await self.service.open_tables(records)
        opened = [(seating.number, record.id) for seating, record in zip(t.round(number).tables.values(), records)]
        await self._store(handle, lambda t: room.tables_opened(t, number, opened, now))

    def _record(self, handle: TournamentHandle, number: int, seating: TableSeating) -> TableRecord:
        """The room's table of ``seating`` in round ``number``: four seats, N/S at 0 and 2."""
        t = handle.tournament
        key = f"{handle.tournament_id}:{number}:{seating.number}"
        table_id = hmac.new(self.service.secret, key.encode(), hashlib.sha256).hexdigest()[:16]
        seats = []
        for seat, (player, bot) in enumerate(_seats(t, seating)):
            if bot:
                seats.append(SeatRecord(seat, player, "bot", bot, None, None))
            else:
                seats.append(SeatRecord(seat, player, "human", None,
                                        token_hash(self.service.tournament_token(table_id, seat, player)), player))
        options = {"rule_set": t.room.settings.rule_set, "players": 4, "target": None, "hands": t.config.deals}
        link: dict[str, Any] = {"id": handle.tournament_id, "round": number, "table": seating.number}
        if t.room.settings.duplicate:
            round_key = f"{handle.tournament_id}:{number}:deals".encode()
            link["deals"] = hmac.new(self.service.secret, round_key, hashlib.sha256).hexdigest()
        status = "waiting" if any(s.kind == "human" for s in seats) else "playing"
        return TableRecord(table_id, "burraco", options, "code", status, seats, tournament=link)

    async def _watch_tables(self, handle: TournamentHandle, number: int, now: datetime) -> bool:
        """Score the finished tables, start those whose players are there, apply lateness (art. 34),
        abandonment (art. 33) and the time-out (art. 15) to the others."""
        t = handle.tournament
        played = t.round(number)
        clock = t.clocks.get(number)
        opened_at = clock.started_at if clock is not None else None
        open_tables = {table_id: table_number for table_number, table_id in t.room.tables[number].items()
                       if not room.decided(played, table_number)}
        stored = False
        for record in await asyncio.to_thread(self.service.store.tables, list(open_tables)):
            table_number = open_tables[record.id]
            if record.status == "finished":
                ns, ew = _deal_points(await self.service.settled(record.id))
                stored |= await self._store(handle, lambda t, n=table_number, a=ns, b=ew: room.table_score(
                    t, number, n, a, b))
            elif record.status == "waiting":
                stored |= await self._arrivals(handle, number, await self.service.table(record.id), now, opened_at)
            elif record.status == "playing":
                own = room.table_clock(t, number, table_number)
                if own is not None and own.reading(now).time_out:
                    await self.service.time_out(record.id)
                stored |= await self._absences(handle, number, await self.service.table(record.id), now)
        return stored

    async def _arrivals(self, handle: TournamentHandle, number: int, table: Table, now: datetime,
                        opened_at: datetime | None) -> bool:
        """A table waits for its four players; a side that comes late has its minutes recorded (codice
        art. 34); past :data:`FORFEIT_MINUTES` the match is lost by the side not there."""
        t = handle.tournament
        seating = t.round(number).tables[table.record.tournament["table"]]
        connected = self.service.connected(table)
        minutes = int((now - (opened_at or now)).total_seconds() // 60)
        stored = False
        missing = []
        for n in seating.ns + seating.ew:
            if not self._present(t, seating, n, table, connected):
                if (table.id, n) not in self._arrived:
                    missing.append(n)
                continue
            if (table.id, n) not in self._arrived:
                self._arrived[(table.id, n)] = minutes
                if 2 <= minutes <= FORFEIT_MINUTES and n not in t.round(number).late:
                    stored |= await self._store(handle, lambda t, n=n: commands.late_arrival(t, number, n, minutes))
        if not missing and all(self._present(t, seating, n, table, connected) for n in seating.ns + seating.ew):
            await self.service.begin(table.id)
            return stored
        if missing and minutes > FORFEIT_MINUTES:
            for n in missing:
                stored |= await self._store(handle, lambda t, n=n: commands.late_arrival(t, number, n, minutes))
            await self.service.close(table.id)
        return stored

    @staticmethod
    def _present(t: Tournament, seating: TableSeating, number: int, table: Table, connected: dict[int, int]) -> bool:
        """Entrant ``number`` is at ``table``: every one of its seats a bot or a connected player."""
        return all(table.seats[seat].kind == "bot" or connected.get(seat)
                   for seat, owner in enumerate(_owners(seating)) if owner == number)

    async def _absences(self, handle: TournamentHandle, number: int, table: Table, now: datetime) -> bool:
        """Codice art. 33, online: a player gone from a table in play for the organizer's grace time is
        replaced by a bot flagged as substitute, or its side withdraws (by the organizer's setting)."""
        t = handle.tournament
        settings = t.room.settings
        connected = self.service.connected(table)
        seating = t.round(number).tables[table.record.tournament["table"]]
        stored = False
        for seat, record in enumerate(table.seats):
            key = (table.id, seat)
            if record.kind != "human" or connected.get(seat):
                self._away.pop(key, None)
                continue
            since = self._away.setdefault(key, now)
            if (now - since).total_seconds() < settings.grace_seconds:
                continue
            self._away.pop(key, None)
            entrant = _owners(seating)[seat]
            if settings.substitute == "bot":
                stored |= await self._store(handle, lambda t, s=seat, a=record.account: room.replace_seat(
                    t, number, seating.number, s, a or record.name, settings.bot))
                await self.service.replace_seat(table.id, seat, settings.bot, SUBSTITUTE.format(name=record.name))
            else:
                stored |= await self._store(handle, lambda t, n=entrant: commands.abandon(
                    t, number, n, justified=False, withdraw_too=True))
                await self.service.close(table.id)
                return stored
        return stored

    async def _store(self, handle: TournamentHandle, command: Callable[[Tournament], list[Event]],
                     quiet: bool = True) -> bool:
        """Store what ``command`` returns (checked against the latest log); True when it stored
        something. A refusal is logged (``quiet``) or raised."""
        try:
            events = await asyncio.to_thread(self._do, handle, command)
        except TournamentError as error:
            if not quiet:
                raise
            name = handle.tournament.config.name
            if self.refused.get(name) != str(error):  # said once, not at every tick
                self.refused[name] = str(error)
                log.warning("tournament %s: step refused: %s", name, error)
            return False
        if events:
            self.refused.pop(handle.tournament.config.name, None)
            self.service.tournament_changed(handle.tournament.config.name)
        await self._seen(handle)
        return bool(events)

    # --- reading the store ----------------------------------------------------------------------

    def _state_lock(self, name: str) -> threading.Lock:
        """Held (on a worker thread) while the tournament ``name`` held here changes or is copied."""
        return self._state_locks.setdefault(name, threading.Lock())

    def _fresh(self, name: str) -> TournamentHandle:
        """The handle on ``name``, its log read (on a worker thread)."""
        with self._state_lock(name):
            self._read_at[name] = time.monotonic()
            handle = self._handles.get(name)
            if handle is None:
                handle = self._handles[name] = self.store.open(name, author="tavolo")
            else:
                handle.refresh()
            return handle

    def _do(self, handle: TournamentHandle, command: Callable[[Tournament], list[Event]]) -> list[Event]:
        """``command`` checked, stored and applied (on a worker thread; readers' copies wait only for
        the events' application in memory, not for the database)."""
        return handle.do(command, guard=self._state_lock(handle.tournament.config.name))

    def _copy(self, handle: TournamentHandle) -> Tournament:
        """A copy of the tournament held here, for readers (on a worker thread)."""
        with self._state_lock(handle.tournament.config.name):
            return copy.deepcopy(handle.tournament)

    def _running(self) -> list[str]:
        """The tournaments of the room not closed yet."""
        closed = select(EventRow.tournament_id).where(EventRow.kind == "RoomClosed")
        query = (select(TournamentRow.name).join(EventRow, EventRow.tournament_id == TournamentRow.id)
                 .where(EventRow.kind == "RoomOpened", TournamentRow.id.not_in(closed)))
        with self.store.engine.connect() as connection:
            return list(connection.scalars(query))

    def name_of(self, tournament_id: int) -> str | None:
        """The name of the tournament numbered ``tournament_id`` (its row's id: the pages' address)."""
        with self.store.engine.connect() as connection:
            return connection.scalar(select(TournamentRow.name).where(TournamentRow.id == tournament_id))

    def id_of(self, name: str) -> int | None:
        with self.store.engine.connect() as connection:
            return connection.scalar(select(TournamentRow.id).where(TournamentRow.name == name))


def _owners(seating: TableSeating) -> list[int]:
    """The entrant of each seat 0-3: N/S at 0 and 2, E/W at 1 and 3."""
    ns = seating.ns * 2 if len(seating.ns) == 1 else seating.ns
    ew = seating.ew * 2 if len(seating.ew) == 1 else seating.ew
    return [ns[0], ew[0], ns[1], ew[1]]


def _seats(t: Tournament, seating: TableSeating) -> list[tuple[str, str]]:
    """Each seat's (player, bot level or "") at ``seating``: a pair's first player at N (or E)."""
    taken: dict[int, int] = defaultdict(int)
    seats = []
    for number in _owners(seating):
        entrant = t.entrants[number]
        player = entrant.players[taken[number] % len(entrant.players)]
        taken[number] += 1
        seats.append((player, t.room.entries[number].bot if number in t.room.entries else ""))
    return seats


def _deal_points(table: Table) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each side's points in each deal played, from the table's hand records (N/S holds seat 0)."""
    ns: list[int] = []
    ew: list[int] = []
    for result in table.view.results(table.state):
        for side in result.sides:
            (ns if 0 in side.seats else ew).append(side.total)
    return tuple(ns), tuple(ew)


__all__ = ["TICK_SECONDS", "Tournaments"]
