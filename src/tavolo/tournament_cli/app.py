"""The ``tavolo tournament`` Typer app, which the command modules fill in."""

from typing import Annotated

import typer

from tavolo.tournament_cli.common import set_language

app = typer.Typer(
    help=(
        "Run a Burraco tournament by the federation's code: register the field, seat and pair the rounds, "
        "enter the score cards, apply the arbiter's decisions, print and export the standings.\n\n"
        "Every change is recorded with its time and author in the database (--db, default tavolo.sqlite); "
        "commands act on the last tournament created unless -t names another."
    ),
    no_args_is_help=True,
    rich_markup_mode="markdown",
)


@app.callback()
def speak(
    lang: Annotated[
        str | None,
        typer.Option("--lang", envvar="TAVOLO_LANG", help="it (default) or en: the language of every message."),
    ] = None,
) -> None:
    """Run a Burraco tournament (see the commands below)."""
    set_language(lang)
