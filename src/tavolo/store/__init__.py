"""Persistence for tournaments: an append-only event log in any SQLAlchemy database.

A SQLite file by default; PostgreSQL (``postgresql+psycopg://...``) or any
other SQLAlchemy URL works too. The schema is kept by the Alembic migrations
shipped in :mod:`tavolo.store.migrations`, applied when a store is opened::

    >>> from tavolo.tournament.config import TournamentConfig
    >>> store = Store("sqlite://")
    >>> handle = store.create(TournamentConfig("Circolo"), author="arbitro")
    >>> store.names(), handle.tournament.version
    (['Circolo'], 1)
"""

from tavolo.store.repository import LoggedEvent, Store, TournamentHandle

__all__ = ["LoggedEvent", "Store", "TournamentHandle"]
