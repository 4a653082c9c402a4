"""What the rummy games' position builders share (tests/<game>/helpers.py): the cards of the
deck a test did not name, in a fixed scrambled order, to fill the other hands and the stock."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any


def scramble(card: int) -> int:
    """A fixed order that looks shuffled (and is the same on every run)."""
    return (card * 7919) % 109


def cards_left(game: Any, named: Iterable[list[int]], key: Callable[[int], Any] = scramble) -> list[int]:
    """The deck's cards less every card ``named``, sorted by ``key``; a ``ValueError`` when the
    names use a card more often than the deck holds it."""
    pool = game.deck_counts.copy()
    for cards in named:
        pool.subtract(cards)
    if min(pool.values()) < 0:
        raise ValueError(f"the position uses more cards than the deck has: {-pool}")
    return sorted(pool.elements(), key=key)
