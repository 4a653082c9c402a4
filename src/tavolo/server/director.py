"""The director's desk and the hall in the browser: a tournament run from a laptop, scores from phones.

Three kinds of pages, all over :mod:`tavolo.store` (the tournament's event
log) and :mod:`tavolo.tournament` (every rule; nothing here decides one):

* public and read-only: the live standings and round (``/torneo/{name}``),
  the projector view (``/torneo/{name}/proiettore``), the seat-finder; they
  show :func:`tavolo.tournament.public.public_view` and nothing more, and
  update within a second through server-sent events (``/api/torneo/{name}/live``);
* a table's phone page (``/torneo/{name}/tavolo/{table}``, the score card's QR
  code): one side enters the points with its code, the other confirms with
  its own; without a code nothing changes;
* the director's desk (``/direttore``), for the accounts the tournament made
  director or arbiter (the creator is its director): create an event, register
  or import the list with a preview, seat round 1 by draw (the seed shown), in
  registration order or by the director's choice, publish rounds, enter and
  correct scores, the round clock, printouts (in the page's language) and a backup.

Every request that changes something (POST, PUT, PATCH, DELETE here, and the score cards' printout, which
issues the codes) must come from these pages' own origin (:func:`same_origin`): an ``Origin`` (or, lacking
it, ``Referer``) header naming another site is refused with 403, so a page elsewhere cannot act with the
director's login cookie. A request with neither header is a program's, not a browser's (browsers send
``Origin`` with every POST): it is let through when it carries no login cookie (a phone's code, a test's
account header) and refused when it does. Behind a reverse proxy, pass the ``Host`` header on (or set
``X-Forwarded-Host``).

Each tournament is rebuilt from its log once and kept (:class:`Rebuilt`) while
the log's last number stays the same.

Every word comes from the ``tournament`` catalog, Italian first.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import hashlib
import ipaddress
import json
import re
import secrets
import socket
import tempfile
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

from fastapi import APIRouter, Depends, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import delete, func, insert, select
from starlette.datastructures import UploadFile as StarletteUpload

from tavolo.i18n import catalog, language, negotiate, translate
from tavolo.online.accounts import NAME_LENGTH, PASSWORD_LENGTH, LoginGuard
from tavolo.online.accounts import register as register_account
from tavolo.online.messages import Refusal
from tavolo.server.api import account_of
from tavolo.store import Store, TournamentHandle
from tavolo.store.backup import _fold as fold_backup  # the checks restore() makes, for the preview
from tavolo.store.backup import _read as read_backup
from tavolo.store.backup import backup, restore
from tavolo.store.repository import _last_action as last_action_seqs  # the rule TournamentHandle.undo follows
from tavolo.store.models import EventRow, TournamentRow
from tavolo.store.online import OnlineStore, SettingRow
from tavolo.tournament import commands
from tavolo.tournament.codes import check_code
from tavolo.tournament.config import (
    Kind,
    Phase,
    PrizeTies,
    TimeoutRule,
    TournamentConfig,
    parse_category_prize,
    parse_phase,
    parse_sessions,
    parse_system,
)
from tavolo.tournament.errors import TournamentError
from tavolo.tournament.events import ScoreProposed
from tavolo.tournament.flags import flags
from tavolo.tournament.importing import read_entrant_file, read_points
from tavolo.tournament.journal import describe
from tavolo.tournament.naming import check_event_name, search_key
from tavolo.tournament.public import find_seat, public_view, round_view
from tavolo.tournament.results import missing_tables
from tavolo.tournament.seating import Seating, new_seed
from tavolo.tournament.state import Tournament

router = APIRouter()
templates = Jinja2Templates(directory=Path(__file__).parent / "templates")
DOMAIN = "tournament"
KEEPALIVE_S = 1.0
"""How often a live page's stream looks for changes made elsewhere (the command line, another process)."""


# --- plumbing ---------------------------------------------------------------------------------


def lang_of(request: Request) -> str:
    chosen = request.query_params.get("lang") or request.cookies.get("tavolo.lang")
    return language(chosen) if chosen else negotiate(request.headers.get("accept-language"))


def tournaments(request: Request) -> Store:
    """The tournaments' store, on the web app's own database."""
    state = request.app.state
    if not hasattr(state, "tournaments"):
        state.tournaments = Store(state.store.engine)
    return state.tournaments


def hall(request: Request) -> Hall:
    state = request.app.state
    if not hasattr(state, "hall"):
        state.hall = Hall()
    return state.hall


def current_account(request: Request) -> str | None:
    """The logged-in account (the web app's session cookie), or ``None``."""
    return account_of(request)


WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def same_origin(request: Request) -> None:
    """Refuse (403) a change asked from another origin; see the module's notes for the rule."""
    if request.method in WRITES:
        check_origin(request, signed_in=bool(request.scope.get("session", {}).get("account")))


def check_origin(request: Request, *, signed_in: bool = False) -> None:
    """Refused when ``Origin`` (or ``Referer``) names another host than this request's; with neither header,
    refused only when ``signed_in`` (the login cookie came with it)."""
    source = request.headers.get("origin") or request.headers.get("referer")
    if source is None:
        if signed_in:
            raise Refused(403, TournamentError(
                "a request signed in with the login cookie must say which page sent it (an Origin header)"))
        return
    split = urlsplit(source)
    own = {_host(request.headers.get(h, ""), split.scheme) for h in ("host", "x-forwarded-host")} - {""}
    if _host(split.netloc, split.scheme) not in own:
        raise Refused(403, TournamentError(
            "a request from another site ({origin}) cannot change the tournament: use the desk's own pages",
            origin=source if source == "null" else f"{split.scheme}://{split.netloc}"))  # fmt: skip


def _host(netloc: str, scheme: str) -> str:
    """``host[:port]`` in lower case, without the scheme's default port (the first of a proxy's list)."""
    netloc = netloc.split(",")[0].strip().lower()
    default = {"http": ":80", "https": ":443"}.get(scheme, "")
    return netloc.removesuffix(default) if default else netloc


class Refused(Exception):
    """A request refused with an HTTP status and a catalog message."""

    def __init__(self, status: int, error: TournamentError) -> None:
        self.status, self.error = status, error


def refused_response(request: Request, refusal: Refused) -> JSONResponse:
    message = refusal.error.message.render(catalog(lang_of(request), DOMAIN).get)
    return JSONResponse({"error": {"code": "refused", "message": message, "field": None}}, status_code=refusal.status)


def _open(request: Request, name: str, author: str | None = None) -> TournamentHandle:
    try:
        return rebuilt(request).open(tournaments(request), name, author)
    except TournamentError as error:
        raise Refused(404, error) from None


class CachedHandle(TournamentHandle):
    """A handle on a tournament the :class:`Rebuilt` cache shares between requests.

    Readers share one object; a handle copies it before its first change (copy
    on write), so no page ever reads a tournament halfway through an event, and
    hands its result back to the cache.
    """

    def __init__(self, cache: Rebuilt, store: Store, tournament_id: int, tournament, author: str | None) -> None:
        super().__init__(store.engine, tournament_id, tournament, author)
        self.cache, self.owned = cache, False

    def _own(self) -> None:
        if not self.owned:
            self.tournament, self.owned = copy.deepcopy(self.tournament), True

    def do(self, command: Callable) -> list:
        self._own()
        events = super().do(command)
        self.cache.keep(self.tournament_id, self.tournament)
        return events

    def undo(self) -> list[int]:
        self._own()
        seqs = super().undo()
        self.cache.keep(self.tournament_id, self.tournament)
        return seqs

    def refresh(self) -> None:
        self._own()
        super().refresh()

    def record(self, events) -> None:
        self._own()
        super().record(events)


class Rebuilt:
    """Tournaments rebuilt from their logs, kept per event while the log's last number is the same.

    Every request first reads the log's last sequence number (one indexed
    query), so an event appended by this process, another process or the
    command line makes the next request rebuild.
    """

    SIZE = 32

    def __init__(self) -> None:
        self.tournaments: dict[int, Any] = {}

    def open(self, store: Store, name: str, author: str | None) -> TournamentHandle:
        with store.engine.connect() as connection:
            row = connection.execute(
                select(TournamentRow.id, func.max(EventRow.seq))
                .join(EventRow, EventRow.tournament_id == TournamentRow.id)
                .where(TournamentRow.name == name)
                .group_by(TournamentRow.id)
            ).first()
        if row is None:
            return store.open(name, author)  # refused with the names of the tournaments there are
        tournament_id, last = row
        kept = self.tournaments.get(tournament_id)
        if kept is None or kept.version != last:
            kept = store.open(name, author).tournament
            self.keep(tournament_id, kept)
        return CachedHandle(self, store, tournament_id, kept, author)

    def keep(self, tournament_id: int, tournament) -> None:
        if tournament_id not in self.tournaments and len(self.tournaments) >= self.SIZE:
            self.tournaments.pop(next(iter(self.tournaments)))
        self.tournaments[tournament_id] = tournament


def rebuilt(request: Request) -> Rebuilt:
    state = request.app.state
    if not hasattr(state, "rebuilt"):
        state.rebuilt = Rebuilt()
    return state.rebuilt


def _do(request: Request, handle: TournamentHandle, command: Callable) -> list:
    try:
        events = handle.do(command)
    except TournamentError as error:
        raise Refused(400, error) from None
    hall(request).changed(handle)
    return events


SCRIPT_TEXTS = (
    "Table", "North/South", "East/West", "rest", "Round {round}", "Standings", "Pl.", "No.", "Name", "Club", "VP",
    "MP", "Points", "P", "Prize", "to enter", "Time out", "paused", "not started", "Results of round {round}",
    "Confirm", "Not right: call the director", "Entered: thank you",
    "Sent: now the other side confirms with its code", "No one found", "Your table", "rests this round",
    "Opponents", "Disputed: the director decides", "pending", "disputed", "corrected", "entered", "Seed of the draw",
    "Registered {count} entrants", "Refused lines: nothing registered", "Round {round}: {minutes}:{seconds} left",
    "Points proposed: N/S {ns}, E/W {ew}", "saving", "not saved", "Reason for the correction (codice art. 19)",
    "a correction needs its reason", "Correct", "Deal", "Total", "Proposed by N/S", "Proposed by E/W", "none found",
    "{address} is this computer's own address: phones cannot open it.", "Undo the last action? {what}",
    "Undone: {what}", " (withdrawn)",
    "Restore {name}: {events} events, {entrants} entrants, {rounds} rounds, last changed {last}?", "Name as written", "Name as it should be", "Player leaving", "Player coming in",
    "The score cards' QR codes would carry {address}: no phone can open it. Set the hall's address first. Print them"
    " anyway?",
    "The code keeps these pairings as published: the next round is paired on the corrected standings.",
    "Stored: {points}", "both lines' points are needed", "Tavolo does not answer here yet",
    "Equal VP, MP and points: the same place, listed by number (the next round's pairing takes them in the order of"
    " round 1's seating).",
    "Table {table} has {stored}, {by}; you typed {typed}.", "stored by {author} at {time}",
)  # fmt: skip
"""The messages the pages' scripts show, handed to them in the page's language."""


def render(request: Request, template: str, **context: Any) -> HTMLResponse:
    lang = lang_of(request)
    texts = {msgid: translate(msgid, lang, DOMAIN) for msgid in SCRIPT_TEXTS}
    response = templates.TemplateResponse(
        request,
        template,
        {
            "lang": lang,
            "texts": texts,
            "_": lambda msgid, **params: translate(msgid, lang, DOMAIN, **params),
            **context,
        },  # fmt: skip
    )
    response.set_cookie("tavolo.lang", lang, max_age=365 * 86400, samesite="lax")
    return response


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


@router.get("/torneo/{name}/tavolo/{table}", response_class=HTMLResponse, include_in_schema=False)
def table_page(request: Request, name: str, table: int) -> HTMLResponse:
    """A table's phone page: enter the points with one side's code, confirm with the other's."""
    _open(request, name)
    code_guard(request).welcome(request)
    return render(request, "director/table.html", name=name, table=table)


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


class Proposal(BaseModel):
    model_config = ConfigDict(extra="forbid")
    code: str = Field(max_length=12)
    ns: str = Field(max_length=60)
    ew: str = Field(max_length=60)


class Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")
    code: str = Field(max_length=12)
    agree: bool


class CodeGuard:
    """Wrong table codes counted per guesser, as the login counts wrong passwords
    (:class:`~tavolo.online.accounts.LoginGuard`): past :attr:`TRIES` in a minute, that guesser's every code is
    refused with 429 for the rest of it; the table itself is never locked, so the players' phones (even on the
    same router as the guesser) still enter their result.

    A guesser is a phone: the table's page names it once in the signed session cookie (:meth:`welcome`); a
    request without that name counts as its address. An address names at most :attr:`NEW_PHONES` phones a
    minute, so dropping the cookie buys little: one address makes at most (20 + 1) x 10 = 210 wrong tries a
    minute over every table, and finding one of a table's two codes (among 22^6) takes it months on average.
    """

    TRIES = 10
    NEW_PHONES = 20
    WINDOW_S = 60.0

    def __init__(self) -> None:
        self.guessers = LoginGuard(tries=self.TRIES, window=self.WINDOW_S)
        self.phones = LoginGuard(tries=self.NEW_PHONES, window=self.WINDOW_S)

    def welcome(self, request: Request) -> None:
        """Name this browser's phone in its session, unless its address has named too many this minute."""
        session = request.scope.get("session")
        if session is None or "phone" in session:
            return
        address = _address(request)
        try:
            self.phones.check(address)
        except Refusal:
            return  # it counts as its address
        self.phones.failed(address)
        session["phone"] = secrets.token_hex(8)

    def side(self, request: Request, t: Tournament, table: int, code: str) -> str:
        """The side whose code ``code`` is at ``table`` this round; refused (400, or 429 once this guesser has
        used its tries) otherwise."""
        phone = request.scope.get("session", {}).get("phone")
        guesser = f"phone {phone}" if phone else f"address {_address(request)}"
        try:
            self.guessers.check(guesser)
        except Refusal:
            raise Refused(429, TournamentError("too many wrong codes: wait a minute, then try again")) from None
        side = check_code(t.secret, len(t.rounds), table, code) if t.secret else None
        if side is None:
            self.guessers.failed(guesser)
            raise Refused(400, TournamentError("this code is not valid for round {round} table {table}",
                                               round=len(t.rounds), table=table))  # fmt: skip
        return side


def _address(request: Request) -> str:
    return request.client.host if request.client else ""


def code_guard(request: Request) -> CodeGuard:
    state = request.app.state
    if not hasattr(state, "code_guard"):
        state.code_guard = CodeGuard()
    return state.code_guard


@router.get("/api/torneo/{name}/tavolo/{table}")
def table_state(request: Request, name: str, table: int, code: str = "") -> JSONResponse:
    """The table in the current round; with its code, also the points waiting for confirmation (a wrong
    code is refused, and counted)."""
    t = _open(request, name).tournament
    played = t.last_round
    if played is None or table not in played.tables:
        raise Refused(404, TournamentError("round {round} table {table}", round=len(t.rounds), table=table))
    view = next(row for row in round_view(t, played)["tables"] if row["table"] == table)
    side = code_guard(request).side(request, t, table, code) if code.strip() else None
    proposal = played.proposals.get(table)
    return JSONResponse({"round": played.number, "deals": t.config.deals, "side": side, "table": view,
                         "waiting": proposed_points(proposal) if proposal and side else None,
                         "disputed": table in played.disputed,
                         "proposals": [proposed_points(p) for p in played.proposed(table)] if side else []})  # fmt: skip


def proposed_points(proposal: ScoreProposed) -> dict[str, Any]:
    """The points one side proposed: its side, the totals and each deal's figures (one figure: a total)."""
    return {"side": proposal.side, "ns": sum(proposal.ns), "ew": sum(proposal.ew),
            "ns_deals": list(proposal.ns), "ew_deals": list(proposal.ew)}  # fmt: skip


@router.post("/api/torneo/{name}/tavolo/{table}/proposta")
def propose(request: Request, name: str, table: int, body: Proposal) -> JSONResponse:
    handle = _open(request, name, author=f"tavolo {table}")
    t = handle.tournament
    code_guard(request).side(request, t, table, body.code)
    ns, ew = (_points(text, side) for text, side in ((body.ns, "N/S"), (body.ew, "E/W")))
    (event,) = _do(request, handle, lambda s: commands.propose_score(s, len(s.rounds), table, body.code, ns, ew))
    kind = type(event).__name__  # the first proposal waits; the other side's agrees, or disputes keeping both
    return JSONResponse({"waiting": kind == "ScoreProposed", "entered": kind == "ScoreEntered",
                         "disputed": kind == "ScoreDisputed", "round": len(t.rounds)})  # fmt: skip


@router.post("/api/torneo/{name}/tavolo/{table}/conferma")
def confirm(request: Request, name: str, table: int, body: Answer) -> JSONResponse:
    handle = _open(request, name, author=f"tavolo {table}")
    code_guard(request).side(request, handle.tournament, table, body.code)
    events = _do(request, handle, lambda s: commands.confirm_score(s, len(s.rounds), table, body.code, body.agree))
    return JSONResponse({"entered": type(events[0]).__name__ == "ScoreEntered"})


def _points(text: str, side: str) -> tuple[int, ...]:
    try:
        return read_points(text, side)
    except TournamentError as error:
        raise Refused(400, error) from None


# --- the director's desk ----------------------------------------------------------------------


def staff(request: Request, name: str, roles: tuple[str, ...] = ("director", "arbiter")) -> TournamentHandle:
    """The tournament, for an account it made director or arbiter; refused otherwise."""
    account = current_account(request)
    if account is None:
        raise Refused(401, TournamentError("log in as the tournament's director or arbiter"))
    handle = _open(request, name, author=account)
    if handle.tournament.staff.get(account) not in roles:
        raise Refused(403, TournamentError("{account} is not {roles} of {name}", account=account,
                                           roles=" / ".join(roles), name=name))  # fmt: skip
    return handle


def director(request: Request, name: str) -> TournamentHandle:
    return staff(request, name, ("director",))


@router.get("/direttore", response_class=HTMLResponse, include_in_schema=False)
def desk_home(request: Request) -> HTMLResponse:
    """The director's tournaments and, for a director of the server, a form for a new one and one to name
    another director (a login is needed to act)."""
    account = current_account(request)
    is_director = account is not None and account in desk_directors(request.app.state.store)
    return render(request, "director/home.html", account=account, director=is_director)


@router.get("/direttore/{name}", response_class=HTMLResponse, include_in_schema=False)
def desk_page(request: Request, name: str) -> Response:
    if current_account(request) is None:  # log in first, then come back here
        back = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        return RedirectResponse(f"/login?next={quote(back, safe='/')}", status_code=303)
    staff(request, name)
    port = request.url.port or (443 if request.url.scheme == "https" else 80)
    return render(request, "director/desk.html", name=name, port=port)


@router.get("/api/direttore")
def my_tournaments(request: Request) -> JSONResponse:
    account = current_account(request)
    if account is None:
        raise Refused(401, TournamentError("log in as the tournament's director or arbiter"))
    store = tournaments(request)
    mine = [n for n in store.names() if store.open(n).tournament.staff.get(account)]
    return JSONResponse({"account": account, "tournaments": mine,
                         "director": account in desk_directors(request.app.state.store)})  # fmt: skip


# --- the server's directors -------------------------------------------------------------------

DIRECTOR_KEY = "director:"
"""The server's directors are kept among its settings, one row each: this prefix and a digest of the name."""


def desk_directors(store: OnlineStore) -> set[str]:
    """The accounts that may create tournaments (and restore them) on this server."""
    with store.engine.connect() as connection:
        return set(connection.scalars(select(SettingRow.value).where(SettingRow.key.startswith(DIRECTOR_KEY))))


def make_desk_director(store: OnlineStore, name: str, password: Callable[[], str] | None = None) -> bool:
    """Make the account ``name`` one of the server's directors (``tavolo serve --director``, ``tavolo tournament
    director``, or a director at the desk). An account that does not exist yet is created with ``password()``
    here and now, so that the name cannot go to whoever registers it first; without ``password`` it is refused.
    Returns whether the account was created."""
    tidy = " ".join(name.split())
    if not 0 < len(tidy) <= NAME_LENGTH:
        raise TournamentError("a director's name has 1 to {count} characters", count=NAME_LENGTH)
    account = store.account(tidy)
    created = account is None
    if account is not None:
        tidy = account.name  # as the account writes it: its session says that name, whatever case was typed
    if created:
        if password is None:
            raise TournamentError("there is no account {name}: it registers first", name=tidy)
        secret = password()
        if len(secret) < PASSWORD_LENGTH:
            raise TournamentError("the password needs at least {count} characters", count=PASSWORD_LENGTH)
        register_account(store, tidy, secret)
    store.setting(DIRECTOR_KEY + hashlib.sha256(tidy.encode()).hexdigest()[:31], lambda: tidy)
    return created


def desk_director(request: Request) -> str:
    """The logged-in account, if it is one of the server's directors; refused otherwise."""
    account = current_account(request)
    if account is None:
        raise Refused(401, TournamentError("log in as the tournament's director or arbiter"))
    if account not in desk_directors(request.app.state.store):
        raise Refused(403, TournamentError(
            "{account} is not a director of this server: the first is named by 'tavolo serve --director NAME' "
            "(or 'tavolo tournament director NAME'), and a director names the others", account=account))  # fmt: skip
    return account


class DirectorRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    account: str = Field(min_length=1, max_length=40)


@router.post("/api/direttore/direttori")
def add_director(request: Request, body: DirectorRequest) -> JSONResponse:
    """A director of the server names another (an account already registered)."""
    desk_director(request)
    try:
        make_desk_director(request.app.state.store, body.account)
    except TournamentError as error:
        raise Refused(400, error) from None
    return JSONResponse({"directors": sorted(desk_directors(request.app.state.store))})


class NewEvent(BaseModel):
    """Everything ``tavolo tournament new`` takes, as the desk's form sends it."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=200)
    kind: Kind = Kind.PAIRS
    deals: int = 3
    rounds: int = Field(6, ge=1, le=40)
    system: str = "modified"
    phases: list[str] = Field(default_factory=list, max_length=6)
    minutes: int = Field(0, ge=0, le=240)
    internazionale: bool = False
    sessions: str = Field("", max_length=40)
    prizes: int = Field(3, ge=0, le=50)
    prize_ties: PrizeTies = PrizeTies.SHARED
    category_prizes: list[str] = Field(default_factory=list, max_length=10)
    timeout: TimeoutRule = TimeoutRule.CODICE


@router.post("/api/direttore", status_code=201)
def create_event(request: Request, body: NewEvent) -> JSONResponse:
    """A new tournament, by one of the server's directors (:func:`desk_directors`); it becomes its director."""
    account = desk_director(request)
    try:
        phases = tuple(parse_phase(p) for p in body.phases) or (Phase(parse_system(body.system), body.rounds),)
        config = TournamentConfig(
            body.name.strip(), body.kind, body.deals, body.minutes, body.internazionale, phases,
            parse_sessions(body.sessions), body.prizes, body.prize_ties,
            tuple(parse_category_prize(c) for c in body.category_prizes), body.timeout,
        )  # fmt: skip
        check_event_name(config.name, tournaments(request).names())
        handle = tournaments(request).create(config, account)
        handle.do(lambda t: commands.appoint(t, account, "director"))
    except TournamentError as error:
        raise Refused(400, error) from None
    return JSONResponse({"name": config.name, "url": f"/direttore/{quote(config.name, safe='')}"}, status_code=201)


@router.get("/api/direttore/{name}")
def desk_state(request: Request, name: str) -> JSONResponse:
    """Everything the desk shows: the public view, the entrants, what is missing, pending and disputed.

    The entrants come with a tag of their list; a desk that sends the tag it holds (``?entrants=TAG``) gets
    ``null`` for them while the list is the same (2,000 entrants are a third of the answer)."""
    t = staff(request, name).tournament
    played = t.last_round
    view = public_view(t, datetime.now(UTC))
    entrants = [{"number": e.number, "name": e.name, "players": e.players, "club": e.club,
                 "withdrawn_from": e.withdrawn_from} for e in t.entrants.values()]  # fmt: skip
    view["entrants_tag"] = hashlib.sha256(json.dumps(entrants, ensure_ascii=False).encode()).hexdigest()[:16]
    view["entrants"] = None if request.query_params.get("entrants") == view["entrants_tag"] else entrants
    view["missing"] = missing_tables(t, played) if played else []
    view["pending"] = sorted(played.proposals) if played else []
    view["disputed"] = sorted(played.disputed) if played else []
    view["proposed"] = {table: [proposed_points(p) for p in played.proposed(table)]
                        for table in view["pending"] + view["disputed"]} if played else {}  # fmt: skip
    view["corrected"] = sorted(played.corrections) if played else []
    view["role"] = t.staff.get(current_account(request))
    render_flag = catalog(lang_of(request), DOMAIN).get
    view["flags"] = (
        [{"table": f.table, "kind": f.kind, "message": f.message.render(render_flag)} for f in flags(t, played.number)]
        if played
        else []
    )
    view["can_pair"] = bool(played) and not view["missing"] and played.number < t.config.rounds
    words = words_of(request)
    view["affected"] = [describe(c, words) for r in t.rounds.values() for cs in r.corrections.values() for c in cs
                        if c.affected]  # fmt: skip
    return JSONResponse(view)


class Registration(BaseModel):
    model_config = ConfigDict(extra="forbid")
    players: list[str] = Field(min_length=1, max_length=8)
    name: str = Field("", max_length=200)
    club: str = Field("", max_length=200)
    fill_bye: bool = False


@router.post("/api/direttore/{name}/iscritti", status_code=201)
def register(request: Request, name: str, body: Registration) -> JSONResponse:
    """A pair at the desk; ``fill_bye``: a late pair completes this round's incomplete table (codice art. 34)."""
    handle = director(request, name)
    events = _do(
        request, handle, lambda t: commands.register(t, body.players, body.name, body.club, fill_bye=body.fill_bye)
    )
    return JSONResponse({"number": events[0].number, "name": events[0].name}, status_code=201)


class Decision(BaseModel):
    """An arbiter's decision (codice art. 19-20, 33-34): which, and the fields it needs."""

    model_config = ConfigDict(extra="forbid")
    action: str = Field(max_length=20)
    round: int = 0
    number: int = 0
    table: int = 0
    minutes: int = Field(0, ge=0, le=240)
    ns_vp: int = 0
    ew_vp: int = 0
    justified: bool = False
    old: str = Field("", max_length=100)
    new: str = Field("", max_length=100)
    reason: str = Field("", max_length=200)


DECISIONS: dict[str, Callable[[Any, Decision], list]] = {
    "warning": lambda t, d: commands.warn(t, d.round, d.number, d.reason),
    "arbitral": lambda t, d: commands.arbitral_score(t, d.round, d.table, d.ns_vp, d.ew_vp, reason=d.reason),
    "late": lambda t, d: commands.late_arrival(t, d.round, d.number, d.minutes),
    "abandon": lambda t, d: commands.abandon(t, d.round, d.number, justified=d.justified),
    "withdraw": lambda t, d: commands.withdraw(t, d.number, d.reason),
    "substitute": lambda t, d: commands.substitute(t, d.number, d.old, d.new),
    "rename": lambda t, d: commands.fix_typo(t, d.number, d.old, d.new),
}


NEEDS_NUMBER = frozenset({"warning", "late", "abandon", "withdraw", "substitute", "rename"})
"""The decisions about one entrant, named by its number."""


@router.post("/api/direttore/{name}/decisioni")
def decide(request: Request, name: str, body: Decision) -> JSONResponse:
    """Warnings, arbitral scores, late arrivals, abandonments, withdrawals and substitutions."""
    if body.action not in DECISIONS:
        raise Refused(400, TournamentError("unknown decision {action!r}", action=body.action))
    if body.action in NEEDS_NUMBER and body.number < 1:
        raise Refused(400, TournamentError("write the entrant's number in 'Entrant No.'"))
    if body.action == "arbitral" and body.table < 1:
        raise Refused(400, TournamentError("write the table's number in 'Table'"))
    handle = staff(request, name)
    events = _do(request, handle, lambda t: DECISIONS[body.action](t, body))
    return JSONResponse({"recorded": [type(event).__name__ for event in events]})


LIST_ROWS = 2_000
"""The most entrants one list registers (a club's evening has tens, a national final some hundreds)."""
LIST_BYTES = 2_000_000
"""The largest list file."""
FORM_BYTES = 64 * 1024
"""Room for a form's own lines around its file: a body larger than the file's limit and these is refused before
it is read."""
LIST_FORM = {"requestBody": {"required": True, "content": {"multipart/form-data": {"schema": {
    "type": "object", "required": ["file"], "properties": {"file": {"type": "string", "format": "binary"}}}}}}}  # fmt: skip


@router.post("/api/direttore/{name}/importa", openapi_extra=LIST_FORM)
async def import_list(request: Request, name: str, confirm: bool = False) -> JSONResponse:
    """A CSV or Excel list (the form's ``file``): a preview (each line, each refusal with its reason, the
    sheets read), then, with ``confirm``, the whole list registered or none of it.

    Read, checked and registered on a worker thread, in time linear in the lines, so the hall's pages and
    phones go on while a long list is read; at most :data:`LIST_ROWS` entrants, :data:`LIST_BYTES` bytes.
    """
    handle = await run_in_threadpool(director, request, name)
    filename, data = await form_file(request, LIST_BYTES, TournamentError("the file is larger than 2 MB"))
    return JSONResponse(await run_in_threadpool(_import_list, request, handle, filename, data, confirm))


async def form_file(request: Request, limit: int, too_large_error: TournamentError) -> tuple[str, bytes]:
    """The name and bytes of the form's ``file``; refused (413) as soon as the body passes ``limit`` and the
    form's own lines."""
    too_large = Refused(413, too_large_error)
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit + FORM_BYTES:
        raise too_large
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit + FORM_BYTES:
            raise too_large

    async def replay() -> dict[str, Any]:
        return {"type": "http.request", "body": bytes(body), "more_body": False}

    form = await Request(request.scope, replay).form()
    try:
        upload = form.get("file")
        if not isinstance(upload, StarletteUpload):
            raise Refused(400, TournamentError("send the list as the form's file field 'file'"))
        data = await upload.read()
        if len(data) > limit:
            raise too_large
        return upload.filename or "lista.csv", data
    finally:
        await form.close()


def _import_list(request: Request, handle: TournamentHandle, filename: str, data: bytes, confirm: bool) -> dict:
    """The preview of a list and, with ``confirm`` and no line refused, its registration (with the categories)."""
    suffix = Path(filename).suffix.lower() or ".csv"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"lista{suffix}"
        path.write_bytes(data)
        try:
            read = read_entrant_file(path, handle.tournament.config.kind)
        except TournamentError as error:
            raise Refused(400, error) from None
    if len(read.rows) > LIST_ROWS:
        raise Refused(400, TournamentError("the list has {count} entrants: one file registers at most {limit}",
                                           count=len(read.rows), limit=LIST_ROWS))  # fmt: skip
    render_error = catalog(lang_of(request), DOMAIN).get
    checked = commands.check_list(handle.tournament, read.rows)
    rows = [{"line": row.line, "sheet": row.sheet, "players": row.players, "name": row.name, "club": row.club,
             "categories": row.categories,
             "refused": outcome.message.render(render_error) if isinstance(outcome, TournamentError) else None}
            for row, outcome in zip(read.rows, checked, strict=True)]  # fmt: skip
    registered = 0
    if confirm and all(row["refused"] is None for row in rows):
        checked_on = handle.tournament.version

        def register_all(t: Tournament) -> list:  # the preview's events, unless another change came in between
            if t.version == checked_on:
                return [event for events in checked for event in events]
            return commands.register_list(t, read.rows, lambda row: f"line {row.line}")

        registered = len(_do(request, handle, register_all))
    return {"rows": rows, "sheets_read": read.sheets_read, "sheets_skipped": read.sheets_skipped,
            "registered": registered}  # fmt: skip


class SeatRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    method: Seating = Seating.DRAW
    seed: int | None = Field(None, ge=0, le=10**9)
    order: list[int] | None = Field(None, max_length=2000)


@router.post("/api/direttore/{name}/assegna")
def seat(request: Request, name: str, body: SeatRequest) -> JSONResponse:
    """Seat round 1 (codice art. 2): by draw (its seed, fresh unless given, shown and recorded), in
    registration order, or by the director's choice (``order``: table 1's N/S, E/W, then table 2's...)."""
    handle = director(request, name)
    seed = (new_seed() if body.seed is None else body.seed) if body.method is Seating.DRAW else None
    _do(request, handle, lambda t: commands.seat(t, body.method, seed=seed, order=body.order))
    return JSONResponse({"round": 1, "seed": seed})


@router.post("/api/direttore/{name}/abbina")
def pair(request: Request, name: str) -> JSONResponse:
    """Pair and publish the next round."""
    handle = director(request, name)
    _do(request, handle, lambda t: commands.pair(t))
    return JSONResponse({"round": len(handle.tournament.rounds)})


class ScoreRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    round: int
    table: int
    ns: str = Field(max_length=60)
    ew: str = Field(max_length=60)
    correct: bool = False
    reason: str = Field("", max_length=200)


@router.post("/api/direttore/{name}/punteggi")
def score(request: Request, name: str, body: ScoreRequest) -> JSONResponse:
    """A table's score from the desk (totals or deals), or a correction of any round with its reason (codice
    art. 19): the log keeps the old points, the new and the reason; the answer names the published pairings
    the corrected standings would have made otherwise (``affected``: they stay, art. 19 b)."""
    handle = staff(request, name)
    ns, ew = (_points(text, side) for text, side in ((body.ns, "N/S"), (body.ew, "E/W")))
    if body.correct and not body.reason.strip():
        raise Refused(400, TournamentError("a correction needs its reason (codice art. 19): say why the score changes"))
    if body.correct:
        command = lambda t: commands.correct_score(t, body.round, body.table, ns, ew, body.reason)  # noqa: E731
    else:
        command = lambda t: commands.enter_score(t, body.round, body.table, ns, ew)  # noqa: E731
    (event,) = _do(request, handle, command)
    affected = getattr(event, "affected", ())
    return JSONResponse({"round": body.round, "table": body.table, "said": describe(event, words_of(request)),
                         "affected": [{"round": r, "tables": list(tables)} for r, tables in affected]})  # fmt: skip


@router.get("/api/direttore/{name}/turni/{number}")
def desk_round(request: Request, name: str, number: int) -> JSONResponse:
    """Any published round for the desk: each table's result, its points as entered and its corrections."""
    t = staff(request, name).tournament
    try:
        played = t.round(number)
    except TournamentError as error:
        raise Refused(404, error) from None
    view = round_view(t, played)
    words = words_of(request)
    stored = stored_by(tournaments(request).log(name), number)
    for row in view["tables"]:
        scores = played.scores.get(row["table"])
        row["points"] = {"ns": "+".join(map(str, scores[0])), "ew": "+".join(map(str, scores[1]))} if scores else None
        row["corrections"] = [describe(c, words) for c in played.corrections.get(row["table"], [])]
        row["stored_by"] = stored.get(row["table"]) if scores else None
    return JSONResponse(view)


STORING = frozenset({"ScoreEntered", "ScoreCorrected"})


def stored_by(logged: list, number: int) -> dict[int, dict[str, str]]:
    """Who stored each table's points of round ``number`` as they stand, and when (the last entry or correction
    not undone): the desk names them before another director corrects the result."""
    undone = {seq for e in logged if e.kind == "Undone" for seq in e.payload["seqs"]}
    return {e.event.table: {"author": e.author, "at": e.recorded_at.isoformat()} for e in logged
            if e.kind in STORING and e.seq not in undone and e.event.round == number}  # fmt: skip


@router.get("/api/direttore/{name}/registro")
def journal(request: Request, name: str, last: int = 200) -> JSONResponse:
    """The log in words, the latest first: who did what and when; a correction with its old and new points
    and its reason. The codes' secret is never shown."""
    staff(request, name)
    logged = tournaments(request).log(name)
    undone = {seq for e in logged if e.kind == "Undone" for seq in e.payload["seqs"]}
    words = words_of(request)
    rows = [{"seq": e.seq, "at": e.recorded_at.isoformat(), "author": e.author, "kind": e.kind,
             "text": describe(e.event, words), "undone": e.seq in undone}
            for e in reversed(logged[-max(1, min(last, 2000)):])]  # fmt: skip
    return JSONResponse(rows)


def words_of(request: Request) -> Callable[[str], str | None]:
    """The ``tournament`` catalog's lookup in the page's language."""
    return catalog(lang_of(request), DOMAIN).get


class Appointment(BaseModel):
    model_config = ConfigDict(extra="forbid")
    account: str = Field(min_length=1, max_length=40)
    role: str = Field("arbiter", max_length=10)


@router.post("/api/direttore/{name}/staff")
def appoint(request: Request, name: str, body: Appointment) -> JSONResponse:
    """The director makes another account director or arbiter of the tournament."""
    handle = director(request, name)
    account = request.app.state.store.account(body.account)  # its own spelling, whatever case was typed
    _do(request, handle, lambda t: commands.appoint(t, account.name if account else body.account, body.role))
    return JSONResponse({"staff": handle.tournament.staff})


@router.get("/api/direttore/{name}/annulla")
def last_action(request: Request, name: str) -> JSONResponse:
    """What undo would take back now (the last action's events, in words), for the desk to ask first."""
    director(request, name)
    return JSONResponse(_last_action_said(request, name, None))


@router.post("/api/direttore/{name}/annulla")
def undo(request: Request, name: str) -> JSONResponse:
    """Take back the last action; the log keeps it, marked undone. The answer says what was undone."""
    handle = director(request, name)
    try:
        seqs = handle.undo()
    except TournamentError as error:
        raise Refused(400, error) from None
    hall(request).changed(handle)
    return JSONResponse({"undone": seqs, "said": _last_action_said(request, name, seqs)["said"]})


def _last_action_said(request: Request, name: str, seqs: list[int] | None) -> dict[str, Any]:
    """The events numbered ``seqs`` (by default the last action still in force) and each in words."""
    logged = tournaments(request).log(name)
    if seqs is None:
        seqs = last_action_seqs(logged)
    if not seqs:
        raise Refused(400, TournamentError("there is no action to undo"))
    words = words_of(request)
    return {"seqs": seqs, "said": [describe(e.event, words) for e in logged if e.seq in seqs]}


class ClockRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: str = Field(max_length=10)
    minutes: int = Field(0, ge=-120, le=120)


@router.post("/api/direttore/{name}/orologio")
def clock(request: Request, name: str, body: ClockRequest) -> JSONResponse:
    handle = staff(request, name)
    _do(request, handle, lambda t: commands.clock(t, body.action, datetime.now(UTC), body.minutes))
    return JSONResponse(public_view(handle.tournament, datetime.now(UTC))["clock"])


PAPERS = ("tables", "names", "cards", "movement", "groups", "standings", "sheets")


@router.get("/api/direttore/{name}/stampa/{paper}")
def print_paper(
    request: Request, name: str, paper: str, round: int | None = None, landscape: bool = False  # noqa: A002
) -> Response:
    """A printout as a PDF download (score cards carry QR codes to the hall's table pages; the standings on A4
    portrait, or ``landscape``)."""
    from tavolo.tournament import printing

    handle = staff(request, name)
    if paper == "cards":  # a GET that records the codes' secret: never from another site's page
        check_origin(request)
    if paper not in PAPERS:
        raise Refused(404, TournamentError("no printout {paper!r}", paper=paper))
    t = handle.tournament
    number = round or len(t.rounds)
    base = hall_address(request, t)
    words = catalog(lang_of(request), DOMAIN).get  # the printout in the page's language
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{paper}.pdf"
        try:
            if paper == "cards":
                url = f"{base}/torneo/{quote(name, safe='')}/tavolo/{{table}}"
                printing.score_cards_issuing(t, handle.do, number, path, url, words=words)
            elif paper in ("movement", "tables", "names"):
                {"movement": printing.movement_cards, "tables": printing.table_assignments,
                 "names": printing.names_list}[paper](t, number, path, words=words)  # fmt: skip
            elif paper == "standings":
                printing.standings_sheet(t, path, number, words=words, landscape=landscape)
            else:
                {"groups": printing.group_labels, "sheets": printing.result_sheets}[paper](t, path, words=words)
        except TournamentError as error:
            raise Refused(400, error) from None
        data = path.read_bytes()
    filename = f"{paper}-{number}.pdf"
    return Response(
        data, media_type="application/pdf", headers={"Content-Disposition": f'attachment; filename="{filename}"'}
    )


EXPORTS = {"standings": ("text/csv", "csv"), "results": ("text/csv", "csv"), "json": ("application/json", "json")}
"""What the desk exports, as ``tavolo tournament export`` writes it: the standings and the results as CSV (for the
club's site, a spreadsheet or the federation's forms) and the whole event as JSON."""


@router.get("/api/direttore/{name}/esporta/{what}")
def export_data(request: Request, name: str, what: str) -> Response:
    """The standings or the results as CSV, or the event as JSON: a download named after the event."""
    from tavolo.tournament import export as exporting

    t = staff(request, name).tournament
    if what not in EXPORTS:
        raise Refused(404, TournamentError("no export {what!r}: standings, results or json", what=what))
    if what == "json":
        data = json.dumps(exporting.tournament_json(t), ensure_ascii=False, indent=1)
    else:
        data = (exporting.standings_csv if what == "standings" else exporting.results_csv)(t)
    media, suffix = EXPORTS[what]
    filename = f"{slug(name)}-{what}.{suffix}"
    return Response(data, media_type=f"{media}; charset=utf-8", headers={"Content-Disposition": attachment(filename)})


def attachment(filename: str) -> str:
    """A download's ``Content-Disposition``, its name kept in UTF-8 too."""
    return f"attachment; filename=\"{filename}\"; filename*=UTF-8''{quote(filename)}"


def hall_address(request: Request, t: Tournament) -> str:
    """The address the score cards' QR codes carry: the hall's, once set at the desk for the whole server (else
    one set for this event from the command line), else the desk's own."""
    return server_hall_address(request.app.state.store) or t.hall_address or str(request.base_url).rstrip("/")


HALL_KEY = "hall_address"
"""The hall's address is one of the server's settings: set once, every event's cards carry it."""


def server_hall_address(store: OnlineStore) -> str | None:
    with store.engine.connect() as connection:
        return connection.scalar(select(SettingRow.value).where(SettingRow.key == HALL_KEY))


def keep_server_hall_address(store: OnlineStore, address: str) -> None:
    with store.engine.begin() as connection:
        connection.execute(delete(SettingRow).where(SettingRow.key == HALL_KEY))
        connection.execute(insert(SettingRow), [{"key": HALL_KEY, "value": address}])


class HallAddress(BaseModel):
    model_config = ConfigDict(extra="forbid")
    address: str = Field(max_length=200)


@router.get("/api/direttore/{name}/indirizzo")
def hall_address_state(request: Request, name: str) -> JSONResponse:
    """The address the cards will carry, whether phones can open it, and this machine's addresses on the hall's
    network at the port the desk was opened on, each saying whether Tavolo answers there (``tavolo serve`` answers
    on 127.0.0.1 only, ``tavolo serve --host 0.0.0.0`` on the hall's network too)."""
    t = staff(request, name).tournament
    address = hall_address(request, t)
    port = request.url.port or (443 if request.url.scheme == "https" else 80)
    lan = [{"address": f"{request.url.scheme}://{ip}:{port}", "listening": answers(ip, port)} for ip in lan_addresses()]
    return JSONResponse({"address": address, "set": address != str(request.base_url).rstrip("/"),
                         "loopback": is_loopback(address), "lan": lan})  # fmt: skip


@router.post("/api/direttore/{name}/indirizzo")
def set_hall_address(request: Request, name: str, body: HallAddress) -> JSONResponse:
    """The hall's address for the score cards' QR codes, for every event of this server (as ``tavolo tournament
    print cards --url`` takes it)."""
    director(request, name)
    try:
        address = commands.check_hall_address(body.address)
    except TournamentError as error:
        raise Refused(400, error) from None
    keep_server_hall_address(request.app.state.store, address)
    return JSONResponse({"address": address, "set": True, "loopback": is_loopback(address)})


def answers(ip: str, port: int) -> bool:
    """Whether something listens at ``ip``:``port`` (this server, when it was started on the hall's network)."""
    try:
        with socket.create_connection((ip, port), timeout=0.3):
            return True
    except OSError:
        return False


PROBES = ("10.254.254.254", "172.31.254.254", "192.168.254.254")
"""One address in each private range: a UDP socket "connected" to it learns which local address the system
would route from; connecting a UDP socket sends nothing."""


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback: the host name's, and the ones the system would use
    towards each private range. Nothing is sent off the machine."""
    found: set[str] = set()
    with contextlib.suppress(OSError):
        found.update(info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET))
    for probe in PROBES:
        with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
            udp.connect((probe, 9))
            found.add(udp.getsockname()[0])
    usable = (ip for ip in found if not (address := ipaddress.ip_address(ip)).is_loopback and not address.is_unspecified)
    return sorted(usable, key=ipaddress.ip_address)


def is_loopback(url: str) -> bool:
    """Whether ``url`` names this machine only (``localhost``, ``127.x``, ``::1``): no phone can open it."""
    host = (urlsplit(url).hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@router.get("/api/direttore/{name}/backup")
def download_backup(request: Request, name: str) -> Response:
    """The whole event in one file, that `tavolo tournament restore` rebuilds exactly."""
    director(request, name)
    data = json.dumps(backup(tournaments(request), name), ensure_ascii=False, indent=1)
    filename = backup_filename(name, datetime.now().astimezone())
    return Response(data, media_type="application/json", headers={"Content-Disposition": attachment(filename)})


def backup_filename(name: str, when: datetime) -> str:
    """The backup's file name: the event's name in plain letters and the day and time it was taken.

    >>> backup_filename("Martedì al circolo: 3° torneo", datetime(2026, 3, 14, 22, 5))
    'martedi-al-circolo-3-torneo-2026-03-14-2205.json'
    """
    return f"{slug(name)}-{when:%Y-%m-%d-%H%M}.json"


def slug(name: str) -> str:
    """The event's name in plain letters, for a file's name: ``martedi-al-circolo``."""
    return "-".join(re.findall(r"[a-z0-9]+", search_key(name).replace("'", " ")))[:60] or "torneo"


BACKUP_BYTES = 50_000_000
OWN_BODY_LIMITS = re.compile(r"/api/direttore/(?:[^/]+/importa|ripristina)")
"""The desk's uploads, which read their body within their own limits (:data:`LIST_BYTES`,
:data:`BACKUP_BYTES`) rather than the server's for every request."""
"""The largest backup the desk restores (a national final's log is a few megabytes)."""


@router.post("/api/direttore/ripristina", openapi_extra=LIST_FORM)
async def restore_backup(request: Request, confirm: bool = False) -> JSONResponse:
    """A backup file (the form's ``file``) read and checked, and what it holds (``preview``: the event's name,
    its events, entrants and rounds, when it was last changed); with ``confirm``, the event restored exactly as
    the backup has it, by one of the server's directors. Refused when an event of that name (case aside) exists."""
    account = await run_in_threadpool(desk_director, request)
    filename, data = await form_file(request, BACKUP_BYTES, TournamentError("the backup is larger than 50 MB"))
    return JSONResponse(await run_in_threadpool(_restore, request, account, filename, data, confirm))


def _restore(request: Request, account: str, filename: str, data: bytes, confirm: bool) -> dict[str, Any]:
    """The backup's preview and, with ``confirm``, the event restored; the director who restores it is made its
    director (one more event, at the end of the log) when the backup's own staff does not name the account."""
    try:
        document = json.loads(data)
        logged = read_backup(document)
        tournament = fold_backup(logged)
        store = tournaments(request)
        check_event_name(tournament.config.name, store.names())
        preview = {"name": tournament.config.name, "events": len(logged), "entrants": len(tournament.entrants),
                   "rounds": len(tournament.rounds), "last": logged[-1].recorded_at.isoformat()}  # fmt: skip
        if not confirm:
            return {"preview": preview, "restored": False}
        handle = restore(store, document)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise Refused(400, TournamentError("{path}: not a Tavolo tournament backup (not JSON)", path=filename)) from None
    except RecursionError:
        raise Refused(400, TournamentError("{path}: brackets nested too deeply to read", path=filename)) from None
    except TournamentError as error:
        raise Refused(400, error) from None
    except (TypeError, AttributeError, KeyError, IndexError) as error:  # a log edited by hand into nonsense
        raise Refused(400, TournamentError("{path}: a damaged backup ({error})", path=filename, error=error)) from None
    if handle.tournament.staff.get(account) != "director":
        handle.author = account
        handle.do(lambda t: commands.appoint(t, account, "director"))
    name = tournament.config.name
    return {"preview": preview, "restored": True, "url": f"/direttore/{quote(name, safe='')}"}


def install(app) -> None:
    """Add the director's pages and their error handler to the web app."""
    app.include_router(router, dependencies=[Depends(same_origin)])
    app.add_exception_handler(Refused, refused_response)
