"""What a French card costs left loose in a Ramino hand (seed, "Ramino": "le
figure valgono 10 e le altre carte valgono esattamente quanto il loro valore
facciale"; the ace 1 when it is the only loose card, else 11; the joker 25 or
20)::

    >>> from tavolo.cards import french as fr
    >>> [penalties(25)[fr.parse(t)] for t in ("*", "Ah", "Kd", "Ts", "7c", "2h")]
    [25, 11, 10, 10, 7, 2]
    >>> loose_points(fr.parse_many("Ah"), 25), loose_points(fr.parse_many("Ah 3c 6d"), 25)
    (1, 20)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from tavolo.cards import french as fr

JOKER = fr.JOKER
NUM_TYPES = fr.NUM_TYPES
WILD: tuple[bool, ...] = tuple(c == JOKER for c in range(NUM_TYPES))
"""Only the jokers are wild in Ramino ("il jolly può assumere ... tutti i valori di tutti i semi")."""
LONE_ACE = 1
"""An ace that is the only loose card of the hand costs 1."""


@lru_cache(maxsize=None)
def penalties(joker: int) -> tuple[int, ...]:
    """What each card costs loose, the joker at ``joker``, an ace 11."""
    return tuple(joker if c == JOKER else 11 if fr.rank(c) == fr.ACE else min(fr.rank(c), 10)
                 for c in range(NUM_TYPES))


def loose_points(loose: Sequence[int], joker: int) -> int:
    """The penalty of a hand's loose cards: a lone ace costs 1."""
    if len(loose) == 1 and fr.rank(loose[0]) == fr.ACE:
        return LONE_ACE
    table = penalties(joker)
    return sum(table[c] for c in loose)


def hand_order_key(card: int) -> tuple[int, int]:
    """How a hand is shown: by suit, then rank (ace low), jokers last."""
    return (4, 0) if card == JOKER else (card // 13, card % 13)
