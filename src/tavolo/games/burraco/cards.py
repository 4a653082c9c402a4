"""What each French card is worth and does in Burraco.

Wilds (matte) are the jokers (jolly) and every 2 (pinella); card points are
fedibur-1985 art. 1 and art. 7 (the same in the fibur extract)::

    >>> from tavolo.cards import french as fr
    >>> [POINTS[fr.parse(t)] for t in ("*", "2c", "Ah", "Kd", "8s", "7h", "3c")]
    [30, 20, 15, 10, 10, 5, 5]
    >>> is_wild(fr.parse("2h")), is_wild(fr.parse("3h"))
    (True, False)

The rank order used to draw for seats and to "discard according to the rule"
(scartare secondo norma, codice glossary and art. 1) is joker, 2, A, K, ...,
3, and between equal ranks hearts, diamonds, clubs, spades.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable

from tavolo.cards import french as fr

JOKER = fr.JOKER
NUM_TYPES = fr.NUM_TYPES
TWOS = tuple(fr.card(fr.TWO, s) for s in fr.SUITS)
"""The pinelle, by suit."""
WILDS = (JOKER, *TWOS)
"""Every kind of wild card (matta): the joker and the four 2s."""


def is_wild(card: int) -> bool:
    """Joker (jolly) or any 2 (pinella)."""
    return card == JOKER or card % 13 == 1


def card_points(card: int) -> int:
    """Joker 30, pinella 20, ace 15, K Q J 10 9 8 ten, 7 6 5 4 3 five."""
    if card == JOKER:
        return 30
    r = fr.rank(card)
    if r == fr.TWO:
        return 20
    if r == fr.ACE:
        return 15
    return 10 if r >= fr.EIGHT else 5


POINTS: tuple[int, ...] = tuple(card_points(c) for c in range(NUM_TYPES))
WILD: tuple[bool, ...] = tuple(is_wild(c) for c in range(NUM_TYPES))


def _same_rank() -> tuple[tuple[int, ...], ...]:
    out = []
    for c in range(NUM_TYPES):
        if WILD[c]:
            out.append(())
        else:
            out.append(tuple(fr.card(fr.rank(c), s) for s in fr.SUITS if s != fr.suit(c)))
    return tuple(out)


def _run_near() -> tuple[tuple[tuple[int, int], ...], ...]:
    out = []
    for c in range(NUM_TYPES):
        if WILD[c]:
            out.append(())
            continue
        rank, suit = fr.rank(c), fr.suit(c)
        positions = (1, 14) if rank == fr.ACE else (rank,)
        near = []
        for p in positions:
            for q in (p - 2, p - 1, p + 1, p + 2):
                if 3 <= q <= 14:  # the 2 is a wild (matta): no natural neighbour below the 3
                    near.append((fr.card(fr.ACE if q == 14 else q, suit), abs(q - p)))
        out.append(tuple(dict.fromkeys(near)))
    return tuple(out)


SAME_RANK = _same_rank()
"""For each natural card, the cards of its rank in the other three suits (combinations)."""
RUN_NEAR = _run_near()
"""For each natural card, ``(card, distance)`` of its suit within two places (sequences)."""
MATES: tuple[frozenset[int], ...] = tuple(
    frozenset() if WILD[c] else frozenset((c, *SAME_RANK[c], *(o for o, _ in RUN_NEAR[c]))) for c in range(NUM_TYPES))
"""For each natural card, the naturals it goes with: itself, its rank in the other suits and its
suit within two places (none for a wild, which goes with anything).

    >>> fr.names(sorted(MATES[fr.parse("5h")]))
    '3h 4h 5h 6h 7h 5d 5c 5s'
"""

_ORDER_RANK = {fr.TWO: 13, fr.ACE: 12, fr.KING: 11, fr.QUEEN: 10, fr.JACK: 9, fr.TEN: 8,
               fr.NINE: 7, fr.EIGHT: 6, fr.SEVEN: 5, fr.SIX: 4, fr.FIVE: 3, fr.FOUR: 2, fr.THREE: 1}


def seat_draw_key(card: int) -> tuple[int, int]:
    """How high ``card`` draws for seats: larger is higher.

    Joker highest, then 2, A, K, ..., 3; equal ranks by suit hearts, diamonds,
    clubs, spades (fedibur-1985 art. 2; codice art. 1 and 3).

    >>> sorted(fr.parse_many("3s Ah 2c *"), key=seat_draw_key, reverse=True) == fr.parse_many("* 2c Ah 3s")
    True
    """
    if card == JOKER:
        return (14, 4)
    return (_ORDER_RANK[fr.rank(card)], 3 - fr.suit(card))


def sort_by_norm(cards: Iterable[int]) -> list[int]:
    """Cards in the order they are discarded "secondo norma": from the highest
    to the lowest, equal ranks by suit hearts, diamonds, clubs, spades
    (codice glossary, art. 27).

    >>> fr.names(sort_by_norm(fr.parse_many("3h Kd Ks 2s")))
    '2s Kd Ks 3h'
    """
    return sorted(cards, key=seat_draw_key, reverse=True)


def hand_order_key(card: int) -> tuple[int, int]:
    """How a hand is shown: by suit, then rank (A low), wilds last."""
    if card == JOKER:
        return (5, 0)
    if card % 13 == 1:
        return (4, card // 13)
    return (card // 13, card % 13)


HAND_ORDER = tuple(sorted(range(NUM_TYPES), key=hand_order_key))
"""The card types in the order a hand is shown (:func:`hand_order_key`)."""
HAND_PLACE = tuple(sorted(range(NUM_TYPES), key=HAND_ORDER.__getitem__))
"""Each card type's place in :data:`HAND_ORDER` (its inverse)."""


def with_card(shown: tuple[int, ...], card: int) -> tuple[int, ...]:
    """A hand as shown (in :func:`hand_order_key` order) with ``card`` added in its place.

    >>> fr.names(with_card(tuple(fr.parse_many("3h 9h Kd 2c")), fr.parse("5h")))
    '3h 5h 9h Kd 2c'
    """
    i = bisect_right(shown, HAND_PLACE[card], key=HAND_PLACE.__getitem__)
    return shown[:i] + (card,) + shown[i:]


def without_card(shown: tuple[int, ...], card: int) -> tuple[int, ...]:
    """A hand as shown with one copy of ``card`` taken out (it must hold one).

    >>> fr.names(without_card(tuple(fr.parse_many("3h 5h 5h Kd")), fr.parse("5h")))
    '3h 5h Kd'
    """
    i = shown.index(card)
    return shown[:i] + shown[i + 1:]
