"""The table service: every table of this process, its log written before anyone
is told, its bots and timer, and the clients watching it.

All of it runs on one asyncio loop; the log is written in group commits (every
entry waiting goes down in one transaction), on the loop itself for a SQLite file
served by this process alone (see :attr:`TableService.inline_writes`), else from
a worker thread; bots choose in a thread pool so that a slow one never holds the loop.
With ``redis_url`` several processes serve the same tables and whatever a person sees is the
same from any of them: every change (a table's new rows, a seat, its status, the table it is
played again at) is stored first, then published (:mod:`tavolo.online.fanout`); a process that
has the table reads the change from the database and tells its clients; but a move's rows come
with its message (:meth:`TableService._rows_after`), and a process applies them as they follow on
from its own without reading them back (a gap, or a shuffle, which no message carries, is read).
Who is connected is counted by each process and added up over all of them
(:mod:`tavolo.online.presence`); it travels as small ``presence`` frames, at most one a table
every :data:`~tavolo.online.clients.PRESENCE_SECONDS`, never as a whole state. The lobby is read from the database.

A table where no person has acted for :data:`IDLE_ALONE_SECONDS` (one person, the others bots:
"gioca subito") or :data:`IDLE_TOGETHER_SECONDS` (several people), and where no seated person is
connected, is closed: its status becomes ``abandoned`` (no result; its record is kept) and a
restart no longer serves it. A closed table (finished or abandoned) nobody watches leaves memory
after :data:`KEEP_CLOSED_SECONDS` (it is read again from the store when asked for).

Its parts, each with its contract in its docstring: the turns of bots and of the move timer
(:mod:`tavolo.online.turns`), the takeover of the tables of a process that fell silent
(:mod:`tavolo.online.takeover`), the messages between processes (:mod:`tavolo.online.fanout`), who
is connected (:mod:`tavolo.online.clients`, :mod:`tavolo.online.presence`).
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import logging
import secrets
import time
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import orjson

from tavolo.engine.agent import Agent
from tavolo.i18n import DEFAULT_LANGUAGE, translate
from tavolo.online.messages import Refusal
from tavolo.online.presence import HEARTBEAT_SECONDS, Counts, Presence
from tavolo.online.ratings import ordinal, rate, teams
from tavolo.online.clients import Client, Clients, encode
from tavolo.online.tables import Event, Table, table_info, told_to
from tavolo.online.tokens import token_hash
from tavolo.online.turns import Turns
from tavolo.online.views import GameUnavailable, OptionError, offered, view_of
from tavolo.store.online import (
    ABANDONED, OPEN, LogEntry, LogWriter, LoopLogWriter, OnlineStore, SeatRecord, SeqConflict, StoreBusy, TableRecord,
    epoch,
)

log = logging.getLogger(__name__)

TIMERS = ("off", "relaxed", "code")
NAME_LENGTH = 40


INLINE_WAIT_MS = 10
"""How long a write on the loop waits for another writer's lock before it goes to a thread."""

CHECKPOINT_SECONDS = 1.0
"""How often the SQLite log written on the loop is copied into the database file (SQLite's own
threshold, 1,000 pages of log, came every second or two at the paced bench's 1,000 moves a second)."""

IDLE_ALONE_SECONDS = 30 * 60
"""A table with one person (the others bots, or seats still free) is closed after this long
without a move of theirs, while they are not connected."""
IDLE_TOGETHER_SECONDS = 2 * 3600
"""The same for a table of several people (their timer's moves do not count)."""
SWEEP_SECONDS = 60.0
"""How often idle tables are looked for."""
KEEP_CLOSED_SECONDS = 300.0
"""A finished or abandoned table with no client here leaves memory after this long."""
RESCUE_SECONDS = 15.0
"""With several processes, how often each looks in the database for tables no living process moves."""
QUIET_SECONDS = 30.0
"""A table that moves by itself (a bot, a move timer) and has stored nothing for this long, and that
this process does not hold, is read and moved on here (see :meth:`TableService.rescue`)."""
LOBBY_PAGE = 50
"""Tables a page of the lobby lists at most."""
READ_ANYWAY = 2**62
"""A seq no table reaches: read the table's log whatever its seq (messages may have been missed)."""
ANNOUNCE_SECONDS = 1.0
"""How long a move's ack waits at most for the move's announcement to reach Redis (a person is
told of a move only once every process can learn it; Redis out of reach, the ack goes anyway)."""


class TableService(Turns, Clients):
    """Tables of this process (see the module docstring)."""

    def __init__(self, store: OnlineStore, *, pace: float = 0.7, redis_url: str | None = None,
                 bot_threads: int = 4, timer_scale: float = 1.0, secret: bytes | None = None) -> None:
        self.store = store
        self.secret = secret or secrets.token_bytes(32)
        """Keys the seat tokens of a table played again (the same in every process that shares it)."""
        self.pace = pace
        self.timer_scale = timer_scale
        """Multiplies every move's time (tests shorten the clock with it)."""
        self.redis_url = redis_url
        self.inline_writes = store.local and redis_url is None
        """Write the log on the loop, not from a thread: for a SQLite file that only this process
        serves (:class:`~tavolo.store.online.LogWriter`). Such a commit takes 0.3-0.5 ms, while a
        worker thread waits for the GIL each time SQLite hands it back: under the paced bench
        (1,000 tables) the thread's writes took 1.4-2.3 ms at the median and 13-21 ms at the 99th
        percentile, the loop's 0.3-0.5 and 1-4, and the moves' p99 fell from 78 to 43 ms.

        Two things a commit may wait for stay off the loop. Another writer's lock (a table made, a
        seat taken, a result, from a worker thread; another program on the file): after
        :data:`INLINE_WAIT_MS` the write goes to a thread. The copy of SQLite's write-ahead log into
        the database file (a checkpoint, two fsyncs: 20-170 ms on this machine's disk, every second
        or two under the bench's load): a worker thread makes it every :data:`CHECKPOINT_SECONDS`,
        and the paced bench's p99 went from 29 and 88 ms (two runs) to 16-28 ms (four runs).

        A file other processes serve too keeps the thread; PostgreSQL (through psycopg) is written
        on the loop too, through its driver's asyncio connection (:class:`~tavolo.store.online.LoopLogWriter`)."""
        self._log_writer: LogWriter | None = None
        self._loop_writer: LoopLogWriter | None = None
        """The log's writes on the loop on PostgreSQL (:class:`~tavolo.store.online.LoopLogWriter`)."""
        self.tables: dict[str, Table] = {}
        self.clients: dict[str, set[Client]] = defaultdict(set)
        self._locks: dict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._bots: dict[tuple[str, int], Agent] = {}
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._pool = ThreadPoolExecutor(bot_threads, thread_name_prefix="tavolo-bot")
        self._pending: list[tuple[list[LogEntry], asyncio.Future[None]]] = []
        self._wake = asyncio.Event()
        self._background: list[asyncio.Task[None]] = []
        self._redis: Any = None
        self._takeover: Any = None
        """This process's lease and the takeover of the tables of a process that fell silent
        (:class:`~tavolo.online.takeover.Takeover`; with Redis only)."""
        self._untold: dict[str, list[Event]] = {}
        """The events of a match's last entries, told once its result is stored."""
        self.ratings: dict[str, float] = {}
        """The shown rating (ordinal) of each account seated at a table of this process."""
        self._loads: dict[str, asyncio.Future[Table]] = {}
        """The tables being read from the store now (one reading however many ask at once)."""
        self.presence = Presence()
        """The other processes' clients at each table."""
        self._local: dict[str, Counter[int | None]] = {}
        """This process's clients at each table: seat (None: spectators) -> sockets."""
        self._published: dict[str, Counts] = {}
        """The counts of each table this process last published."""
        self._told: dict[str, Counts] = {}
        """The counts of each table this process's clients were last told."""
        self._presence_due: dict[str, asyncio.TimerHandle] = {}
        self._presence_at: dict[str, float] = {}
        self._heard: dict[str, tuple[int, bool]] = {}
        """Changes other processes announced and this one has not read yet: table -> (seq, record)."""
        self._rows: dict[str, dict[int, LogEntry]] = {}
        """The rows other processes stored and sent with their ``seq`` messages, not applied here
        yet: table -> seq -> row (see :meth:`_rows_after`)."""
        self._followers: dict[str, asyncio.Task[None]] = {}
        self._joined = False
        self._closed_at: dict[str, float] = {}
        """When each closed table with no client here was first seen so (monotonic seconds)."""
        self.give_back: Callable[[], None] | None = None
        """Gives back the memory that clients gone left (the app's: a full collection of the
        garbage collector, then the C heap trimmed); called after a crowd left (:meth:`_left`)."""
        self.bot_moves = 0
        """The bot moves this process chose (each table's bots are moved by one process)."""
        self.on_finished: Callable[[Table], Awaitable[None]] | None = None
        """Told when a tournament's table has stored its result (the tournaments' driver,
        :mod:`tavolo.online.tournaments`); run as a task of its own, never holding the table."""
        self.on_tournament: Callable[[str], Awaitable[None]] | None = None
        """Told when another process stored events of the tournament named (the driver reads them)."""
        self._spawned: set[asyncio.Task[None]] = set()
        self._gone = 0
        self._gone_since = 0.0
        self._give_back_due: asyncio.TimerHandle | None = None

    # --- life cycle -----------------------------------------------------------------------------

    async def start(self) -> None:
        """Listen to the other processes, rebuild every open table from its log, then serve
        (closing at once those left idle while no process served them)."""
        self._background.append(asyncio.create_task(self._writer()))
        if self.inline_writes:
            self._log_writer = self.store.log_writer(INLINE_WAIT_MS)
            self._background.append(asyncio.create_task(self._checkpoints()))
        self._loop_writer = self.store.loop_writer()
        if self.redis_url:
            from tavolo.online.fanout import RedisFanout

            self._redis = RedisFanout(self.redis_url, self._on_message, self._on_joined)
            await self._redis.start()
            self._background.append(asyncio.create_task(self._heartbeat()))
        await self._resume(await asyncio.to_thread(self.store.unfinished))
        if self._redis is not None:
            from tavolo.online.takeover import Takeover

            site = await asyncio.to_thread(self.store.setting, "site", lambda: secrets.token_hex(6))
            self._takeover = Takeover(self._redis.client, site, self._redis.process, self._take_over)
            await self._takeover.serve(self.tables)
            self._background.append(asyncio.create_task(self._takeover.run()))
            self._background.append(asyncio.create_task(
                self._every(RESCUE_SECONDS, self.rescue, "looking for tables nobody moves")))
        await self.sweep()
        self._background.append(asyncio.create_task(self._every(SWEEP_SECONDS, self.sweep, "sweeping idle tables")))

    async def _resume(self, records: list[TableRecord]) -> list[Table]:
        """Read ``records``' tables from the store (those not here yet) and move each on: deal
        when due, mark the end, let the bot or the timer act (at a start, or on taking over)."""
        resumed = []
        for record in records:
            try:
                table = self.tables.get(record.id) or await self._load(record)
            except Refusal as exc:  # its game is not available here: every other table is served
                log.warning("table %s not resumed: %s", record.id, exc)
                continue
            async with self._locks[table.id]:
                await self._advance(table)
            resumed.append(table)
        return resumed

    async def _take_over(self, claimed: list[str]) -> None:
        """A process fell silent (:mod:`tavolo.online.takeover`): read again every table here
        (what it stored and had no time to announce), then move on the ``claimed`` tables it
        served, read from the store, each one's lease now this process's."""
        self._read_all()
        records = [r for r in await asyncio.to_thread(self.store.tables, claimed) if r.status in OPEN]
        await self._takeover.forget(set(claimed) - {r.id for r in records})  # closed: nothing to move
        resumed = await self._resume(records)
        log.info("took over %d tables", len(resumed))

    async def rescue(self, now: float | None = None) -> list[str]:
        """The backstop of the takeover (:mod:`tavolo.online.takeover`, which needs Redis): read and
        move on every table being played that moves by itself (a bot, a move timer), that this process
        does not hold, and that stored nothing for :data:`QUIET_SECONDS`: its process died while Redis
        was away, or before the table reached its served set. The lease keeps one mover (Redis out of
        reach: the log's seq keeps each move single). Returns the ids read."""
        now = time.time() if now is None else now
        quiet = [table_id for table_id, at in await asyncio.to_thread(self.store.last_moves)
                 if table_id not in self.tables and now - epoch(at) > QUIET_SECONDS]
        if not quiet:
            return []
        records = await asyncio.to_thread(self.store.tables, quiet)
        if self._takeover is not None:
            await self._takeover.serve([r.id for r in records])
        resumed = await self._resume(records)
        log.warning("%d tables nobody moved for %.0f s are moved on here", len(resumed), QUIET_SECONDS)
        return [t.id for t in resumed]

    async def stop(self) -> None:
        for task in [*self._tasks.values(), *self._background]:
            task.cancel()
        if self._takeover is not None:
            await self._takeover.stop()
        if self._redis is not None:
            await asyncio.gather(*(self._redis.release(t) for t in self.tables))  # the others move them now
            await self._redis.stop()
        if self._log_writer is not None:
            self._log_writer.close()
        if self._loop_writer is not None:
            await self._loop_writer.close()
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._stop_heavy()

    async def _load(self, record: TableRecord) -> Table:
        """The table of ``record`` rebuilt from its log, once however many ask at the same time; a
        change another process announced while it was read is read next (see :meth:`_on_message`)."""
        loading = self._loads.get(record.id)
        if loading is not None:
            await asyncio.wait([loading])
            if record.id in self.tables:
                return self.tables[record.id]
        self._loads[record.id] = loading = asyncio.get_running_loop().create_future()
        try:
            table = _checked(lambda: Table(record))
            for entry in await asyncio.to_thread(self.store.log, record.id):
                table.apply(entry)
            self.tables[table.id] = table
            await self._remember_ratings(table)
        finally:
            del self._loads[record.id]
            loading.cancel()
        if table.id in self._heard:
            self._follow(table.id)
        return table

    async def _remember_ratings(self, table: Table) -> None:
        """Read the ratings of the table's account holders not known yet."""
        await self._remember_ratings_of(table.seats)

    async def _remember_ratings_of(self, seats: list[SeatRecord]) -> None:
        names = {s.account for s in seats if s.account and s.account not in self.ratings}
        if names:
            for name, account in (await asyncio.to_thread(self.store.accounts, names)).items():
                self.ratings[name] = ordinal(account.mu, account.sigma)

    async def table(self, table_id: str) -> Table:
        """The table ``table_id`` (read from the store when another process made it, or when it
        left memory; once, however many ask for it at the same time)."""
        if (loading := self._loads.get(table_id)) is not None:
            await asyncio.wait([loading])
        if (table := self.tables.get(table_id)) is not None:
            return table
        record = await asyncio.to_thread(self.store.table, table_id)
        if record is None:
            raise Refusal("not_found", "No table {table}", table=table_id[:40])
        if (table := self.tables.get(table_id)) is not None:
            return table
        table = await self._load(record)
        if table.record.status in OPEN:  # this process moves it too if it is left alone with it
            self._schedule(table)
            if self._takeover is not None:
                await self._takeover.serve([table.id])
        return table

    async def current(self, table: Table) -> None:
        """Apply the rows of ``table`` stored after its last here (a hello's: what a process that
        stopped stored and had no time to announce is read from the log, never shown stale)."""
        if self._redis is None:  # one process: what it holds is the log
            return
        async with self._locks[table.id]:
            caught_up = await self._catch_up(table)
        if caught_up:
            self._schedule(table)

    async def fresh(self, table_id: str) -> Table:
        """The table ``table_id`` with its record read again from the store (seats, status: what
        any process changed last)."""
        table = await self.table(table_id)
        async with self._locks[table_id]:
            await self._refresh(table)
        return table

    # --- lobby ----------------------------------------------------------------------------------

    async def create(self, game: str, options: dict[str, Any], name: str, timer: str = "off",
                     bots: dict[int, str] | None = None, account: str | None = None) -> tuple[str, str]:
        """A new table with its creator at seat 0 and ``bots`` seated; returns (table id, seat token)."""
        view = _checked(lambda: view_of(game))
        built = _checked(lambda: view.build(options))
        if timer not in TIMERS:
            raise Refusal("bad_message", "Unknown timer {timer}", field="timer", timer=str(timer)[:20])
        seats = [SeatRecord(s, "", "free", None, None, None) for s in range(built.num_players)]
        token = secrets.token_urlsafe(32)
        seats[0] = SeatRecord(0, _name(account or name), "human", None, token_hash(token), account)
        for seat, spec in (bots or {}).items():
            if not 0 < seat < built.num_players:
                raise Refusal("bad_message", "No seat {seat} at this table", field="bots", seat=seat)
            _checked(lambda: view.make_bot(spec, built, seat, None), "bots")
            seats[seat] = SeatRecord(seat, _bot_name(view, spec, seat), "bot", spec, None, None)
        record = TableRecord(secrets.token_hex(8), game, options, timer, "waiting", seats)
        await asyncio.to_thread(self.store.create_table, record)
        self.tables[record.id] = table = Table(await asyncio.to_thread(self.store.table, record.id))
        await self._remember_ratings(table)
        if self._takeover is not None:
            await self._takeover.serve([record.id])
        return record.id, token

    async def quick(self, game: str, name: str, options: dict[str, Any] | None = None,
                    account: str | None = None) -> tuple[str, str]:
        """Gioca subito: you at seat 0, the game's default bot everywhere else, started."""
        view = _checked(lambda: view_of(game))
        players = _checked(lambda: view.build(options or {})).num_players
        spec = view.bots[0][0]
        table_id, token = await self.create(game, options or {}, name, "off",
                                            {s: spec for s in range(1, players)}, account)
        await self.start_table(table_id, token)
        return table_id, token

    async def sit(self, table_id: str, seat: int, name: str, account: str | None = None) -> str:
        table = await self.table(table_id)
        async with self._locks[table_id]:
            await self._refresh(table)
            current = self._seat(table, seat)
            if current.kind != "free":
                raise Refusal("forbidden", "Seat {seat} is taken", seat=seat)
            token = secrets.token_urlsafe(32)
            taken = SeatRecord(seat, _name(account or name), "human", None, token_hash(token), account)
            if not await asyncio.to_thread(self.store.save_seat, table_id, taken, ("free",)):
                await self._refresh(table)  # another process gave it a moment ago
                raise Refusal("forbidden", "Seat {seat} is taken", seat=seat)
            table.seats[seat] = taken
            await self._remember_ratings(table)
        self._broadcast(table)
        self._publish("table", table_id)
        return token

    async def set_bot(self, table_id: str, seat: int, token: str | None, spec: str | None) -> None:
        """The creator seats a bot (``spec``) or frees the seat (None) before the start."""
        table = await self.table(table_id)
        async with self._locks[table_id]:
            await self._refresh(table)
            self._creator(table, token)
            current = self._seat(table, seat)
            if table.record.status != "waiting" or seat == 0 or current.kind == "human":
                raise Refusal("forbidden", "Seat {seat} cannot be changed", seat=seat)
            if spec is None:
                changed = SeatRecord(seat, "", "free", None, None, None)
            else:
                _checked(lambda: table.view.make_bot(spec, table.game, seat, None), "spec")
                changed = SeatRecord(seat, _bot_name(table.view, spec, seat), "bot", spec, None, None)
            if not await asyncio.to_thread(self.store.save_seat, table_id, changed, ("free", "bot")):
                await self._refresh(table)  # a person sat there through another process
                raise Refusal("forbidden", "Seat {seat} cannot be changed", seat=seat)
            table.seats[seat] = changed
        self._broadcast(table)
        self._publish("table", table_id)

    async def start_table(self, table_id: str, token: str | None) -> None:
        table = await self.table(table_id)
        async with self._locks[table_id]:
            await self._refresh(table)
            self._creator(table, token)
            if table.record.status != "waiting":
                raise Refusal("conflict", "The game has already started")
            if any(s.kind == "free" for s in table.seats):
                raise Refusal("conflict", "A seat is still free")
            if not await asyncio.to_thread(self.store.set_status, table_id, "playing", ("waiting",)):
                await self._refresh(table)  # started through another process
                raise Refusal("conflict", "The game has already started")
            table.record.status = "playing"
            self._publish("table", table_id)
            await self._advance(table)

    async def play_again(self, table_id: str, token: str | None) -> tuple[str, int, str]:
        """Gioca ancora: the finished table's seats at a new table of the same game,
        started at once; returns (new table id, seat, seat token) for ``token``'s seat.

        The first call opens the table and sends each connected seat its own token
        (an ``again`` frame to that seat only); later calls with any seat's token
        of the finished table find the same table and the same token."""
        table = await self.table(table_id)
        seat = self.seat_of(table, token)
        if seat is None:
            raise Refusal("forbidden", "Only the table's players can do this")
        async with self._locks[table_id]:
            await self._refresh(table)
            if table.record.status != "finished":
                raise Refusal("conflict", "The game is not over yet")
            if table.record.next_table is None:
                await self._open_again(table)
        next_id = table.record.next_table
        return next_id, seat, self._again_token(table, seat, next_id)

    async def _open_again(self, table: Table) -> None:
        new_id = secrets.token_hex(8)
        seats = [SeatRecord(s.seat, s.name, s.kind, s.bot, token_hash(self._again_token(table, s.seat, new_id))
                            if s.kind == "human" else None, s.account) for s in table.seats]
        record = TableRecord(new_id, table.record.game, table.record.options, table.record.timer, "playing", seats)
        table.record.next_table = await asyncio.to_thread(self.store.create_next, table.id, record)
        if table.record.next_table == new_id:
            async with self._locks[new_id]:
                await self._advance(await self.table(new_id))
        self._tell_again(table)
        self._broadcast(table)
        self._publish("table", table.id)

    def _tell_again(self, table: Table) -> None:
        """Send each person seated at ``table`` and connected here an ``again`` frame with their
        own token at the table it is played again at."""
        next_id = table.record.next_table
        for client in self.clients.get(table.id, ()):
            if next_id is not None and client.seat is not None and table.seats[client.seat].kind == "human":
                client.push({"type": "again", "table_id": next_id, "seat": client.seat,
                             "token": self._again_token(table, client.seat, next_id)})

    def _again_token(self, table: Table, seat: int, next_id: str) -> str:
        """The token of ``seat`` at ``next_id``, the table ``table`` is played again at:
        keyed by the service's secret and the seat's token hash at ``table``, so only
        who holds that seat (or the server) can have it, and it reads the same each time."""
        return self._signed(f"{next_id}:{seat}:{table.seats[seat].token_hash}")

    async def lobby(self, page: int = 0, size: int = LOBBY_PAGE) -> list[dict[str, Any]]:
        """A page of the lobby, from the store (the tables of every process), newest first: the
        ``TableInfo`` of each table waiting or being played; a game this server does not offer
        is left out."""
        size = max(1, min(size, LOBBY_PAGE))
        records = await asyncio.to_thread(self.store.lobby, max(0, page) * size, size)
        await self._remember_ratings_of([s for r in records for s in r.seats])
        shown = []
        for record in records:
            try:
                view = view_of(record.game)
            except (GameUnavailable, OptionError):
                continue
            counts = self.counts(record.id, len(record.seats))
            shown.append(table_info(record, view, dict(enumerate(counts.seats)), self.ratings, counts.watchers))
        return shown

    # --- play -----------------------------------------------------------------------------------

    def seat_of(self, table: Table, token: str | None) -> int | None:
        """The seat ``token`` holds at ``table``; None for no token; Refusal for a wrong one."""
        if not token:
            return None
        digest = token_hash(token)
        for s in table.seats:
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, digest):
                return s.seat
        raise Refusal("forbidden", "This token holds no seat at this table")

    async def seat_for(self, table: Table, token: str | None) -> int | None:
        """:meth:`seat_of`, reading the seats again before a refusal (the seat may have been
        taken through another process a moment ago)."""
        try:
            return self.seat_of(table, token)
        except Refusal:
            async with self._locks[table.id]:
                await self._refresh(table)
            return self.seat_of(table, token)

    async def move(self, table_id: str, seat: int, text: str) -> int:
        """Apply ``seat``'s move ``text``: stored, then told; returns its last seq."""
        table = await self.table(table_id)
        async with self._locks[table_id]:
            for attempt in (1, 2):
                entries = table.move_entries(seat, text)
                try:
                    await self._commit(table, entries)
                    break
                except SeqConflict:
                    await self._catch_up(table)
                    if attempt == 2:
                        raise Refusal("not_your_turn", "The table changed: try again") from None
            await self._advance(table)
        if self._redis is not None:  # told to the other processes before the mover is
            await self._redis.announced(ANNOUNCE_SECONDS)
        return entries[-1].seq

    async def proceed(self, table_id: str, seat: int) -> None:
        """``seat`` is done looking at the hand's end ("continue"); another seat's continue
        stored first through another process is read, then this one stored after it."""
        table = await self.table(table_id)
        async with self._locks[table_id]:
            for attempt in (1, 2):
                try:
                    await self._commit(table, table.continue_entries(seat))
                    break
                except SeqConflict:
                    await self._catch_up(table)
                    if attempt == 2:
                        raise Refusal("not_your_turn", "The table changed: try again") from None
            await self._advance(table)

    def state_frame(self, table: Table, seat: int | None, info: dict[str, Any] | orjson.Fragment | None = None,
                    log: bool = False, events: list[dict[str, Any]] | orjson.Fragment = ()) -> dict[str, Any]:
        """The ``state`` frame of ``seat`` with the ``events`` that led to it; ``log``: with the
        recent events (first after hello)."""
        return {"type": "state", "seq": table.seq, "table": info or self.info(table),
                "view": table.seat_view(seat, self.deadline_ms(table), log), "events": events or []}

    def _broadcast(self, table: Table, events: list[Event] = ()) -> None:
        """Tell every client of ``table`` its seat's state with the events that led to it, each
        as that seat may read it: one frame per seat, encoded once (the events and the table's
        info in it too), and only a client just greeted gets the recent events in its state."""
        clients = self.clients.get(table.id)
        if not clients:
            return
        info = orjson.Fragment(orjson.dumps(self.info(table), option=orjson.OPT_NON_STR_KEYS))
        players = {event.seat for event in events if event.hides}
        told: dict[int | None, orjson.Fragment | list] = {}
        frames: dict[tuple[int | None, bool], str] = {}
        for client in clients:
            key = (client.seat, not client.logged)
            if key not in frames:
                reader = client.seat if client.seat in players else None
                if reader not in told:
                    told[reader] = orjson.Fragment(orjson.dumps(told_to(events, reader))) if events else []
                frames[key] = encode(self.state_frame(table, client.seat, info, key[1], told[reader]))
            client.push(frames[key])
            client.logged = True

    # --- storing and applying -------------------------------------------------------------------

    async def _commit(self, table: Table, entries: list[LogEntry]) -> None:
        """Store ``entries`` (group commit), then apply them and tell every client. They are
        stored at the time they are applied with here (to the microsecond), so that a process
        that reads them shows the same move timer's deadline."""
        at = datetime.now(UTC).timestamp()
        entries = [replace(entry, recorded_at=at) for entry in entries]
        future = asyncio.get_running_loop().create_future()
        self._pending.append((entries, future))
        self._wake.set()
        await future
        if self._apply(table, entries, hold_end=True):
            self._publish_rows(table, entries)

    def _publish_rows(self, table: Table, entries: list[LogEntry]) -> None:
        """Tell the other processes of ``entries`` stored and applied here, the rows themselves
        with them (a process that has the table applies them without reading them back); never a
        shuffle (``chance``): the hands stay in the database, read from it by whoever needs them."""
        if self._redis is None:
            return
        if any(entry.kind == "chance" for entry in entries):
            self._publish("seq", table.id, seq=table.seq)
        else:
            self._publish("seq", table.id, seq=table.seq,
                          rows=[[e.seq, e.kind, e.payload, e.recorded_at] for e in entries])

    def _apply(self, table: Table, entries: list[LogEntry], hold_end: bool = False) -> bool:
        """Apply stored ``entries`` and tell every client; with ``hold_end``, the entries that
        end the match are told only once its result is stored (:meth:`_advance`): False then."""
        events = [e for e in (table.apply(entry) for entry in entries) if e is not None]
        if hold_end and table.over and table.record.status == "playing":
            self._untold[table.id] = self._untold.get(table.id, []) + events
            return False
        self._broadcast(table, events)
        return True

    async def _writer(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            batch, self._pending = self._pending, []
            if not batch:
                continue
            try:
                await self._append([e for entries, _ in batch for e in entries])
                results: list[BaseException | None] = [None] * len(batch)
            except SeqConflict:
                results = [await self._write_alone(entries) for entries, _ in batch]
            except Exception as exc:  # the database is down: every waiting move fails, none is told
                log.exception("storing %d entries failed", len(batch))
                results = [exc] * len(batch)
            for (_, future), error in zip(batch, results, strict=True):
                if not future.done():
                    future.set_result(None) if error is None else future.set_exception(error)

    async def _checkpoints(self) -> None:
        """Copy the SQLite log into the database file every :data:`CHECKPOINT_SECONDS`."""
        while True:
            await asyncio.sleep(CHECKPOINT_SECONDS)
            try:
                await asyncio.to_thread(self.store.checkpoint)
            except Exception:  # the next one copies what this one could not
                log.exception("checkpoint failed")

    async def _write_alone(self, entries: list[LogEntry]) -> BaseException | None:
        try:
            await self._append(entries)
        except Exception as exc:
            return exc
        return None

    async def _append(self, entries: list[LogEntry]) -> None:
        """Store ``entries``: on the loop when it may (PostgreSQL through psycopg, or
        :attr:`inline_writes`), else, or when another writer holds the database, from a worker thread."""
        if self._loop_writer is not None:
            await self._loop_writer.append(entries)
            return
        if self._log_writer is not None:
            try:
                self._log_writer.append(entries)
                return
            except StoreBusy:
                log.info("the database is locked by another writer: the log is written from a thread")
        await asyncio.to_thread(self.store.append, entries)

    async def _catch_up(self, table: Table) -> bool:
        """Apply the rows another process stored after ours (call with the table's lock); True
        when there were some."""
        entries = await asyncio.to_thread(self.store.log, table.id, table.seq)
        if entries:
            await self._refresh(table)
            self._apply(table, entries)
        return bool(entries)

    async def _refresh(self, table: Table) -> bool:
        """Read the table's seats, status and next table again (another process may have changed
        them); True when they changed."""
        record = await asyncio.to_thread(self.store.table, table.id)
        if record is None:
            return False
        mine = table.record
        changed = (mine.status, mine.next_table, mine.seats) != (record.status, record.next_table, record.seats)
        mine.status, mine.next_table = record.status, record.next_table
        mine.seats[:] = record.seats
        return changed

    # --- the other processes --------------------------------------------------------------------

    def _publish(self, kind: str, table_id: str | None = None, **fields: Any) -> None:
        """Tell the other processes of a change stored (queued: see :mod:`tavolo.online.fanout`)."""
        if self._redis is not None:
            self._redis.publish(kind, table_id, **fields)

    async def _on_message(self, message: dict[str, Any]) -> None:
        """What another process published: a table's new rows or record (read from the store by
        :meth:`_read_changes`), its clients at a table, that it is alive, joined or gone."""
        kind, process = message["kind"], message["p"]
        self.presence.heard_from(process)
        if kind in ("seq", "table"):
            if message.get("rows"):
                self._keep_rows(message["t"], message["rows"])
            self._heard_of(message["t"], int(message.get("seq", 0)), kind == "table")
        elif kind == "presence":
            if not offered(message.get("g", "")):  # never shown here: not kept
                return
            self.presence.update(process, message["t"], Counts.from_json(message))
            if message["t"] in self.clients:
                self._presence_changed(message["t"])
        elif kind == "sync":
            self._published.clear()  # the newcomer hears who is here from everyone
            for table_id in list(self._local):
                self._presence_changed(table_id)
            if message.get("again"):  # it lost Redis a while: what it published then was not heard
                self._read_all()
        elif kind == "gone":
            for table_id in self.presence.drop(process) & self.clients.keys():
                self._presence_changed(table_id)
        elif kind == "tournament" and self.on_tournament is not None and isinstance(message.get("name"), str):
            self._spawn(self.on_tournament(message["name"]))

    def _heard_of(self, table_id: str, seq: int, record: bool) -> None:
        """Another process stored rows of ``table_id`` up to ``seq`` and maybe changed its
        record: read them, if the table is here (or being read: then once it is)."""
        if table_id not in self.tables and table_id not in self._loads:
            return
        known_seq, known_record = self._heard.get(table_id, (0, False))
        self._heard[table_id] = (max(seq, known_seq), record or known_record)
        if table_id in self.tables:
            self._follow(table_id)

    def _keep_rows(self, table_id: str, rows: list[list[Any]]) -> None:
        """Keep the rows a ``seq`` message carried (``[seq, kind, payload, recorded_at]`` each) until
        they are applied, if the table is here (or being read)."""
        if table_id not in self.tables and table_id not in self._loads:
            return
        kept = self._rows.setdefault(table_id, {})
        for seq, kind, payload, at in rows:
            kept[int(seq)] = LogEntry(table_id, int(seq), str(kind), payload, float(at))

    async def _rows_after(self, table: Table, seq: int) -> list[LogEntry]:
        """The rows of ``table`` after its last, up to ``seq`` at least: the ones the messages
        carried when they follow on from it with no gap up to ``seq`` (reading them back cost the
        process that did not store a move a query and a thread's turn: about half its CPU under the
        paced bench), else read from the store."""
        kept = self._rows.pop(table.id, {})
        rows: list[LogEntry] = []
        while (row := kept.get(table.seq + 1 + len(rows))) is not None:
            rows.append(row)
        if rows and rows[-1].seq >= seq:
            return rows
        return await asyncio.to_thread(self.store.log, table.id, table.seq)

    def _read_all(self) -> None:
        """Read every open table here again (after messages may have been missed)."""
        for table in list(self.tables.values()):
            if table.record.status in OPEN or table.id in self.clients:
                self._heard_of(table.id, READ_ANYWAY, True)

    def _follow(self, table_id: str) -> None:
        """Read what was heard of ``table_id`` (:meth:`_read_changes`), one reader a table."""
        if table_id not in self._followers:
            self._followers[table_id] = asyncio.create_task(self._read_changes(table_id))

    async def _read_changes(self, table_id: str) -> None:
        """Read the rows and record changes another process announced for ``table_id``, tell the
        clients here, and let the bot or the timer act; announcements that come meanwhile are
        read together next."""
        try:
            while (heard := self._heard.pop(table_id, None)) is not None:
                table = self.tables.get(table_id)
                if table is None:
                    return
                seq, record = heard
                if seq <= table.seq and not record:
                    continue
                async with self._locks[table_id]:
                    before = table.record.next_table
                    changed = record and await self._refresh(table)
                    entries = await self._rows_after(table, seq) if seq > table.seq else []
                    if entries:
                        self._apply(table, entries)
                    elif changed:
                        self._broadcast(table)
                    if table.record.next_table != before:
                        self._tell_again(table)
                self._schedule(table)
        except Exception:  # the store out of reach: the next announcement reads it all again
            log.exception("reading the changes of table %s failed", table_id)
        finally:
            self._followers.pop(table_id, None)

    async def _on_joined(self) -> None:
        """Subscribed to the other processes (again: then read every table here anew, and ask them to)."""
        self._publish("sync", again=self._joined)
        if self._joined:
            self._read_all()
        self._joined = True

    async def _heartbeat(self) -> None:
        """Say this process is alive; forget the clients of processes silent too long."""
        while True:
            self._publish("alive")
            for table_id in self.presence.expire() & self.clients.keys():
                self._presence_changed(table_id)
            await asyncio.sleep(HEARTBEAT_SECONDS)

    # --- idle and closed tables -----------------------------------------------------------------

    @staticmethod
    async def _every(seconds: float, work: Callable[[], Awaitable[Any]], what: str) -> None:
        """Run ``work`` every ``seconds``; a failure (the store out of reach a moment) is logged as
        ``what`` and the next round tries again."""
        while True:
            await asyncio.sleep(seconds)
            try:
                await work()
            except Exception:
                log.exception("%s failed", what)

    async def sweep(self, now: float | None = None) -> list[str]:
        """Close the tables left idle (see the module docstring) and let closed tables nobody here
        watches leave memory; returns the ids of the tables closed. ``now``: epoch seconds."""
        now = time.time() if now is None else now
        closed = []
        for table in list(self.tables.values()):
            if table.record.status not in OPEN:
                if self._evict(table) and self._takeover is not None:
                    await self._takeover.forget([table.id])
            elif self._idle(table, now) and await self._abandon(table):
                closed.append(table.id)
        return closed

    def _idle(self, table: Table, now: float) -> bool:
        """No person acted at ``table`` for its idle time, and none seated there is connected (never
        a tournament's table: its round clock and the code decide, :mod:`tavolo.online.tournaments`)."""
        if table.record.tournament is not None:
            return False
        people = table.human_seats()
        limit = IDLE_ALONE_SECONDS if len(people) <= 1 else IDLE_TOGETHER_SECONDS
        if now - table.acted_at < limit:
            return False
        connected = self.connected(table)
        return not any(connected.get(seat) for seat in people)

    async def _abandon(self, table: Table) -> bool:
        """Close ``table`` as ``abandoned`` (False: it was finished or closed meanwhile)."""
        async with self._locks[table.id]:
            if not await asyncio.to_thread(self.store.set_status, table.id, ABANDONED, OPEN):
                await self._refresh(table)
                return False
            table.record.status = ABANDONED
            self._broadcast(table)
            self._schedule(table)
        log.info("table %s closed: nobody played there for a while", table.id)
        self._publish("table", table.id)
        return True

    def _evict(self, table: Table) -> bool:
        """Forget closed ``table`` once no client here has watched it for :data:`KEEP_CLOSED_SECONDS`
        (True: forgotten)."""
        now = time.monotonic()
        busy = table.id in self.clients or table.id in self._followers or self._locks[table.id].locked()
        if busy:
            self._closed_at.pop(table.id, None)
            return False
        if now - self._closed_at.setdefault(table.id, now) < KEEP_CLOSED_SECONDS:
            return False
        for mapping in (self.tables, self._locks, self._closed_at, self._untold, self._heard, self._rows):
            mapping.pop(table.id, None)
        if (task := self._tasks.pop(table.id, None)) is not None:
            task.cancel()
        for key in [k for k in self._bots if k[0] == table.id]:
            del self._bots[key]
        return True

    async def _advance(self, table: Table, schedule: bool = True) -> None:
        """After a change: deal when due, mark the end, then let the bot or the timer act (unless
        ``schedule`` is False: the caller schedules it)."""
        while entries := table.next_entries():
            try:
                await self._commit(table, entries)
            except SeqConflict:
                await self._catch_up(table)
        if table.over and table.record.status == "playing":
            table.record.status = "finished"
            await self._finish(table)
            if table.record.tournament is not None and self.on_finished is not None:
                self._spawn(self.on_finished(table))
            self._broadcast(table, self._untold.pop(table.id, []))
            self._publish("table", table.id, seq=table.seq)
        if schedule:
            self._schedule(table)

    async def _finish(self, table: Table) -> None:
        """Store the match's end and, once, the new ratings of its account holders."""
        returns = table.returns()
        names = [s.account for s in table.seats]
        known = await asyncio.to_thread(self.store.accounts, [n for n in names if n])
        new = rate(teams(table.state, len(names)), returns, [n if n in known else None for n in names],
                   {n: (a.mu, a.sigma) for n, a in known.items()}) if known else {}
        if await asyncio.to_thread(self.store.finish, table.id, returns, [(n, *r) for n, r in new.items()]):
            self.ratings.update({n: ordinal(*r) for n, r in new.items()})

    # --- tournaments' tables --------------------------------------------------------------------

    async def open_tables(self, records: list[TableRecord]) -> None:
        """Open a tournament round's tables, dealt at once (those another process opened already are
        not made twice: their ids are the tournament's)."""
        await asyncio.to_thread(self.store.create_tables, records)
        if self._takeover is not None:
            await self._takeover.serve([r.id for r in records])
        stored = await asyncio.to_thread(self.store.tables, [r.id for r in records])
        known = {r.id for r in stored if r.id in self.tables}  # held here already: read its record again
        tables = [self.tables.get(r.id) or await self._load(r) for r in stored]

        async def deal(table: Table) -> None:
            async with self._locks[table.id]:
                if table.id in known:
                    await self._refresh(table)
                await self._advance(table, schedule=False)

        # every table dealt first (their shuffles in one group commit), then the bots let go: a bot
        # moving at a table dealt early no longer holds up the dealing of the next ones
        await asyncio.gather(*(deal(table) for table in tables))
        for table in tables:
            self._schedule(table)

    async def settled(self, table_id: str) -> Table:
        """The table ``table_id`` with every row any process stored applied (a finished table's
        record read whole, whichever process finished it)."""
        table = await self.table(table_id)
        async with self._locks[table_id]:
            await self._catch_up(table)
            await self._refresh(table)
        return table

    async def begin(self, table_id: str) -> None:
        """A tournament's table whose players are all there is dealt (nothing if it began already)."""
        table = await self.table(table_id)
        async with self._locks[table_id]:
            if not await asyncio.to_thread(self.store.set_status, table_id, "playing", ("waiting",)):
                await self._refresh(table)
                return
            table.record.status = "playing"
            self._publish("table", table_id)
            await self._advance(table)

    async def close(self, table_id: str) -> None:
        """A tournament's table decided without play (a forfeit, an abandonment) is closed."""
        table = await self.table(table_id)
        if table.record.status in OPEN:
            await self._abandon(table)

    async def time_out(self, table_id: str) -> bool:
        """The round's time is out at ``table_id`` (codice art. 15): stored, then told; False when the
        table had ended or was told already."""
        table = await self.table(table_id)
        async with self._locks[table_id]:
            for _ in range(3):
                entries = table.timeout_entries()
                if not entries or table.record.status != "playing":
                    return False
                try:
                    await self._commit(table, entries)
                    break
                except SeqConflict:
                    await self._catch_up(table)
            await self._advance(table)
        return True

    async def replace_seat(self, table_id: str, seat: int, spec: str, name: str) -> None:
        """A bot plays ``seat`` from now on, as ``name`` (codice art. 33: a substitute for a player
        who did not come back); the seat's account stays on record."""
        table = await self.table(table_id)
        async with self._locks[table_id]:
            await self._refresh(table)
            current = self._seat(table, seat)
            if current.kind != "human":
                return
            _checked(lambda: table.view.make_bot(spec, table.game, seat, None), "spec")
            changed = SeatRecord(seat, _name(name), "bot", spec, None, current.account)
            if not await asyncio.to_thread(self.store.save_seat, table_id, changed, ("human",)):
                await self._refresh(table)
                return
            table.seats[seat] = changed
            self._broadcast(table)
            self._schedule(table)
        self._publish("table", table_id)

    def tournament_changed(self, name: str) -> None:
        """Tell the other processes that this one stored events of the tournament ``name``."""
        self._publish("tournament", name=name)

    def tournament_token(self, table_id: str, seat: int, account: str) -> str:
        """The seat token of ``account``'s ``seat`` at a tournament's table: keyed by the service's
        secret, so the tournament page gives it to that account alone, the same from any process."""
        return self._signed(f"tournament:{table_id}:{seat}:{account}")

    def _signed(self, message: str) -> str:
        """A token for ``message`` keyed by the service's secret (the same in every process)."""
        digest = hmac.new(self.secret, message.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._spawned.add(task)
        task.add_done_callback(self._spawned.discard)

    # --- helpers --------------------------------------------------------------------------------

    @staticmethod
    def _seat(table: Table, seat: int) -> SeatRecord:
        if not 0 <= seat < len(table.seats):
            raise Refusal("not_found", "No seat {seat} at this table", seat=seat)
        return table.seats[seat]

    def _creator(self, table: Table, token: str | None) -> None:
        if self.seat_of(table, token) != 0:
            raise Refusal("forbidden", "Only the table's creator can do this")


def _checked(make: Any, field: str | None = None) -> Any:
    """``make()``, its ``ValueError`` as a refusal naming the field at fault."""
    try:
        return make()
    except GameUnavailable as exc:
        raise Refusal("unavailable", "{game} is not available on this server: it needs the Python package "
                      "{package}", field="game", game=exc.game, package=exc.missing) from None
    except OptionError as exc:
        raise Refusal("bad_message", "{detail}", field=field or exc.field, detail=exc.args[0]) from None
    except (ValueError, TypeError) as exc:  # a Text (said in the reader's language) or a plain message
        raise Refusal("bad_message", "{detail}", field=field, detail=exc.args[0] if exc.args else str(exc)) from None


def _name(name: str) -> str:
    name = " ".join(str(name).split())[:NAME_LENGTH]
    if not name:
        raise Refusal("bad_message", "A name is needed", field="name")
    return name


def _bot_name(view: Any, spec: str, seat: int) -> str:
    """The name stored for a bot's seat, in Italian (the game's record and the finished
    games keep it); live pages show it in the reader's language from ``bot_label``.

    >>> from tavolo.online.views import view_of
    >>> _bot_name(view_of("burraco"), "heuristic:strong", 2)
    'Bot 2 (Forte)'
    """
    level = translate(view.bot_label(spec), DEFAULT_LANGUAGE, "web")
    return translate("Bot {number} ({level})", DEFAULT_LANGUAGE, "web", number=seat, level=level)
