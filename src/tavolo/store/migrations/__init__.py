"""Alembic migrations of the tournament store (run by :func:`tavolo.store.migrate.upgrade`)."""
