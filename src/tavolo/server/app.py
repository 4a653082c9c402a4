"""The web app: ``create_app`` builds it, ``tavolo serve`` runs it with uvicorn.

    >>> app = create_app("sqlite://", pace=0)
    >>> app.title
    'Tavolo'
"""

from __future__ import annotations

import os
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import Depends, FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.sessions import SessionMiddleware

from tavolo.online.accounts import LoginGuard
from tavolo.online.analyses import Analyses, AnalysisLimits, AnalysisStore
from tavolo.online.messages import Refusal
from tavolo.online.service import TableService
from tavolo.online.tournaments import Tournaments
from tavolo.server import analyses, api, director, pages, scorekeeper, tournaments, ws
from tavolo.server.collector import ServingCollector
from tavolo.server.fields import text_fields
from tavolo.server.limits import BodyLimit, Guard, Limits
from tavolo.store import Store
from tavolo.store.online import OnlineStore, make_online_engine

STATIC = Path(__file__).parent / "static"
DEFAULT_DATABASE = "tavolo.sqlite"
SESSION_DAYS = 30
SECURE_SETTING = "TAVOLO_SECURE_COOKIES"
"""Set to ``1``: the session cookie is ``Secure`` on every request (a site served over https only,
behind a proxy that does not say so)."""


class SessionCookies:
    """ASGI middleware: the session cookie (Starlette's signed one), ``Secure`` when the request came
    over https: directly, or through a trusted proxy's ``X-Forwarded-Proto`` (uvicorn believes it from
    the addresses in ``FORWARDED_ALLOW_IPS``, 127.0.0.1 by default), or always with ``always_secure``."""

    def __init__(self, app: Any, secret: str, always_secure: bool = False) -> None:
        options: dict[str, Any] = {"secret_key": secret, "session_cookie": "tavolo_session",
                                   "max_age": SESSION_DAYS * 86400, "same_site": "lax"}
        self.plain = SessionMiddleware(app, **options)
        self.secure = SessionMiddleware(app, https_only=True, **options)
        self.always_secure = always_secure

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        secure = self.always_secure or scope.get("scheme") in ("https", "wss")
        await (self.secure if secure else self.plain)(scope, receive, send)


def server_secret(store: OnlineStore) -> str:
    """The key that signs session cookies and the seat tokens of a table played again:
    ``TAVOLO_SECRET_KEY``, else one made once and kept in the database (so every
    process and every restart agree on it)."""
    return os.environ.get("TAVOLO_SECRET_KEY") or store.setting("secret_key", lambda: secrets.token_urlsafe(48))


def create_app(database_url: str = DEFAULT_DATABASE, *, redis_url: str | None = None, pace: float = 0.7,
               timer_scale: float = 1.0, limits: Limits | None = None, secure_cookies: bool | None = None,
               analysis_limits: AnalysisLimits | None = None) -> FastAPI:
    """The app on ``database_url`` (a SQLite file by default, any SQLAlchemy URL);
    ``redis_url`` lets several processes serve the same tables; ``pace`` is the
    seconds a bot waits before each move; ``timer_scale`` multiplies the move timer's times;
    ``limits``: what one address may ask (by default from ``TAVOLO_LIMITS``, see
    :mod:`tavolo.server.limits`); ``secure_cookies``: the session cookie ``Secure`` even over plain
    http (by default ``TAVOLO_SECURE_COOKIES=1``; over https it always is); ``analysis_limits``: the
    analysis queue's (:mod:`tavolo.online.analyses`)."""
    limits = limits or Limits.from_env()
    if secure_cookies is None:
        secure_cookies = os.environ.get(SECURE_SETTING, "") == "1"
    store = OnlineStore(make_online_engine(database_url))
    secret = server_secret(store)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.service = TableService(store, pace=pace, redis_url=redis_url, timer_scale=timer_scale,
                                         secret=secret.encode())
        await app.state.service.start()
        # the room's tournaments (tornei online); app.state.tournaments is the desk's store
        app.state.room_tournaments = Tournaments(app.state.service, Store(store.engine))
        await app.state.room_tournaments.start()
        await app.state.analyses.start()  # Analisi: its worker processes, never on this loop
        if redis_url:  # an address's use counted over every process
            await app.state.guard.share(redis_url)
        with ServingCollector() as collector:
            app.state.service.give_back = collector.give_back
            yield
        await app.state.guard.unshare()
        await app.state.analyses.stop()
        await app.state.room_tournaments.stop()
        await app.state.service.stop()
        pages.close_replays(app)

    app = FastAPI(title="Tavolo", lifespan=lifespan, dependencies=[Depends(text_fields)])
    app.state.store = store
    app.state.login_guard = LoginGuard()
    app.state.guard = Guard(limits)
    app.state.analyses = Analyses(AnalysisStore(store.engine), analysis_limits)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(pages.router)
    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(scorekeeper.router)
    app.include_router(analyses.router)
    director.install(app)
    tournaments.install(app)
    app.add_exception_handler(Refusal, api.refusal_response)
    app.add_exception_handler(RequestValidationError, api.validation_response)
    app.add_exception_handler(StarletteHTTPException, api.http_error_response)

    app.add_middleware(api.Revoked)
    app.add_middleware(SessionCookies, secret=secret, always_secure=secure_cookies)
    app.add_middleware(BodyLimit, limit=limits.body_bytes, own_limits=director.OWN_BODY_LIMITS)

    @app.get("/healthz")
    def healthz() -> JSONResponse:
        try:
            store.ping()
        except Exception:
            return JSONResponse({"ok": False}, status_code=503)
        service = getattr(app.state, "service", None)
        if service is None:
            return JSONResponse({"ok": False}, status_code=503)
        return JSONResponse({"ok": True, "bot_moves": service.bot_moves})

    return app
