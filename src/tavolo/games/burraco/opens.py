"""The three-card melds (aperture, fedibur-1985 art. 4) a hand allows, built
from the cards held rather than by testing every template.

Sequences (scale) come suit by suit from the suit's run mask (bit ``r`` for
rank ``r``, the ace both 1 and 14): three naturals in a row, two in a row with
a wild (matta) beside them, two one place apart with a wild in the gap; a
pinella both natural and wild needs two copies. Combinations (tris) come rank
by rank from the naturals held per suit: three naturals, or two and a wild.
Each suit's and each rank's openings are cached (a hand changes one or two
suits at a time), so a hand's openings cost a few cached look-ups.

The order is the engine's: suit by suit (natural sequences by their lowest
place, then those with a wild beside, then those with a wild in the gap, each
by place and wild), then combinations by rank. Template ids are indices into
:data:`~tavolo.games.burraco.actions.TEMPLATES`; add
:data:`~tavolo.games.burraco.actions.OPEN_BASE` for the action ids.

    >>> from tavolo.cards import french as fr
    >>> from tavolo.games.burraco.actions import TEMPLATES
    >>> from tavolo.games.burraco.melds import meld_text
    >>> h = [0] * fr.NUM_TYPES
    >>> for card in fr.parse_many("3h 4h 5h 5d 5c *"):
    ...     h[card] += 1
    >>> [meld_text(TEMPLATES[t].meld) for t in hand_opens(h)]  # doctest: +NORMALIZE_WHITESPACE
    ['3h 4h 5h', '* 3h 4h', '* 4h 5h', '3h *(4) 5h',
     '5h 5d 5c', '5h 5d *', '5h 5c *', '5d 5c *']
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import compress
from operator import add, itemgetter

from tavolo.games.burraco.actions import ADJ, GAP, GROUP2, GROUP3, GROUP_RANKS, NAT3
from tavolo.games.burraco.cards import JOKER, NUM_TYPES, TWOS, WILDS
from tavolo.games.burraco.melds import Group, Meld

__all__ = ["RUN_BITS", "grouped_ranks", "hand_opens", "pair_ranks", "suit_masks"]

RUN_BITS = tuple(0 if c == JOKER else ((1 << 1) | (1 << 14) if c % 13 == 0 else 1 << (c % 13 + 1))
                 for c in range(NUM_TYPES))
"""Positions a card takes in its suit's run mask: the ace both 1 and 14 (the joker none)."""


def suit_masks(h: Sequence[int]) -> list[int]:
    """The run mask of each suit of the hand ``h`` (counts per card type).

    >>> from tavolo.cards import french as fr
    >>> h = [0] * fr.NUM_TYPES
    >>> h[fr.parse("Ah")] = h[fr.parse("3h")] = 1
    >>> [bin(m) for m in suit_masks(h)]
    ['0b100000000001010', '0b0', '0b0', '0b0']
    """
    masks = [0, 0, 0, 0]
    for c in range(JOKER):
        if h[c]:
            masks[c // 13] |= RUN_BITS[c]
    return masks


def grouped_ranks(melds: Sequence[Meld]) -> int:
    """The ranks a side already holds a combination of (one per rank per side), bit ``r``
    for rank ``r``: the ``grouped`` of :func:`hand_opens`."""
    grouped = 0
    for meld in melds:
        if type(meld) is Group:
            grouped |= 1 << meld.rank
    return grouped


def hand_opens(h: Sequence[int], masks: Sequence[int] | None = None, grouped: int = 0,
               group_ranks: Sequence[int] = GROUP_RANKS, pairs: int | None = None) -> list[int]:
    """The templates the hand ``h`` (counts per card type) can open, in the
    engine's order: ``masks`` are its :func:`suit_masks` and ``pairs`` its
    :func:`pair_ranks` where the caller keeps them, ``grouped`` has bit ``r``
    set for each rank the side already holds a combination of (one per rank
    per side), ``group_ranks`` the ranks a combination may have
    (International Burraco: aces and threes)."""
    wilds = tuple(compress(_WILD_INDICES, _wild_counts(h)))
    found: list[int] = []
    for s, m in enumerate(suit_masks(h) if masks is None else masks):
        if m:
            found += _run_opens(s, m, wilds, h[TWOS[s]] > 1)
    pairs = (pair_ranks(h) if pairs is None else pairs) & ~grouped
    if pairs:
        for rank in group_ranks:
            if pairs >> rank & 1:
                found += _group_opens(rank, (h[rank - 1], h[rank + 12], h[rank + 25], h[rank + 38]), wilds)
    return found


def pair_ranks(h: Sequence[int]) -> int:
    """Bit ``r`` set for each rank ``r`` the hand ``h`` holds two naturals of or more
    (a combination needs them).

    >>> from tavolo.cards import french as fr
    >>> h = [0] * fr.NUM_TYPES
    >>> h[fr.parse("5h")] = h[fr.parse("5c")] = h[fr.parse("Kd")] = 1
    >>> bin(pair_ranks(h))
    '0b100000'
    """
    totals = map(add, map(add, h[0:13], h[13:26]), map(add, h[26:39], h[39:52]))
    return sum(compress(_RANK_BITS, map(_two_or_more, totals)))


_RANK_BITS = tuple(1 << rank for rank in range(1, 14))
_two_or_more = (1).__lt__
_WILD_INDICES = range(len(WILDS))
_wild_counts = itemgetter(*WILDS)
"""The copies of each wild (:data:`WILDS`) in a hand."""


@lru_cache(maxsize=1 << 16)
def _run_opens(suit: int, mask: int, wilds: tuple[int, ...], spare_two: bool) -> tuple[int, ...]:
    """The sequences of ``suit`` that the run ``mask`` and the ``wilds`` held
    (indices into :data:`WILDS`) allow; ``spare_two``: the suit's pinella is
    held twice, so it may be both a natural and the wild."""
    found = _bits_rows(mask & (mask >> 1) & (mask >> 2), NAT3[suit])
    if not wilds:
        return tuple(found)
    two = TWOS[suit]
    for lo in _low_bits(mask & (mask >> 1)):
        row = ADJ[suit][lo]
        found += [row[wi] for wi in wilds if WILDS[wi] != two or lo > 2 or spare_two]
    for lo in _low_bits(mask & (mask >> 2)):
        row = GAP[suit][lo]
        found += [row[wi] for wi in wilds if row[wi] >= 0 and (WILDS[wi] != two or lo != 2 or spare_two)]
    return tuple(found)


@lru_cache(maxsize=1 << 14)
def _group_opens(rank: int, held: tuple[int, ...], wilds: tuple[int, ...]) -> tuple[int, ...]:
    """The combinations of ``rank`` that the naturals ``held`` per suit (at least
    two in all) and the ``wilds`` held allow."""
    held = tuple(min(k, 3) for k in held)
    found = list(GROUP3[rank, held]) if sum(held) >= 3 else []
    for row in GROUP2[rank, held] if wilds else ():
        found += [row[wi] for wi in wilds]
    return tuple(found)


def _bits_rows(bits: int, row: Sequence[int]) -> list[int]:
    """``row`` at each set bit of ``bits``, lowest first."""
    return [row[lo] for lo in _low_bits(bits)]


def _low_bits(bits: int) -> list[int]:
    """The positions of the set bits of ``bits``, lowest first."""
    out = []
    while bits:
        low = bits & -bits
        bits ^= low
        out.append(low.bit_length() - 1)
    return out
