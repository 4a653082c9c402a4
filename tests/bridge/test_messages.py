"""Every sentence the bridge files and commands say has its Italian in the ``cli`` catalog (the
command line's): each refusal of a PBN or LIN file (a ``BoardFileError`` template in
tavolo/games/bridge), each ``words(...)`` of the bridge commands and the names they look up."""

import ast
from pathlib import Path

import pytest

from tavolo import cli
from tavolo.i18n import catalog
from tavolo.terminal.bridge import VULNERABLE

SRC = Path(__file__).resolve().parents[2] / "src" / "tavolo"


def _first_arguments(tree: ast.AST, callee: str) -> list[str]:
    return [node.args[0].value for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == callee
            and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)]


def refusals() -> list[str]:
    found = []
    for path in sorted((SRC / "games" / "bridge").glob("*.py")):
        found += _first_arguments(ast.parse(path.read_text(encoding="utf-8")), "BoardFileError")
    return sorted(set(found))


def said_by_the_bridge_commands() -> list[str]:
    tree = ast.parse((SRC / "cli.py").read_text(encoding="utf-8"))
    functions = [node for node in tree.body if isinstance(node, ast.FunctionDef)
                 and (node.name.startswith(("bridge_", "_bridge")) or node.name in ("_board_heading", "_analysed"))]
    found = [text for f in functions for text in _first_arguments(f, "words")]
    return sorted(set(found) | set(cli.SEAT_NAMES + cli.SIDE_NAMES + VULNERABLE + cli.TRAVELLER_COLUMNS))


def test_the_scan_finds_them():
    assert len(refusals()) > 30 and "line {line}, {field}: {reason}" in refusals()
    assert len(said_by_the_bridge_commands()) > 20 and "Board {number}, dealer {dealer}, {vulnerable}" in \
        said_by_the_bridge_commands()


@pytest.mark.parametrize("msgid", refusals() + said_by_the_bridge_commands())
def test_each_has_its_italian(msgid):
    italian = catalog("it", "cli").get(msgid) or catalog("it", "rules").get(msgid)
    assert italian, f"no Italian for {msgid!r}"
