"""What the tournament director is told when something cannot be done."""

from __future__ import annotations


class TournamentError(ValueError):
    """A command or an input that was refused; the message says what was wrong and where."""


class NoCompletePairing(TournamentError):
    """No pairing of the whole field respects the rules asked for."""
