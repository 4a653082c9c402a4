"""Bring a database to the latest schema with the migrations shipped in the package."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Engine

SCRIPT_LOCATION = "tavolo.store:migrations"


def alembic_config() -> Config:
    """An Alembic configuration pointing at the package's migrations (no alembic.ini needed)."""
    config = Config()
    config.set_main_option("script_location", SCRIPT_LOCATION)
    return config


def upgrade(engine: Engine) -> None:
    """Apply the migrations the database lacks; cheap when it is up to date."""
    config = alembic_config()
    head = ScriptDirectory.from_config(config).get_current_head()
    with engine.begin() as connection:
        if MigrationContext.configure(connection).get_current_revision() == head:
            return
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
