"""The public, read-only pages: the live standings and round (``/torneo/{name}``), the projector view
(``/torneo/{name}/proiettore``) and the seat-finder; they show :func:`tavolo.tournament.public.public_view` and
nothing more, and update within a second through server-sent events (``/api/torneo/{name}/live``).

The :class:`Hall` here pushes those events: every change a table's phone or the desk makes goes through
:func:`_do`, which tells the hall.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime

from fastapi import Request
from fastapi.responses import HTMLResponse, JSONResponse, StreamingResponse

from tavolo.server.director.common import Refused, _open, render, router
from tavolo.store import TournamentHandle
from tavolo.tournament.errors import TournamentError
from tavolo.tournament.public import find_seat, public_view

KEEPALIVE_S = 1.0
"""How often a live page's stream looks for changes made elsewhere (the command line, another process)."""


def hall(request: Request) -> Hall:
    state = request.app.state
    if not hasattr(state, "hall"):
        state.hall = Hall()
    return state.hall


def _do(request: Request, handle: TournamentHandle, command: Callable) -> list:
    try:
        events = handle.do(command)
    except TournamentError as error:
        raise Refused(400, error) from None
    hall(request).changed(handle)
    return events


class Hall:
    """The live pages' subscriptions: each change is rendered once and handed to every open page.

    A change made here is pushed at once; one watcher per tournament looks
    each second for changes made elsewhere (the command line, another
    process) and pushes those too.

    The pages' queues belong to the event loop that serves them, and an :class:`asyncio.Queue` is not
    thread-safe; the desk's writes run on worker threads (every plain ``def`` route, the list import), so
    :meth:`changed` renders the frame where it is called and hands it to the loop with
    :meth:`~asyncio.AbstractEventLoop.call_soon_threadsafe`, which puts it in the queues.
    """

    def __init__(self) -> None:
        self.listeners: dict[str, set[asyncio.Queue[str]]] = {}
        self.latest: dict[str, tuple[int, str]] = {}
        self.watchers: dict[str, asyncio.Task[None]] = {}
        self.loop: asyncio.AbstractEventLoop | None = None

    def subscribe(self, handle: TournamentHandle) -> tuple[asyncio.Queue[str], str]:
        """A queue of the tournament's server-sent-event messages, and the message to show now (on the loop)."""
        name = handle.tournament.config.name
        self.loop = asyncio.get_running_loop()
        queue: asyncio.Queue[str] = asyncio.Queue(maxsize=8)
        self.listeners.setdefault(name, set()).add(queue)
        if name not in self.watchers or self.watchers[name].done():
            self.watchers[name] = asyncio.get_running_loop().create_task(self._watch(handle))
        return queue, self._frame(handle)

    def unsubscribe(self, name: str, queue: asyncio.Queue[str]) -> None:
        self.listeners.get(name, set()).discard(queue)

    def changed(self, handle: TournamentHandle) -> None:
        """Send the tournament's new public view to every page open on it; from any thread."""
        name, loop = handle.tournament.config.name, self.loop
        if not self.listeners.get(name) or loop is None:
            return
        frame = self._frame(handle)
        try:
            loop.call_soon_threadsafe(self._publish, name, frame)
        except RuntimeError:  # the loop has closed (the server stops): no page is left to tell
            pass

    def _frame(self, handle: TournamentHandle) -> str:
        name, version = handle.tournament.config.name, handle.tournament.version
        cached = self.latest.get(name)
        if cached is None or cached[0] < version:
            cached = self.latest[name] = (version, f"data: {frame_of(handle.tournament)}\n\n")
        return cached[1]

    def _publish(self, name: str, frame: str) -> None:
        """Hand ``frame`` to every page open on ``name``: on the loop's thread only."""
        for queue in list(self.listeners.get(name, ())):
            if queue.full():
                queue.get_nowait()  # a slow page skips to the newest view
            queue.put_nowait(frame)

    async def _watch(self, handle: TournamentHandle) -> None:
        name = handle.tournament.config.name
        while self.listeners.get(name):
            await asyncio.sleep(KEEPALIVE_S)
            await asyncio.to_thread(handle.refresh)
            if handle.tournament.version > self.latest.get(name, (0, ""))[0]:
                self._publish(name, self._frame(handle))


def frame_of(tournament) -> str:
    return json.dumps(public_view(tournament, datetime.now(UTC)), ensure_ascii=False)


# --- public pages -----------------------------------------------------------------------------


@router.get("/torneo/{name}", response_class=HTMLResponse, include_in_schema=False)
def live_page(request: Request, name: str) -> HTMLResponse:
    """The live standings, the round's tables and results, the seat-finder: read-only."""
    _open(request, name)
    return render(request, "director/live.html", name=name, projector=False)


@router.get("/torneo/{name}/proiettore", response_class=HTMLResponse, include_in_schema=False)
def projector_page(request: Request, name: str) -> HTMLResponse:
    """Full screen for the hall: standings and the next round's tables scrolling by, with the clock."""
    _open(request, name)
    return render(request, "director/live.html", name=name, projector=True)


@router.get("/api/torneo/{name}")
def public_state(request: Request, name: str) -> JSONResponse:
    return JSONResponse(public_view(_open(request, name).tournament, datetime.now(UTC)))


@router.get("/api/torneo/{name}/cerca")
def seat_finder(request: Request, name: str, q: str = "") -> JSONResponse:
    return JSONResponse(find_seat(_open(request, name).tournament, q[:60]))


@router.get("/api/torneo/{name}/live")
async def live(request: Request, name: str) -> StreamingResponse:
    """Server-sent events: the public view now, then at every change (pushed, or found within a second)."""
    handle = _open(request, name)
    queue, first = hall(request).subscribe(handle)

    async def frames() -> AsyncIterator[str]:
        try:
            yield first
            while not await request.is_disconnected():
                try:
                    yield await asyncio.wait_for(queue.get(), KEEPALIVE_S)
                except TimeoutError:
                    yield ": keep-alive\n\n"
        finally:
            hall(request).unsubscribe(name, queue)

    return StreamingResponse(frames(), media_type="text/event-stream", headers={"Cache-Control": "no-store"})
