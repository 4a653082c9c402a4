"""Decks as data: which card ids a game plays with, and how many of each.

A deck is a plain tuple of card ids (a multiset); games shuffle a copy.

    >>> len(french_deck(decks=2)), len(french_deck(decks=3))
    (108, 162)
    >>> len(french_deck(decks=1, jokers_per_deck=0)), len(italian_deck()), len(tarocchi_deck())
    (52, 40, 78)
"""

from __future__ import annotations

from collections import Counter

from tavolo.cards import french, italian, tarocchi


def french_deck(decks: int = 1, jokers_per_deck: int = 2) -> tuple[int, ...]:
    """``decks`` French packs of 52 cards, each with ``jokers_per_deck`` jokers."""
    if not 1 <= decks <= 3:
        raise ValueError(f"between 1 and 3 French decks, not {decks}")
    one = tuple(range(52)) + (french.JOKER,) * jokers_per_deck
    return one * decks


def italian_deck() -> tuple[int, ...]:
    """The 40-card Italian pack (napoletane, piacentine, ...)."""
    return tuple(range(italian.NUM_TYPES))


def tarocchi_deck() -> tuple[int, ...]:
    """The 78-card tarot pack."""
    return tuple(range(tarocchi.NUM_TYPES))


def counts(cards) -> Counter[int]:
    """How many of each card id, for conservation checks."""
    return Counter(cards)
