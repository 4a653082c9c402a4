"""The tables' WebSocket: ``/ws/tables/{id}`` (frames in the contract of ``tavolo.online``).

Every client frame is checked before it reaches the table service: at most
4 KiB, JSON of a known shape, at most 20 a second. A bad one gets an
``error`` frame, changes nothing, and the connection stays open.

An address holding too many sockets already, or a spectator at a table that has as many as it
takes (:class:`~tavolo.server.limits.Limits`), gets an ``error`` frame ``too_many`` saying so and
the socket is closed with code :data:`TOO_MANY`.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from typing import Annotated, Any, Literal

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from tavolo.i18n import language, negotiate
from tavolo.online.clients import Client, encode
from tavolo.online import watching
from tavolo.online.messages import Refusal
from tavolo.online.service import TableService
from tavolo.online.tables import Table
from tavolo.server.api import address, guard, tournament_verdict, watch_refusal
from tavolo.server.limits import Guard

router = APIRouter()

MAX_FRAME = 4096
MAX_RATE = 20
"""Frames a second a client may send."""
TOO_SLOW = 4008
"""The close code of a client that fell too far behind the table."""
TOO_MANY = 4029
"""The close code of a socket refused: too many from its address, or too many spectators."""


class Frame(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Hello(Frame):
    type: Literal["hello"]
    token: str | None = Field(None, max_length=100)
    lang: str = Field("it", max_length=8)


class Move(Frame):
    type: Literal["move"]
    text: str = Field(min_length=1, max_length=500)
    ref: str | None = Field(None, max_length=40)


class Continue(Frame):
    type: Literal["continue"]


class Ping(Frame):
    type: Literal["ping"]


class Lang(Frame):
    type: Literal["lang"]
    lang: str = Field(max_length=8)


ClientFrame = TypeAdapter(Annotated[Hello | Move | Continue | Ping | Lang, Field(discriminator="type")])


class RateLimit:
    """At most ``rate`` events in any second.

    >>> limit = RateLimit(2)
    >>> [limit.allow(now=t) for t in (0.0, 0.1, 0.2, 1.15)]
    [True, True, False, True]
    """

    def __init__(self, rate: int) -> None:
        self.rate = rate
        self.times: deque[float] = deque()

    def allow(self, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        while self.times and now - self.times[0] >= 1.0:
            self.times.popleft()
        if len(self.times) >= self.rate:
            return False
        self.times.append(now)
        return True


def error_frame(refusal: Refusal, lang: str, ref: str | None = None) -> dict[str, Any]:
    return {"type": "error", "code": refusal.code, "message": refusal.message(lang),
            "rule": refusal.rule_json(lang),
            "candidates": refusal.candidates, "candidate_words": refusal.candidate_words, "ref": ref}


def parse_frame(text: str | bytes | None) -> Hello | Move | Continue | Ping | Lang:
    """A client frame, or :class:`Refusal` ``bad_message`` saying what is wrong with it."""
    if text is None:
        raise Refusal("bad_message", "Frames must be JSON text")
    if len(text) > MAX_FRAME:
        raise Refusal("bad_message", "Frame too large: at most {limit} bytes", limit=MAX_FRAME)
    try:
        return ClientFrame.validate_json(text)
    except (ValueError, ValidationError):
        raise Refusal("bad_message", "Not a message of this table's protocol") from None


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    await websocket.accept()
    limits, where = guard(websocket), address(websocket)
    if not await limits.open_socket(where):
        lang = negotiate(websocket.headers.get("accept-language"))
        await refuse(websocket, Refusal("too_many", "Too many connections from your address: at most {count}",
                                        count=limits.limits.connections_per_address), lang)
        return
    session = Session(websocket.app.state.service, websocket, limits)
    try:
        await session.run(table_id)
    except WebSocketDisconnect:
        pass
    finally:
        session.close()
        limits.close_socket(where)


async def refuse(websocket: WebSocket, refusal: Refusal, lang: str) -> None:
    """Tell the client why it may not stay, then close with :data:`TOO_MANY`."""
    try:
        await websocket.send_text(encode(error_frame(refusal, lang)))
        await websocket.close(TOO_MANY, refusal.code)
    except (RuntimeError, WebSocketDisconnect):
        pass


class Session:
    """One WebSocket: hello first, then moves and the rest, frames out through a queue."""

    def __init__(self, svc: TableService, websocket: WebSocket, guard: Guard) -> None:
        self.svc = svc
        self.websocket = websocket
        self.guard = guard
        self.watching = False
        """Counted as a spectator of its table (:meth:`Guard.watch`)."""
        self.limit = RateLimit(MAX_RATE)
        self.lang = "it"
        self.table: Table | None = None
        self.client: Client | None = None
        self.sender: asyncio.Task[None] | None = None

    async def run(self, table_id: str) -> None:
        while True:
            message = await self.websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            ref = None
            try:
                if not self.limit.allow():
                    raise Refusal("too_fast", "Too many messages: at most {rate} a second", rate=MAX_RATE)
                frame = parse_frame(message.get("text"))
                ref = getattr(frame, "ref", None)
                await self.handle(table_id, frame)
            except Refusal as refusal:
                if refusal.code == "too_many":
                    await refuse(self.websocket, refusal, self.lang)
                    return
                await self.reply(error_frame(refusal, self.lang, ref))

    async def handle(self, table_id: str, frame: Any) -> None:
        if isinstance(frame, Hello):
            await self.hello(table_id, frame)
        elif isinstance(frame, Ping):
            await self.reply({"type": "pong"})
        elif isinstance(frame, Lang):
            self.lang = language(frame.lang)
            if self.client:
                self.client.lang = self.lang
        elif self.client is None or self.table is None:
            raise Refusal("bad_message", "Say hello first")
        elif self.client.seat is None:
            raise Refusal("forbidden", "Spectators cannot play")
        elif isinstance(frame, Move):
            seq = await self.svc.move(self.table.id, self.client.seat, frame.text)
            self.client.push({"type": "ack", "ref": frame.ref, "seq": seq})
        else:
            await self.svc.proceed(self.table.id, self.client.seat)

    async def hello(self, table_id: str, frame: Hello) -> None:
        if self.client is not None:
            raise Refusal("bad_message", "Already greeted")
        self.lang = language(frame.lang)
        table = await self.svc.table(table_id)
        seat = await self.svc.seat_for(table, frame.token)
        if seat is None:
            await self.may_watch(table)
        if seat is None and not await self.guard.watch(table.id, self.svc.watchers(table)):
            raise Refusal("too_many", "This table has as many spectators as it takes ({count}): try again later",
                          count=self.guard.limits.spectators_per_table)
        await self.svc.current(table)  # what the log holds, never a stale position
        self.watching = seat is None
        self.table, self.client = table, Client(seat, self.lang)
        self.client.push({"type": "welcome", "seat": seat, "table": self.svc.info(table)})
        self.sender = asyncio.create_task(self.pump())
        self.svc.connect(table, self.client)

    async def may_watch(self, table: Table) -> None:
        """Refuse a spectator at a tournament's running table where :mod:`tavolo.online.watching` says
        so (a player of the tournament; anyone else where the organizer chose a delay or nobody)."""
        verdict = await tournament_verdict(self.websocket, table, watching.LIVE)
        if verdict is not None and not verdict.allowed:
            raise watch_refusal(verdict)

    async def pump(self) -> None:
        """Send the client's frames in order; close the socket when it fell too far
        behind (close code :data:`TOO_SLOW`: reconnect and say hello for the full state)."""
        assert self.client is not None
        while (text := await self.client.next()) is not None:
            await self.send_text(text)
        if self.client.lagging:
            try:
                await self.websocket.close(TOO_SLOW, "too slow: reconnect")
            except RuntimeError:
                pass

    async def reply(self, frame: dict[str, Any]) -> None:
        """A frame for this client only, in order with the table's frames."""
        if self.client is not None:
            self.client.push(frame)
        else:
            await self.send(frame)

    async def send(self, frame: dict[str, Any]) -> None:
        await self.send_text(encode(frame))

    async def send_text(self, text: str) -> None:
        try:
            await self.websocket.send_text(text)
        except (RuntimeError, WebSocketDisconnect):
            pass

    def close(self) -> None:
        if self.sender is not None:
            self.sender.cancel()
        if self.table is not None and self.client is not None:
            self.svc.disconnect(self.table, self.client)
            if self.watching:
                self.guard.unwatch(self.table.id)
