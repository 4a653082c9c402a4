"""How Perlina hands compare (raccolta, Perlina, "Valori delle carte", "Giocata",
"Esempi").

Figures count 10, the ace 1 or 11 (the dealer says which for an ace among the
three in the middle; a player counts his own aces as suits him best). The target
is the sum of the three in the middle, reached with all three of one's cards:
Perlina (the same three ranks as the middle) beats a Tris (three of a rank),
which beats a Punto (the exact sum; between two, more cards equal to the
middle's win), which beats a Punto sopra or sotto (one off). A hand that is none
of these is nearer or farther from the sum (Tavolo's reading: "lo scopo ... è
quello di avvicinarsi il più possibile alla somma"). The seed's example, with
10 7 5 in the middle (22)::

    >>> from tavolo.cards import french as fr
    >>> middle = fr.parse_many("Td 7c 5s")
    >>> def named(text): return describe(hand_key(fr.parse_many(text), middle, ace=1))
    >>> [named(h) for h in ("Ts 7d 5h", "Kh 6d 6c", "Qc 7s 5d", "Jh Jd 2c", "Kc 6s 5d", "Kc 7s 6d")]
    ['Perlina', 'Punto', 'Punto', 'Punto', 'Punto sopra/sotto', 'Punto sopra/sotto']
    >>> hand_key(fr.parse_many("Qc 7s 5d"), middle, 1) > hand_key(fr.parse_many("Kh 6d 6c"), middle, 1)
    True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import product

from tavolo.cards import french, italian

NOTHING, SOPRA_SOTTO, PUNTO, TRIS, PERLINA = range(5)
NAMES = ("nothing", "Punto sopra/sotto", "Punto", "Tris", "Perlina")

Key = tuple[int, int]


def value(rank: int, ace: int) -> int:
    """A card's value: figures (and the ten) 10, the ace ``ace`` (1 or 11), others their rank.

    >>> value(12, 1), value(1, 11), value(7, 1)
    (10, 11, 7)
    """
    return ace if rank == 1 else min(rank, 10)


def target(middle_ranks: Sequence[int], ace: int) -> int:
    """The sum of the three in the middle, their aces worth ``ace``."""
    return sum(value(r, ace) for r in middle_ranks)


def key_of_ranks(ranks: Sequence[int], middle_ranks: Sequence[int], ace: int) -> Key:
    """The best key of a hand of ``ranks`` (aces counted as suits it) against the middle."""
    goal = target(middle_ranks, ace)
    if Counter(ranks) == Counter(middle_ranks):
        return PERLINA, 0
    if len(set(ranks)) == 1:
        return TRIS, value(ranks[0], 11)
    same = sum((Counter(ranks) & Counter(middle_ranks)).values())
    best = (NOTHING, -99)
    for aces in product((1, 11), repeat=ranks.count(1)):
        sums = iter(aces)
        total = sum(next(sums) if r == 1 else value(r, 1) for r in ranks)
        off = abs(total - goal)
        best = max(best, (PUNTO, same) if off == 0 else (SOPRA_SOTTO, same) if off == 1 else (NOTHING, -off))
    return best


def hand_key(cards: Sequence[int], middle: Sequence[int], ace: int, rank_of: Callable[[int], int] = french.rank
             ) -> Key:
    """The key of a hand of ``cards`` (French by default, or ranked by ``rank_of``): the higher wins."""
    return key_of_ranks([rank_of(c) for c in cards], [rank_of(c) for c in middle], ace)


def italian_rank(card: int) -> int:
    """An Italian card's rank for counting: A-7, and the figures (fante, cavallo, re) as 11-13.

    >>> italian_rank(italian.parse("Kc")), italian_rank(italian.parse("7c"))
    (13, 7)
    """
    rank = italian.rank(card)
    return rank + 3 if rank > 7 else rank


def rank_function(deck: str) -> Callable[[int], int]:
    """How to rank the cards of the ``deck`` option ('french' or 'italian')."""
    return french.rank if deck == "french" else italian_rank


def describe(key: Key) -> str:
    """The hand's name as players say it (in English; :func:`describe_parts` for a catalog).

    >>> describe((NOTHING, -4))
    '4 off'
    """
    msgid, params = describe_parts(key)
    return msgid.format(**params)


def describe_parts(key: Key) -> tuple[str, dict[str, object]]:
    """The hand's name as a catalog ``msgid`` and its parameters: ``("{count} off", {"count": 4})``."""
    kind, sub = key
    if kind == NOTHING:
        return "{count} off", {"count": -sub}
    return NAMES[kind], {}
