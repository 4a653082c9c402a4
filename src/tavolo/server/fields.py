"""Text fields (campi di testo): no control character reaches the database.

Every name, title and id a request carries (a path's ids, the query's values, the strings of a
JSON or form body, at any depth) is checked before any route runs: one holding a control
character (NUL included; C0, DEL and C1) is refused with 422 ``bad_message`` naming the field
(``table_id``, ``q``, ``options.players``), in the request's language, and nothing changes.
PostgreSQL cannot store NUL in a text column (it answered 500 with a traceback); which characters
are refused, and where a free text may hold line ends, :mod:`tavolo.tournament.text` says.

One dependency of the whole app (:func:`text_fields`) checks every route, the desk's and the
table's WebSocket included: a WebSocket whose path holds one gets an ``error`` frame and is closed
with :data:`BAD_PATH`. Multipart bodies (a file the desk imports) are read by their own routes.
"""

from __future__ import annotations

from urllib.parse import parse_qsl

import orjson
from starlette.datastructures import QueryParams
from starlette.exceptions import WebSocketException
from starlette.requests import HTTPConnection, Request
from starlette.websockets import WebSocket

from tavolo.online.messages import Refusal
from tavolo.online.clients import encode
from tavolo.server.api import request_language
from tavolo.server.director.desk import OWN_BODY_LIMITS
from tavolo.server.ws import error_frame
from tavolo.tournament.text import CONTROL, control_field

BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
BAD_PATH = 1008
"""The close code of a WebSocket whose path holds a control character (policy violation)."""


async def text_fields(connection: HTTPConnection) -> None:
    """The app's dependency (every route, the director's and the table's WebSocket included): refuse a
    request whose path, query or JSON or form body holds a control character in a text field
    (:class:`Refusal`, 422 naming it); a WebSocket is told in an ``error`` frame and closed with
    :data:`BAD_PATH`. A multipart body (a file the desk imports) is its route's to read."""
    field = control_field(dict(connection.path_params)) or query_field(connection.query_params)
    if field is None and isinstance(connection, Request) and (content_type := json_or_form(connection)):
        field = body_field(await connection.body(), content_type)
    if field is None:
        return
    refusal = Refusal("bad_message", "{name} holds a control character: write it without", field=field, name=field)
    if isinstance(connection, WebSocket):
        await connection.accept()
        await connection.send_text(encode(error_frame(refusal, request_language(connection))))
        raise WebSocketException(BAD_PATH)
    raise refusal


def query_field(query: QueryParams) -> str | None:
    """The query parameter holding a control character (``query`` when its name does), or ``None``."""
    for name, value in query.multi_items():
        if CONTROL.search(name):
            return "query"
        if CONTROL.search(value):
            return name
    return None


def body_field(body: bytes, content_type: str) -> str | None:
    """The field of a JSON or form body holding a control character, or ``None`` (also for a body
    that does not parse: the route says what is wrong with it)."""
    if content_type == "application/x-www-form-urlencoded":
        return control_field(dict(parse_qsl(body.decode("latin-1"), keep_blank_values=True)))
    try:
        return control_field(orjson.loads(body)) if body else None
    except orjson.JSONDecodeError:
        return None


def json_or_form(request: Request) -> str | None:
    """The content type of a body read here (JSON, as FastAPI reads one, or a form), else ``None``;
    never on a route that reads its body within a limit of its own (the desk's imports)."""
    if request.method not in BODY_METHODS or OWN_BODY_LIMITS.fullmatch(request.url.path):
        return None
    main = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if not main or main == "application/json" or main.endswith("+json"):
        return "application/json"
    return main if main == "application/x-www-form-urlencoded" else None
