"""A seat's analysis by Campione is kept with the table's record (issue 41, tavolo.online.analyses).

One row a review: the table, the seat, the budget (CPU seconds a hand) and the review as JSON, so
that a second request, or the shared link ``/analisi/<table>/<seat>``, shows it at once.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-08
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "online_analyses",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("budget", sa.Float(), primary_key=True),
        sa.Column("review", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("online_analyses")
