"""Pinnacola's cards (seed, "Pinnacola", Conteggio punti): two French decks and
four jokers; the jokers (matte) and the black 2s (mattini) are wild. A card is
worth 5 from the 2 to the 5, 10 from the 6 to the king, 15 an ace, 25 a matta
(30 in some versions), 20 a mattino::

    >>> from tavolo.cards import french as fr
    >>> [points(25)[fr.parse(t)] for t in ("*", "2c", "2h", "5d", "6s", "Kh", "Ah")]
    [25, 20, 5, 5, 10, 10, 15]
    >>> [fr.name(c) for c in WILDS]
    ['2c', '2s', '*']
"""

from __future__ import annotations

from functools import lru_cache

from tavolo.cards import french as fr

JOKER = fr.JOKER
NUM_TYPES = fr.NUM_TYPES
MATTINI = (fr.card(2, fr.CLUBS), fr.card(2, fr.SPADES))
WILDS = (*MATTINI, JOKER)
WILD: tuple[bool, ...] = tuple(c in WILDS for c in range(NUM_TYPES))


@lru_cache(maxsize=None)
def points(joker: int) -> tuple[int, ...]:
    """What each card is worth, the matta at ``joker``."""
    out = []
    for c in range(NUM_TYPES):
        rank = fr.rank(c)
        out.append(joker if c == JOKER else 20 if c in MATTINI else 15 if rank == fr.ACE else 5 if rank <= 5 else 10)
    return tuple(out)


def hand_order_key(card: int) -> tuple[int, int]:
    """How a hand is shown: by suit, then rank (ace low), wilds last."""
    return (4, card) if WILD[card] else (card // 13, card % 13)
