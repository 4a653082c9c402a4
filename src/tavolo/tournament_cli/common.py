"""What every ``tavolo tournament`` command shares: options, opening the store, refusals, tables on screen."""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from tavolo.i18n import catalog, language, translate
from tavolo.tournament.config import Kind, Phase, System, parse_phase, parse_system
from tavolo.tournament.errors import TournamentError, Translator
from tavolo.tournament.events import Side
from tavolo.tournament.state import Round, Tournament

if TYPE_CHECKING:
    from tavolo.store import Store, TournamentHandle

console = Console(soft_wrap=True)
errors = Console(stderr=True, soft_wrap=True)

DOMAIN = "tournament"
_language = [language(os.environ.get("TAVOLO_LANG"))]


def set_language(lang: str | None) -> None:
    """Speak ``lang`` from now on (Italian unless English is asked for)."""
    _language[0] = language(lang or os.environ.get("TAVOLO_LANG"))


def _(msgid: str, **params: object) -> str:
    """``msgid`` (English, ``{named}`` placeholders) in the director's language, from the ``tournament`` catalog."""
    return translate(msgid, _language[0], DOMAIN, **params)


def words() -> Translator:
    """The ``tournament`` catalog's lookup in the director's language (for texts rendered elsewhere: PDFs)."""
    return catalog(_language[0], DOMAIN).get


def say(error: TournamentError) -> str:
    """A refusal in the director's language."""
    return error.message.render(catalog(_language[0], DOMAIN).get)


Db = Annotated[
    str,
    typer.Option(
        "--db", envvar="TAVOLO_DB", help="The database: a SQLite file, or a SQLAlchemy URL (postgresql+psycopg://...)."
    ),
]
Name = Annotated[
    str | None,
    typer.Option(
        "--tournament", "-t", envvar="TAVOLO_TOURNAMENT", help="The tournament (default: the last one created)."
    ),
]
SystemName = Annotated[
    str,
    typer.Option(
        "--system",
        help="danish, modified, strict (no rematch), mitchell, roundrobin "
        "(default: modified; danish for individual events).",
    ),
]
Rounds = Annotated[int, typer.Option(help="Rounds, when the whole event is one system.")]
Phases = Annotated[
    list[str] | None,
    typer.Option(
        "--phase",
        help="A phase SYSTEM:ROUNDS[:groups=N][:shifts=A,B][:fresh]; repeat for several (overrides --system/--rounds).",
    ),
]
Author = Annotated[
    str | None,
    typer.Option("--author", "-a", envvar="TAVOLO_AUTHOR", help="Who records this, for the log (default: your login)."),
]
DEFAULT_DB = "tavolo.sqlite"

P = ParamSpec("P")
R = TypeVar("R")


def plan(kind: Kind, system: str, rounds: int, phases: list[str] | None) -> tuple[Phase, ...]:
    """The phases given with --phase, or one phase of --system (by default modified Danish, pure for individuals)."""
    if phases:
        return tuple(parse_phase(text) for text in phases)
    default = System.DANISH if kind is Kind.INDIVIDUAL else System.MODIFIED
    return (Phase(parse_system(system) if system else default, rounds),)


def refusals(command: Callable[P, R]) -> Callable[P, R]:
    """Turn a refused request into a clear message and exit status 1."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except TournamentError as error:
            errors.print(f"[bold red]{_('refused:')}[/] {escape(say(error))}", highlight=False)
            raise typer.Exit(1) from None
        except Exception as error:
            if not _database_error(error):
                raise
            from tavolo.store.database import reason

            errors.print(f"[bold red]{_('the database failed:')}[/] {escape(reason(error))}", highlight=False)
            raise typer.Exit(1) from None

    return wrapper


def _database_error(error: Exception) -> bool:
    """Whether ``error`` is the database's (read-only, gone, locked...); SQLAlchemy is not imported to know."""
    exc = sys.modules.get("sqlalchemy.exc")
    return exc is not None and isinstance(error, exc.SQLAlchemyError)


def open_store(db: str) -> Store:
    """The database, or a refusal in one line when it cannot be opened; SQLAlchemy and Alembic load only for
    commands that need them."""
    from tavolo.store import Store
    from tavolo.store.database import check_database, opening_error

    url = check_database(db)
    try:
        return Store(url)
    except Exception as error:  # a missing driver, a server that does not answer, a database that is not there
        raise opening_error(db, error) from None


def tournament_name(store: Store, name: str | None) -> str:
    """``name``, or the last tournament created in the store."""
    if name is not None:
        return name
    names = store.names()
    if not names:
        raise TournamentError("no tournament in this database yet: create one with `tavolo tournament new`")
    return names[-1]


def open_tournament(db: str, name: str | None, author: str | None = None) -> TournamentHandle:
    """The named tournament, or the last one created in ``db``."""
    store = open_store(db)
    return store.open(tournament_name(store, name), author)


def side_names(tournament: Tournament, side: Side) -> str:
    return " + ".join(f"{n} {tournament.entrants[n].name}" for n in side)


def show_round(tournament: Tournament, played: Round) -> None:
    """A round's table assignment, its byes, who waits, and the rules a manual change broke."""
    title = _("{name} - round {round}", name=tournament.config.name, round=played.number)
    title += _(", start {start}", start=played.start) if played.start else ""
    table = Table(_("Table"), _("North/South"), _("East/West"), title=title, caption=played.method)
    for seat in sorted(played.tables.values(), key=lambda s: s.number):
        table.add_row(str(seat.number), side_names(tournament, seat.ns), side_names(tournament, seat.ew))
    for side in played.byes:
        table.add_row(_("rest"), side_names(tournament, side), "")
    console.print(table)
    seated = {n for s in played.tables.values() for n in s.ns + s.ew} | {n for side in played.byes for n in side}
    waiting = [n for n in tournament.playing(played.number) if n not in seated]
    if waiting:
        console.print(
            _(
                "[yellow]waiting for a place (no free seat in the movement):[/] {items}",
                items=", ".join(map(str, waiting)),
            )
        )
    for rule in played.broken:
        console.print(_("[yellow]breaks:[/] {rule}", rule=rule), highlight=False)


def output_file(path: Path) -> Path:
    """``path`` if a file can be written there, else a refusal saying why (the CLI's shared check)."""
    from tavolo.engine.files import UnwritablePath, writable_file

    try:
        return writable_file(path)
    except UnwritablePath as error:
        raise TournamentError(error.message.template, **dict(error.message.params)) from None


def parse_numbers(text: str) -> list[int]:
    """``"3 1 4 2"`` or ``"3,1,4,2"`` as numbers."""
    try:
        return [int(part) for part in text.replace(",", " ").split()]
    except ValueError:
        raise TournamentError("{text!r} is not a list of entrant numbers", text=text) from None
