"""The director's command line's --help is Italian by default and English with TAVOLO_LANG=en, from the same
``tournament`` catalog as the web pages (issue 10: "every message of the director's CLI in Italian as well")."""

import os
import subprocess
import sys

import pytest

from tavolo.i18n import catalog
from tavolo.tournament_cli import app

HELP = [sys.executable, "-c", "from tavolo.cli import app; app()", "tournament"]


def help_of(*args, lang=None):
    env = {k: v for k, v in os.environ.items() if k != "TAVOLO_LANG"} | ({"TAVOLO_LANG": lang} if lang else {})
    env["COLUMNS"] = "200"
    done = subprocess.run([*HELP, *args, "--help"], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    return " ".join(done.stdout.split())


@pytest.mark.parametrize(
    ("lang", "expected", "absent"),
    [
        (None, ["Dirigete un torneo di Burraco", "Crea un torneo.", "Elenca i tornei del database"], "Create a"),
        ("en", ["Run a Burraco tournament by the federation's code", "Create a tournament."], "Crea un torneo"),
    ],
)
def test_tournament_help_speaks_the_directors_language(lang, expected, absent):
    text = help_of(lang=lang)
    assert all(phrase in text for phrase in expected) and absent not in text


def test_a_commands_options_and_a_groups_commands_are_translated_too():
    seat = help_of("seat")
    assert "Assegna i posti del 1° turno (codice art. 2)" in seat and "Il seme del sorteggio" in seat
    assert "Un arrivo in ritardo al tavolo (codice art. 34)" in help_of("penalty", "late")


def test_every_help_text_has_its_italian_translation():
    """A help text left in English under TAVOLO_LANG=it is a msgid missing from it/tournament.po."""
    script = r"""
import inspect
from tavolo.tournament_cli import app

def texts(typer_app):
    yield typer_app.info.help
    for info in typer_app.registered_commands:
        yield info.help
        for annotation in inspect.unwrap(info.callback).__annotations__.values():
            yield from (getattr(o, "help", None) for o in getattr(annotation, "__metadata__", ()))
    for group in typer_app.registered_groups:
        yield from texts(group.typer_instance)

print("\n".join(sorted({t.replace("\n", " ") for t in texts(app) if t})))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                          env=os.environ | {"TAVOLO_LANG": "it"})  # fmt: skip
    shown = set(done.stdout.splitlines())
    italian = {text.replace("\n", " ") for text in catalog("it", "tournament").values()}
    assert len(shown) > 100 and shown - italian == set()
