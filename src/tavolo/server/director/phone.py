"""A table's phone page (``/torneo/{name}/tavolo/{table}``, the score card's QR code): one side enters the
points with its code, the other confirms with its own; without a code nothing changes, and wrong codes are
counted (:class:`CodeGuard`).
"""

from __future__ import annotations

import secrets
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from tavolo.online.accounts import LoginGuard
from tavolo.online.messages import Refusal
from tavolo.server.director.common import Refused, _open, render, router
from tavolo.server.director.public import _do
from tavolo.tournament import commands
from tavolo.tournament.codes import check_code
from tavolo.tournament.errors import TournamentError
from tavolo.tournament.events import ScoreProposed
from tavolo.tournament.importing import read_points
from tavolo.tournament.public import round_view
from tavolo.tournament.state import Tournament


@router.get("/torneo/{name}/tavolo/{table}", response_class=HTMLResponse, include_in_schema=False)
def table_page(request: Request, name: str, table: int) -> HTMLResponse:
    """A table's phone page: enter the points with one side's code, confirm with the other's."""
    _open(request, name)
    code_guard(request).welcome(request)
    return render(request, "director/table.html", name=name, table=table)


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
