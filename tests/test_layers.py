"""Dependencies point one way (DEVELOPERS brief, "Design we want to live in"): games depend on
engine and cards; bots on games; nothing below the interfaces imports them. Checked on the
import statements of every module, those inside functions included. The engine reads the
catalogs (i18n, which imports nothing of Tavolo): the move box reads a typed move in the words
the log says (tavolo.engine.typed)."""

import ast
from pathlib import Path

import networkx as nx
import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "tavolo"

ALLOWED = {
    "cards": {"cards"},
    "engine": {"engine", "cards", "i18n"},
    "games": {"games", "engine", "cards"},
    "bots": {"bots", "games", "engine", "cards"},
    "arena": {"arena", "bots", "games", "engine", "cards"},
    "rl": {"rl", "bots", "games", "engine", "cards"},
    "analysis": {"analysis", "bots", "games", "engine", "cards", "i18n"},
    "tournament": {"tournament", "bots"},
    "store": {"store", "tournament"},
    "i18n": {"i18n"},
    "online": {"online", "store", "tournament", "analysis", "bots", "games", "engine", "cards", "i18n"},
}
"""``online`` sits above ``store`` and so above ``tournament`` (ARCHITECTURE.md's order): the room's
tournaments' driver runs the tournament engine's commands (issue 39); and above ``analysis``: the
room's analysis queue runs its reviews in worker processes (issue 41, tavolo.online.analyses)."""
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


# --- inside a game package -------------------------------------------------------------------------

ABOVE_STATE = {"notation", "explain", "serial", "hidden", "words", "game"}
"""The modules of a game package above its state (brief, "Design we want to live in": rules and
cards, then the state, then the game; notation, explain, serial and hidden above the state,
none imported back by it). The state reaches them through its game's faces
(:mod:`tavolo.engine.faces`)."""
GAME_PACKAGES = sorted(p for p in (SRC / "games").iterdir() if (p / "state.py").exists() or (p / "anydeck.py").exists())


def sibling_imports(path: Path) -> dict[str, bool]:
    """The modules of ``path``'s own package it imports, each with whether some import of it
    runs (True) or all are for type checkers only (False)."""
    package = f"tavolo.games.{path.parent.name}"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If)
                   and getattr(block.test, "id", None) == "TYPE_CHECKING" for n in ast.walk(block)}
    found: dict[str, bool] = {}
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module == package:
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(package + "."):
            names = [node.module[len(package) + 1:].split(".")[0]]
        for name in names:
            if (path.parent / f"{name}.py").exists() and name != path.stem:
                found[name] = found.get(name, False) or id(node) not in typing_only
    return found


@pytest.mark.parametrize("package", GAME_PACKAGES, ids=lambda p: p.name)
def test_a_game_package_points_one_way(package):
    """The state and all it imports (for type checkers too) import nothing above the state;
    the faces above it do not import the game; and no import made at run time goes round."""
    graph = nx.DiGraph()
    runtime = nx.DiGraph()
    for path in package.glob("*.py"):
        graph.add_node(path.stem)
        for module, runs in sibling_imports(path).items():
            graph.add_edge(path.stem, module)
            if runs:
                runtime.add_edge(path.stem, module)
    states = {"state", "anydeck"} & set(graph)
    below = set().union(*(nx.descendants(graph, s) | {s} for s in states))
    assert not below & ABOVE_STATE, f"games/{package.name}: the state reaches {sorted(below & ABOVE_STATE)}"
    for face in ABOVE_STATE - {"game"}:
        if face in graph:
            assert not graph.has_edge(face, "game"), f"games/{package.name}/{face}.py imports the game above it"
    assert nx.is_directed_acyclic_graph(runtime), f"games/{package.name}: {nx.find_cycle(runtime)}"
