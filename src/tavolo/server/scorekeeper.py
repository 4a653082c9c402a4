"""The score keeper's pages and JSON API (segnapunti): a Burraco match played at a
real table, scored by the engine (``tavolo.online.scorekeeper``).

=============================================  ==============================================
``POST   /api/scorekeeper``                    ``{sides: [name], players, target, rules}`` -> 201
                                               ``{id, token, share, edit}`` (``token`` shown once)
``GET    /api/scorekeeper/{id}``               the match: sides, hands with their running totals
                                               and breakdowns, ``winner`` (a side's index or null)
``POST   /api/scorekeeper/{id}/hands``         ``{totals: [int]}`` or ``{sheet: [side]}`` with
                                               ``Authorization: Bearer <token>`` -> 201 the match
``PUT    /api/scorekeeper/{id}/hands/{n}``     the same body: hand ``n`` (from 1) replaced
``DELETE /api/scorekeeper/{id}/hands/{n}``     hand ``n`` deleted
``GET    /segnapunti``, ``/segnapunti/{id}``   the pages: a new match; a match (to edit with the
                                               token kept by the browser or in the link's
                                               ``#edit=`` fragment, else read-only)
=============================================  ==============================================

A calculator side: ``{closed: bool, pozzetto: bool, melds: ["3h 4h 5h"], hands: ["Kd 7c"]}``
(one ``hands`` entry per player, ``""`` for the closer's empty hand), as the score sheet's JSON.
"""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Header, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from tavolo.online import scorekeeper as keeper
from tavolo.server.api import bearer
from tavolo.server.pages import render
from tavolo.store.scorekeeper import ScoreStore

router = APIRouter()


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


Cards = Annotated[str, Field(max_length=400)]
"""A meld or a hand in card notation: three decks hold no more than this says."""


class NewMatch(Strict):
    sides: list[Annotated[str, Field(max_length=40)]] = Field(min_length=2, max_length=5)
    players: int = 4
    target: int = 2005
    rules: str = Field("fibur", max_length=20)


class SheetSide(Strict):
    closed: bool = False
    pozzetto: bool
    melds: list[Cards] = Field(default_factory=list, max_length=60)
    hands: list[Cards] = Field(default_factory=list, max_length=3)


class Hand(Strict):
    totals: list[int] | None = Field(None, max_length=5)
    sheet: list[SheetSide] | None = Field(None, max_length=5)


def store_of(request: Request) -> ScoreStore:
    return ScoreStore(request.app.state.store.engine)


def entry(body: Hand) -> dict[str, Any]:
    return body.model_dump(exclude_none=True)


@router.post("/api/scorekeeper", status_code=201)
async def create(request: Request, body: NewMatch) -> dict[str, str]:
    match, token = await run_in_threadpool(keeper.create, store_of(request), body.sides, body.players,
                                           body.target, body.rules)
    share = f"/segnapunti/{quote(match.id)}"
    return {"id": match.id, "token": token, "share": share, "edit": f"{share}#edit={token}"}


@router.get("/api/scorekeeper/{match_id}")
async def show(request: Request, match_id: str) -> dict[str, Any]:
    return keeper.match_json(await run_in_threadpool(keeper.load, store_of(request), match_id))


@router.post("/api/scorekeeper/{match_id}/hands", status_code=201)
async def add(request: Request, match_id: str, body: Hand,
              authorization: str | None = Header(None)) -> dict[str, Any]:
    match = await run_in_threadpool(keeper.add_hand, store_of(request), match_id, bearer(authorization), entry(body))
    return keeper.match_json(match)


@router.put("/api/scorekeeper/{match_id}/hands/{number}")
async def edit(request: Request, match_id: str, number: int, body: Hand,
               authorization: str | None = Header(None)) -> dict[str, Any]:
    match = await run_in_threadpool(keeper.edit_hand, store_of(request), match_id, bearer(authorization),
                                    number, entry(body))
    return keeper.match_json(match)


@router.delete("/api/scorekeeper/{match_id}/hands/{number}")
async def delete(request: Request, match_id: str, number: int,
                 authorization: str | None = Header(None)) -> dict[str, Any]:
    match = await run_in_threadpool(keeper.delete_hand, store_of(request), match_id, bearer(authorization), number)
    return keeper.match_json(match)


@router.get("/segnapunti", response_class=HTMLResponse, include_in_schema=False)
def new_match_page(request: Request) -> HTMLResponse:
    """A new match: sides, players, target, rule set."""
    return render(request, "scorekeeper_new.html", targets=keeper.TARGETS)


@router.get("/segnapunti/{match_id}", response_class=HTMLResponse, include_in_schema=False)
def match_page(request: Request, match_id: str) -> HTMLResponse:
    """A match: the running totals, the history, a hand to enter (with the edit token)."""
    return render(request, "scorekeeper.html", match_id=match_id)
