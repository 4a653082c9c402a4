"""What the director's pages share: the router, the ``Refused`` error and its answer, the origin check, the
tournaments rebuilt once and kept, the page renderer and the catalog's lookups, and the server's directors.

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

import copy
import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.templating import Jinja2Templates
from sqlalchemy import func, select

from tavolo.i18n import catalog, language, negotiate, translate
from tavolo.online.accounts import NAME_LENGTH, PASSWORD_LENGTH
from tavolo.online.accounts import register as register_account
from tavolo.store import Store, TournamentHandle
from tavolo.store.models import EventRow, TournamentRow
from tavolo.store.online import OnlineStore, SettingRow
from tavolo.tournament.errors import TournamentError

router = APIRouter()
templates = Jinja2Templates(directory=Path(__file__).parent.parent / "templates")
DOMAIN = "tournament"


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


def words_of(request: Request) -> Callable[[str], str | None]:
    """The ``tournament`` catalog's lookup in the page's language."""
    return catalog(lang_of(request), DOMAIN).get


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


def install(app) -> None:
    """Add the director's pages and their error handler to the web app."""
    app.include_router(router, dependencies=[Depends(same_origin)])
    app.add_exception_handler(Refused, refused_response)
