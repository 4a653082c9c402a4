"""The table service: every table of this process, its log written before anyone
is told, its bots and timer, and the clients watching it.

All of it runs on one asyncio loop; the log is written in group commits (every
entry waiting goes down in one transaction), on the loop itself for a SQLite file
served by this process alone (see :attr:`TableService.inline_writes`), else from
a worker thread; bots choose in a thread pool so that a slow one never holds the loop.
With ``redis_url`` several processes serve the same tables: each publishes
the new ``seq`` of a table after storing it, the others read the new rows.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import logging
import secrets
import time
from collections import defaultdict, deque
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import orjson

from tavolo.engine.agent import Agent
from tavolo.i18n import DEFAULT_LANGUAGE, translate
from tavolo.online.messages import Refusal
from tavolo.online.ratings import ordinal, rate, teams
from tavolo.online.tables import Event, Table, told_to
from tavolo.online.views import GameUnavailable, OptionError, view_of
from tavolo.store.online import LogEntry, LogWriter, OnlineStore, SeatRecord, SeqConflict, StoreBusy, TableRecord

log = logging.getLogger(__name__)

TIMERS = ("off", "relaxed", "code")
NAME_LENGTH = 40


def token_hash(token: str) -> str:
    """What is stored of a seat token: its SHA-256, hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def move_seconds(cards_in_hand: int, timer: str) -> float:
    """The time for a move (codice art. 32 bis): 10 s under 4 cards, 20 s under 11,
    40 s otherwise; ``relaxed`` triples it.

    >>> move_seconds(3, "code"), move_seconds(10, "code"), move_seconds(11, "relaxed")
    (10, 20, 120)
    """
    seconds = 10 if cards_in_hand < 4 else 20 if cards_in_hand < 11 else 40
    return seconds * (3 if timer == "relaxed" else 1)


INLINE_WAIT_MS = 10
"""How long a write on the loop waits for another writer's lock before it goes to a thread."""

CHECKPOINT_SECONDS = 1.0
"""How often the SQLite log written on the loop is copied into the database file (SQLite's own
threshold, 1,000 pages of log, came every second or two at the paced bench's 1,000 moves a second)."""

QUEUE_LENGTH = 2000
"""Frames a client may fall behind before it is disconnected (it reconnects for a full state)."""


def encode(frame: dict[str, Any]) -> str:
    """A frame as the text the socket sends (JSON, made once however many clients get it).

    >>> encode({"type": "ack", "seq": 3, "ref": None})
    '{"type":"ack","seq":3,"ref":null}'
    """
    return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()


class Client:
    """A connected seat or spectator: frames wait in ``frames`` for its socket, already
    encoded; a ``None`` ends it. A client that falls :data:`QUEUE_LENGTH` frames behind is
    cut off whole (``lagging``), never left with some frames dropped. ``logged``: it has
    had the table's recent events (the first ``state`` after hello carries them)::

        >>> client = Client(0, "it", length=2)
        >>> client.push({"n": 0})
        >>> client.frames.popleft()
        '{"n":0}'
        >>> for n in range(3):
        ...     client.push({"n": n})
        >>> client.lagging, list(client.frames)
        (True, [None])
    """

    def __init__(self, seat: int | None, lang: str, length: int | None = None) -> None:
        self.seat = seat
        self.lang = lang
        self.frames: deque[str | None] = deque()
        """A plain deque and one waiter (not an asyncio.Queue: its bookkeeping, loop checks
        and waiter lists took ~6% of the loop's time under the bench's saturated load)."""
        self.length = length or QUEUE_LENGTH
        self.lagging = False
        self.logged = False
        self._waiter: asyncio.Future[None] | None = None

    def push(self, frame: dict[str, Any] | str | None) -> None:
        """Queue ``frame`` (a dict, or text :func:`encode` made); None closes the socket."""
        if self.lagging:
            return
        if len(self.frames) < self.length:
            self.frames.append(encode(frame) if isinstance(frame, dict) else frame)
        else:
            log.info("client of seat %s fell %d frames behind: disconnected", self.seat, self.length)
            self.lagging = True
            self.frames.clear()
            self.frames.append(None)
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(None)

    async def next(self) -> str | None:
        """The next frame to send, waiting for one."""
        while not self.frames:
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        return self.frames.popleft()


class TableService:
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

        A database over the network (PostgreSQL), or a file other processes serve too, keeps the
        thread."""
        self._log_writer: LogWriter | None = None
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
        self._untold: dict[str, list[Event]] = {}
        """The events of a match's last entries, told once its result is stored."""
        self.ratings: dict[str, float] = {}
        """The shown rating (ordinal) of each account seated at a table of this process."""

    # --- life cycle -----------------------------------------------------------------------------

    async def start(self) -> None:
        """Rebuild every unfinished table from its log, then serve."""
        self._background.append(asyncio.create_task(self._writer()))
        if self.inline_writes:
            self._log_writer = self.store.log_writer(INLINE_WAIT_MS)
            self._background.append(asyncio.create_task(self._checkpoints()))
        for record in await asyncio.to_thread(self.store.unfinished):
            try:
                table = await self._load(record)
            except Refusal as exc:  # its game is not available here: every other table is served
                log.warning("table %s not resumed: %s", record.id, exc)
                continue
            async with self._locks[table.id]:
                await self._advance(table)
        if self.redis_url:
            from tavolo.online.fanout import RedisFanout

            self._redis = RedisFanout(self.redis_url, self._on_remote_seq)
            await self._redis.start()

    async def stop(self) -> None:
        for task in [*self._tasks.values(), *self._background]:
            task.cancel()
        if self._redis is not None:
            await self._redis.stop()
        if self._log_writer is not None:
            self._log_writer.close()
        self._pool.shutdown(wait=False, cancel_futures=True)

    async def _load(self, record: TableRecord) -> Table:
        table = _checked(lambda: Table(record))
        for entry in await asyncio.to_thread(self.store.log, record.id):
            table.apply(entry)
        self.tables[table.id] = table
        await self._remember_ratings(table)
        return table

    async def _remember_ratings(self, table: Table) -> None:
        """Read the ratings of the table's account holders not known yet."""
        names = {s.account for s in table.seats if s.account and s.account not in self.ratings}
        if names:
            for name, account in (await asyncio.to_thread(self.store.accounts, names)).items():
                self.ratings[name] = ordinal(account.mu, account.sigma)

    async def table(self, table_id: str) -> Table:
        """The table ``table_id`` (read from the store when another process made it)."""
        table = self.tables.get(table_id)
        if table is None:
            record = await asyncio.to_thread(self.store.table, table_id)
            if record is None:
                raise Refusal("not_found", "No table {table}", table=table_id[:40])
            table = await self._load(record)
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
            table.seats[seat] = SeatRecord(seat, _name(account or name), "human", None, token_hash(token), account)
            await asyncio.to_thread(self.store.save_seat, table_id, table.seats[seat])
            await self._remember_ratings(table)
        self._broadcast(table)
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
                table.seats[seat] = SeatRecord(seat, "", "free", None, None, None)
            else:
                _checked(lambda: table.view.make_bot(spec, table.game, seat, None), "spec")
                table.seats[seat] = SeatRecord(seat, _bot_name(table.view, spec, seat), "bot", spec, None, None)
            await asyncio.to_thread(self.store.save_seat, table_id, table.seats[seat])
        self._broadcast(table)

    async def start_table(self, table_id: str, token: str | None) -> None:
        table = await self.table(table_id)
        async with self._locks[table_id]:
            await self._refresh(table)
            self._creator(table, token)
            if table.record.status != "waiting":
                raise Refusal("conflict", "The game has already started")
            if any(s.kind == "free" for s in table.seats):
                raise Refusal("conflict", "A seat is still free")
            await asyncio.to_thread(self.store.set_status, table_id, "playing")
            table.record.status = "playing"
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
        for client in self.clients.get(table.id, ()):
            if client.seat is not None and table.seats[client.seat].kind == "human":
                client.push({"type": "again", "table_id": table.record.next_table, "seat": client.seat,
                             "token": self._again_token(table, client.seat, table.record.next_table)})
        self._broadcast(table)

    def _again_token(self, table: Table, seat: int, next_id: str) -> str:
        """The token of ``seat`` at ``next_id``, the table ``table`` is played again at:
        keyed by the service's secret and the seat's token hash at ``table``, so only
        who holds that seat (or the server) can have it, and it reads the same each time."""
        message = f"{next_id}:{seat}:{table.seats[seat].token_hash}".encode()
        return base64.urlsafe_b64encode(hmac.new(self.secret, message, hashlib.sha256).digest()).decode().rstrip("=")

    def lobby(self) -> list[Table]:
        return [t for t in self.tables.values() if t.record.status != "finished"]

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
            return entries[-1].seq

    async def proceed(self, table_id: str, seat: int) -> None:
        """``seat`` is done looking at the hand's end ("continue")."""
        table = await self.table(table_id)
        async with self._locks[table_id]:
            await self._commit(table, table.continue_entries(seat))
            await self._advance(table)

    # --- clients --------------------------------------------------------------------------------

    def connect(self, table: Table, client: Client) -> None:
        self.clients[table.id].add(client)
        self._broadcast(table)

    def disconnect(self, table: Table, client: Client) -> None:
        self.clients[table.id].discard(client)
        self._broadcast(table)

    def connected(self, table: Table) -> dict[int, int]:
        counts: dict[int, int] = defaultdict(int)
        for client in self.clients.get(table.id, ()):
            if client.seat is not None:
                counts[client.seat] += 1
        return counts

    def info(self, table: Table) -> dict[str, Any]:
        """The table's ``TableInfo``: who is connected, the account holders' ratings."""
        return table.info(self.connected(table), self.ratings)

    def state_frame(self, table: Table, seat: int | None, info: dict[str, Any] | orjson.Fragment | None = None,
                    log: bool = False, events: list[dict[str, Any]] | orjson.Fragment = ()) -> dict[str, Any]:
        """The ``state`` frame of ``seat`` with the ``events`` that led to it; ``log``: with the
        recent events (first after hello)."""
        return {"type": "state", "seq": table.seq, "table": info or self.info(table),
                "view": table.seat_view(seat, self.deadline_ms(table), log), "events": events or []}

    def deadline(self, table: Table) -> float | None:
        """When the seat to act runs out of time (epoch seconds), for a person at a table with a
        timer (codice art. 32 bis), from the stored turn's start (a restart keeps it); else None."""
        seat = table.to_act
        if seat < 0 or table.record.timer == "off" or table.seats[seat].kind == "bot":
            return None
        seconds = move_seconds(table.view.hand_size(table.state, seat), table.record.timer) * self.timer_scale
        return table.changed_at + seconds

    def deadline_ms(self, table: Table) -> int | None:
        """:meth:`deadline` in epoch ms, as the ``View`` carries it."""
        deadline = self.deadline(table)
        return None if deadline is None else int(deadline * 1000)

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
        """Store ``entries`` (group commit), then apply them and tell every client."""
        future = asyncio.get_running_loop().create_future()
        self._pending.append((entries, future))
        self._wake.set()
        await future
        if self._apply(table, entries, hold_end=True) and self._redis is not None:
            await self._redis.publish(table.id, table.seq)

    def _apply(self, table: Table, entries: list[LogEntry], hold_end: bool = False) -> bool:
        """Apply stored ``entries`` and tell every client; with ``hold_end``, the entries that
        end the match are told only once its result is stored (:meth:`_advance`): False then."""
        events = [e for e in (table.apply(entry) for entry in entries) if e is not None]
        if hold_end and table.state.is_terminal() and table.record.status == "playing":
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
        """Store ``entries``: on the loop when it may (:attr:`inline_writes`), else, or when
        another writer holds the database, from a worker thread."""
        if self._log_writer is not None:
            try:
                self._log_writer.append(entries)
                return
            except StoreBusy:
                log.info("the database is locked by another writer: the log is written from a thread")
        await asyncio.to_thread(self.store.append, entries)

    async def _catch_up(self, table: Table) -> None:
        """Apply the rows another process stored after ours (call with the table's lock)."""
        entries = await asyncio.to_thread(self.store.log, table.id, table.seq)
        if entries:
            await self._refresh(table)
            self._apply(table, entries)

    async def _refresh(self, table: Table) -> None:
        """Read the table's seats and status again (another process may have changed them)."""
        record = await asyncio.to_thread(self.store.table, table.id)
        if record is not None:
            table.record.status = record.status
            table.record.next_table = record.next_table
            table.record.seats[:] = record.seats

    async def _on_remote_seq(self, table_id: str, seq: int) -> None:
        table = self.tables.get(table_id)
        if table is None or seq <= table.seq:
            return
        async with self._locks[table_id]:
            await self._catch_up(table)
        self._schedule(table)

    async def _advance(self, table: Table) -> None:
        """After a change: deal when due, mark the end, then let the bot or the timer act."""
        while entries := table.next_entries():
            try:
                await self._commit(table, entries)
            except SeqConflict:
                await self._catch_up(table)
        if table.state.is_terminal() and table.record.status == "playing":
            table.record.status = "finished"
            await self._finish(table)
            self._broadcast(table, self._untold.pop(table.id, []))
            if self._redis is not None:
                await self._redis.publish(table.id, table.seq)
        self._schedule(table)

    async def _finish(self, table: Table) -> None:
        """Store the match's end and, once, the new ratings of its account holders."""
        returns = table.state.returns()
        names = [s.account for s in table.seats]
        known = await asyncio.to_thread(self.store.accounts, [n for n in names if n])
        new = rate(teams(table.state, len(names)), returns, [n if n in known else None for n in names],
                   {n: (a.mu, a.sigma) for n, a in known.items()}) if known else {}
        if await asyncio.to_thread(self.store.finish, table.id, returns, [(n, *r) for n, r in new.items()]):
            self.ratings.update({n: ordinal(*r) for n, r in new.items()})

    # --- bots and the timer ---------------------------------------------------------------------

    def _schedule(self, table: Table) -> None:
        task = self._tasks.pop(table.id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        seat = table.to_act
        if seat < 0:
            return
        if table.seats[seat].kind == "bot":
            self._tasks[table.id] = asyncio.create_task(self._bot_turn(table, seat, table.seq))
        elif (deadline := self.deadline(table)) is not None:  # the clients had it in the last state
            self._tasks[table.id] = asyncio.create_task(self._timer_turn(table, seat, table.seq, deadline))

    def _bot(self, table: Table, seat: int) -> Agent:
        key = (table.id, seat)
        if key not in self._bots:
            seed = secrets.randbits(63)
            self._bots[key] = table.view.make_bot(table.seats[seat].bot or "", table.game, seat, seed)
        return self._bots[key]

    async def _bot_turn(self, table: Table, seat: int, seq: int) -> None:
        await asyncio.sleep(self.pace)
        obs, legal = table.state.observation(seat), list(table.state.legal_actions())
        action = await asyncio.get_running_loop().run_in_executor(self._pool, self._bot(table, seat).choose, obs, legal)
        await self._act(table, seat, seq, [action])

    async def _timer_turn(self, table: Table, seat: int, seq: int, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()))
        await self._act(table, seat, seq, table.timer_actions(seat), timer=True)

    async def _act(self, table: Table, seat: int, seq: int, actions: list[int], timer: bool = False) -> None:
        async with self._locks[table.id]:
            if table.seq != seq:
                return
            try:
                await self._commit(table, table.action_entries(seat, actions, timer))
            except SeqConflict:
                await self._catch_up(table)
            await self._advance(table)

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
        raise Refusal("bad_message", "{detail}", field=field or exc.field, detail=str(exc)) from None
    except (ValueError, TypeError) as exc:
        raise Refusal("bad_message", "{detail}", field=field, detail=str(exc)) from None


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
