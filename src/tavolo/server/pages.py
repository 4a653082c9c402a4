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

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Body, Request
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.templating import Jinja2Templates

from tavolo.engine.game import State
from tavolo.engine.record import GameRecord
from tavolo.games import make_game_from_json
from tavolo.i18n import LANGUAGES, catalog, language, negotiate, translate
from tavolo.i18n.refusals import localize_error
from tavolo.online.views import view_of

router = APIRouter()
templates = Jinja2Templates(directory=Path(__file__).parent / "templates")
MAX_REPLAY_ACTIONS = 5000
"""A record longer than any real match is refused rather than replayed."""


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
def replay_page(request: Request, table_id: str) -> HTMLResponse:
    """A finished game move by move (``table_id`` ``file``: a record the player uploads)."""
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
    """The ``web`` catalog of ``lang`` for the scripts: English msgid -> text."""
    return JSONResponse(catalog(language(lang), "web"), headers={"Cache-Control": "max-age=300"})


@router.post("/replay/frames", include_in_schema=False)
def replay_frames(request: Request, record: dict[str, Any] = Body(...)) -> JSONResponse:
    """Every position of a finished game's record, for the replay page: after
    each action, who acted, its text, what each seat saw then (the game is
    over, so every hand may be shown), and each hand's end."""
    return from_record(request, record, lambda parsed, chance: {
        "game": parsed.game, "seats": parsed.seats, "frames": replay_frames_of(parsed, chance)})


@router.post("/replay/hands", include_in_schema=False)
def replay_hands(request: Request, record: dict[str, Any] = Body(...)) -> JSONResponse:
    """The end of every hand of a finished game's record (the match history,
    the last hand's breakdown beside the winner)."""
    return from_record(request, record, lambda parsed, chance: {
        "game": parsed.game, "seats": parsed.seats, "hand_ends": hand_ends_of(parsed, chance)})


def from_record(request: Request, record: dict[str, Any], answer) -> JSONResponse:
    """``answer(record, shuffles)`` for a record posted as JSON. A field missing or of the
    wrong form gets a 422 naming it (``actions[0]``); a record that does not replay a 400
    saying why; both in the page's language."""
    lang = page_language(request)
    try:
        check_record_form(record)
        parsed = GameRecord.from_json(record)
        if len(parsed.actions) > MAX_REPLAY_ACTIONS:
            raise ValueError(translate("a record holds at most {count} actions", lang, "web",
                                       count=MAX_REPLAY_ACTIONS))
        players = make_game_from_json(parsed.game, parsed.options).num_players
        if len(parsed.seats) != players:
            raise RecordFieldError("seats", "{field} must name {count} players", count=players)
        return JSONResponse(answer(parsed, record.get("chance")))
    except RecordFieldError as exc:
        message = translate("This record cannot be replayed: {reason}", lang, "web", reason=exc.message(lang))
        return JSONResponse({"error": {"code": "bad_message", "message": message, "field": exc.field}}, 422)
    except (ValueError, TypeError, KeyError) as exc:
        message = translate("This record cannot be replayed: {reason}", lang, "web",
                            reason=localize_error(exc, lang))
        return JSONResponse({"error": {"code": "bad_record", "message": message, "field": "record"}}, 400)


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
    (every hand, the result). The shuffles are ``chance`` (an online table's
    record: drawn from OS entropy, stored in order) or else drawn from the
    record's seed."""
    view = view_of(record.game)
    state = make_game_from_json(record.game, record.options).new_initial_state()
    outcomes = iter(chance) if chance is not None else None
    rng = random.Random(record.seed)
    for text in [None, *record.actions]:
        step: dict[str, Any] = {"text": text, "seat": None, "hand_end": None}
        if text is not None:
            step["seat"] = state.current_player()
            finished = len(view.results(state))
            state.apply_text(text)
            results = view.results(state)
            if len(results) > finished:
                step["hand_end"] = {"number": len(results), "hands": view.hands(state),
                                    "result": results[-1].to_json(), "waiting_for": []}
        while state.is_chance_node():
            state.apply_chance(state.sample_chance(rng) if outcomes is None else next_shuffle(outcomes))
        yield step, state


def replay_frames_of(record: GameRecord, chance: list[Any] | None) -> list[dict[str, Any]]:
    """Every step of the record with what each seat saw after it."""
    return [step | {"obs": [state.observation(seat).to_json() for seat in range(len(record.seats))]}
            for step, state in replay_steps(record, chance)]


def hand_ends_of(record: GameRecord, chance: list[Any] | None) -> list[dict[str, Any]]:
    """The end of every hand of the record, in order: the match history."""
    return [step["hand_end"] for step, _ in replay_steps(record, chance) if step["hand_end"]]


def next_shuffle(outcomes: Iterator[Any]) -> Any:
    """The next stored shuffle of a record; a record without it cannot be replayed."""
    outcome = next(outcomes, None)
    if outcome is None:
        raise ValueError("the record holds fewer shuffles than its hands")
    return outcome
