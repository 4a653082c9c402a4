"""Analisi in the room (issue 41): a finished game's seat reviewed by Campione in the background,
kept with the record.

Who may ask (:func:`check_access`): a seat the logged-in account played at a finished table, or
any seat of a finished table whose record is public to the asker (an ordinary table's always; a
tournament's as :mod:`tavolo.online.watching` decides for its record). A table not finished is
refused.

The runner (:class:`Analyses`) keeps a queue on the event loop and hands one job at a time to
each of its worker processes (``spawn``, niced, :func:`run_review`): the loop never analyses. The
queue is bounded: so many jobs an account, an address, and in all (:class:`AnalysisLimits`);
beyond, a refusal that says the queue is busy. A job waiting is dropped when every page that
asked for it is closed (it says so, or stops asking for news for :attr:`AnalysisLimits.forget_s`);
a job started finishes and its review is kept. Each worker reports its progress (decisions
reviewed of the total) on a queue the loop reads. Every review is stored
(``online_analyses``, migration 0008) by table, seat and budget, so a second request is answered
at once, and ``/analisi/<table>/<seat>`` shows it to whoever may see it.
"""

from __future__ import annotations

import asyncio
import json
import math
import multiprocessing
import os
import secrets
import time
from collections import deque
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Column, DateTime, Engine, Float, Integer, MetaData, String, Table, insert, select
from sqlalchemy.exc import IntegrityError

from tavolo.online.messages import Refusal
from tavolo.store.online import TableRecord

__all__ = ["AnalysisLimits", "AnalysisStore", "Analyses", "Job", "analysable", "budget_of", "check_access",
           "review_json", "run_review"]

BUDGETS = (1.0, 10.0, 30.0)
"""The budgets a page may ask for (CPU seconds a hand, :func:`tavolo.analysis.analyse`): quick,
the room's default, the terminal's default. Tests ask for :data:`TINY_BUDGET` too."""
DEFAULT_BUDGET = 10.0
TINY_BUDGET = 0.1
NICE = 10
"""How much a worker process gives way to the tables' processes."""
POLL_S = 0.2
"""How often the loop reads the workers' progress."""
KEEP_DONE_S = 600
"""How long a finished job answers its page (its review is stored for good)."""

metadata = MetaData()
analyses_table = Table(
    "online_analyses", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("budget", Float, primary_key=True),
    Column("review", JSON, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
"""A finished review (its JSON, :func:`review_json`), by table, seat and budget."""


@dataclass(frozen=True)
class AnalysisLimits:
    """What the queue holds: jobs an account and an address (waiting or running), jobs in all,
    worker processes, and how long a waiting job outlives the last news its page asked for."""

    per_account: int = 1
    per_address: int = 2
    total: int = 8
    workers: int = 1
    forget_s: float = 90.0
    """A hidden tab's timers may run once a minute (Chrome's throttling): its page still waits."""


def analysable(game: str) -> bool:
    """Whether Campione reviews ``game`` (:func:`tavolo.analysis.estimator_for`: Burraco in the compiled
    core, and every game with a play-out bot)."""
    from tavolo.bots.campione import PLAYOUT_BOTS

    return game == "burraco" or game in PLAYOUT_BOTS


def check_access(record: TableRecord, seat: int, account: str | None, public: bool) -> None:
    """Refuse, in words, an analysis of ``seat`` at the table ``record`` for ``account`` (None: not
    logged in); ``public``: whether the table's record is open to the asker (an ordinary table: yes;
    a tournament's: :func:`tavolo.online.watching.decide`)."""
    if not 0 <= seat < len(record.seats):
        raise Refusal("not_found", "This table has no seat {seat}", field="seat", seat=seat)
    if not analysable(record.game):
        raise Refusal("not_analysable", "Campione does not review this game yet")
    if record.status != "finished":
        raise Refusal("conflict", "Only a finished game can be analysed")
    played = account is not None and record.seats[seat].account == account
    if not played and not public:
        raise Refusal("forbidden", "You can analyse only a seat you played, until the record is public")


def budget_of(asked: float | None) -> float:
    """The budget asked for, one of :data:`BUDGETS` (or :data:`TINY_BUDGET`); refused otherwise."""
    if asked is None:
        return DEFAULT_BUDGET
    if asked not in (*BUDGETS, TINY_BUDGET):
        raise Refusal("bad_message", "The budget must be one of {budgets}", field="budget",
                      budgets=", ".join(f"{b:g}" for b in BUDGETS))
    return float(asked)


# --- the review as JSON ----------------------------------------------------------------------------


def _number(value: float) -> float | None:
    """A finite number rounded for the page; None for an interval with too few deals (inf)."""
    return round(value, 3) if math.isfinite(value) else None


def _estimate(estimate: Any) -> dict[str, Any]:
    return {"mean": _number(estimate.mean), "half": _number(estimate.half), "n": estimate.n}


def _move(move: Any) -> dict[str, Any]:
    return {"action": move.action, "words": move.words.to_json(), "versus_best": _estimate(move.versus_best)}


def review_json(review: Any, names: list[str]) -> dict[str, Any]:
    """A :class:`tavolo.analysis.Review` for the page: every decision with its words (``moves``
    catalog keys, said by the page in its reader's language), the summary by kind in order, and
    the thresholds of its marks."""
    from tavolo.analysis.review import DEFAULT_THRESHOLDS, THRESHOLDS, kinds_in_order
    from tavolo.analysis.words import decision_words, kind_words, mark_words

    decisions = [{
        "number": d.number, "hand": d.hand, "kind": d.kind, "kind_words": kind_words(d.kind).to_json(),
        "mark": d.mark, "mark_words": mark_words(d.mark).to_json(), "played": _move(d.played), "best": _move(d.best),
        "loss": _estimate(d.loss), "gain": _estimate(d.gain), "lost": _number(d.lost),
        "moves": [_move(m) for m in d.moves], "deals": d.deals,
        "sentence": decision_words(d, review.unit).to_json(),
        "reason": d.reason.to_json() if d.reason is not None else None,
    } for d in review.decisions]
    rows = review.summary()
    summary = [{"kind": kind, "words": kind_words(kind).to_json(), "decisions": int(rows[kind]["decisions"]),
                "marked": int(rows[kind]["marked"]), "lost": _number(rows[kind]["lost"]),
                "per_hand": _number(rows[kind]["lost"] / review.hands)} for kind in kinds_in_order(review)]
    return {"game": review.game, "seat": review.seat, "name": names[review.seat], "seats": names,
            "unit": review.unit, "budget": review.budget, "seconds": round(review.seconds, 2),
            "hands": review.hands, "thresholds": list(THRESHOLDS.get(review.game, DEFAULT_THRESHOLDS)),
            "decisions": decisions, "summary": summary}


# --- the worker process ----------------------------------------------------------------------------

_progress: Any = None
"""The worker's end of the progress queue (set by :func:`_start_worker`)."""


def _start_worker(progress: Any) -> None:
    """A worker process starts: it gives way to the tables and keeps the progress queue."""
    global _progress
    _progress = progress
    try:
        os.nice(NICE)
    except OSError:
        pass


class _Counting:
    """An estimator that tells the progress queue each decision it has valued."""

    def __init__(self, inner: Any, job_id: str, total: int) -> None:
        self.inner, self.job_id, self.total, self.done = inner, job_id, total, 0
        self.unit = inner.unit

    def estimate(self, *args: Any, **kwargs: Any) -> Any:
        values = self.inner.estimate(*args, **kwargs)
        self.done += 1
        if _progress is not None:
            _progress.put((self.job_id, self.done, self.total))
        return values


def run_review(job_id: str, record: dict[str, Any], seat: int, budget: float) -> dict[str, Any]:
    """In a worker process: the review of ``seat`` in ``record`` (an online table's record, with its
    shuffles), as :func:`review_json` gives it; its progress on the worker's queue."""
    from tavolo.analysis import analyse, estimator_for, read_record_text
    from tavolo.analysis.review import decision_points

    recorded = read_record_text(json.dumps(record))
    total = len(decision_points(recorded, seat))
    if _progress is not None:
        _progress.put((job_id, 0, total))
    counting = _Counting(estimator_for(recorded.game, seat), job_id, total)
    review = analyse(recorded, seat, budget, estimator=counting)
    return review_json(review, list(recorded.record.seats))


# --- the store ---------------------------------------------------------------------------------------


class AnalysisStore:
    """The kept reviews (synchronous: call it from a worker thread)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def save(self, table_id: str, seat: int, budget: float, review: dict[str, Any]) -> None:
        """Keep ``review``; a review already kept for the same key stays (the same seeds: the same review)."""
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(analyses_table), [dict(table_id=table_id, seat=seat, budget=budget,
                                                                 review=review, created_at=datetime.now(UTC))])
        except IntegrityError:
            pass

    def review(self, table_id: str, seat: int, budget: float | None = None) -> dict[str, Any] | None:
        """The review kept for ``table_id``'s ``seat`` at ``budget`` (None: the largest kept), or None."""
        where = [analyses_table.c.table_id == table_id, analyses_table.c.seat == seat]
        if budget is not None:
            where.append(analyses_table.c.budget == budget)
        query = select(analyses_table.c.review).where(*where).order_by(analyses_table.c.budget.desc()).limit(1)
        with self.engine.connect() as connection:
            return connection.scalar(query)

    def kept(self, table_id: str) -> dict[int, float]:
        """The seats of ``table_id`` with a kept review: the largest budget of each."""
        query = select(analyses_table.c.seat, analyses_table.c.budget).where(analyses_table.c.table_id == table_id)
        with self.engine.connect() as connection:
            out: dict[int, float] = {}
            for seat, budget in connection.execute(query):
                out[seat] = max(budget, out.get(seat, 0.0))
            return out


# --- the queue ---------------------------------------------------------------------------------------


@dataclass
class Job:
    """One review asked for: its key, who asked (the pages still waiting for it), where it stands."""

    id: str
    table_id: str
    seat: int
    budget: float
    record: dict[str, Any]
    account: str | None
    address: str
    status: str = "queued"
    """``queued``, ``running``, ``done``, ``failed`` or ``cancelled``."""
    done: int = 0
    total: int | None = None
    review: dict[str, Any] | None = None
    pages: int = 1
    seen_at: float = field(default_factory=time.monotonic)
    ended_at: float | None = None

    @property
    def key(self) -> tuple[str, int, float]:
        return self.table_id, self.seat, self.budget

    @property
    def active(self) -> bool:
        return self.status in ("queued", "running")

    def to_json(self, position: int | None) -> dict[str, Any]:
        """What its page reads: the status, the progress, the place in the queue, the review when done."""
        return {"job": self.id, "status": self.status, "done": self.done, "total": self.total,
                "position": position, "review": self.review}


class Analyses:
    """The room's analysis queue and its worker processes (see the module)."""

    def __init__(self, store: AnalysisStore, limits: AnalysisLimits | None = None) -> None:
        self.store = store
        self.limits = limits or AnalysisLimits()
        self.jobs: dict[str, Job] = {}
        self.waiting: deque[Job] = deque()
        self._ready: asyncio.Event | None = None
        self._tasks: list[asyncio.Task[Any]] = []
        self._pool: ProcessPoolExecutor | None = None
        self._progress: Any = None

    async def start(self) -> None:
        """Start the dispatchers and the progress reader (the worker processes start on first use)."""
        self._ready = asyncio.Event()
        self._progress = multiprocessing.get_context("spawn").Queue()
        self._tasks = [asyncio.create_task(self._dispatch()) for _ in range(self.limits.workers)]
        self._tasks.append(asyncio.create_task(self._read_progress()))

    async def stop(self) -> None:
        """Stop: the waiting jobs dropped, the worker processes ended."""
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks = []
        if self._pool is not None:
            workers = list((getattr(self._pool, "_processes", None) or {}).values())
            self._pool.shutdown(wait=False, cancel_futures=True)
            for process in workers:  # a review under way is not waited for: it is asked again later
                process.terminate()
            self._pool = None
        if self._progress is not None:
            self._progress.close()
            self._progress = None

    # --- asking ----------------------------------------------------------------------------------

    def ask(self, table_id: str, seat: int, budget: float, record: dict[str, Any], account: str | None,
            address: str) -> Job:
        """The job for ``table_id``'s ``seat`` at ``budget``: the one already in the queue (one more
        page waits for it), or a new one within the limits (a :class:`Refusal` beyond them)."""
        self._forget_stale()
        for job in self.jobs.values():
            if job.key == (table_id, seat, budget) and job.active:
                job.pages += 1
                job.seen_at = time.monotonic()
                return job
        active = [j for j in self.jobs.values() if j.active]
        if account is not None and sum(j.account == account for j in active) >= self.limits.per_account:
            raise Refusal("too_fast", "You already have an analysis in the queue: wait for it to finish",
                          retry_after=10)
        if sum(j.address == address for j in active) >= self.limits.per_address:
            raise Refusal("too_fast", "Your address already has {count} analyses in the queue: wait for one to finish",
                          retry_after=10, count=self.limits.per_address)
        if len(active) >= self.limits.total:
            raise Refusal("unavailable", "The analysis queue is full: try again in a few minutes", retry_after=60)
        job = Job(secrets.token_urlsafe(9), table_id, seat, budget, record, account, address)
        self.jobs[job.id] = job
        self.waiting.append(job)
        if self._ready is not None:
            self._ready.set()
        return job

    def news(self, job_id: str) -> dict[str, Any]:
        """Where job ``job_id`` stands (its page asks now and then: it is still wanted)."""
        job = self.jobs.get(job_id)
        if job is None:
            raise Refusal("not_found", "No such analysis: it was cancelled or is long finished")
        job.seen_at = time.monotonic()
        return job.to_json(self.position(job))

    def position(self, job: Job) -> int | None:
        """How many jobs wait before ``job`` (None: it is not waiting)."""
        return self.waiting.index(job) if job in self.waiting else None

    def cancel(self, job_id: str) -> bool:
        """One page no longer waits for ``job_id``: dropped when no page waits and it has not
        started (True); a started job finishes and its review is kept (False)."""
        job = self.jobs.get(job_id)
        if job is None or not job.active:
            return False
        job.pages -= 1
        if job.pages > 0 or job.status != "queued":
            return False
        self._drop(job)
        return True

    def _drop(self, job: Job) -> None:
        self.waiting.remove(job)
        job.status, job.ended_at = "cancelled", time.monotonic()

    def _forget_stale(self) -> None:
        """Drop the waiting jobs no page asked about lately (the page was closed without a word), and
        forget the ended jobs of long ago."""
        now = time.monotonic()
        for job in list(self.waiting):
            if now - job.seen_at > self.limits.forget_s:
                self._drop(job)
        for job in list(self.jobs.values()):
            if job.ended_at is not None and now - job.ended_at > KEEP_DONE_S:
                del self.jobs[job.id]

    # --- running ---------------------------------------------------------------------------------

    def pool(self) -> ProcessPoolExecutor:
        """The worker processes, started on first use (a fresh, niced interpreter each)."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.limits.workers, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_start_worker, initargs=(self._progress,))
        return self._pool

    async def _dispatch(self) -> None:
        """One worker's turn: take the next waiting job, run it in the pool, keep its review."""
        assert self._ready is not None
        while True:
            self._forget_stale()
            if not self.waiting:
                self._ready.clear()
                try:
                    await asyncio.wait_for(self._ready.wait(), self.limits.forget_s)
                except TimeoutError:
                    pass
                continue
            await self._run(self.waiting.popleft())

    async def _run(self, job: Job) -> None:
        job.status = "running"
        loop = asyncio.get_running_loop()
        try:
            try:
                review = await loop.run_in_executor(self.pool(), run_review, job.id, job.record, job.seat, job.budget)
            except BrokenProcessPool:  # a worker died (killed for memory, say): a fresh pool, once
                self._pool = None
                review = await loop.run_in_executor(self.pool(), run_review, job.id, job.record, job.seat, job.budget)
            await asyncio.to_thread(self.store.save, job.table_id, job.seat, job.budget, review)
        except asyncio.CancelledError:
            raise
        except Exception:  # a record the analysis cannot read: the page says the analysis failed
            job.status = "failed"
        else:
            job.review, job.status = review, "done"
            job.done = job.total = len(review["decisions"])
        finally:
            job.record, job.ended_at = {}, time.monotonic()

    async def _read_progress(self) -> None:
        """Read what the workers report (job, decisions done, total) and keep it on the jobs."""
        while True:
            await asyncio.sleep(POLL_S)
            while True:
                try:
                    job_id, done, total = self._progress.get_nowait()
                except Exception:  # queue.Empty, or a queue closed at the stop
                    break
                if (job := self.jobs.get(job_id)) is not None and job.status == "running":
                    job.done, job.total = done, total
