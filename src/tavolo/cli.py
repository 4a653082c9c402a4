"""The ``tavolo`` command line (Typer + Rich)."""

from __future__ import annotations

import typer

app = typer.Typer(
    help="Tavolo: Italian card games, Burraco first. Play, count a hand, run a tournament.",
    no_args_is_help=True,
    add_completion=False,
)
