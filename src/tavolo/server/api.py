"""The JSON API of the lobby and the tables (contract in ``tavolo.online``).

Errors are ``{"error": {"code", "message", "field"}}`` with a 4xx status, the
message in the request's language (``?lang=`` or ``Accept-Language``).
"""

from __future__ import annotations

import asyncio
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Header, Query, Request, WebSocket
from starlette.concurrency import run_in_threadpool
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select
from starlette.exceptions import HTTPException as StarletteHTTPException

from tavolo.i18n import language, negotiate
from tavolo.online import accounts
from tavolo.online.messages import Refusal, say
from tavolo.online.ratings import ordinal
from tavolo.online import watching
from tavolo.online.service import LOBBY_PAGE, TableService
from tavolo.online.tables import Table
from tavolo.online.views import OptionError, available_views, view_of
from tavolo.server.limits import Guard, Limits
from tavolo.store import Store
from tavolo.store.models import TournamentRow
from tavolo.tournament import room
from tavolo.tournament.state import Tournament

router = APIRouter(prefix="/api")

STATUS = {"not_found": 404, "forbidden": 403, "watch_refused": 403, "conflict": 409, "unauthorized": 401,
          "too_fast": 429, "unavailable": 503}


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


Name = Field(min_length=1, max_length=40)
Options = Field(default_factory=dict, max_length=12)


class NewTable(Strict):
    game: str = Field(max_length=40)
    name: str = Name
    options: dict[str, int | bool | str | None] = Options
    timer: str = Field("off", max_length=16)
    bots: dict[int, str] = Field(default_factory=dict, max_length=23)  # the parlour games seat up to 24


class QuickGame(Strict):
    game: str = Field(max_length=40)
    name: str = Name
    options: dict[str, int | bool | str | None] = Options


class Sit(Strict):
    name: str = Name


class BotSpec(Strict):
    spec: str = Field(max_length=60)


class Credentials(Strict):
    name: str = Name
    password: str = Field(max_length=200)


class NewPassword(Strict):
    password: str = Field(max_length=200)
    new_password: str = Field(max_length=200)


class SeatToken(BaseModel):
    table_id: str
    seat: int
    token: str


def request_language(request: Request) -> str:
    chosen = request.query_params.get("lang")
    return language(chosen) if chosen else negotiate(request.headers.get("accept-language"))


def refusal_response(request: Request, refusal: Refusal) -> JSONResponse:
    status = STATUS.get(refusal.code, 400 if refusal.code != "bad_message" else 422)
    headers = {"Retry-After": str(refusal.retry_after)} if refusal.retry_after else None
    return JSONResponse({"error": refusal.to_json(request_language(request))}, status_code=status, headers=headers)


def validation_response(request: Request, exc: RequestValidationError) -> JSONResponse:
    first = exc.errors()[0] if exc.errors() else {}
    field = ".".join(str(p) for p in first.get("loc", ())[1:]) or None
    lang = request_language(request)
    message = say("Invalid request: {field}", lang, field=field or "body")
    return JSONResponse({"error": {"code": "bad_message", "message": message, "field": field}}, status_code=422)


async def http_error_response(request: Request, exc: StarletteHTTPException) -> Response:
    """The framework's own 4xx under ``/api`` (a body it cannot parse, a path or method no
    route has) as the contract's error object; elsewhere its usual answer."""
    if not request.url.path.startswith("/api/") or exc.status_code >= 500:
        return await http_exception_handler(request, exc)
    field = "body" if exc.status_code == 400 else request.url.path
    message = say("Invalid request: {field}", request_language(request), field=field)
    code = "not_found" if exc.status_code == 404 else "bad_message"
    return JSONResponse({"error": {"code": code, "message": message, "field": None}}, status_code=exc.status_code,
                        headers=exc.headers)


def service(request: Request) -> TableService:
    return request.app.state.service


def guard(request: Request | WebSocket) -> Guard:
    """The app's limits and their use (the defaults where the app set none: a page's router alone)."""
    state = request.app.state
    if not hasattr(state, "guard"):
        state.guard = Guard(Limits())
    return state.guard


def address(request: Request | WebSocket) -> str:
    """The client's address (behind a trusted balancer, the one it forwards)."""
    return request.client.host if request.client else "unknown"


def account_of(request: Request | WebSocket) -> str | None:
    """The logged-in player's account name (the session cookie, which a socket's handshake carries
    too), or None."""
    return (request.scope.get("session") or {}).get("account")


async def tournament_verdict(request: Request | WebSocket, table: Table, door: str) -> watching.Verdict | None:
    """Whether the session's account may go through ``door`` (:data:`watching.LIVE`, :data:`watching.RECORD`)
    of ``table``, a tournament's (:func:`watching.decide`); None for a table of no tournament."""
    link = table.record.tournament
    if not link:
        return None
    tournament = await linked_tournament(request.app, int(link["id"]))
    return watching.decide(watch_of(tournament, link, door, account_of(request)))


def watch_of(tournament: Tournament, link: dict[str, Any], door: str, account: str | None) -> watching.Watch:
    """The facts of a request at ``door`` of the table linked by ``link`` (its ``TableRecord.tournament``):
    who knocks, the organizer's choice, duplicate deals or not, and whether the table's round is over
    (every table of it has its result, or the tournament is over)."""
    settings = room.room_of(tournament).settings
    staff = [*tournament.staff, settings.organizer]
    number = int(link["round"])
    complete = (room.status(tournament) in (room.FINISHED, room.CANCELLED)
                or (number in tournament.rounds and room.complete(tournament, number)))
    return watching.Watch(door, watching.role_of(account, tournament.room.accounts, staff), settings.spectators,
                          bool(link.get("deals")), complete)


def watch_refusal(verdict: watching.Verdict) -> Refusal:
    """The refusal of ``verdict`` (403: why, in the reader's language). Its code is not ``forbidden``:
    the table's page answers that one, a seat its table no longer knows, by watching instead."""
    return Refusal("watch_refused", verdict.reason or watching.NO_SPECTATORS)


async def linked_tournament(app: Any, tournament_id: int) -> Tournament:
    """The tournament numbered ``tournament_id`` as its log says now: through the room's driver
    (``app.state.room_tournaments``) where the app has one, else read from the store."""
    driver = getattr(app.state, "room_tournaments", None)
    if driver is not None:
        name = await asyncio.to_thread(driver.name_of, tournament_id)
        if name is None:
            raise Refusal("not_found", "No tournament for this table")
        return await driver.tournament(name)
    return await asyncio.to_thread(_read_tournament, app, tournament_id)


def _read_tournament(app: Any, tournament_id: int) -> Tournament:
    store = getattr(app.state, "watching_store", None)
    if store is None:
        store = app.state.watching_store = Store(app.state.store.engine)
    with store.engine.connect() as connection:
        name = connection.scalar(select(TournamentRow.name).where(TournamentRow.id == tournament_id))
    if name is None:
        raise Refusal("not_found", "No tournament for this table")
    return store.open(name).tournament


def bearer(authorization: str | None) -> str | None:
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip()
    return None


@router.get("/games")
def games(request: Request) -> list[dict[str, Any]]:
    lang = request_language(request)
    out = []
    for view in available_views():
        info = view.info()
        for option in info["options"]:
            option["label"] = say(option["label"], lang)
        for bot in info["bots"]:
            bot["label"] = say(bot["label"], lang)
        out.append(info)
    return out


@router.get("/tables")
async def tables(request: Request, page: int = Query(0, ge=0, le=100_000),
                 size: int = Query(LOBBY_PAGE, ge=1, le=LOBBY_PAGE)) -> list[dict[str, Any]]:
    """A page of the lobby (every process's tables), newest first; fewer than ``size``: the last."""
    return await service(request).lobby(page, size)


@router.post("/tables", status_code=201)
async def create_table(request: Request, body: NewTable) -> SeatToken:
    await guard(request).take_table(address(request))
    table_id, token = await service(request).create(body.game, body.options, body.name, body.timer, body.bots,
                                                    account_of(request))
    return SeatToken(table_id=table_id, seat=0, token=token)


@router.post("/quick", status_code=201)
async def quick(request: Request, body: QuickGame) -> SeatToken:
    await guard(request).take_table(address(request))
    table_id, token = await service(request).quick(body.game, body.name, body.options, account_of(request))
    return SeatToken(table_id=table_id, seat=0, token=token)


@router.get("/tables/{table_id}")
async def table_info(request: Request, table_id: str) -> dict[str, Any]:
    svc = service(request)
    return svc.info(await svc.fresh(table_id))


@router.post("/tables/{table_id}/seats/{seat}", status_code=201)
async def sit(request: Request, table_id: str, seat: int, body: Sit) -> SeatToken:
    token = await service(request).sit(table_id, seat, body.name, account_of(request))
    return SeatToken(table_id=table_id, seat=seat, token=token)


@router.put("/tables/{table_id}/seats/{seat}/bot")
async def put_bot(request: Request, table_id: str, seat: int, body: BotSpec,
                  authorization: str | None = Header(None)) -> dict[str, bool]:
    await service(request).set_bot(table_id, seat, bearer(authorization), body.spec)
    return {"ok": True}


@router.delete("/tables/{table_id}/seats/{seat}/bot")
async def delete_bot(request: Request, table_id: str, seat: int,
                     authorization: str | None = Header(None)) -> dict[str, bool]:
    await service(request).set_bot(table_id, seat, bearer(authorization), None)
    return {"ok": True}


@router.post("/tables/{table_id}/start")
async def start(request: Request, table_id: str, authorization: str | None = Header(None)) -> dict[str, bool]:
    await service(request).start_table(table_id, bearer(authorization))
    return {"ok": True}


@router.post("/tables/{table_id}/again", status_code=201)
async def again(request: Request, table_id: str, authorization: str | None = Header(None)) -> SeatToken:
    """Gioca ancora: any seat's token of the finished table -> its seat and token at the new one."""
    new_id, seat, token = await service(request).play_again(table_id, bearer(authorization))
    return SeatToken(table_id=new_id, seat=seat, token=token)


@router.get("/tables/{table_id}/record")
async def record(request: Request, table_id: str) -> dict[str, Any]:
    """A finished table's game record. A tournament's table while its round runs: refused to its
    players, and to the others as its organizer chose; where they may, the deals finished there
    only (one deal behind: :mod:`tavolo.online.watching`)."""
    svc = service(request)
    table = await svc.table(table_id)
    verdict = await tournament_verdict(request, table, watching.RECORD)
    if verdict is not None and not verdict.allowed:
        raise watch_refusal(verdict)
    if verdict is not None and verdict.deals == watching.FINISHED and table.record.status != "finished":
        await svc.current(table)
        whole = table.game_record() | {"chance": list(table.chance)}
        return await asyncio.to_thread(watching.finished_deals, whole, table.view.results,
                                       table.view.build(table.record.options))
    if table.record.status != "finished":
        raise Refusal("conflict", "The record is ready when the game is over")
    return table.game_record()


# --- optional accounts ------------------------------------------------------------------------


def sign_in(request: Request, signed: accounts.SignedIn) -> dict[str, str]:
    """The session cookie of ``signed`` (its account and session generation); the answer naming it,
    and where the account was renamed (two names but for case, migration 0006), saying so."""
    request.session.clear()
    request.session.update(account=signed.name, generation=signed.generation)
    if signed.former_name is None:
        return {"name": signed.name}
    return {"name": signed.name, "former_name": signed.former_name,
            "notice": say("Another account was already called {former}: yours is now called {name}",
                          request_language(request), former=signed.former_name, name=signed.name)}


class Revoked:
    """ASGI middleware inside the session's: a session signed with an older session generation of its
    account (logged out since, or its password changed, on any device; the account renamed) is
    emptied, as if never logged in, and its cookie cleared."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        session = scope.get("session")
        if session and "account" in session and not scope["path"].startswith("/static/"):
            now = await run_in_threadpool(accounts.session_generation, scope["app"].state.store, session["account"])
            if now is None or now != session.get("generation", 0):
                session.clear()
        await self.app(scope, receive, send)


@router.post("/accounts", status_code=201)
async def register(request: Request, body: Credentials) -> dict[str, str]:
    return sign_in(request, await run_in_threadpool(accounts.register, request.app.state.store, body.name,
                                                    body.password))


@router.post("/login")
async def login(request: Request, body: Credentials) -> dict[str, str]:
    return sign_in(request, await run_in_threadpool(accounts.log_in, request.app.state.store, body.name,
                                                    body.password, request.app.state.login_guard))


@router.post("/logout")
async def logout(request: Request) -> dict[str, None]:
    """Log out on every device (the account's session generation moves on)."""
    if (name := account_of(request)) is not None:
        await run_in_threadpool(accounts.log_out, request.app.state.store, name)
    request.session.clear()
    return {"name": None}


@router.post("/password")
async def password(request: Request, body: NewPassword) -> dict[str, str]:
    """A new password for the logged-in account: its other devices are logged out, this one stays."""
    if (name := account_of(request)) is None:
        raise Refusal("unauthorized", "Log in first")
    return sign_in(request, await run_in_threadpool(accounts.change_password, request.app.state.store, name,
                                                    body.password, body.new_password, request.app.state.login_guard))


@router.get("/me")
def me(request: Request) -> dict[str, str | None]:
    return {"name": account_of(request)}


@router.get("/players/{name}")
async def player(request: Request, name: str) -> dict[str, Any]:
    """An account's rating and finished games, newest first (each with its record and replay)."""
    store = request.app.state.store
    account = await run_in_threadpool(store.account, name[:40])
    if account is None:
        raise Refusal("not_found", "No player {name}", name=name[:40])
    tables = await run_in_threadpool(store.finished_tables_of, account.name)
    return {"name": account.name,
            "rating": {"mu": account.mu, "sigma": account.sigma, "ordinal": ordinal(account.mu, account.sigma)},
            "games": [_finished_game(t, account.name) for t in tables]}


def _finished_game(table: Any, account: str) -> dict[str, Any]:
    result = table.result or []
    best = max(result, default=None)
    seat = next(s.seat for s in table.seats if s.account == account)
    return {"table_id": table.id, "game": table.game, "title": _title(table.game),
            "finished": (table.finished_at or table.created_at).isoformat(), "seat": seat,
            "seats": [s.name for s in table.seats], "bot_labels": [_bot_label(table, s) for s in table.seats],
            "returns": result,
            "winners": [i for i, v in enumerate(result) if v == best], "won": bool(result) and result[seat] == best,
            "record": f"/api/tables/{quote(table.id)}/record", "replay": f"/replay/{quote(table.id)}"}


def _bot_label(table: Any, seat: Any) -> str | None:
    """A bot seat's level as a ``web`` msgid (the page names it in the reader's language); None for a person."""
    if seat.kind != "bot":
        return None
    try:
        return view_of(table.game).bot_label(seat.bot or "")
    except OptionError:
        return None


def _title(game: str) -> str:
    """A game's title, or its name where this server no longer offers it."""
    try:
        return view_of(game).title
    except OptionError:
        return game
