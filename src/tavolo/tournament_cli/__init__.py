"""``tavolo tournament``: the tournament director's command line (Typer), over :mod:`tavolo.store`.

A layer above :mod:`tavolo.tournament` and :mod:`tavolo.store`; importing it
registers every command on :data:`app`, in the order ``--help`` lists them, and puts
the help in the director's language (``TAVOLO_LANG``, Italian by default).
"""

from tavolo.tournament_cli import registration, rounds, arbiter, reports, tools  # noqa: I001 - the order of --help
from tavolo.tournament_cli.app import app
from tavolo.i18n.typer_help import localize_help
from tavolo.tournament_cli.common import _

localize_help(app, _)

__all__ = ["app", "arbiter", "registration", "reports", "rounds", "tools"]
