"""What the trick-taking bots share: reading the trick on the table from an
observation (who is winning it, with what, and how many points lie in it)."""

from __future__ import annotations

from collections.abc import Sequence

from tavolo.games.trick_taking.observation import TrickObservation
from tavolo.games.trick_taking.tricks import NO_TRUMP, trick_winner


def trump_suit(obs: TrickObservation) -> int:
    return obs.trump_card // 10 if obs.trump_card >= 0 else NO_TRUMP


def winning(obs: TrickObservation, strength: Sequence[int]) -> tuple[int, int]:
    """``(seat, card)`` winning the trick on the table so far."""
    i = trick_winner(obs.trick, strength, trump_suit(obs))
    return (obs.leader + i) % obs.players, obs.trick[i]


def beats(card: int, best: int, strength: Sequence[int], trump: int) -> bool:
    """Whether ``card`` played now would take the trick from ``best``."""
    if card // 10 == best // 10:
        return strength[card] > strength[best]
    return card // 10 == trump


def partner_winning(obs: TrickObservation, strength: Sequence[int]) -> bool:
    return bool(obs.trick) and winning(obs, strength)[0] == obs.partner


def last_to_play(obs: TrickObservation) -> bool:
    return len(obs.trick) == obs.players - 1
