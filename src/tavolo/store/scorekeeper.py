"""The score keeper's matches (segnapunti): a match played at a real table,
its sides, target and hands, kept as one row.

A match is small (a few dozen hands), so its hands are one JSON list written
whole on every change; ``version`` grows by one each time, and a write that
names an older version loses (two phones editing at once never overwrite
each other silently)::

    >>> store = ScoreStore(make_online_engine("sqlite://"))
    >>> store.create(ScoreMatch("m1", "e" * 64, "fibur", 4, 2005, ["Noi", "Loro"]))
    >>> match = store.get("m1")
    >>> store.save(match.id, match.version, [{"totals": [120, -35]}], None)
    True
    >>> store.get("m1").hands, store.save("m1", 0, [], None)
    ([{'totals': [120, -35]}], False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Engine, Integer, String, insert, select, update
from sqlalchemy.orm import Mapped, mapped_column

from tavolo.store.models import Base
from tavolo.store.online import make_online_engine  # noqa: F401 (the doctest opens a store with it)


class ScoreMatchRow(Base):
    """One score keeper match; ``edit_hash`` is the SHA-256 of its edit token, never the token."""

    __tablename__ = "scorekeeper_matches"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    edit_hash: Mapped[str] = mapped_column(String(64))
    rules: Mapped[str] = mapped_column(String(20))
    players: Mapped[int] = mapped_column(Integer)
    target: Mapped[int] = mapped_column(Integer)
    sides: Mapped[list[str]] = mapped_column(JSON)
    hands: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    winner: Mapped[int | None] = mapped_column(Integer, nullable=True)
    version: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass
class ScoreMatch:
    id: str
    edit_hash: str
    rules: str
    players: int
    target: int
    sides: list[str]
    hands: list[dict[str, Any]] = field(default_factory=list)
    winner: int | None = None
    """The winning side's index once the match is over."""
    version: int = 0


class ScoreStore:
    """Reads and writes score keeper matches (synchronous: call it from a worker thread)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create(self, match: ScoreMatch) -> None:
        now = datetime.now(UTC)
        with self.engine.begin() as connection:
            connection.execute(insert(ScoreMatchRow), [dict(
                id=match.id, edit_hash=match.edit_hash, rules=match.rules, players=match.players,
                target=match.target, sides=match.sides, hands=match.hands, winner=match.winner,
                version=match.version, created_at=now, updated_at=now)])

    def get(self, match_id: str) -> ScoreMatch | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(ScoreMatchRow).where(ScoreMatchRow.id == match_id)).first()
        if row is None:
            return None
        return ScoreMatch(row.id, row.edit_hash, row.rules, row.players, row.target, list(row.sides),
                          list(row.hands), row.winner, row.version)

    def save(self, match_id: str, version: int, hands: list[dict[str, Any]], winner: int | None) -> bool:
        """Store the match's ``hands`` and ``winner`` if it is still at ``version``;
        False (nothing written) when someone saved it in between."""
        with self.engine.begin() as connection:
            done = connection.execute(update(ScoreMatchRow).where(
                ScoreMatchRow.id == match_id, ScoreMatchRow.version == version).values(
                hands=hands, winner=winner, version=version + 1, updated_at=datetime.now(UTC)))
        return done.rowcount == 1
