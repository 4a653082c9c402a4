"""``tavolo``'s help and messages in Italian first, English beside (issue: "every string a person reads comes
from message catalogs"): ``--help`` follows TAVOLO_LANG, read at start, so it is checked in a fresh process; every
help text of the app has its Italian in the ``cli`` catalog, or a new option without a translation fails here;
:func:`tavolo.i18n.typer_help.localize_help` reads options written both ways and translates each once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Annotated

import pytest
import typer
from typer.testing import CliRunner

from tavolo.games.burraco.scoresheet import parse_sheet, score_sheet
from tavolo.i18n import catalog
from tavolo.i18n.typer_help import help_texts, localize_help

TAVOLO = [sys.executable, "-c", "from tavolo.cli import app; app()"]
BACKSPACE = "\b"  # Click's mark before a paragraph it must not rewrap


def run(command: list[str], lang: str | None) -> str:
    """``command``'s standard output, run with TAVOLO_LANG set to ``lang`` (unset for ``None``), 200 columns."""
    env = {k: v for k, v in os.environ.items() if k != "TAVOLO_LANG"} | ({"TAVOLO_LANG": lang} if lang else {})
    done = subprocess.run(command, capture_output=True, text=True, env=env | {"COLUMNS": "200"}, timeout=60)
    assert done.returncode == 0, done.stderr
    return " ".join(done.stdout.replace("│", " ").split())


@pytest.mark.parametrize(("args", "italian", "english"), [
    ([], ["Tavolo: giochi di carte italiani", "Misura i bot di Burraco", "Gioca nel terminale contro i bot",
          "Dirigete un torneo di Burraco"],
     ["Tavolo: Italian card games", "Measure Burraco bots", "Play a game in the terminal against bots",
      "Run a Burraco tournament"]),
    (["arena"], ["Smazzate duplicate per coppia di bot", "Regolamento: fibur (predefinito)", "Esempio: tavolo arena"],
     ["Duplicate deals per pair", "Rule set: fibur (default)", "Example: tavolo arena"]),
    (["play", "burraco"], ["Gioca a Burraco contro i bot: siedi al posto 0", "Partita a 505, 1005, 2005",
                           "Lingua: it (predefinita) o en"],
     ["Play Burraco against bots: you sit at seat 0", "Match target: 505, 1005, 2005",
      "Language: it (default) or en"]),
])
def test_help_is_italian_by_default_and_english_with_tavolo_lang_en(args, italian, english):
    shown = {lang: run([*TAVOLO, *args, "--help"], lang) for lang in (None, "en")}
    assert all(phrase in shown[None] for phrase in italian) and not any(p in shown[None] for p in english)
    assert all(phrase in shown["en"] for phrase in english) and not any(p in shown["en"] for p in italian)


WALK = r"""
import json
from tavolo.cli import app
from tavolo.i18n.typer_help import help_texts
from tavolo.tournament_cli import app as tournament

print(json.dumps({"tavolo": [text for _, text in help_texts(app)],
                  "tournament": [text for _, text in help_texts(tournament)]}))
"""


def test_every_help_text_of_tavolo_has_its_italian():
    """Walked as localize_help walks it, in English (the msgids); the tournament's texts live in their own catalog
    (tests/tournament/test_cli_help.py)."""
    texts = json.loads(subprocess.run([sys.executable, "-c", WALK], capture_output=True, text=True, check=True,
                                      timeout=60, env=os.environ | {"TAVOLO_LANG": "en"}).stdout)
    ours = set(texts["tavolo"]) - set(texts["tournament"])
    italian = catalog("it", "cli")
    assert len(ours) > 100 and "Port to listen on." in ours and "Duplicate deals per challenger." in ours
    assert sorted(text for text in ours if not italian.get(text)) == []
    assert all(italian[text] != text for text in ours)


def test_the_score_sheet_in_the_italian_help_counts_as_the_english_one():
    """The example sheet of ``tavolo burraco score --help`` is written in Italian words in Italian: it still parses,
    to the same points."""
    english = next(text for text in catalog("it", "cli") if text.startswith("Count the points of a hand"))
    sheets = [text.split(BACKSPACE)[1].split("\n\n")[0] for text in (english, catalog("it", "cli")[english])]
    assert "coppia: Noi" in sheets[1] and "side: Noi" in sheets[0]
    totals = [[side.total for side in score_sheet(parse_sheet(sheet))] for sheet in sheets]
    assert totals[0] == totals[1] == [390, -85]


def test_the_commands_messages_follow_tavolo_lang(tmp_path):
    from tavolo.cli import app
    from tavolo.engine.record import GameRecord

    record = tmp_path / "game.json"
    GameRecord("burraco", {}, ["you", "bot"], seed=1).save(record)
    for lang, said in ((None, "è una partita di burraco, non di bridge"),
                       ("en", "is a record of burraco, not of bridge")):
        result = CliRunner(env={"TAVOLO_LANG": lang}).invoke(app, ["bridge", "pbn", str(record)], terminal_width=200)
        assert result.exit_code == 2 and said in " ".join(result.output.replace("│", " ").split())


LOOKUP = {"Measure bots.": "Misura i bot.", "Deals per pair.": "Smazzate per coppia.", "Play a hand.": "Gioca.",
          "Seed.": "Seme.", "The language.": "La lingua.", "Run.": "Esegui."}


def small_app() -> tuple[typer.Typer, typer.Typer]:
    """An app with options written both ways, a shared option, a docstring, a callback and a group."""
    seed = typer.Option(0, help="Seed.")
    app, group = typer.Typer(help="Measure bots."), typer.Typer()

    @app.callback()
    def main(lang: Annotated[str, typer.Option(help="The language.")] = "it") -> None:
        """Run."""

    @app.command()
    def arena(deals: Annotated[int, typer.Option(help="Deals per pair.")] = 2, s: int = seed) -> None:
        """Play a hand."""

    @group.command()
    def one(s: int = seed) -> None:
        """Run."""

    @group.command()
    def two() -> None:
        pass

    app.add_typer(group, name="group")
    return app, group


def test_localize_help_translates_both_ways_of_writing_an_option_and_a_group():
    app, _ = small_app()
    localize_help(app, LOOKUP.get)
    texts = [text for _, text in help_texts(app)]
    assert texts == ["Misura i bot.", "Gioca.", "Smazzate per coppia.", "Seme.", "La lingua.", "Esegui.", "Seme."]
    result = CliRunner().invoke(app, ["arena", "--help"], terminal_width=200)
    assert "Smazzate per coppia." in result.output and "Seme." in result.output and "Gioca." in result.output


def test_nothing_is_translated_twice():
    app, group = small_app()
    localize_help(group, lambda text: text + " (it)")  # a sub-app translated first, in its own catalog
    localize_help(app, lambda text: text + " (en)")
    localize_help(app, lambda text: text + " (again)")
    texts = [text for _, text in help_texts(app)]
    assert texts.count("Seed. (it)") == 2 and "Run. (it)" in texts and "Measure bots. (en)" in texts
    assert not any("(again)" in text or ") (" in text for text in texts)
