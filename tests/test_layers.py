"""Dependencies point one way (DEVELOPERS brief, "Design we want to live in"): games depend on
engine and cards; bots on games; nothing below the interfaces imports them. Checked on the
import statements of every module, those inside functions included."""

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "tavolo"

ALLOWED = {
    "cards": {"cards"},
    "engine": {"engine", "cards"},
    "games": {"games", "engine", "cards"},
    "bots": {"bots", "games", "engine", "cards"},
    "arena": {"arena", "bots", "games", "engine", "cards"},
    "rl": {"rl", "bots", "games", "engine", "cards"},
    "tournament": {"tournament", "bots"},
    "store": {"store", "tournament"},
    "i18n": {"i18n"},
    "online": {"online", "store", "bots", "games", "engine", "cards", "i18n"},
}
INTERFACES = {"cli", "terminal", "tournament_cli", "server"}


def tavolo_imports(path: Path) -> set[str]:
    """The top-level tavolo packages a module imports."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        found |= {n.split(".")[1] for n in names if n.startswith("tavolo.") and n.count(".") >= 1}
    return found


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layer_imports_only_what_lies_below_it(layer):
    for path in (SRC / layer).rglob("*.py"):
        extra = tavolo_imports(path) - ALLOWED[layer]
        assert not extra, f"{path.relative_to(SRC)} imports tavolo.{sorted(extra)}"


def test_nothing_but_the_interfaces_imports_the_interfaces():
    for path in SRC.rglob("*.py"):
        top = path.relative_to(SRC).parts[0].removesuffix(".py")
        if top not in INTERFACES:
            assert not tavolo_imports(path) & INTERFACES, f"{path.relative_to(SRC)} imports an interface"
