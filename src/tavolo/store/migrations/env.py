"""Alembic environment: migrate the connection given in ``config.attributes``, or the configured URL."""

from alembic import context
from sqlalchemy import create_engine

from tavolo.store.models import Base


def _migrate(connection) -> None:
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def run() -> None:
    if context.is_offline_mode():
        raise SystemExit("tavolo's store migrates online only: give it a database connection or URL")
    connection = context.config.attributes.get("connection")
    if connection is not None:
        _migrate(connection)
        return
    with create_engine(context.config.get_main_option("sqlalchemy.url")).begin() as connection:
        _migrate(connection)


run()
