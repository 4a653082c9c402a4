"""The ``tavolo`` command line (Typer + Rich)."""

from __future__ import annotations

import typer

from tavolo.tournament_cli import app as tournament_app

app = typer.Typer(
    help="Tavolo: Italian card games, Burraco first. Play, count a hand, run a tournament.",
    no_args_is_help=True,
    add_completion=False,
)
app.add_typer(tournament_app, name="tournament")
