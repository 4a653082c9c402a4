"""Every English template the engine's refusals can carry, found in the source:
the first argument of each ``Text(...)`` call and the reason of each
``CardNotationError(...)`` in the modules of the four games, what they share
(rummy, trick_taking), the engine and the cards they read."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "tavolo"
SCANNED = ("engine", "cards/french.py", "cards/italian.py", "games/burraco", "games/scala40", "games/briscola",
           "games/tressette", "games/rummy", "games/trick_taking", "cards/tarocchi.py", "games/peppa", "games/tarocchi",
           "games/ramino", "games/bridge", "games/pinnacola",
           "games/machiavelli", "games/canasta", "games/parlour", "games/mercante", "games/perlina", "games/petrangola",
           "games/__init__.py")
CALLS = {"Text": 0, "CardNotationError": 1}
"""Callee name -> position of its template argument."""


TOOLS = ("arena", "bots")
"""What measures and runs the bots: their refusals are the terminal's, in the ``cli`` catalog."""


def modules(parts: tuple[str, ...] = SCANNED) -> list[Path]:
    paths: list[Path] = []
    for part in parts:
        path = SRC / part
        paths += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return paths


def template_arguments(path: Path) -> list[ast.expr]:
    """The template argument of every ``Text``/``CardNotationError`` call in ``path``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in CALLS:
            position = CALLS[node.func.id]
            if len(node.args) > position:
                found.append(node.args[position])
    return found


def not_written_out(parts: tuple[str, ...] = SCANNED) -> list[str]:
    """``module:line`` of each template the scan cannot read: neither a string literal nor the
    ``.template`` of a text forwarded whole (a card reason, a refusal filled in)."""
    found = []
    for path in modules(parts):
        for arg in template_arguments(path):
            literal = isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            forwarded = isinstance(arg, ast.Attribute) and arg.attr == "template"
            if not (literal or forwarded):
                found.append(f"{path.relative_to(SRC)}:{arg.lineno}")
    return found


def templates(parts: tuple[str, ...] = SCANNED) -> dict[str, str]:
    """Template -> where it is written (``module:line``)."""
    found = {}
    for path in modules(parts):
        for arg in template_arguments(path):
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.setdefault(arg.value, f"{path.relative_to(SRC)}:{arg.lineno}")
    return found
