"""The director's desk (``/direttore``), for the accounts the tournament made director or arbiter (the creator
is its director): create an event, register or import the list with a preview, seat round 1 by draw (the seed
shown), in registration order or by the director's choice, publish rounds, enter and correct scores, the round
clock, printouts (in the page's language), exports and a backup, the staff, undo and the hall's address.
"""

from __future__ import annotations

import contextlib
import hashlib
import ipaddress
import json
import re
import socket
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

from fastapi import Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import delete, insert, select
from starlette.datastructures import UploadFile as StarletteUpload

from tavolo.i18n import catalog
from tavolo.server.api import account_of
from tavolo.server.director.common import (
    DOMAIN,
    Refused,
    _open,
    check_origin,
    desk_directors,
    lang_of,
    make_desk_director,
    render,
    router,
    tournaments,
    words_of,
)
from tavolo.server.director.phone import _points, proposed_points
from tavolo.server.director.public import _do, hall
from tavolo.store import TournamentHandle
from tavolo.store.backup import _fold as fold_backup  # the checks restore() makes, for the preview
from tavolo.store.backup import _read as read_backup
from tavolo.store.backup import backup, restore
from tavolo.store.repository import _last_action as last_action_seqs  # the rule TournamentHandle.undo follows
from tavolo.store.online import OnlineStore, SettingRow
from tavolo.tournament import commands
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
from tavolo.tournament.flags import flags
from tavolo.tournament.importing import read_entrant_file
from tavolo.tournament.journal import describe
from tavolo.tournament.naming import check_event_name, search_key
from tavolo.tournament.public import public_view, round_view
from tavolo.tournament.results import missing_tables
from tavolo.tournament.seating import Seating, new_seed
from tavolo.tournament.state import Tournament


# --- the director's desk ----------------------------------------------------------------------


def current_account(request: Request) -> str | None:
    """The logged-in account (the web app's session cookie), or ``None``."""
    return account_of(request)


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
