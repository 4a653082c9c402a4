"""Online accounts and play again: when a table finished, the table its seats
moved on to ("gioca ancora"); the server's settings (the session cookie's secret when no environment variable gives one).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("online_tables") as table:
        table.add_column(sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True))
        table.add_column(sa.Column("next_table", sa.String(32), nullable=True))
    op.create_table(
        "online_settings",
        sa.Column("key", sa.String(40), primary_key=True),
        sa.Column("value", sa.String(200), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("online_settings")
    with op.batch_alter_table("online_tables") as table:
        table.drop_column("next_table")
        table.drop_column("finished_at")
