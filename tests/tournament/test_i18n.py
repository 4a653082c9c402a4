"""The director's command line speaks Italian by default and English on request, from the catalogs."""

import ast
import re
import string
from pathlib import Path

import pytest

import tavolo
from tavolo.i18n import catalog
from tavolo.server.director.common import SCRIPT_TEXTS
from tavolo.tournament.clock import TIME_OUT_RULES

PACKAGE = Path(tavolo.__file__).parent
SOURCES = [
    *sorted((PACKAGE / "tournament").glob("*.py")),
    *sorted((PACKAGE / "tournament_cli").glob("*.py")),
    *(PACKAGE / "store" / name for name in ("backup.py", "database.py", "repository.py")),
    *sorted((PACKAGE / "server" / "director").glob("*.py")),
]
TEMPLATES = sorted((PACKAGE / "server" / "templates" / "director").glob("*.html"))
MESSAGE_CALLS = {"TournamentError", "NoCompletePairing", "_NoEntrants", "DatabaseUnavailable", "Message", "_"}
CHOSEN = {"late", "left", "text", "headers", "state"}  # variables that hold a msgid chosen before it is shown


def _strings(node):
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.IfExp):
        yield from _strings(node.body)
        yield from _strings(node.orelse)
    elif isinstance(node, ast.Tuple):
        for element in node.elts:
            yield from _strings(element)


def msgids():
    """Every English message the tournament code shows, with the file it is in."""
    found = {}
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and node.args:
                func = node.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
                if name in MESSAGE_CALLS:
                    found.update(dict.fromkeys(_strings(node.args[0]), path.name))
                elif name == "fail" and len(node.args) > 1:
                    found.update(dict.fromkeys(_strings(node.args[1]), path.name))
            elif isinstance(node, ast.Assign) and any(getattr(t, "id", None) in CHOSEN for t in node.targets):
                found.update(dict.fromkeys(_strings(node.value), path.name))
    found.update(dict.fromkeys(TIME_OUT_RULES.values(), "clock.py"))
    found.update(dict.fromkeys(SCRIPT_TEXTS, "director.py"))
    for path in TEMPLATES:
        quoted = re.findall(r"""_\(\s*(?:"([^"]+)"|'([^']+)')""", path.read_text())
        found.update(dict.fromkeys(("".join(pair) for pair in quoted), path.name))
    return found


def fields(text):
    return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name)


def test_every_message_has_its_italian_with_the_same_placeholders():
    italian = catalog("it", "tournament")
    found = msgids()
    assert len(found) > 150
    missing = [f"{where}: {msgid!r}" for msgid, where in found.items() if msgid not in italian]
    assert not missing, "\n".join(missing)
    assert all(fields(italian[msgid]) == fields(msgid) for msgid in found)


def test_italian_by_default_english_on_request(cli):
    assert "creato" in cli("new", "Circolo", lang="").output
    refused = cli("standings", "--after", "4", ok=False, lang="")
    assert "rifiutato: il turno 4 non è ancora abbinato" in " ".join(refused.output.split())
    english = cli("--lang", "en", "standings", "--after", "4", ok=False, lang="")
    assert "refused: round 4 has not been paired yet" in " ".join(english.output.split())


@pytest.mark.parametrize("lang, expected", [("it", "turno 1 tavolo 1 N/S: 453 non è un multiplo di 5"),
                                            ("en", "round 1 table 1 N/S: 453 is not a multiple of 5")])  # fmt: skip
def test_a_refusal_built_from_parts_is_translated_whole(cli, lang, expected):
    cli("new", "Circolo")
    for n in range(4):
        cli("add", f"A{n}", f"B{n}")
    cli("seat")
    result = cli("score", "1", "1", "--ns", "453", "--ew", "200", ok=False, lang=lang)
    assert expected in " ".join(result.output.split())


def test_every_text_the_desks_scripts_show_is_handed_to_them():
    """A ``t("...")`` in the desk's scripts that is not in SCRIPT_TEXTS reaches the page in English."""
    scripts = (PACKAGE / "server" / "static" / "director").glob("*.js")
    called = {m for path in scripts for m in re.findall(r'\bt\(\s*"((?:[^"\\]|\\.)*)"', path.read_text())}
    assert len(called) > 25
    assert sorted(called - set(SCRIPT_TEXTS)) == []
