"""What each Italian card is worth and how high it takes in Briscola
(raccolta, Briscola, "Scala di Valore e Punteggio delle Carte")::

    >>> from tavolo.cards import italian as it
    >>> [POINTS[it.parse(t)] for t in ("Ab", "3b", "Kb", "Cb", "Jb", "7b", "2b")]
    [11, 10, 4, 3, 2, 0, 0]
    >>> sum(POINTS)
    120

The ace and the three are the carichi (loads), the figures score a little,
and the rest are lisci (blanks).
"""

from __future__ import annotations

from tavolo.cards import italian as it
from tavolo.games.trick_taking.tricks import NUM_CARDS, strength_table

ORDER = "A 3 K C J 7 6 5 4 2"
"""Ranks from the highest taker down (the seed's "Valore": 11, 10½, 10, 9 ... 2)."""
STRENGTH = strength_table(ORDER)
_RANK_POINTS = {it.ACE: 11, it.THREE: 10, it.KING: 4, it.CAVALLO: 3, it.FANTE: 2}
POINTS: tuple[int, ...] = tuple(_RANK_POINTS.get(it.rank(c), 0) for c in range(NUM_CARDS))
ROUND_POINTS = 120
REMOVED_FOR_THREE = it.card(it.TWO, it.COPPE)
"""The card taken out for three players, so that 39 cards deal evenly (DECISIONS.md)."""


def is_carico(card: int) -> bool:
    """An ace or a three: the cards worth 10 or more."""
    return POINTS[card] >= 10


def deck(players: int) -> tuple[int, ...]:
    """The 40-card Italian pack; without the 2 of coppe for three players.

    >>> len(deck(2)), len(deck(3))
    (40, 39)
    """
    return tuple(c for c in range(NUM_CARDS) if players != 3 or c != REMOVED_FOR_THREE)
