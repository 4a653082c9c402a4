"""A table of an online tournament knows its tournament, round and table (torneo online).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-08
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("online_tables") as batch:
        batch.add_column(sa.Column("tournament", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("online_tables") as batch:
        batch.drop_column("tournament")
