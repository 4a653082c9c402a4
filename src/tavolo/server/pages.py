"""The pages people open (Jinja2 templates under ``templates/``), the web
catalog for the browser's scripts, and the frames of a replay.

Pages carry no game state: each one loads its ES module from ``/static``,
which talks to the JSON API and the table's WebSocket (contract in
``tavolo.online``). Every word on them comes from the ``web`` catalog::

    >>> from fastapi import FastAPI
    >>> from fastapi.testclient import TestClient
    >>> app = FastAPI(); app.include_router(router)
    >>> client = TestClient(app)
    >>> client.get("/i18n/it.json").json()["Draw"]
    'Pesca'
    >>> "Draw" in client.get("/i18n/en.json").json()    # English is the msgid itself
    False
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from functools import partial
from itertools import islice
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Body, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.templating import Jinja2Templates

from tavolo.engine.game import State
from tavolo.engine.record import GameRecord
from tavolo.games import game_names, make_game_from_json
from tavolo.i18n import LANGUAGES, catalog, language, negotiate, translate
from tavolo.i18n.refusals import is_text, localize_error
from tavolo.online import watching
from tavolo.online.messages import Refusal
from tavolo.online.views import view_of
from tavolo.server.api import address, guard, refusal_response, tournament_verdict, watch_refusal

router = APIRouter()
templates = Jinja2Templates(directory=Path(__file__).parent / "templates")
MAX_REPLAY_ACTIONS = 5000
"""A record longer than any real match is refused rather than replayed."""
REPLAYS_PER_WORKER = 500
"""Replay pages a replay process works out before a fresh one takes its place (what a long-lived
interpreter keeps of its peaks is given back)."""
FRAMES_PAGE = 100
"""Positions a page of ``/replay/frames`` holds at most: about 0.15 s of work and 350 KB for four
seats of Burraco (the whole of a 60 KB record was 4.4 s and 15 MB)."""


def page_language(request: Request) -> str:
    """The page's language: ``?lang=``, then the ``tavolo.lang`` cookie, then
    the browser's ``Accept-Language``; Italian by default."""
    chosen = request.query_params.get("lang") or request.cookies.get("tavolo.lang")
    return language(chosen) if chosen else negotiate(request.headers.get("accept-language"))


def render(request: Request, template: str, **context: Any) -> HTMLResponse:
    """``template`` in the request's language, with ``_`` translating through the web catalog."""
    lang = page_language(request)
    response = templates.TemplateResponse(request, template, {
        "lang": lang, "languages": LANGUAGES,
        "_": lambda msgid, **params: translate(msgid, lang, "web", **params), **context,
    })
    response.set_cookie("tavolo.lang", lang, max_age=365 * 86400, samesite="lax")
    return response


@router.get("/", response_class=HTMLResponse, include_in_schema=False)
def lobby(request: Request) -> HTMLResponse:
    """The lobby (sala): open tables, a new table, play now."""
    return render(request, "lobby.html")


@router.get("/t/{table_id}", response_class=HTMLResponse, include_in_schema=False)
def table(request: Request, table_id: str) -> HTMLResponse:
    """A table (tavolo): to play in one's seat, to sit in a free one, or to watch."""
    return render(request, "table.html", table_id=table_id)


@router.get("/replay/{table_id}", response_class=HTMLResponse, include_in_schema=False)
async def replay_page(request: Request, table_id: str) -> HTMLResponse:
    """A finished game move by move (``table_id`` ``file``: a record the player uploads). A
    tournament's table while its round runs: a 403 saying why where its record is refused
    (:mod:`tavolo.online.watching`)."""
    svc = getattr(request.app.state, "service", None)
    if svc is not None and table_id != "file":
        try:
            verdict = await tournament_verdict(request, await svc.table(table_id), watching.RECORD)
        except Refusal:  # no such table: the page says so when it asks for the record
            verdict = None
        if verdict is not None and not verdict.allowed:
            response = render(request, "watch_refused.html", message=watch_refusal(verdict).message(
                page_language(request)))
            response.status_code = 403
            return response
    return render(request, "replay.html", table_id=table_id)


@router.get("/players/{name}", response_class=HTMLResponse, include_in_schema=False)
def player(request: Request, name: str) -> HTMLResponse:
    """A player's page: rating and finished games."""
    return render(request, "player.html", name=name)


@router.get("/login", response_class=HTMLResponse, include_in_schema=False)
def login(request: Request) -> HTMLResponse:
    """Log in or register (optional: playing needs only a name)."""
    return render(request, "login.html")


@router.get("/i18n/{lang}.json", include_in_schema=False)
def web_catalog(lang: str) -> JSONResponse:
    """The ``web`` and ``moves`` catalogs of ``lang`` for the scripts: English msgid -> text (the
    moves are said by ``static/words.js`` as :mod:`tavolo.i18n.moves` says them in the terminal)."""
    lang = language(lang)
    return JSONResponse(catalog(lang, "moves") | catalog(lang, "web"), headers={"Cache-Control": "max-age=300"})


@router.post("/replay/frames", include_in_schema=False)
async def replay_frames(request: Request, record: dict[str, Any] = Body(...),
                        start: int = Query(0, ge=0, le=MAX_REPLAY_ACTIONS, alias="from"),
                        count: int = Query(FRAMES_PAGE, ge=1, le=FRAMES_PAGE),
                        seat: int | None = Query(None, ge=0, le=23)) -> JSONResponse:
    """A page of the positions of a finished game's record, for the replay page: from position
    ``from`` (0: before the first action), at most ``count`` (:data:`FRAMES_PAGE`), after each
    action who acted, its text, what each seat saw then (the game is over, so every hand may be
    shown; ``seat``: that seat's alone, the others ``null``) and each hand's end; ``total``: the
    positions of the whole record (see :func:`replayed` for the limits)."""
    return await replayed(request, record, partial(frames_answer, start=start, count=count, seat=seat))


@router.post("/replay/hands", include_in_schema=False)
async def replay_hands(request: Request, record: dict[str, Any] = Body(...)) -> JSONResponse:
    """The end of every hand of a finished game's record (the match history,
    the last hand's breakdown beside the winner)."""
    return await replayed(request, record, hands_answer)


def frames_answer(parsed: GameRecord, chance: list[Any] | None, start: int, count: int,
                  seat: int | None) -> dict[str, Any]:
    return {"game": parsed.game, "seats": parsed.seats, "from": start, "total": len(parsed.actions) + 1,
            "frames": replay_frames_of(parsed, chance, start, count, seat)}


def hands_answer(parsed: GameRecord, chance: list[Any] | None) -> dict[str, Any]:
    return {"game": parsed.game, "seats": parsed.seats, "hand_ends": hand_ends_of(parsed, chance)}


async def replayed(request: Request, record: dict[str, Any], answer: Any) -> Response:
    """:func:`from_record` worked out in a replay process of the app's own, so that no replay
    holds the tables' loop (in a thread it did: the interpreter's lock and the collector made a
    live table's ping 150 to 350 ms under ten addresses' replays), within the limits
    (:mod:`tavolo.server.limits`): so many pages a minute an address (429 with ``Retry-After``
    beyond), and so many replays at once a process, the others waiting for their turn a while
    (429 when it does not come)."""
    limits = guard(request)
    try:
        await limits.take_replay(address(request))
        slots = replay_slots(request.app, limits.limits.replays_at_once)
        try:
            await asyncio.wait_for(slots.acquire(), limits.limits.replay_wait_seconds)
        except TimeoutError:
            raise Refusal("too_fast", "The server is busy with other replays: try again in {seconds} s",
                          retry_after=2, seconds=2) from None
    except Refusal as refusal:
        return refusal_response(request, refusal)
    try:
        loop = asyncio.get_running_loop()
        try:
            status, body = await loop.run_in_executor(replay_pool(request.app, limits.limits.replays_at_once),
                                                      work_out, Asked.of(request), record, answer)
        except BrokenProcessPool:  # a worker died (killed for memory, say): a new one, once
            request.app.state.replay_pool = None
            status, body = await loop.run_in_executor(replay_pool(request.app, limits.limits.replays_at_once),
                                                      work_out, Asked.of(request), record, answer)
        return Response(body, status_code=status, media_type="application/json")
    finally:
        slots.release()


@dataclass(frozen=True)
class Asked:
    """What :func:`page_language` reads of a request, to hand a replay to another process."""

    query_params: dict[str, str]
    cookies: dict[str, str]
    headers: dict[str, str]

    @staticmethod
    def of(request: Request) -> Asked:
        accepted = request.headers.get("accept-language")
        return Asked(dict(request.query_params), dict(request.cookies),
                     {"accept-language": accepted} if accepted is not None else {})


def work_out(asked: Asked, record: dict[str, Any], answer: Any) -> tuple[int, bytes]:
    """:func:`from_record` in a replay process: the answer's status and body."""
    response = from_record(asked, record, answer)
    return response.status_code, bytes(response.body)


def replay_slots(app: Any, size: int) -> asyncio.Semaphore:
    """The app's replays at once (made on first use, on the app's loop)."""
    if not hasattr(app.state, "replay_slots"):
        app.state.replay_slots = asyncio.Semaphore(size)
    return app.state.replay_slots


def replay_pool(app: Any, size: int) -> ProcessPoolExecutor:
    """The app's replay processes, started on first use (a fresh interpreter each: the server's
    threads are not forked), each replaced after :data:`REPLAYS_PER_WORKER` pages."""
    if getattr(app.state, "replay_pool", None) is None:
        app.state.replay_pool = ProcessPoolExecutor(size, mp_context=multiprocessing.get_context("spawn"),
                                                    max_tasks_per_child=REPLAYS_PER_WORKER)
    return app.state.replay_pool


def close_replays(app: Any) -> None:
    """Stop the app's replay processes (at the server's shutdown)."""
    pool = getattr(app.state, "replay_pool", None)
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)


def from_record(request: Request, record: dict[str, Any], answer) -> JSONResponse:
    """``answer(record, shuffles)`` for a record posted as JSON. A field missing or of the
    wrong form gets a 422 naming it (``actions[0]``); a record that does not replay a 400
    saying why; both in the page's language, every reason from the catalogs (an error of
    Python's own, "'int' object is not iterable", never reaches the page)."""
    lang = page_language(request)
    try:
        check_record_form(record)
        parsed = GameRecord.from_json(record)
        if len(parsed.actions) > MAX_REPLAY_ACTIONS:
            raise ReplayRefusal("a record holds at most {count} actions", count=MAX_REPLAY_ACTIONS)
        players = game_of(parsed).num_players
        if len(parsed.seats) != players:
            raise RecordFieldError("seats", "{field} must name {count} players", count=players)
        try:
            return JSONResponse(answer(parsed, record.get("chance")))
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
            if isinstance(exc, ReplayRefusal) or is_text(getattr(exc, "message", None)):
                raise
            raise ReplayRefusal("its moves and shuffles do not make a game of {game}", game=parsed.game) from exc
    except RecordFieldError as exc:
        message = translate("This record cannot be replayed: {reason}", lang, "web", reason=exc.message(lang))
        return JSONResponse({"error": {"code": "bad_message", "message": message, "field": exc.field}}, 422)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
        reason = exc.message(lang) if isinstance(exc, ReplayRefusal) else localize_error(exc, lang)
        message = translate("This record cannot be replayed: {reason}", lang, "web", reason=reason)
        return JSONResponse({"error": {"code": "bad_record", "message": message, "field": "record"}}, 400)


class ReplayRefusal(ValueError):
    """Why a well-formed record does not replay, as a ``web`` msgid and its parameters."""

    def __init__(self, template: str, **params: Any) -> None:
        super().__init__(template.format(**params))
        self.template = template
        self.params = params

    def message(self, lang: str) -> str:  # type: ignore[override]
        return translate(self.template, lang, "web", **self.params)


def game_of(record: GameRecord) -> Any:
    """The game a record names, with its options; :class:`ReplayRefusal` when Tavolo plays no
    such game or the options make none."""
    if record.game not in game_names():
        raise ReplayRefusal("Tavolo plays no game called {name}", name=record.game)
    try:
        return make_game_from_json(record.game, record.options)
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        raise ReplayRefusal("its options do not make a game of {game}", game=record.game) from exc


FORMS: dict[str, tuple[type, ...]] = {
    "a string": (str,), "an object": (dict,), "a list": (list,), "a whole number": (int,), "a number": (int, float),
}
"""What a record's field may be, by the words (a msgid of the ``web`` catalog) that name it."""
RECORD_FIELDS: tuple[tuple[str, tuple[str, ...], bool], ...] = (
    ("game", ("a string",), True),
    ("options", ("an object",), True),
    ("seats", ("a list", "a string"), True),
    ("seed", ("a whole number",), True),
    ("actions", ("a list", "a string"), True),
    ("result", ("a list", "a number"), False),
    ("chance", ("a list", "a list", "a whole number"), False),
)
"""Each field of a posted record: the form of its value, then of the value's items, then
of theirs; whether it may be null. Only ``actions`` may be left out besides the nullable ones
(a record of no moves)."""


class RecordFieldError(Exception):
    """A field of a posted record that is missing or of the wrong form: ``field`` names it
    as the client wrote it (``actions[0]``), ``template`` (a ``web`` msgid) says what is wrong."""

    def __init__(self, field: str, template: str, **params: Any) -> None:
        super().__init__(template.format(field=field, **params))
        self.field = field
        self.template = template
        self.params = params

    def message(self, lang: str) -> str:
        params = {k: translate(v, lang, "web") if k == "form" else v for k, v in self.params.items()}
        return translate(self.template, lang, "web", field=self.field, **params)


def check_record_form(record: dict[str, Any]) -> None:
    """Raise :class:`RecordFieldError` for the first field of ``record`` missing or not of its form.

    >>> check_record_form({"game": "briscola", "options": {}, "seats": ["a", "b"], "seed": 0, "actions": [1]})
    Traceback (most recent call last):
    ...
    tavolo.server.pages.RecordFieldError: actions[0] must be a string
    """
    for name, forms, needed in RECORD_FIELDS:
        if name not in record:
            if needed and name != "actions":
                raise RecordFieldError(name, "{field} is missing")
            continue
        if record[name] is None and not needed:
            continue
        _check_form(name, record[name], forms)


def _check_form(field: str, value: Any, forms: tuple[str, ...]) -> None:
    form, *inner = forms
    if isinstance(value, bool) or not isinstance(value, FORMS[form]):
        raise RecordFieldError(field, "{field} must be {form}", form=form)
    for i, item in enumerate(value if inner else ()):
        _check_form(f"{field}[{i}]", item, tuple(inner))


def replay_steps(record: GameRecord, chance: list[Any] | None) -> Iterator[tuple[dict[str, Any], State]]:
    """The position before the first action and after each one: who acted, the
    action, and where it ended a hand, that hand's end as the table showed it
    (every hand, the result) with the board as that move left it: the next deal
    waits for the next move, as the live table's waits for "Continua". The
    shuffles are ``chance`` (an online table's record: drawn from OS entropy,
    stored in order) or else drawn from the record's seed."""
    view = view_of(record.game)
    state = make_game_from_json(record.game, record.options).new_initial_state()
    outcomes = iter(chance) if chance is not None else None
    rng = random.Random(record.seed)

    def deal() -> None:
        while state.is_chance_node():
            state.apply_chance(state.sample_chance(rng) if outcomes is None else next_shuffle(outcomes))

    for text in [None, *record.actions]:
        step: dict[str, Any] = {"text": text, "words": None, "seat": None, "hand_end": None}
        if text is not None:
            deal()                                  # the next hand's, where the last move ended one
            step["seat"] = state.current_player()
            finished = len(view.results(state))
            action = state.parse_action(text)
            step["words"] = state.action_words(action).to_json()      # the game is over: every move said whole
            state.apply(action)
            results = view.results(state)
            if len(results) > finished:
                step["hand_end"] = {"number": len(results), "hands": view.hands(state),
                                    "result": results[-1].to_json(), "waiting_for": []}
        if not step["hand_end"]:
            deal()
        yield step, state


def replay_frames_of(record: GameRecord, chance: list[Any] | None, start: int = 0, count: int | None = None,
                     seat: int | None = None) -> list[dict[str, Any]]:
    """The steps of the record from ``start``, ``count`` of them (None: to the end), with what each
    seat saw after each (``seat``: that seat alone, ``None`` for the others) and the melds on the
    table read (kind, points: the View's ``melds``); the steps before ``start`` are played, not read."""
    seats, view = range(len(record.seats)), view_of(record.game)
    steps = islice(replay_steps(record, chance), start, None if count is None else start + count)
    return [step | {"obs": [state.observation(s).to_json() if seat in (None, s) else None for s in seats],
                    "melds": view.melds(state, state.observation(seat or 0))}   # read as the live table reads them
            for step, state in steps]


def hand_ends_of(record: GameRecord, chance: list[Any] | None) -> list[dict[str, Any]]:
    """The end of every hand of the record, in order: the match history."""
    return [step["hand_end"] for step, _ in replay_steps(record, chance) if step["hand_end"]]


def next_shuffle(outcomes: Iterator[Any]) -> Any:
    """The next stored shuffle of a record; a record without it cannot be replayed."""
    outcome = next(outcomes, None)
    if outcome is None:
        raise ReplayRefusal("the record holds fewer shuffles than its hands")
    return outcome
