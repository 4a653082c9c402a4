"""The tables: tournaments, and the events of each in order (append-only)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from tavolo.tournament.naming import name_key  # an account's name as compared; online/ reads it from here


class Base(DeclarativeBase):
    pass


NAME_KEY_LENGTH = 160
"""The longest :func:`name_key` of a 40-character name (case folding may lengthen a letter). Two account
names are one when they differ only in case, spacing, Unicode form or the apostrophe a phone types::

    >>> name_key("Anna") == name_key("ANNA") == name_key("anna"), name_key("Dell’Acqua"), name_key("Straße")
    (True, "dell'acqua", 'strasse')
"""


class TournamentRow(Base):
    __tablename__ = "tournaments"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class EventRow(Base):
    """One event; ``seq`` numbers a tournament's events from 1 with no gaps.

    The unique (tournament, seq) pair is what makes concurrent writers safe:
    two directors appending after the same event collide, and the second
    re-checks its command against the first's event and tries again.
    """

    __tablename__ = "tournament_events"
    __table_args__ = (UniqueConstraint("tournament_id", "seq", name="uq_tournament_events_seq"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id"))
    seq: Mapped[int]
    kind: Mapped[str] = mapped_column(String(40))
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    author: Mapped[str] = mapped_column(String(100))
    recorded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
