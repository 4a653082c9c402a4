"""Bring a database to the latest schema with the migrations shipped in the package."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError

SCRIPT_LOCATION = "tavolo.store:migrations"


def alembic_config() -> Config:
    """An Alembic configuration pointing at the package's migrations (no alembic.ini needed)."""
    config = Config()
    config.set_main_option("script_location", SCRIPT_LOCATION)
    return config


MIGRATION_LOCK = 0x7A70_10
"""The PostgreSQL advisory lock key that serializes migrations across processes."""
ATTEMPTS = 5


def upgrade(engine: Engine) -> None:
    """Apply the migrations the database lacks; cheap when it is up to date.

    Safe when several processes open a brand-new database at once: on
    PostgreSQL they take turns behind a transaction-scoped advisory lock;
    elsewhere (SQLite) a process that lost the race to create the tables
    finds them made and tries again.
    """
    config = alembic_config()
    head = ScriptDirectory.from_config(config).get_current_head()
    for attempt in range(ATTEMPTS):
        try:
            _upgrade_once(engine, config, head)
            return
        except DBAPIError:
            if attempt == ATTEMPTS - 1:
                raise


def _upgrade_once(engine: Engine, config: Config, head: str | None) -> None:
    with engine.begin() as connection:
        if MigrationContext.configure(connection).get_current_revision() == head:
            return
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
            if MigrationContext.configure(connection).get_current_revision() == head:
                return
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
