"""The online tables' store (tavoli online): tables, seats, the append-only move
log of each table, accounts and their ratings.

The log is the truth: a table is rebuilt by replaying its rows in ``seq``
order. ``(table_id, seq)`` is unique, so two processes appending after the
same row collide and the second learns it lost (:class:`SeqConflict`).
Several tables' rows go down in one transaction (group commit)::

    >>> store = OnlineStore(make_online_engine("sqlite://"))
    >>> store.create_table(TableRecord("t1", "briscola", {"players": 2}, "off", "waiting", [
    ...     SeatRecord(0, "Anna", "human", None, "h0", None), SeatRecord(1, "", "bot", "simple", None, None)]))
    >>> store.append([LogEntry("t1", 1, "chance", {"outcome": [3, 1, 2]})])
    >>> [e.kind for e in store.log("t1")]
    ['chance']
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import orjson
from sqlalchemy import (
    JSON, Connection, DateTime, Engine, Float, ForeignKey, Index, Integer, String, UniqueConstraint, create_engine,
    event, insert, select, update,
)
from sqlalchemy.exc import IntegrityError, InvalidatePoolError, OperationalError
from sqlalchemy.orm import Mapped, mapped_column

from tavolo.store.migrate import upgrade
from tavolo.store.models import NAME_KEY_LENGTH, Base, name_key


class OnlineTableRow(Base):
    __tablename__ = "online_tables"
    __table_args__ = (Index("ix_online_tables_status_created", "status", "created_at"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    timer: Mapped[str] = mapped_column(String(16))
    status: Mapped[str] = mapped_column(String(16), index=True)
    result: Mapped[list[float] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    next_table: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The table the same seats moved on to (gioca ancora)."""
    tournament: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True), nullable=True)
    """For a table of an online tournament: ``{"id", "round", "table", "duplicate"}`` (never shown as is)."""


class OnlineSeatRow(Base):
    """Who sits where; ``token_hash`` is the SHA-256 of the seat token, never the token."""

    __tablename__ = "online_seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("online_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    kind: Mapped[str] = mapped_column(String(8))
    bot: Mapped[str | None] = mapped_column(String(60), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    account: Mapped[str | None] = mapped_column(String(40), nullable=True, index=True)


class OnlineLogRow(Base):
    """One applied action, chance outcome or 'continue', numbered from 1 per table."""

    __tablename__ = "online_log"
    __table_args__ = (UniqueConstraint("table_id", "seq", name="uq_online_log_seq"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[str] = mapped_column(String(32))
    seq: Mapped[int]
    kind: Mapped[str] = mapped_column(String(16))
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    recorded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class AccountRow(Base):
    """An optional account: argon2 hash of the password, OpenSkill rating (mu, sigma)."""

    __tablename__ = "online_accounts"
    __table_args__ = (Index("uq_online_accounts_name_key", "name_key", unique=True),)

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    name_key: Mapped[str] = mapped_column(String(NAME_KEY_LENGTH))
    """The name as :func:`~tavolo.store.models.name_key` folds it: unique, so names differ in more than case."""
    session_generation: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """Signed into the session cookie; logging out or a new password bumps it (every device logged out)."""
    former_name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    """What the account was called before migration 0006 told it apart from an older one's name."""


class SettingRow(Base):
    """A setting of the server kept in its database (the session cookie's secret)."""

    __tablename__ = "online_settings"

    key: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(String(200))


OPEN = ("waiting", "playing")
"""The statuses of a table people may still sit at or play: the lobby's, what a restart serves."""
ABANDONED = "abandoned"
"""A table nobody played at for a long while (see the table service): closed without a result, kept."""


class SeqConflict(Exception):
    """Another writer stored a row with the same ``(table_id, seq)`` first."""


class StoreBusy(Exception):
    """Another writer held the database for longer than the caller would wait: nothing stored."""


@dataclass
class SeatRecord:
    seat: int
    name: str
    kind: str
    """``free``, ``human`` or ``bot``."""
    bot: str | None
    token_hash: str | None
    account: str | None


@dataclass
class TableRecord:
    id: str
    game: str
    options: dict[str, Any]
    timer: str
    status: str
    seats: list[SeatRecord]
    result: list[float] | None = None
    created_at: datetime | None = None
    finished_at: datetime | None = None
    next_table: str | None = None
    tournament: dict[str, Any] | None = None
    """Set for a table of an online tournament: its tournament's id, round, table and whether the
    round's deals are the same at every table (``duplicate``)."""


@dataclass(frozen=True)
class LogEntry:
    table_id: str
    seq: int
    kind: str
    """``chance``, ``action`` or ``continue``."""
    payload: dict[str, Any]
    recorded_at: float | None = None
    """When it was stored (epoch seconds, to the microsecond a database keeps): as read back from
    the log, or as the writer stamped it (:meth:`OnlineStore.append` stores that time); None
    before, for the time of the write."""


@dataclass(frozen=True)
class Account:
    name: str
    password_hash: str
    mu: float
    sigma: float


BUSY_TIMEOUT_S = 30
"""How long a SQLite connection waits for another writer's lock before it gives up."""
PING_AFTER_IDLE_S = 1.0
"""A pooled connection that rested this long is pinged before use (see :func:`ping_when_idle`)."""


def make_online_engine(url: str) -> Engine:
    """An engine for ``url`` (a bare path is a SQLite file, in WAL mode), migrated to the latest schema."""
    if "://" not in url:
        url = f"sqlite:///{url}"
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_S, "check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
    else:
        engine = create_engine(url, pool_size=10)
        ping_when_idle(engine)
    upgrade(engine)
    return engine


def ping_when_idle(engine: Engine, idle_s: float = PING_AFTER_IDLE_S) -> None:
    """Ping a pooled connection before use when it rested in the pool more than ``idle_s`` (a
    database restarted meanwhile: the pool is thrown away and a fresh connection serves), as
    ``pool_pre_ping`` does before every use. Under load the connections rest milliseconds: its
    ``SELECT 1`` was one round trip of four in each stored move (with ``BEGIN``, the ``INSERT``,
    ``COMMIT``), about 0.08 ms of the server's CPU and some of PostgreSQL's, every move.

        >>> engine = create_engine("sqlite://")
        >>> ping_when_idle(engine, idle_s=0.0)
        >>> with engine.connect() as connection:
        ...     pass
        >>> with engine.connect() as connection:  # pinged: it rested more than 0 s
        ...     connection.exec_driver_sql("select 2").scalar()
        2
    """

    def rested(_dbapi_connection: Any, record: Any) -> None:
        record.info["rested_at"] = time.monotonic()

    def checked_out(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        rested_at = record.info.get("rested_at")
        if rested_at is None or time.monotonic() - rested_at <= idle_s:
            return
        try:
            engine.dialect.do_ping(dbapi_connection)
        except engine.dialect.loaded_dbapi.Error as error:
            if not engine.dialect.is_disconnect(error, dbapi_connection, None):
                raise
            raise InvalidatePoolError() from None

    event.listen(engine, "checkin", rested)
    event.listen(engine, "checkout", checked_out)


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


class OnlineStore:
    """Reads and writes the online tables (synchronous: call it from a worker thread)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @property
    def local(self) -> bool:
        """A SQLite database: a write is a local file's, with no network to wait for.

        >>> OnlineStore(make_online_engine("sqlite://")).local
        True
        """
        return self.engine.dialect.name == "sqlite"

    def checkpoint(self) -> tuple[int, int]:
        """Copy what the SQLite log holds into the database file without waiting for anyone (a
        passive checkpoint); returns the pages in the log and those copied so far.

        >>> store = OnlineStore(make_online_engine("sqlite://"))
        >>> store.checkpoint()
        (-1, -1)
        """
        with self.engine.connect() as connection:
            _, pages, copied = connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)").one()
        return pages, copied

    def ping(self) -> None:
        with self.engine.connect() as connection:
            connection.execute(select(1))

    # --- tables and seats ---------------------------------------------------------------------

    def create_table(self, table: TableRecord) -> None:
        with self.engine.begin() as connection:
            self._insert_table(connection, table)

    @staticmethod
    def _insert_table(connection: Connection, table: TableRecord) -> None:
        connection.execute(insert(OnlineTableRow), [dict(
            id=table.id, game=table.game, options=table.options, timer=table.timer, status=table.status,
            result=None, created_at=table.created_at or datetime.now(UTC), tournament=table.tournament)])
        connection.execute(insert(OnlineSeatRow), [_seat_row(table.id, s) for s in table.seats])

    def create_tables(self, tables: Sequence[TableRecord]) -> None:
        """Create those of ``tables`` whose id is not taken yet, in one transaction (a tournament's
        round: two processes opening it at once create each table once)."""
        with self.engine.begin() as connection:
            taken = set(connection.scalars(select(OnlineTableRow.id).where(
                OnlineTableRow.id.in_([t.id for t in tables]))))
            for table in tables:
                if table.id not in taken:
                    self._insert_table(connection, table)

    def save_seat(self, table_id: str, seat: SeatRecord, kinds: Sequence[str] = ()) -> bool:
        """Store ``seat``; with ``kinds``, only where the stored seat is of one of them (a seat
        two processes give at once goes to one: the other gets False and nothing changes)."""
        values = _seat_row(table_id, seat)
        where = [OnlineSeatRow.table_id == table_id, OnlineSeatRow.seat == seat.seat]
        if kinds:
            where.append(OnlineSeatRow.kind.in_(kinds))
        with self.engine.begin() as connection:
            return connection.execute(update(OnlineSeatRow).where(*where).values(**values)).rowcount == 1

    def set_status(self, table_id: str, status: str, before: Sequence[str] = ()) -> bool:
        """Store the table's ``status``; with ``before``, only from one of those (False: it
        had moved on already, nothing changed). A table left ``abandoned`` gets its end time."""
        where = [OnlineTableRow.id == table_id]
        if before:
            where.append(OnlineTableRow.status.in_(before))
        values: dict[str, Any] = {"status": status}
        if status == ABANDONED:
            values["finished_at"] = datetime.now(UTC)
        with self.engine.begin() as connection:
            return connection.execute(update(OnlineTableRow).where(*where).values(**values)).rowcount == 1

    def finish(self, table_id: str, result: list[float], ratings: Iterable[tuple[str, float, float]] = ()) -> bool:
        """Mark the table finished with its ``result`` and store the players' new
        ratings, in one transaction; False (and nothing changed) when it was
        finished already (or left abandoned), so a match is rated once however many processes see it end."""
        with self.engine.begin() as connection:
            done = connection.execute(update(OnlineTableRow).where(
                OnlineTableRow.id == table_id, OnlineTableRow.status.in_(OPEN)).values(
                status="finished", result=result, finished_at=datetime.now(UTC)))
            if done.rowcount != 1:
                return False
            for name, mu, sigma in ratings:
                connection.execute(update(AccountRow).where(AccountRow.name == name).values(mu=mu, sigma=sigma))
        return True

    def create_next(self, table_id: str, table: TableRecord) -> str:
        """Create ``table`` as the one the seats of ``table_id`` move on to (gioca
        ancora), in one transaction, unless such a table exists already; returns
        the id of the one that does."""
        with self.engine.begin() as connection:
            linked = connection.execute(update(OnlineTableRow).where(
                OnlineTableRow.id == table_id, OnlineTableRow.next_table.is_(None)).values(next_table=table.id))
            if linked.rowcount == 1:
                self._insert_table(connection, table)
            return connection.execute(select(OnlineTableRow.next_table).where(OnlineTableRow.id == table_id)).scalar_one()

    def table(self, table_id: str) -> TableRecord | None:
        tables = self._tables(OnlineTableRow.id == table_id)
        return tables[0] if tables else None

    def tables(self, table_ids: list[str]) -> list[TableRecord]:
        """The tables of ``table_ids`` that exist (one query, however many)."""
        return self._tables(OnlineTableRow.id.in_(table_ids)) if table_ids else []

    def unfinished(self) -> list[TableRecord]:
        """Every table waiting or being played: what a restarted server serves again (not the
        finished ones, nor those left abandoned)."""
        return self._tables(OnlineTableRow.status.in_(OPEN))

    def last_moves(self) -> list[tuple[str, datetime]]:
        """Each table being played that moves by itself (a bot seated, or a move timer), with the time
        of its last row (its making when it has none): what a process looks through for tables no
        living process moves (:meth:`~tavolo.online.service.TableService.rescue`)."""
        last = (select(OnlineLogRow.recorded_at).where(OnlineLogRow.table_id == OnlineTableRow.id)
                .order_by(OnlineLogRow.seq.desc()).limit(1).scalar_subquery())
        has_bot = (select(OnlineSeatRow.seat).where(OnlineSeatRow.table_id == OnlineTableRow.id,
                                                    OnlineSeatRow.kind == "bot").exists())
        query = select(OnlineTableRow.id, last, OnlineTableRow.created_at).where(
            OnlineTableRow.status == "playing", (OnlineTableRow.timer != "off") | has_bot)
        with self.engine.connect() as connection:
            return [(table_id, at or made) for table_id, at, made in connection.execute(query)]

    def lobby(self, offset: int, limit: int) -> list[TableRecord]:
        """A page of the open tables (waiting or being played), newest first."""
        return self._tables(OnlineTableRow.status.in_(OPEN) & OnlineTableRow.tournament.is_(None), newest=True,
                            offset=offset, limit=limit)

    def _tables(self, where: Any, newest: bool = False, offset: int = 0, limit: int | None = None) -> list[TableRecord]:
        order = (OnlineTableRow.created_at.desc(), OnlineTableRow.id) if newest else (OnlineTableRow.created_at,)
        with self.engine.connect() as connection:
            query = select(OnlineTableRow).where(where).order_by(*order).offset(offset).limit(limit)
            rows = connection.execute(query).all()
            ids = [r.id for r in rows]
            seats: dict[str, list[SeatRecord]] = {i: [] for i in ids}
            if ids:
                query = select(OnlineSeatRow).where(OnlineSeatRow.table_id.in_(ids)).order_by(OnlineSeatRow.seat)
                for s in connection.execute(query):
                    seats[s.table_id].append(SeatRecord(s.seat, s.name, s.kind, s.bot, s.token_hash, s.account))
        return [TableRecord(r.id, r.game, r.options, r.timer, r.status, seats[r.id], r.result, r.created_at,
                            r.finished_at, r.next_table, r.tournament) for r in rows]

    def finished_tables_of(self, account: str, limit: int = 50) -> list[TableRecord]:
        """The finished tables where ``account`` sat, newest first."""
        query = (select(OnlineSeatRow.table_id).join(OnlineTableRow, OnlineTableRow.id == OnlineSeatRow.table_id)
                 .where(OnlineSeatRow.account == account, OnlineTableRow.status == "finished"))
        with self.engine.connect() as connection:
            ids = [row[0] for row in connection.execute(query)]
        tables = self._tables(OnlineTableRow.id.in_(ids)) if ids else []
        return sorted(tables, key=lambda t: t.finished_at or t.created_at, reverse=True)[:limit]

    # --- the log ------------------------------------------------------------------------------

    def append(self, entries: Sequence[LogEntry]) -> None:
        """Store ``entries`` in one transaction, all or none; :class:`SeqConflict`
        when a ``(table_id, seq)`` is taken."""
        with self.engine.begin() as connection:
            _insert_log(connection, entries)

    def log_writer(self, wait_ms: int) -> LogWriter:
        """A :class:`LogWriter` on this (SQLite) database that waits at most ``wait_ms`` for a lock."""
        return LogWriter(self.engine, wait_ms)

    def loop_writer(self) -> LoopLogWriter | None:
        """A :class:`LoopLogWriter` on this database, or None where there is none (a database other
        than PostgreSQL through psycopg).

        >>> OnlineStore(make_online_engine("sqlite://")).loop_writer() is None
        True
        """
        if self.engine.dialect.name != "postgresql" or self.engine.dialect.driver != "psycopg":
            return None
        return LoopLogWriter(self.engine)

    def log(self, table_id: str, after: int = 0) -> list[LogEntry]:
        query = (select(OnlineLogRow.seq, OnlineLogRow.kind, OnlineLogRow.payload, OnlineLogRow.recorded_at)
                 .where(OnlineLogRow.table_id == table_id, OnlineLogRow.seq > after).order_by(OnlineLogRow.seq))
        with self.engine.connect() as connection:
            return [LogEntry(table_id, seq, kind, payload, epoch(at)) for seq, kind, payload, at
                    in connection.execute(query)]

    # --- accounts -----------------------------------------------------------------------------

    def create_account(self, account: Account) -> bool:
        """False when the name is taken."""
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(AccountRow), [dict(
                    name=account.name, name_key=name_key(account.name), password_hash=account.password_hash,
                    mu=account.mu, sigma=account.sigma,
                    created_at=datetime.now(UTC))])
        except IntegrityError:
            return False
        return True

    def account(self, name: str) -> Account | None:
        """The account called ``name`` without regard to case, or None."""
        with self.engine.connect() as connection:
            row = connection.execute(select(AccountRow).where(AccountRow.name_key == name_key(name))).first()
        return Account(row.name, row.password_hash, row.mu, row.sigma) if row else None

    def accounts(self, names: Iterable[str]) -> dict[str, Account]:
        """The accounts among ``names``, by name."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(AccountRow).where(AccountRow.name.in_(set(names)))).all()
        return {r.name: Account(r.name, r.password_hash, r.mu, r.sigma) for r in rows}

    # --- settings -----------------------------------------------------------------------------

    def setting(self, key: str, make: Callable[[], str]) -> str:
        """The setting ``key``, stored as ``make()`` the first time it is asked for
        (the first of several processes to store it wins)."""
        with self.engine.connect() as connection:
            value = connection.execute(select(SettingRow.value).where(SettingRow.key == key)).scalar()
        if value is not None:
            return value
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(SettingRow), [dict(key=key, value=make())])
        except IntegrityError:
            pass
        return self.setting(key, make)


def _seat_row(table_id: str, seat: SeatRecord) -> dict[str, Any]:
    return dict(table_id=table_id, seat=seat.seat, name=seat.name, kind=seat.kind, bot=seat.bot,
                token_hash=seat.token_hash, account=seat.account)


def epoch(moment: datetime) -> float:
    """Epoch seconds of a stored time (SQLite gives it back without its zone: UTC)."""
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).timestamp()


def _insert_log(connection: Connection, entries: Sequence[LogEntry]) -> None:
    """Insert ``entries`` in ``connection``'s transaction, stored at their ``recorded_at`` (now
    for those without); :class:`SeqConflict` when a ``(table_id, seq)`` is taken."""
    now = datetime.now(UTC)
    try:
        connection.execute(insert(OnlineLogRow), [
            dict(table_id=e.table_id, seq=e.seq, kind=e.kind, payload=e.payload,
                 recorded_at=now if e.recorded_at is None else datetime.fromtimestamp(e.recorded_at, UTC))
            for e in entries])
    except IntegrityError as exc:
        raise SeqConflict(str(exc.orig)) from None


class LogWriter:
    """The log's writes from an event loop (SQLite): on a connection of their own, which waits
    at most ``wait_ms`` for another writer's lock (then :class:`StoreBusy`, nothing stored: the
    caller writes from a thread instead) and never copies the write-ahead log into the database
    file, the one step of a commit that waits for the disk (fsyncs): whoever writes through it
    calls :meth:`OnlineStore.checkpoint` from a thread.

        >>> store = OnlineStore(make_online_engine("sqlite://"))
        >>> writer = store.log_writer(wait_ms=10)
        >>> writer.connection.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar()
        0
        >>> writer.close()
    """

    def __init__(self, engine: Engine, wait_ms: int) -> None:
        self.connection = engine.connect()
        self.connection.detach()  # its settings are its own: closed, not given back to the pool
        self.connection.exec_driver_sql(f"PRAGMA busy_timeout={int(wait_ms)}")
        self.connection.exec_driver_sql("PRAGMA wal_autocheckpoint=0")
        self.connection.commit()

    def append(self, entries: Sequence[LogEntry]) -> None:
        """:meth:`OnlineStore.append` on this connection; :class:`StoreBusy` when it is locked."""
        try:
            with self.connection.begin():
                _insert_log(self.connection, entries)
        except OperationalError as exc:
            if "locked" not in str(exc.orig):
                raise
            raise StoreBusy(str(exc.orig)) from None

    def close(self) -> None:
        self.connection.close()


LOG_INSERT = "INSERT INTO online_log (table_id, seq, kind, payload, recorded_at) VALUES (%s, %s, %s, %s, %s)"


class LoopLogWriter:
    """The log's writes from an event loop on PostgreSQL: psycopg's own asyncio connection, with no
    worker thread and no SQLAlchemy between (each of the paced bench's moves stored from a thread
    took 0.5-0.7 ms of the process's CPU, on the loop 0.3). One connection of its own, opened on the
    first write, autocommit but for each write's transaction; pinged before a write when it rested
    more than :data:`PING_AFTER_IDLE_S`, and opened anew after a write that failed on it."""

    def __init__(self, engine: Engine) -> None:
        _, params = engine.dialect.create_connect_args(engine.url)
        self.params = {key: value for key, value in params.items() if key != "context"}
        self.connection: Any = None
        self.used_at = 0.0

    async def append(self, entries: Sequence[LogEntry]) -> None:
        """:meth:`OnlineStore.append` from the loop: all or none; :class:`SeqConflict` when a
        ``(table_id, seq)`` is taken."""
        import psycopg

        now = datetime.now(UTC)
        rows = [(e.table_id, e.seq, e.kind, orjson.dumps(e.payload, option=orjson.OPT_NON_STR_KEYS).decode(),
                 now if e.recorded_at is None else datetime.fromtimestamp(e.recorded_at, UTC)) for e in entries]
        connection = await self._connected()
        try:
            async with connection.transaction(), connection.cursor() as cursor:
                await cursor.executemany(LOG_INSERT, rows)
        except psycopg.errors.UniqueViolation as exc:
            raise SeqConflict(str(exc)) from None
        except psycopg.Error:
            await self.close()  # the next write opens a fresh one
            raise
        finally:
            self.used_at = time.monotonic()

    async def _connected(self) -> Any:
        import psycopg

        if self.connection is not None and time.monotonic() - self.used_at > PING_AFTER_IDLE_S:
            try:
                await self.connection.execute("SELECT 1")
            except psycopg.Error:
                await self.close()
        if self.connection is None:
            self.connection = await psycopg.AsyncConnection.connect(**self.params, autocommit=True)
        return self.connection

    async def close(self) -> None:
        if self.connection is not None:
            connection, self.connection = self.connection, None
            try:
                await connection.close()
            except Exception:  # a connection the database dropped: nothing to close
                pass
