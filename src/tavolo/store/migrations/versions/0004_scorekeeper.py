"""The score keeper's matches (segnapunti): a real table's match, its sides and hands.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "scorekeeper_matches",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("edit_hash", sa.String(64), nullable=False),
        sa.Column("rules", sa.String(20), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("target", sa.Integer, nullable=False),
        sa.Column("sides", sa.JSON, nullable=False),
        sa.Column("hands", sa.JSON, nullable=False),
        sa.Column("winner", sa.Integer, nullable=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("scorekeeper_matches")
