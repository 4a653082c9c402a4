"""Accounts: names unique without regard to case, and a session generation that logging out bumps.

``name_key`` is the name as :func:`tavolo.store.models.name_key` folds it, under a unique index
(the same on SQLite and PostgreSQL, whose ``lower()`` differ beyond ASCII). Names that clash
(``Anna`` and ``anna``) are told apart by this rule: the account made first keeps its name; each
later one gets the smallest number from 2 that makes it unique (``anna 2``), its seats follow it,
and ``former_name`` keeps what it was called, so that logging in with the old name and its own
password still works and tells the player the new name. ``session_generation`` is signed into
the session cookie: logging out or changing the password bumps it, and every cookie signed with
the one before is refused.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-07
"""

from collections.abc import Iterable, Iterator
from datetime import datetime

import sqlalchemy as sa
from alembic import op

from tavolo.store.models import NAME_KEY_LENGTH, name_key

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

NAME_LENGTH = 40
INDEX = "uq_online_accounts_name_key"
ACCOUNTS = sa.table("online_accounts", sa.column("name", sa.String), sa.column("created_at", sa.DateTime),
                    sa.column("name_key", sa.String), sa.column("former_name", sa.String))
SEATS = sa.table("online_seats", sa.column("account", sa.String))


def renamings(accounts: Iterable[tuple[str, datetime]]) -> Iterator[tuple[str, str]]:
    """``(old, new)`` for each account whose name clashes with an older one's (see the module's rule)."""
    ordered = sorted(accounts, key=lambda account: (account[1], account[0]))
    taken = {name_key(name) for name, _ in ordered}
    kept: set[str] = set()
    for name, _ in ordered:
        key = name_key(name)
        if key not in kept:
            kept.add(key)
            continue
        number = 2
        while name_key(new := numbered(name, number)) in taken:
            number += 1
        taken.add(name_key(new))
        yield name, new


def numbered(name: str, number: int) -> str:
    """``name`` with `` number`` after it, cut to fit :data:`NAME_LENGTH`."""
    suffix = f" {number}"
    return name[:NAME_LENGTH - len(suffix)].rstrip() + suffix


def upgrade() -> None:
    with op.batch_alter_table("online_accounts") as table:
        table.add_column(sa.Column("name_key", sa.String(NAME_KEY_LENGTH), nullable=True))
        table.add_column(sa.Column("session_generation", sa.Integer, nullable=False, server_default="0"))
        table.add_column(sa.Column("former_name", sa.String(NAME_LENGTH), nullable=True))
    connection = op.get_bind()
    for old, new in list(renamings(connection.execute(sa.select(ACCOUNTS.c.name, ACCOUNTS.c.created_at)))):
        connection.execute(sa.update(ACCOUNTS).where(ACCOUNTS.c.name == old).values(name=new, former_name=old))
        connection.execute(sa.update(SEATS).where(SEATS.c.account == old).values(account=new))
    for name in connection.execute(sa.select(ACCOUNTS.c.name)).scalars().all():
        connection.execute(sa.update(ACCOUNTS).where(ACCOUNTS.c.name == name).values(name_key=name_key(name)))
    with op.batch_alter_table("online_accounts") as table:
        table.alter_column("name_key", existing_type=sa.String(NAME_KEY_LENGTH), nullable=False)
        table.create_index(INDEX, ["name_key"], unique=True)


def downgrade() -> None:
    with op.batch_alter_table("online_accounts") as table:
        table.drop_index(INDEX)
        table.drop_column("former_name")
        table.drop_column("session_generation")
        table.drop_column("name_key")
