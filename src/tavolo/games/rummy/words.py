"""The rummy family's moves in words (le parole della mossa): what Burraco, Scala 40, Ramino,
Pinnacola, Canasta and Machiavelli share. Each game's ``words.py`` turns its decoded action into
a :class:`~tavolo.engine.words.Words` with these helpers; the keys are the English ``msgid`` of
the ``moves`` catalog, said in Italian as the players say them ("pesca", "cala 5♥ 6♥ 7♥",
"scarta 3♥ e chiude").

    >>> cards_of("5c 6c 2d(7) 8c")
    Cards(tokens=('5c', '6c', '2d', '8c'), deck='french')
    >>> discard_words(fr.parse("3h"), closes=True).to_json()["key"]
    'discard {cards} and close'
    >>> end_words("attach {cards} to meld {number}", "high").key
    'attach {cards} to meld {number} high'
"""

from __future__ import annotations

from collections.abc import Iterable

from tavolo.cards import french as fr
from tavolo.engine.words import Cards, Words

DRAW = Words.of("draw")
"""Pesca: a card from the stock (tallone, mazzo)."""
TIME_OUT = Words.of("time out")
"""Tempo scaduto: the arbiter's announcement, recorded among the actions."""

RANK_WORDS = {1: "aces", 11: "jacks", 12: "queens", 13: "kings"}
"""A rank named in words, as a combination of them is named (assi, fanti, donne, re: "la canasta di
donne"); the others are their number."""

QUALIFIED = ("low", "high", "natural", "wild", "in the wild's place, the wild going low",
             "in the wild's place, the wild going high")
"""How a card joins a meld where it fits two ways: an ace or a wild at the low or high end of a
sequence (in basso, in alto), a pinella as the natural 2 or as a wild (come naturale, come matta),
the natural a mattino stands for in its place, the mattino moving to the low or the high end
(al posto della matta, che va in basso / in alto)."""


def cards_of(text: str) -> Cards:
    """The cards of a notation such as ``5c 6c 2d(7) 8c``, as a :class:`Cards` parameter (a wild's
    declared rank is left out: its place in the meld says it)."""
    return Cards(tuple(token.split("(", 1)[0] for token in text.split()))


def card_words(cards: Iterable[int]) -> Cards:
    """Cards by number as a :class:`Cards` parameter."""
    return Cards(tuple(fr.name(c) for c in cards))


def discard_words(card: int, closes: bool = False) -> Words:
    """Scarta 3♥; "scarta 3♥ e chiude" when the discard is the last card and ends the hand."""
    return Words.of("discard {cards} and close" if closes else "discard {cards}", cards=card_words([card]))


def end_words(key: str, label: str, **params: object) -> Words:
    """``key`` with the word that tells apart two ways into a meld (``low``/``high``,
    ``natural``/``wild``) appended, or ``key`` alone when ``label`` is empty."""
    if label and label not in QUALIFIED:
        raise ValueError(f"unknown way into a meld: {label!r}")
    return Words.of(f"{key} {label}" if label else key, **params)  # type: ignore[arg-type]


def rank_words(rank: int) -> Words | str:
    """A rank as players name a combination of it: "assi", "donne", or its number."""
    return Words.of(RANK_WORDS[rank]) if rank in RANK_WORDS else str(rank)
