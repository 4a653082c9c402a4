"""Every sentence the table service and the API say to people has its Italian in
the ``server`` catalog (Italian first: a missing entry would reach a player in English)."""

from __future__ import annotations

import ast
from pathlib import Path

import tavolo
from tavolo.i18n import catalog

PACKAGE = Path(tavolo.__file__).parent
SOURCES = [*sorted((PACKAGE / "online").glob("*.py")),
           *(PACKAGE / "server" / name for name in ("api.py", "ws.py", "limits.py", "pages.py"))]


def said(path: Path) -> set[str]:
    """The msgids of ``Refusal(code, msgid, ...)`` and ``say(msgid, ...)`` calls in ``path``."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            position = {"Refusal": 1, "say": 0}.get(node.func.id)
            if position is not None and len(node.args) > position and isinstance(node.args[position], ast.Constant):
                found.add(node.args[position].value)
    return found


def test_every_refusal_of_the_server_is_translated_into_italian():
    msgids = set().union(*(said(path) for path in SOURCES))
    assert {"It is not your turn", "Wrong name or password", "The game is not over yet"} <= msgids
    missing = sorted(m for m in msgids - {"{detail}"} if m not in catalog("it", "server"))
    assert not missing, missing
