"""First-round seating (assegnazione dei posti), codice art. 2.

The first round's tables come from an order of the entrants: the director's
choice, the registration order, or a draw. A draw is seeded and the seed is
recorded, so anyone can redo it and see it was fair: it is Python's
``random.Random(seed).shuffle`` of the registration order::

    >>> seating_order([1, 2, 3, 4, 5], Seating.DRAW, seed=2024)
    [1, 5, 3, 2, 4]
    >>> seating_order([1, 2, 3, 4], Seating.CHOICE, order=[3, 1, 4, 2])
    [3, 1, 4, 2]
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from enum import StrEnum

from tavolo.tournament.errors import Message, TournamentError


class Seating(StrEnum):
    CHOICE = "choice"
    REGISTRATION = "registration"
    DRAW = "draw"

    @property
    def label(self) -> str:
        return {
            Seating.CHOICE: "a scelta dell'arbitro (director's choice)",
            Seating.REGISTRATION: "ordine di iscrizione (registration order)",
            Seating.DRAW: "sorteggio (draw)",
        }[self]


def new_seed() -> int:
    """A fresh seed for a draw, short enough to read out in the room."""
    return secrets.randbelow(1_000_000)


def seating_order(
    numbers: Sequence[int], method: Seating, *, seed: int | None = None, order: Sequence[int] | None = None
) -> list[int]:
    """The entrants in first-round seating order (``numbers`` in registration order)."""
    if method is Seating.REGISTRATION:
        return list(numbers)
    if method is Seating.DRAW:
        if seed is None:
            raise TournamentError("a draw needs its seed (it is recorded to show the draw was fair)")
        drawn = list(numbers)
        random.Random(seed).shuffle(drawn)
        return drawn
    return _checked_choice(numbers, order or [])


def _checked_choice(numbers: Sequence[int], order: Sequence[int]) -> list[int]:
    """``order`` if it names every entrant once; else refused with everyone missing, twice or unknown.

    >>> try:
    ...     _checked_choice([1, 2, 3, 4], [1, 2, 2, 9])
    ... except TournamentError as error:
    ...     print(error)
    the director's seating must name every entrant once; missing: 3, 4; named twice: 2; not playing: 9
    """
    found = {
        "missing: {numbers}": [n for n in numbers if n not in order],
        "named twice: {numbers}": sorted({n for n in order if list(order).count(n) > 1}),
        "not playing: {numbers}": [n for n in order if n not in numbers],
    }
    problems = [Message(msgid, numbers=", ".join(map(str, listed))) for msgid, listed in found.items() if listed]
    if problems:
        slots = {f"p{i}": problem for i, problem in enumerate(problems)}
        joined = Message("; ".join("{" + slot + "}" for slot in slots), **slots)
        raise TournamentError("the director's seating must name every entrant once; {problems}", problems=joined)
    return list(order)
