"""The lobby's pages: open tables newest first, read through an index on (status, created_at).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_online_tables_status_created", "online_tables", ["status", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_online_tables_status_created", "online_tables")
