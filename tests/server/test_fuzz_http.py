"""Fuzzing the tables' JSON API from its own OpenAPI schema (issue 9, "Tavolo online": bad
input gets a clear error, never a traceback).

Schemathesis generates requests for every operation of the table service in
``/openapi.json`` (valid ones and ones that break the schema) and calls the app in process
over ASGI. Every answer must be below 500, of the content type and body schema the schema
declares, and a 4xx must be the contract's error object ``{"error": {"code", "message",
"field"}}`` (``tavolo.online``).

Not checked: that every status is declared in the schema (the routes do not declare their
4xx answers yet), that a schema-valid request is accepted (a random table id is a 404 by
design), and the ``Allow`` header of a 405 (the framework's router answers those).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    allow_header_conformance,
    positive_data_acceptance,
    status_code_conformance,
    unsupported_method,
)

from tavolo.server.app import create_app

DATABASE = Path(tempfile.mkdtemp(prefix="tavolo-fuzz-")) / "tavolo.sqlite"
app = create_app(f"sqlite:///{DATABASE}", pace=0)
schema = schemathesis.openapi.from_asgi("/openapi.json", app)

ERROR_KEYS = {"code", "message", "field"}


def assert_contract_error(response, case) -> None:
    """A 4xx answer of ``/api`` is ``{"error": {code, message, field}}`` with a message for
    people, the framework's own (a body it cannot parse, a method no route has) included."""
    if not 400 <= response.status_code < 500 or not case.path.startswith("/api"):
        return
    body = response.json()
    assert set(body) == {"error"}, body
    assert set(body["error"]) == ERROR_KEYS, body
    assert isinstance(body["error"]["message"], str) and body["error"]["message"], body


TABLE_SERVICE = "^/(healthz|api/(games|tables|quick|accounts|login|logout|me|players))"
"""The table service's routes (the tournament desk's ``/api/direttore`` and ``/api/torneo`` are not it)."""
UNCHECKED = [status_code_conformance, positive_data_acceptance, allow_header_conformance, unsupported_method]


@schema.include(path_regex=TABLE_SERVICE).parametrize()
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_never_answers_5xx_and_keeps_to_its_schema(case):
    response = case.call_and_validate(excluded_checks=UNCHECKED)
    assert_contract_error(response, case)
