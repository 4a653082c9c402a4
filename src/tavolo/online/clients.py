"""The clients of this process's tables (i giocatori collegati): each socket's queue of frames, and
who is connected to each table over every process (:mod:`tavolo.online.presence`).

The contract with the table service (:class:`~tavolo.online.service.TableService`, which
:class:`Clients` is a part of): the web server calls :meth:`Clients.connect` once a socket said
hello and :meth:`Clients.disconnect` when it goes; the service's ``clients`` (table -> the
:class:`Client` objects here) is what its broadcasts reach. This process's own counts are
``_local``; the other processes' come in ``presence``; a change goes out at most once every
:data:`PRESENCE_SECONDS` a table, to the other processes (the service's ``_publish``) and to the
clients here, as a small ``presence`` frame.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter, deque
from collections.abc import Callable
from typing import Any

import orjson

from tavolo.online.presence import Counts, Presence
from tavolo.online.tables import Table

log = logging.getLogger(__name__)

QUEUE_LENGTH = 2000
"""Frames a client may fall behind before it is disconnected (it reconnects for a full state)."""

PRESENCE_SECONDS = 0.5
"""At most one ``presence`` frame a table this often: a crowd coming and going costs a small frame
to everyone now and then, not a whole state to everyone at each socket (10,000 spectators made
10,000 x 10,000 states)."""
CROWD = 1000
"""Clients gone after which the memory they held is given back (:meth:`TableService._left`)..."""
CROWD_QUIET_SECONDS = 2.0
"""... once none has left for this long..."""
CROWD_WAIT_SECONDS = 60.0
"""... or this long after the first of them, in a room where people never stop leaving."""


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


class Clients:
    """The sockets at the service's tables and who is connected (see the module docstring)."""

    clients: dict[str, set[Client]]
    presence: Presence
    tables: dict[str, Table]
    ratings: dict[str, float]
    give_back: Callable[[], None] | None
    _local: dict[str, Counter[int | None]]
    _published: dict[str, Counts]
    _told: dict[str, Counts]
    _presence_due: dict[str, asyncio.TimerHandle]
    _presence_at: dict[str, float]
    _redis: Any
    _gone: int
    _gone_since: float
    _give_back_due: asyncio.TimerHandle | None

    def connect(self, table: Table, client: Client) -> None:
        """``client`` joins ``table``: it alone gets the state (with the recent events); the
        others learn who is connected from the next ``presence`` frame."""
        self.clients[table.id].add(client)
        self._local.setdefault(table.id, Counter())[client.seat] += 1
        client.push(self.state_frame(table, client.seat, log=True))
        client.logged = True
        self._presence_changed(table.id)

    def disconnect(self, table: Table, client: Client) -> None:
        clients = self.clients.get(table.id)
        if clients is None or client not in clients:
            return
        clients.discard(client)
        local = self._local[table.id]
        local[client.seat] -= 1
        if local[client.seat] <= 0:
            del local[client.seat]
        if not clients:  # a set keeps the room it grew to: a crowd gone gives it back
            del self.clients[table.id]
        self._presence_changed(table.id)
        self._left()

    def counts(self, table_id: str, seats: int) -> Counts:
        """Who is connected to ``table_id`` over every process: sockets per seat, spectators."""
        local = self._local.get(table_id)
        mine = (Counts(tuple(local.get(s, 0) for s in range(seats)), local.get(None, 0)) if local
                else Counts((0,) * seats))
        return self.presence.total(table_id, mine)

    def connected(self, table: Table) -> dict[int, int]:
        """The sockets of each seat of ``table``, over every process."""
        return dict(enumerate(self.counts(table.id, len(table.seats)).seats))

    def watchers(self, table: Table) -> int:
        """The spectators of ``table``, over every process."""
        return self.counts(table.id, len(table.seats)).watchers

    def info(self, table: Table) -> dict[str, Any]:
        """The table's ``TableInfo``: who is connected, the account holders' ratings."""
        counts = self.counts(table.id, len(table.seats))
        return table.info(dict(enumerate(counts.seats)), self.ratings, counts.watchers)

    # --- presence -------------------------------------------------------------------------------

    def _left(self) -> None:
        """A client left: once :data:`CROWD` have, and none for :data:`CROWD_QUIET_SECONDS` (or
        :data:`CROWD_WAIT_SECONDS` went by), give their memory back (:attr:`give_back`)."""
        self._gone += 1
        if self._gone < CROWD or self.give_back is None:
            return
        loop = asyncio.get_running_loop()
        self._gone_since = self._gone_since or loop.time()
        if self._give_back_due is not None:
            self._give_back_due.cancel()
        wait = min(CROWD_QUIET_SECONDS, self._gone_since + CROWD_WAIT_SECONDS - loop.time())
        self._give_back_due = loop.call_later(max(0.0, wait), self._give_back)

    def _give_back(self) -> None:
        self._gone, self._gone_since, self._give_back_due = 0, 0.0, None
        if self.give_back is not None:
            self.give_back()

    def _presence_changed(self, table_id: str) -> None:
        """Tell the change of who is at ``table_id`` soon: at once when the table's last presence
        went out :data:`PRESENCE_SECONDS` ago or more, else then (one frame for a whole crowd)."""
        if table_id in self._presence_due:
            return
        loop = asyncio.get_running_loop()
        wait = self._presence_at.get(table_id, -PRESENCE_SECONDS) + PRESENCE_SECONDS - loop.time()
        self._presence_due[table_id] = loop.call_later(max(0.0, wait), self._flush_presence, table_id)

    def _flush_presence(self, table_id: str) -> None:
        """Publish this process's counts of ``table_id`` if they changed, and send a ``presence``
        frame to its clients here if the total changed."""
        self._presence_due.pop(table_id, None)
        self._presence_at[table_id] = asyncio.get_running_loop().time()
        table = self.tables.get(table_id)
        size = len(table.seats) if table is not None else 0
        local = self._local.get(table_id)
        mine = Counts(tuple(local.get(s, 0) for s in range(size)), local.get(None, 0)) if local else Counts((0,) * size)
        if self._redis is not None and mine != self._published.get(table_id, Counts((0,) * size)):
            self._published[table_id] = mine
            game = {"g": table.record.game} if table is not None else {}
            self._publish("presence", table_id, **game, **mine.to_json())
        total = self.presence.total(table_id, mine)
        clients = self.clients.get(table_id)
        told = self._told.get(table_id)
        if clients and total != told:
            self._told[table_id] = total
            frame = encode({"type": "presence", **total.to_json()})
            everyone = told is None or total.seats != told.seats
            for client in clients:  # spectators come and go in crowds: the seated alone hear each
                if everyone or client.seat is not None:
                    client.push(frame)
        if not local:
            self._forget_presence(table_id)

    def _forget_presence(self, table_id: str) -> None:
        """Drop what this process kept of ``table_id``'s presence (no client of its there)."""
        self._local.pop(table_id, None)
        self._published.pop(table_id, None)
        self._told.pop(table_id, None)
        self._presence_at.pop(table_id, None)
