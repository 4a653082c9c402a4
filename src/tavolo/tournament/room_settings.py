"""How a tournament played in Tavolo's room runs (torneo online): what the organizer sets beside the
event's :class:`~tavolo.tournament.config.TournamentConfig`.

The code is written for a hall; these are the room's readings of it (docs/tournaments-online.md):

* ``rule_set``: the Burraco rules at the tables (``fibur``, ``internazionale``, ``fedibur1985``);
* ``opens`` / ``closes`` / ``starts``: ISO times (UTC) of registration and of the start; empty
  ``closes`` closes registration at the start, empty ``starts`` leaves the start to the organizer;
* ``sit_and_go``: the tournament starts by itself once this many entrants have joined (0: scheduled);
* ``duplicate``: the same deals at every table of a round, as in duplicate bridge;
* ``substitute`` (codice art. 33): a player who does not come back within ``grace_seconds`` is
  replaced by a bot flagged as substitute (``bot``) or the entrant withdraws (``withdraw``);
* ``spectators``: a running table is watched one deal behind (``delayed``) or not at all (``none``);
* ``bot``: the level of the bots that fill a table or replace a player.

    >>> RoomSettings("anna", sit_and_go=4).sit_and_go
    4
    >>> RoomSettings("anna", substitute="forse")
    Traceback (most recent call last):
    ...
    tavolo.tournament.errors.TournamentError: substitute 'forse': choose bot or withdraw (codice art. 33)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import Any

from tavolo.tournament.errors import TournamentError

RULE_SETS = ("fibur", "internazionale", "fedibur1985")
"""The Burraco rules a room tournament may be played by (the game's ``rule_set`` option)."""
SUBSTITUTES = ("bot", "withdraw")
SPECTATORS = ("delayed", "none")
MAX_SIT_AND_GO = 64
GRACE_SECONDS = 180
"""Codice art. 33 leaves the wait to the arbiter: three minutes, as art. 34's first step of lateness."""


@dataclass(frozen=True)
class RoomSettings:
    """What the organizer of an online tournament sets (see the module)."""

    organizer: str
    rule_set: str = "fibur"
    opens: str = ""
    closes: str = ""
    starts: str = ""
    sit_and_go: int = 0
    duplicate: bool = False
    substitute: str = "bot"
    grace_seconds: int = GRACE_SECONDS
    spectators: str = "delayed"
    bot: str = "heuristic:normal"

    def __post_init__(self) -> None:
        if self.rule_set not in RULE_SETS:
            raise TournamentError("rules {rule_set!r}: choose one of {choices}", rule_set=self.rule_set,
                                  choices=", ".join(RULE_SETS))
        if self.substitute not in SUBSTITUTES:
            raise TournamentError("substitute {value!r}: choose bot or withdraw (codice art. 33)", value=self.substitute)
        if self.spectators not in SPECTATORS:
            raise TournamentError("spectators {value!r}: choose delayed or none", value=self.spectators)
        if type(self.sit_and_go) is not int or not (self.sit_and_go == 0 or 2 <= self.sit_and_go <= MAX_SIT_AND_GO):
            raise TournamentError("a sit & go starts with 2 to {most} entrants, not {value}", most=MAX_SIT_AND_GO,
                                  value=self.sit_and_go)
        if type(self.grace_seconds) is not int or not 0 <= self.grace_seconds <= 3600:
            raise TournamentError("grace time {value}: from 0 to 3600 seconds", value=self.grace_seconds)
        for label in ("opens", "closes", "starts"):
            moment(getattr(self, label), label)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RoomSettings:
        return cls(**data)


def moment(text: str, label: str = "time") -> datetime | None:
    """An ISO time as a datetime (UTC when no zone is given); ``None`` for an empty one.

    >>> moment("2026-12-08T21:00:00+00:00").hour, moment("") is None
    (21, True)
    """
    if not text:
        return None
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        raise TournamentError("{label} {text!r}: write a date and time as 2026-12-08T21:00", label=label,
                              text=text) from None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)
