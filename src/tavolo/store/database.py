"""The database a person names on the command line (``--db``): checked before anything is done, and any failure to
open it told in one line (``tavolo tournament`` and ``tavolo serve`` share this).

A bare path is a SQLite file; anything with ``://`` is a SQLAlchemy URL. What cannot work is refused with a
:class:`DatabaseUnavailable`, whose message is translated at the edge like every tournament refusal::

    >>> check_database("circolo.sqlite")
    'sqlite:///circolo.sqlite'
    >>> check_database("")
    Traceback (most recent call last):
    ...
    tavolo.store.database.DatabaseUnavailable: no database given: name a SQLite file or a database URL
    >>> check_database("sqlite://")
    Traceback (most recent call last):
    ...
    tavolo.store.database.DatabaseUnavailable: cannot open the database 'sqlite://': it is in memory and would keep nothing
    >>> str(opening_error("foo://bar", ValueError("Can't load plugin:\\n  sqlalchemy.dialects:foo")))
    "cannot open the database 'foo://bar': Can't load plugin: sqlalchemy.dialects:foo"
"""

from __future__ import annotations

from pathlib import Path

from tavolo.tournament.errors import Message, TournamentError

SQLITE_HEADER = b"SQLite format 3\x00"
IN_MEMORY = ("", ":memory:")
CONNECT_TIMEOUT_S = 10
"""How long to wait for a PostgreSQL server that does not answer, unless the URL says."""


class DatabaseUnavailable(TournamentError):
    """A database that cannot be opened: which one, and why."""


def check_database(db: str) -> str:
    """The SQLAlchemy URL of ``db`` when it may be opened; :class:`DatabaseUnavailable` when it surely cannot:
    nothing named, a database in memory (it would keep nothing), a URL that does not parse, a SQLite file in a
    missing folder, a folder, or a file that is not SQLite. Whether a server answers is known only by opening it."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    if not db.strip():
        raise DatabaseUnavailable("no database given: name a SQLite file or a database URL")
    url = db if "://" in db else f"sqlite:///{db}"
    try:
        parsed = make_url(url)
    except ArgumentError as error:
        raise opening_error(db, error) from None
    if parsed.get_backend_name() == "sqlite":
        problem = _sqlite_problem(parsed.database or "")
        if problem is not None:
            raise _unavailable(db, problem)
    elif parsed.get_backend_name() == "postgresql" and "connect_timeout" not in parsed.query:
        url = parsed.update_query_dict({"connect_timeout": str(CONNECT_TIMEOUT_S)}).render_as_string(hide_password=False)
    return url


def opening_error(db: str, error: BaseException) -> DatabaseUnavailable:
    """Why ``db`` did not open (a driver missing, a server not answering, a database that does not exist)."""
    return _unavailable(db, reason(error))


def reason(error: BaseException) -> str:
    """A database's error in one line: the driver's own words, without SQLAlchemy's note on where to read more."""
    return " ".join(str(getattr(error, "orig", None) or error).split())


def _unavailable(db: str, why: str | Message) -> DatabaseUnavailable:
    return DatabaseUnavailable("cannot open the database {db}: {reason}", db=repr(db), reason=why)


def _sqlite_problem(database: str) -> Message | str | None:
    """Why a SQLite file cannot be the database, or ``None``."""
    if database in IN_MEMORY or database.startswith("file::memory:"):
        return Message("it is in memory and would keep nothing")
    path = Path(database)
    if path.is_dir():
        return Message("it is a folder")
    if not path.parent.is_dir():
        return Message("the folder {folder} does not exist", folder=path.parent)
    if not path.exists():
        return None
    try:
        with path.open("rb") as f:
            head = f.read(len(SQLITE_HEADER))
    except OSError as error:
        return error.strerror
    if head and head != SQLITE_HEADER:
        return Message("it is not a SQLite database")
    return None
