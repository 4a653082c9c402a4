"""``tavolo tournament``: the tournament director's command line (Typer), over :mod:`tavolo.store`.

A layer above :mod:`tavolo.tournament` and :mod:`tavolo.store`; importing it
registers every command on :data:`app`, in the order ``--help`` lists them.
"""

from tavolo.tournament_cli import registration, rounds, arbiter, reports, tools  # noqa: I001 - the order of --help
from tavolo.tournament_cli.app import app

__all__ = ["app", "arbiter", "registration", "reports", "rounds", "tools"]
