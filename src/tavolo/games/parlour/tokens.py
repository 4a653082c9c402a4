"""Tokens (gettoni, fiches), the pot (piatto) and who is still in the game.

A parlour game keeps each seat's tokens in a list and the pot as one number;
tokens only move, so their sum never changes. Seats take turns counter-clockwise,
which Tavolo writes as increasing seat numbers; a seat with no tokens is out.

    >>> next_seat(2, [3, 0, 1, 0])
    0
    >>> lowest({0: (0, 17), 1: (0, 12), 2: (0, 12)})
    [1, 2]
    >>> rising_prizes(61, 3)
    [10, 20, 31]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tavolo.engine.errors import Text


def tokens_held(tokens: int) -> Text:
    """A refusal's detail, the tokens a seat holds: "hai 12 gettoni", "hai 1 gettone"."""
    return Text("you hold 1 token") if tokens == 1 else Text("you hold {tokens} tokens", tokens=tokens)

def next_seat(seat: int, tokens: Sequence[int]) -> int:
    """The next seat after ``seat`` (counter-clockwise) that still has tokens; -1 if none."""
    n = len(tokens)
    for step in range(1, n + 1):
        other = (seat + step) % n
        if tokens[other] > 0:
            return other
    return -1


def previous_seat(seat: int, tokens: Sequence[int]) -> int:
    """The seat before ``seat`` in the turn that still has tokens; -1 if none.

    >>> previous_seat(0, [1, 1, 0, 2])
    3
    """
    n = len(tokens)
    for step in range(1, n + 1):
        other = (seat - step) % n
        if tokens[other] > 0:
            return other
    return -1


def seats_in(tokens: Sequence[int]) -> list[int]:
    """The seats still in the game (holding tokens), in seat order."""
    return [s for s, t in enumerate(tokens) if t > 0]


def lowest(keys: Mapping[int, Any]) -> list[int]:
    """The seats whose key is the lowest: the hands that lose a comparison."""
    low = min(keys.values())
    return sorted(s for s, k in keys.items() if k == low)


def highest(keys: Mapping[int, Any]) -> list[int]:
    """The seats whose key is the highest: the hands that win a comparison.

    >>> highest({0: 3, 4: 7, 5: 7})
    [4, 5]
    """
    high = max(keys.values())
    return sorted(s for s, k in keys.items() if k == high)


def rising_prizes(total: int, count: int) -> list[int]:
    """``total`` tokens split into ``count`` prizes of rising value, the lowest first,
    in proportion 1 : 2 : ... : ``count``; what does not divide goes to the highest."""
    if count < 1:
        raise ValueError(f"at least one prize, not {count}")
    unit = total // (count * (count + 1) // 2)
    prizes = [unit * (k + 1) for k in range(count)]
    prizes[-1] += total - sum(prizes)
    return prizes


def share_evenly(total: int, seats: Sequence[int]) -> dict[int, int]:
    """``total`` tokens shared among ``seats``; the odd ones one each to the first seats.

    >>> share_evenly(7, [2, 0, 1])
    {2: 3, 0: 2, 1: 2}
    """
    base, odd = divmod(total, len(seats))
    return {s: base + (i < odd) for i, s in enumerate(seats)}
