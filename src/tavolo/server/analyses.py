"""The analysis's HTTP face (issue 41): ask for a seat's review, follow its progress, cancel it, read
a kept one, and the shareable page ``/analisi/<table>/<seat>`` (the replay page with the review).
Who may ask, the queue and the store: :mod:`tavolo.online.analyses`.

- ``GET /api/analyses/{table}``: the seats, whose the account played, which the asker may analyse,
  which have a kept review.
- ``POST /api/analyses/{table}/{seat}?budget=``: a kept review at once (200, ``status`` ``done``),
  or a job in the queue (202); refused in words: a table not finished (409), a seat not played
  while the record is not public (403), a busy queue (429, 503).
- ``GET /api/analyses/jobs/{job}``: where the job stands (decisions done of the total, its place in
  the queue, the review when done). ``POST /api/analyses/jobs/{job}/cancel``: the page closes.
- ``GET /api/analyses/{table}/{seat}``: the kept review (the largest budget), or 404.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse

from tavolo.online import watching
from tavolo.online.analyses import Analyses, analysable, budget_of, check_access
from tavolo.online.messages import Refusal
from tavolo.online.tables import Table
from tavolo.server.api import account_of, address, tournament_verdict

router = APIRouter()


def analyses(request: Request) -> Analyses:
    return request.app.state.analyses


async def _public(request: Request, table: Table) -> bool:
    """Whether the table's record is open to the asker (the replay's rule: an ordinary table's is)."""
    verdict = await tournament_verdict(request, table, watching.RECORD)
    return verdict is None or verdict.allowed


async def _allowed(request: Request, table_id: str, seat: int) -> Table:
    """The table, once the asker may analyse its ``seat`` (else the refusal, in words)."""
    table = await request.app.state.service.fresh(table_id)
    check_access(table.record, seat, account_of(request), await _public(request, table))
    return table


@router.get("/api/analyses/jobs/{job_id}")
def job_news(request: Request, job_id: str) -> dict[str, Any]:
    return analyses(request).news(job_id[:40])


@router.post("/api/analyses/jobs/{job_id}/cancel")
def job_cancel(request: Request, job_id: str) -> dict[str, bool]:
    """The page that asked is closed: the job is dropped if it has not started and no other page waits."""
    return {"cancelled": analyses(request).cancel(job_id[:40])}


@router.get("/api/analyses/{table_id}")
async def seats(request: Request, table_id: str) -> dict[str, Any]:
    """Each seat: its name, whether the account played it, whether the asker may analyse it, the
    budget of its kept review (None: none)."""
    table = await request.app.state.service.fresh(table_id)
    account, public = account_of(request), await _public(request, table)
    kept = await asyncio.to_thread(analyses(request).store.kept, table_id)
    finished = table.record.status == "finished" and analysable(table.record.game)
    return {"finished": table.record.status == "finished", "analysable": analysable(table.record.game), "seats": [
        {"seat": s.seat, "name": s.name, "mine": account is not None and s.account == account,
         "allowed": finished and (public or (account is not None and s.account == account)),
         "kept": kept.get(s.seat)} for s in table.record.seats]}


@router.get("/api/analyses/{table_id}/{seat}")
async def kept_review(request: Request, table_id: str, seat: int,
                      budget: float | None = Query(None)) -> dict[str, Any]:
    await _allowed(request, table_id, seat)
    review = await asyncio.to_thread(analyses(request).store.review, table_id, seat, budget)
    if review is None:
        raise Refusal("not_found", "This seat has not been analysed yet")
    return {"status": "done", "review": review}


@router.post("/api/analyses/{table_id}/{seat}")
async def ask(request: Request, table_id: str, seat: int, budget: float | None = Query(None)) -> JSONResponse:
    """A kept review at once, else a job in the queue (202) whose progress the page follows."""
    budget = budget_of(budget)
    table = await _allowed(request, table_id, seat)
    runner = analyses(request)
    review = await asyncio.to_thread(runner.store.review, table_id, seat, budget)
    if review is not None:
        return JSONResponse({"status": "done", "review": review})
    job = runner.ask(table_id, seat, budget, table.game_record(), account_of(request), address(request))
    return JSONResponse(job.to_json(runner.position(job)), status_code=202)


@router.get("/analisi/{table_id}/{seat}", response_class=HTMLResponse, include_in_schema=False)
async def analysis_page(request: Request, table_id: str, seat: int) -> HTMLResponse:
    """The shared link: the replay page opening on ``seat``'s review (the replay's own refusals hold)."""
    from tavolo.server.pages import replay_page

    response = await replay_page(request, table_id)
    if response.status_code == 200:
        from tavolo.server.pages import render

        return render(request, "replay.html", table_id=table_id, analysis_seat=seat)
    return response
