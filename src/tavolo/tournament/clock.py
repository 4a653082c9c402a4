"""The round clock (orologio del turno): the round's minutes counting down, and the time-out.

The round lasts the event's minutes (codice art. 5: 30, 40, 48-50 for 2, 3,
4 deals; ARCA: "turni di tre smazzate - durata di ogni turno 40 minuti").
The director starts, pauses, resumes and lengthens it; at zero the time-out
is announced with the rule the event plays by (codice art. 15 or fedibur
1985 art. 10). A clock is a value: every change returns a new one, and
:meth:`RoundClock.reading` is what a page shows at a given moment::

    >>> from datetime import datetime, timedelta
    >>> t0 = datetime(2026, 11, 24, 21, 0)
    >>> clock = RoundClock(round=1, minutes=40).start(t0)
    >>> clock.reading(t0 + timedelta(minutes=15)).remaining_s
    1500
    >>> clock = clock.pause(t0 + timedelta(minutes=15)).resume(t0 + timedelta(minutes=20))
    >>> reading = clock.reading(t0 + timedelta(minutes=45))
    >>> reading.remaining_s, reading.time_out
    (0, True)
    >>> clock.add(5).reading(t0 + timedelta(minutes=45)).remaining_s
    300
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from tavolo.tournament.config import TimeoutRule
from tavolo.tournament.errors import TournamentError

TIME_OUT_RULES = {
    TimeoutRule.CODICE: (
        "Time out: one more round of play, starting from the partner of the player on turn; "
        "if the time-out comes while dealing, one full round (codice art. 15)"
    ),
    TimeoutRule.FEDIBUR: (
        "Time out: finish the round up to the dealer, then everyone plays once more; "
        "no new hand once the time is out (fedibur 1985 art. 10)"
    ),
}
"""What the director announces at zero, by rule: English msgids of the ``tournament`` catalog."""


@dataclass(frozen=True)
class ClockReading:
    """The clock at one moment, as a page shows it."""

    round: int
    minutes: int
    remaining_s: int
    running: bool
    started: bool
    time_out: bool


@dataclass(frozen=True)
class RoundClock:
    """One round's clock: its length, when it started, and the time spent paused."""

    round: int
    minutes: int
    started_at: datetime | None = None
    paused_at: datetime | None = None
    paused: timedelta = timedelta(0)

    def __post_init__(self) -> None:
        if self.minutes < 0:
            raise TournamentError("a round's clock cannot run {minutes} minutes", minutes=self.minutes)

    def start(self, now: datetime) -> RoundClock:
        if self.started_at is not None:
            raise TournamentError("round {round}'s clock is running already", round=self.round)
        return replace(self, started_at=now)

    def pause(self, now: datetime) -> RoundClock:
        if self.started_at is None or self.paused_at is not None:
            raise TournamentError("round {round}'s clock is not running", round=self.round)
        return replace(self, paused_at=now)

    def resume(self, now: datetime) -> RoundClock:
        if self.paused_at is None:
            raise TournamentError("round {round}'s clock is not paused", round=self.round)
        return replace(self, paused_at=None, paused=self.paused + (now - self.paused_at))

    def add(self, minutes: int) -> RoundClock:
        """Lengthen (or, negative, shorten) the round, as codice art. 5 lets the direction do."""
        return replace(self, minutes=self.minutes + minutes)

    def changed(self, action: str, now: datetime, minutes: int = 0) -> RoundClock:
        """The clock after ``action``: ``start``, ``pause``, ``resume`` or ``add`` (``minutes``)."""
        if action == "add":
            if not minutes:
                raise TournamentError("say how many minutes to add (negative to take away)")
            return self.add(minutes)
        if action not in ("start", "pause", "resume"):
            raise TournamentError("the clock can start, pause, resume or add; not {action!r}", action=action)
        return getattr(self, action)(now)

    def reading(self, now: datetime) -> ClockReading:
        if self.started_at is None:
            remaining = timedelta(minutes=self.minutes)
        else:
            elapsed = (self.paused_at or now) - self.started_at - self.paused
            remaining = timedelta(minutes=self.minutes) - elapsed
        seconds = max(0, int(remaining.total_seconds()))
        started = self.started_at is not None
        return ClockReading(self.round, self.minutes, seconds, started and self.paused_at is None, started,
                            started and seconds == 0)  # fmt: skip
