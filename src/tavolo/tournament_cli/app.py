"""The ``tavolo tournament`` Typer app, which the command modules fill in."""

import typer

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
