"""Tornei online in the browser: the lists, a tournament's page, its live feed and every request, over the
room's driver (:class:`tavolo.online.tournaments.Tournaments`, ``app.state.room_tournaments``).

HTTP only: every rule (registration, the start, pairing, scores, the clock) is in
:mod:`tavolo.tournament.room` and :mod:`tavolo.tournament.commands`; a refusal is their
:class:`~tavolo.tournament.errors.TournamentError`, answered 4xx in the page's language by the desk's
handler (:class:`~tavolo.server.director.common.Refused`), and nothing is stored.

What a page is told: the public facts (entrants, rounds, results, standings, the clock) and, for the
logged-in account alone, its own entrant, invitation and seat (with that seat's token). Never another
account's token, the duplicate deals' key, or a card. A room table's id is told to everyone once its round
is complete (its replay link); while the round runs, only to the tournament's staff (the arbiter watches
any table), through the seat to its own players, and to a spectator who plays no part in the tournament
when the organizer lets running tables be watched one deal behind (its replay, cut to the finished deals:
:mod:`tavolo.online.watching`); a deal of a duplicate round is not shown to anyone before every table has
played it.

Changes come from this site's own pages only (:func:`~tavolo.server.director.common.same_origin`).
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import AsyncIterator, Callable
from datetime import datetime
from typing import Any, Literal

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from tavolo.online.tournaments import Tournaments
from tavolo.server import pages
from tavolo.server.api import account_of, address, guard
from tavolo.server.director.common import Refused, desk_directors, same_origin
from tavolo.tournament import commands, room
from tavolo.tournament.config import Kind, Phase, TournamentConfig, parse_system
from tavolo.tournament.errors import TournamentError
from tavolo.tournament.events import Event
from tavolo.tournament.naming import check_event_name
from tavolo.tournament.public import public_view, round_view
from tavolo.tournament.room_settings import RoomSettings
from tavolo.tournament.state import Tournament

router = APIRouter()
LIVE_WAIT_S = 5.0
"""How long the live feed waits for a new version before it looks at the tables again (who came, who left)."""
STAFF_ROLES = ("director", "arbiter")


# --- the answers' shapes (the OpenAPI schema) -------------------------------------------------------------


class Summary(BaseModel):
    """One tournament in the lists."""

    id: int
    name: str
    status: Literal["registration", "running", "finished", "cancelled"]
    kind: str
    system: str
    system_label: str
    rounds: int
    deals: int
    minutes: int
    rule_set: str
    entrants: int
    sit_and_go: int
    opens: str
    closes: str
    starts: str
    organizer: str
    duplicate: bool


class Result(BaseModel):
    ns_points: int
    ew_points: int
    ns_vp: int
    ew_vp: int
    mp: int | float | None = None


class TableLine(BaseModel):
    """A table of a round: who plays it, its result, and the room table's state."""

    table: int
    ns: list[str]
    ew: list[str]
    ns_numbers: list[int]
    ew_numbers: list[int]
    result: Result | None
    table_id: str | None = Field(None, description="told once the round is complete, or to the staff")
    status: str = Field(description="pending, waiting, playing, finished, abandoned")
    connected: list[bool] | None = Field(None, description="each seat's player connected (the staff only)")
    extra_minutes: int = Field(0, description="minutes the arbiter gave this table beyond the round's clock")
    corrected: bool = Field(False, description="the arbiter corrected or decided this result (codice art. 19)")


class RoundLine(BaseModel):
    number: int
    start: str | None
    tables: list[TableLine]
    byes: list[str]


class StandingLine(BaseModel):
    place: int | str
    number: int
    name: str
    vp: int | float
    mp: int | float
    points: int
    played: int
    warnings: int
    withdrawn: bool
    prize: Any = None


class Ranking(BaseModel):
    title: str
    lines: list[StandingLine]


class Clock(BaseModel):
    round: int
    minutes: int
    remaining_s: int
    running: bool
    time_out: bool


class Seat(BaseModel):
    round: int
    table: int
    table_id: str
    seat: int
    token: str


class Invitation(BaseModel):
    by: str
    partner: str
    name: str


class EntrantLine(BaseModel):
    number: int
    name: str
    players: list[str]
    bot: bool
    checked_in: bool
    withdrawn: bool


class Me(BaseModel):
    """What the logged-in account alone is told."""

    account: str
    entrant: int | None
    invitation: Invitation | None = Field(description="an invitation waiting for this account's answer")
    invited: Invitation | None = Field(description="the invitation this account sent, not answered yet")
    checked_in: bool
    seat: Seat | None
    organizer: bool
    staff: bool
    can_create: bool


class Detail(Summary):
    """A tournament's page: everything above, the standings and the rounds."""

    version: int
    current_round: int
    held: list[int]
    clock: Clock | None
    standings: list[Ranking]
    rounds_played: list[RoundLine]
    entrants_list: list[EntrantLine]
    me: Me | None


class Listing(BaseModel):
    tournaments: list[Summary]
    account: str | None
    can_create: bool


# --- plumbing -----------------------------------------------------------------------------------


def driver(request: Request) -> Tournaments:
    return request.app.state.room_tournaments


async def name_of(request: Request, tournament_id: int) -> str:
    """The name of the tournament numbered ``tournament_id``; 404 for none (a number past any row's,
    e.g. 2**70, included: the database is not asked)."""
    name = await asyncio.to_thread(driver(request).name_of, tournament_id) if 0 < tournament_id < 2**31 else None
    if name is None:
        raise Refused(404, TournamentError("there is no tournament number {number}", number=tournament_id))
    return name


async def load(request: Request, tournament_id: int) -> tuple[str, Tournament]:
    """The tournament numbered ``tournament_id``, as its log says now (404 for none or a desk's): a copy of
    its own, made once per version, that no step of the driver changes while a page is being made."""
    name = await name_of(request, tournament_id)
    try:
        return name, await snapshot(request, name)
    except TournamentError as error:
        raise Refused(404, error) from None


async def snapshot(request: Request, name: str) -> Tournament:
    """The tournament ``name`` as the driver reads it now: a copy made once a version, shared by the
    pages (:meth:`~tavolo.online.tournaments.Tournaments.tournament`)."""
    return await driver(request).tournament(name)


def signed_in(request: Request) -> str:
    account = account_of(request)
    if account is None:
        raise Refused(401, TournamentError("log in to take part in a tournament"))
    return account


def is_staff(t: Tournament, account: str | None) -> bool:
    return account is not None and (account == t.room.settings.organizer or t.staff.get(account) in STAFF_ROLES)


def check_staff(t: Tournament, account: str) -> None:
    if not is_staff(t, account):
        raise Refused(403, TournamentError("{account} is not the organizer or an arbiter of {name}",
                                           account=account, name=t.config.name))


async def act(request: Request, tournament_id: int, command: Callable[[Tournament], list[Event]], *,
              staff: bool = False) -> dict[str, Any]:
    """Run ``command`` on the tournament as the logged-in account (the organizer's or staff's with
    ``staff``); a refusal is a 400 and stores nothing. Answers the page's new state."""
    account = signed_in(request)
    name, t = await load(request, tournament_id)
    if staff:
        check_staff(t, account)
    try:
        await driver(request).do(name, command, account)
    except TournamentError as error:
        raise Refused(400, error) from None
    return await detail_of(request, tournament_id)


# --- what the pages read ---------------------------------------------------------------------------------


def summary(tournament_id: int, t: Tournament) -> dict[str, Any]:
    settings = t.room.settings
    phase = t.config.phases[0]
    return {"id": tournament_id, "name": t.config.name, "status": room.status(t), "kind": t.config.kind.value,
            "system": phase.system.value, "system_label": phase.system.label, "rounds": t.config.rounds,
            "deals": t.config.deals, "minutes": t.config.round_minutes, "rule_set": settings.rule_set,
            "entrants": len(t.playing(1)) if t.entrants else 0, "sit_and_go": settings.sit_and_go,
            "opens": settings.opens, "closes": settings.closes, "starts": settings.starts,
            "organizer": settings.organizer, "duplicate": settings.duplicate}


async def table_lines(request: Request, t: Tournament, number: int, staff: bool,
                      behind: bool = False) -> list[dict[str, Any]]:
    """Round ``number``'s tables, each with its room table's state (read fresh while the round runs);
    ``behind``: the reader may replay a running table's finished deals (a spectator who plays no part
    in it, the organizer's "one deal behind", no duplicate deals: :mod:`tavolo.online.watching`)."""
    played = t.round(number)
    current = number == room.current_round(t) and room.status(t) == room.RUNNING
    complete = room.complete(t, number)
    ids = t.room.tables.get(number, {})
    service = driver(request).service
    lines = []
    for line in round_view(t, played)["tables"]:
        table_id = ids.get(line["table"])
        status, connected = "pending", None
        if table_id is not None and current and not complete:
            table = await service.fresh(table_id)
            status = table.record.status
            if staff:
                present = service.connected(table)
                connected = [bool(present.get(seat)) or table.seats[seat].kind == "bot" for seat in range(4)]
        elif table_id is not None:
            status = "finished" if line["result"] is not None else "abandoned"
        lines.append({"table": line["table"], "ns": [s["name"] for s in line["ns"]],
                      "ew": [s["name"] for s in line["ew"]], "ns_numbers": [s["number"] for s in line["ns"]],
                      "ew_numbers": [s["number"] for s in line["ew"]], "result": line["result"],
                      "table_id": table_id if (staff or complete or behind) else None, "status": status,
                      "connected": connected, "extra_minutes": t.room.extra.get((number, line["table"]), 0),
                      "corrected": line["table"] in played.corrections or line["table"] in played.arbitral})
    return lines


def me_of(request: Request, t: Tournament, account: str | None, can_create: bool) -> dict[str, Any] | None:
    """The logged-in account's own part: its entrant, invitations, check-in and seat (with its token)."""
    if account is None:
        return None
    r = t.room
    number = r.entrant_of(account)
    waiting = r.invitations.get(account)
    sent = next((i for i in r.invitations.values() if i.by == account), None)
    seat = driver(request).seat_of(t, account) if room.status(t) == room.RUNNING else None
    return {"account": account, "entrant": number,
            "invitation": {"by": waiting.by, "partner": waiting.partner, "name": waiting.name} if waiting else None,
            "invited": {"by": sent.by, "partner": sent.partner, "name": sent.name} if sent else None,
            "checked_in": number is not None and number in r.checked_in, "seat": seat,
            "organizer": account == r.settings.organizer, "staff": is_staff(t, account), "can_create": can_create}


async def detail_of(request: Request, tournament_id: int) -> dict[str, Any]:
    """Everything a tournament's page shows, for the logged-in account (see the module)."""
    _, t = await load(request, tournament_id)
    account = account_of(request)
    can_create = account is not None and account in await asyncio.to_thread(desk_directors, request.app.state.store)
    staff = is_staff(t, account)
    now = driver(request).now()
    view = public_view(t, now)
    clock = view["clock"]
    settings = t.room.settings
    behind = (settings.spectators == "delayed" and not settings.duplicate
              and (account is None or t.room.entrant_of(account) is None))
    rounds = [{"number": n, "start": t.rounds[n].start, "tables": await table_lines(request, t, n, staff, behind),
               "byes": [s["name"] for side in round_view(t, t.rounds[n])["byes"] for s in side]}
              for n in sorted(t.rounds)]
    withdrawn = {n for n in t.entrants if n not in t.playing(max(1, room.current_round(t)))}
    entrants = [{"number": e.number, "name": e.name, "players": list(e.players), "bot": t.room.is_bot(e.number),
                 "checked_in": e.number in t.room.checked_in, "withdrawn": e.number in withdrawn}
                for e in t.entrants.values()]
    return {**summary(tournament_id, t), "version": t.version, "current_round": room.current_round(t),
            "held": sorted(t.room.held),
            "clock": {k: clock[k] for k in ("round", "minutes", "remaining_s", "running", "time_out")} if clock else None,
            "standings": view["standings"], "rounds_played": rounds, "entrants_list": entrants,
            "me": me_of(request, t, account, can_create)}


@router.get("/api/tournaments", response_model=Listing, tags=["tornei"])
async def list_tournaments(request: Request) -> dict[str, Any]:
    """The tournaments played in the room, newest first (registration, running, finished, cancelled)."""
    names = await asyncio.to_thread(driver(request).names)
    found = []
    for name in names:
        tournament_id = await asyncio.to_thread(driver(request).id_of, name)
        try:
            t = await snapshot(request, name)
        except TournamentError:
            continue
        found.append(summary(tournament_id, t))
    account = account_of(request)
    can_create = account is not None and account in await asyncio.to_thread(desk_directors, request.app.state.store)
    return {"tournaments": found, "account": account, "can_create": can_create}


@router.get("/api/tournaments/{tournament_id}", response_model=Detail, tags=["tornei"])
async def tournament_detail(request: Request, tournament_id: int) -> dict[str, Any]:
    """A tournament: its settings, entrants, rounds with their tables and results, the standings, the round
    clock and, for the logged-in account, its entrant, invitation, check-in and seat."""
    return await detail_of(request, tournament_id)


@router.get("/api/tournaments/{tournament_id}/live", tags=["tornei"],
            responses={200: {"content": {"text/event-stream": {}}, "description": "the page's JSON at each change"}})
async def live(request: Request, tournament_id: int) -> StreamingResponse:
    """Server-sent events: the tournament's JSON (as ``GET /api/tournaments/{id}``) now and whenever it changes
    (its version moves, or a table's players come or go). Each address holds a bounded number of feeds."""
    name, _ = await load(request, tournament_id)
    watcher, where = guard(request), address(request)
    if not await watcher.open_socket(where):
        raise Refused(429, TournamentError("too many live pages open from this address: close some"))

    async def frames() -> AsyncIterator[str]:
        try:
            version, last = 0, ""
            while not await request.is_disconnected():
                state = await detail_of(request, tournament_id)
                version = state["version"]
                quiet = json.dumps({**state, "clock": None}, ensure_ascii=False, sort_keys=True)
                if quiet != last:
                    last = quiet
                    yield f"data: {json.dumps(state, ensure_ascii=False)}\n\n"
                else:
                    yield ": keep-alive\n\n"
                await driver(request).wait_change(name, version, LIVE_WAIT_S)
        finally:
            watcher.close_socket(where)

    return StreamingResponse(frames(), media_type="text/event-stream", headers={"Cache-Control": "no-store"})


# --- what the pages ask ----------------------------------------------------------------------------------


class NewTournament(BaseModel):
    """A tournament for the room, as the lobby's form sends it (see :class:`RoomSettings`)."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=120)
    kind: Literal["pairs", "individual"] = "pairs"
    system: Literal["danish", "modified", "mitchell", "roundrobin"] = "modified"
    rounds: int = Field(3, ge=1, le=40)
    deals: int = Field(2, ge=2, le=4)
    minutes: int | None = Field(None, ge=0, le=240, description="the round time; empty: the code's (art. 5)")
    rule_set: Literal["fibur", "internazionale", "fedibur1985"] = "fibur"
    opens: str = Field("", max_length=40)
    closes: str = Field("", max_length=40)
    starts: str = Field("", max_length=40)
    sit_and_go: int = Field(0, ge=0, le=64)
    duplicate: bool = False
    substitute: Literal["bot", "withdraw"] = "bot"
    grace_seconds: int = Field(180, ge=0, le=3600)
    spectators: Literal["delayed", "none"] = "delayed"


def new_config(body: NewTournament) -> TournamentConfig:
    if body.minutes is not None and body.minutes < 1:
        raise TournamentError("a round online needs its time: at least 1 minute (codice art. 5: 30' for 2 deals, "
                              "40' for 3, 48-50' for 4), or leave it empty for the code's")
    phase = Phase(parse_system(body.system), body.rounds)
    return TournamentConfig(" ".join(body.name.split()), Kind(body.kind), body.deals, body.minutes or 0,
                            body.rule_set == "internazionale", (phase,))


@router.post("/api/tournaments", status_code=201, response_model=Detail, tags=["tornei"])
async def create(request: Request, body: NewTournament) -> dict[str, Any]:
    """A new tournament in the room, by one of the server's directors (its organizer and director)."""
    account = signed_in(request)
    if account not in await asyncio.to_thread(desk_directors, request.app.state.store):
        raise Refused(403, TournamentError("{account} is not an organizer on this server: a director of the server "
                                           "names the organizers", account=account))
    tours = driver(request)
    try:
        config = new_config(body)
        check_event_name(config.name, await asyncio.to_thread(tours.store.names))
        settings = RoomSettings(account, body.rule_set, body.opens, body.closes, body.starts, body.sit_and_go,
                                body.duplicate, body.substitute, body.grace_seconds, body.spectators)
    except TournamentError as error:
        raise Refused(400, error) from None
    await tours.create(config, settings)
    await tours.do(config.name, lambda t: commands.appoint(t, account, "director"), account)
    return await detail_of(request, await asyncio.to_thread(tours.id_of, config.name))


class Entry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    partner: str = Field("", max_length=40, description="the partner's account (pairs); empty in an individual")
    name: str = Field("", max_length=120, description="the pair's name (default: both accounts)")


@router.post("/api/tournaments/{tournament_id}/register", response_model=Detail, tags=["tornei"])
async def register(request: Request, tournament_id: int, body: Entry) -> dict[str, Any]:
    """Register: a pair's first player invites the partner (who accepts), a player alone in an individual."""
    account = signed_in(request)
    _, t = await load(request, tournament_id)
    now = driver(request).now()
    if t.config.kind is Kind.INDIVIDUAL:
        return await act(request, tournament_id, lambda t: room.enter_alone(t, account, now))
    found = await asyncio.to_thread(request.app.state.store.account, " ".join(body.partner.split())) \
        if body.partner.strip() else None
    if found is None:
        raise Refused(404, TournamentError("there is no account {name}: your partner registers on Tavolo first",
                                           name=body.partner.strip()))
    return await act(request, tournament_id, lambda t: room.invite(t, account, found.name, now, body.name))


class Reply(BaseModel):
    model_config = ConfigDict(extra="forbid")
    accept: bool


@router.post("/api/tournaments/{tournament_id}/answer", response_model=Detail, tags=["tornei"])
async def answer(request: Request, tournament_id: int, body: Reply) -> dict[str, Any]:
    """The invited partner accepts (the pair is registered) or declines."""
    account, now = signed_in(request), driver(request).now()
    return await act(request, tournament_id, lambda t: room.answer(t, account, body.accept, now))


@router.post("/api/tournaments/{tournament_id}/withdraw-invitation", response_model=Detail, tags=["tornei"])
async def withdraw_invitation(request: Request, tournament_id: int) -> dict[str, Any]:
    """The account takes back the invitation it sent (its partner never answered), and may invite another."""
    account = signed_in(request)
    return await act(request, tournament_id, lambda t: room.withdraw_invitation(t, account))


@router.post("/api/tournaments/{tournament_id}/checkin", response_model=Detail, tags=["tornei"])
async def check_in(request: Request, tournament_id: int) -> dict[str, Any]:
    """The account's entrant says it is there (before the start)."""
    account = signed_in(request)
    return await act(request, tournament_id, lambda t: room.check_in(t, account))


class Bots(BaseModel):
    model_config = ConfigDict(extra="forbid")
    count: int = Field(ge=1, le=64)


@router.post("/api/tournaments/{tournament_id}/bots", response_model=Detail, tags=["tornei"])
async def bots(request: Request, tournament_id: int, body: Bots) -> dict[str, Any]:
    """The organizer fills the field with ``count`` entrants played by bots."""
    now = driver(request).now()
    return await act(request, tournament_id,
                     lambda t: room.add_bots(t, body.count, t.room.settings.bot, now), staff=True)


@router.post("/api/tournaments/{tournament_id}/start", response_model=Detail, tags=["tornei"])
async def start(request: Request, tournament_id: int) -> dict[str, Any]:
    """The organizer starts now: those not checked in are left out, round 1 drawn (the seed in the log)."""
    now, seed = driver(request).now(), secrets.randbelow(2**31)
    return await act(request, tournament_id, lambda t: room.start(t, now, seed), staff=True)


class Hold(BaseModel):
    model_config = ConfigDict(extra="forbid")
    round: int = Field(ge=1, le=40)
    held: bool = True


@router.post("/api/tournaments/{tournament_id}/hold", response_model=Detail, tags=["tornei"])
async def hold(request: Request, tournament_id: int, body: Hold) -> dict[str, Any]:
    """The organizer holds (or releases) a later round's pairing."""
    return await act(request, tournament_id, lambda t: room.hold(t, body.round, body.held), staff=True)


@router.post("/api/tournaments/{tournament_id}/cancel", response_model=Detail, tags=["tornei"])
async def cancel(request: Request, tournament_id: int) -> dict[str, Any]:
    """The organizer cancels a tournament before its start (a running one ends after its last round)."""
    return await act(request, tournament_id, room.cancel, staff=True)


class Correction(BaseModel):
    model_config = ConfigDict(extra="forbid")
    round: int = Field(ge=1, le=40)
    table: int = Field(ge=1, le=10_000)
    ns: list[int] = Field(min_length=1, max_length=4, description="N/S's points, deal by deal")
    ew: list[int] = Field(min_length=1, max_length=4, description="E/W's points, deal by deal")
    reason: str = Field("", max_length=200)


@router.post("/api/tournaments/{tournament_id}/correct", response_model=Detail, tags=["tornei"])
async def correct(request: Request, tournament_id: int, body: Correction) -> dict[str, Any]:
    """The arbiter corrects a table's result, with its reason (codice art. 19); the pairings published stay."""
    if not body.reason.strip():
        raise Refused(400, TournamentError("a correction needs its reason"))
    return await act(request, tournament_id, lambda t: commands.correct_score(
        t, body.round, body.table, body.ns, body.ew, body.reason.strip()), staff=True)


class Arbitral(BaseModel):
    model_config = ConfigDict(extra="forbid")
    round: int = Field(ge=1, le=40)
    table: int = Field(ge=1, le=10_000)
    ns_vp: int = Field(ge=0, le=30)
    ew_vp: int = Field(ge=0, le=30)
    reason: str = Field("", max_length=200)


@router.post("/api/tournaments/{tournament_id}/arbitral", response_model=Detail, tags=["tornei"])
async def arbitral(request: Request, tournament_id: int, body: Arbitral) -> dict[str, Any]:
    """A punteggio arbitrale for a table (the arbiter's)."""
    return await act(request, tournament_id, lambda t: commands.arbitral_score(
        t, body.round, body.table, body.ns_vp, body.ew_vp, reason=body.reason.strip()), staff=True)


class Warning_(BaseModel):
    model_config = ConfigDict(extra="forbid", title="Warning")
    round: int = Field(ge=1, le=40)
    number: int = Field(ge=1, le=10_000)
    reason: str = Field("", max_length=200)


@router.post("/api/tournaments/{tournament_id}/warning", response_model=Detail, tags=["tornei"])
async def warning(request: Request, tournament_id: int, body: Warning_) -> dict[str, Any]:
    """An ammonizione to an entrant (codice art. 20: the second costs 1 VP)."""
    return await act(request, tournament_id, lambda t: commands.warn(t, body.round, body.number, body.reason.strip()),
                     staff=True)


class ClockChange(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: Literal["pause", "resume", "add"]
    minutes: int = Field(0, ge=-120, le=120)


class TableTime(BaseModel):
    model_config = ConfigDict(extra="forbid")
    table: int = Field(ge=1, le=10_000)
    minutes: int = Field(ge=1, le=60)


@router.post("/api/tournaments/{tournament_id}/table-time", response_model=Detail, tags=["tornei"])
async def table_time(request: Request, tournament_id: int, body: TableTime) -> dict[str, Any]:
    """The arbiter gives one table of the round more time than the round's clock (codice art. 5)."""
    return await act(request, tournament_id, lambda t: room.add_table_time(t, body.table, body.minutes), staff=True)


@router.post("/api/tournaments/{tournament_id}/clock", response_model=Detail, tags=["tornei"])
async def clock(request: Request, tournament_id: int, body: ClockChange) -> dict[str, Any]:
    """The arbiter pauses, resumes or lengthens the current round's clock (codice art. 5)."""
    now: datetime = driver(request).now()
    return await act(request, tournament_id, lambda t: commands.clock(t, body.action, now, body.minutes), staff=True)


# --- the page ---------------------------------------------------------------------------------------------


@router.get("/tornei/{tournament_id}", response_class=HTMLResponse, include_in_schema=False)
async def page(request: Request, tournament_id: int) -> HTMLResponse:
    """A tournament's page: the player's (clock, table, results, standings) and, for its staff, the arbiter's."""
    name, _ = await load(request, tournament_id)
    return pages.render(request, "tournament.html", tournament_id=tournament_id, name=name)


def install(app) -> None:
    """Add the tournaments' pages and API to the web app (changes from its own pages only)."""
    app.include_router(router, dependencies=[Depends(same_origin)])
