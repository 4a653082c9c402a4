"""The refusals of the bots and of the tools that measure them (``tavolo play --bot``, ``arena``, ``tune``,
``exploit``) in Italian first, English beside (brief: "every string a person reads comes from the catalogs"):
each is a :class:`~tavolo.engine.errors.Text` written out in the source, with its Italian in the ``cli``
catalog, and the terminal says it in the reader's language. So are the games' own refusals of their options
(their Italian in the ``rules`` catalog, checked with the engine's in test_rules_catalog.py)."""

from __future__ import annotations

import ast

import pytest

from tavolo.i18n import catalog

from tests.i18n.templates import SRC, TOOLS, modules, not_written_out, templates
from tests.test_cli_bad_input import refused, tavolo

INTERNAL = {"bots/reading.py": "attach_result is asked only for attachments the meld takes: a bug, not a refusal"}
"""Modules whose plain-string ``ValueError`` is a program's error no person is meant to read, and why."""

REFUSALS = ("ValueError", "ArenaError", "JournalError")
SAME_IN_ITALIAN = {"bot {spec}: {reason}", "bot 'policy': {reason}"}
"""Templates of a bot's name and the reason only: the same words in both languages."""


def written_refusals() -> list[tuple[str, int]]:
    """``module:line`` of each ``raise`` of a refusal whose message is a plain string or an f-string."""
    found = []
    for path in modules(TOOLS):
        if str(path.relative_to(SRC)) in INTERNAL:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and isinstance(node.exc.func, ast.Name)
                    and node.exc.func.id in REFUSALS and node.exc.args
                    and isinstance(node.exc.args[0], (ast.Constant, ast.JoinedStr))):
                found.append((str(path.relative_to(SRC)), node.lineno))
    return found


def test_every_refusal_of_the_tools_is_a_text():
    assert written_refusals() == []


def test_every_template_of_the_tools_is_written_out():
    assert not_written_out(TOOLS) == []


def test_the_scan_finds_the_tools_sentences():
    found = templates(TOOLS)
    assert len(found) > 40
    assert "{bot}: {key} must be {what}, got {value}" in found and "play at least one deal" in found


@pytest.mark.parametrize("template", sorted(templates(TOOLS)))
def test_every_template_of_the_tools_has_its_italian(template):
    italian = catalog("it", "cli").get(template)
    assert italian, f"no Italian for {template!r} ({templates(TOOLS)[template]})"
    assert italian != template or template in SAME_IN_ITALIAN, f"{template!r} is not translated"


@pytest.mark.parametrize(("args", "italian", "english"), [
    (["play", "burraco", "--bot", "pimc:time=0"], "pimc: time dev'essere un numero di secondi > 0, non '0'",
     "pimc: time must be a number of seconds > 0, got '0'"),
    (["play", "burraco", "--bot", "heuristic:x"], "livello di heuristic 'x': scegli tra easy, normal, strong",
     "heuristic level 'x': choose one of easy, normal, strong"),
    (["arena", "simple", "ismcts:horizon=0", "--deals", "1"],
     "ismcts: horizon dev'essere un numero intero >= 1, o hand, non '0'",
     "ismcts: horizon must be a whole number >= 1, or hand, got '0'"),
    (["arena", "simple", "robot", "--deals", "1"], "bot 'robot': scegli tra campione, deviant,",
     "bot 'robot': choose one of campione, deviant,"),
    (["tune", "pimc:margin={m}", "--space", "m=3:1", "--vs", "simple"],
     "intervallo di m: il minimo 3 dev'essere sotto il massimo 1",
     "range of m: the low end 3 must be below the high end 1"),
    (["tune", "pimc:margin={m}", "--space", "m=0:3", "--start", "z=1", "--vs", "simple"],
     "la partenza non ha un valore per: m; dallo a ogni segnaposto",
     "the start has no value for: m; give every placeholder one"),
])
def test_the_tools_refuse_in_italian_by_default_and_in_english_beside(args, italian, english):
    refused(tavolo(*args, lang=None), 2, italian)
    refused(tavolo(*args, lang="en"), 2, english)


@pytest.mark.parametrize(("args", "italian", "english"), [
    (["play", "mercante", "--tokens", "0"], "posta e il prezzo d'apertura vanno da 1 ai gettoni di ogni giocatore",
     "stake and the opening price are 1 to the tokens each player holds"),
    (["play", "peppa", "--rules", "hearts", "--players", "6"], "Hearts si gioca in 4, non in 6",
     "Hearts is played by 4 players, not 6"),
])
def test_a_games_options_are_refused_by_its_rules_in_italian_and_in_english(args, italian, english):
    """``tavolo play``'s options that each pass alone and the game's rules refuse together (raccolta,
    "Mercante in fiera"; "Peppa-Chat noir-Hearts": Hearts is for four)."""
    refused(tavolo(*args, lang=None), 2, italian)
    refused(tavolo(*args, lang="en"), 2, english)
