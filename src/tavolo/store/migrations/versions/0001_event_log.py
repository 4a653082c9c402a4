"""The event log: tournaments and their events, append-only.

Revision ID: 0001
Revises:
Create Date: 2026-11-21
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

_APPEND_ONLY = "the tournament event log is append-only: record a correction instead"


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "tournament_events",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournaments.id"), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("author", sa.String(100), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("tournament_id", "seq", name="uq_tournament_events_seq"),
    )
    _forbid_changes()


def _forbid_changes() -> None:
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        for action in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER tournament_events_no_{action.lower()} BEFORE {action} ON tournament_events "
                f"BEGIN SELECT RAISE(ABORT, '{_APPEND_ONLY}'); END"
            )
    elif dialect == "postgresql":
        op.execute(
            "CREATE FUNCTION tournament_events_append_only() RETURNS trigger LANGUAGE plpgsql AS "
            f"$$ BEGIN RAISE EXCEPTION '{_APPEND_ONLY}'; END $$"
        )
        op.execute(
            "CREATE TRIGGER tournament_events_append_only BEFORE UPDATE OR DELETE ON tournament_events "
            "FOR EACH ROW EXECUTE FUNCTION tournament_events_append_only()"
        )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER tournament_events_append_only ON tournament_events")
        op.execute("DROP FUNCTION tournament_events_append_only()")
    op.drop_table("tournament_events")
    op.drop_table("tournaments")
