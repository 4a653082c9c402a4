"""Tricks (prese, mani): cards as bits, card strength and who wins a trick.

A hand is an ``int`` whose bit ``c`` is set when it holds Italian card ``c``
(see :mod:`tavolo.cards.italian`); a strength table says, for each card, how
high it takes within its suit. The winner of a trick is the highest trump
played, otherwise the highest card of the suit led (palo, seme di mano)::

    >>> from tavolo.cards import italian as it
    >>> tressette = strength_table("3 2 A K C J 7 6 5 4")
    >>> trick = it.parse_many("5c 3b Kc 2c")
    >>> trick_winner(trick, tressette)            # no trump: the 2 of coppe
    3
    >>> trick_winner(trick, tressette, trump=it.BASTONI)
    1
    >>> it.names(cards_of(suit_mask(it.DENARI) & bits(it.parse_many("Ad 4c 7d"))))
    'Ad 7d'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tavolo.cards import italian as it

NO_TRUMP = -1
NUM_CARDS = it.NUM_TYPES


def strength_table(order: str) -> tuple[int, ...]:
    """Per card id, its strength in its suit (higher takes) from the ranks
    written highest first, e.g. ``"A 3 K C J 7 6 5 4 2"``."""
    ranks = order.split()
    if sorted(ranks) != sorted(it.RANK_LETTERS):
        raise ValueError(f"{order!r} must name each of the ranks {' '.join(it.RANK_LETTERS)} once")
    power = {it.RANK_LETTERS.index(r): len(ranks) - i for i, r in enumerate(ranks)}
    return tuple(power[c % 10] for c in range(NUM_CARDS))


def trick_winner(cards: Sequence[int], strength: Sequence[int], trump: int = NO_TRUMP) -> int:
    """Index in ``cards`` (in the order played) of the card that takes the trick."""
    best = 0
    for i in range(1, len(cards)):
        card, top = cards[i], cards[best]
        if card // 10 == top // 10:
            if strength[card] > strength[top]:
                best = i
        elif card // 10 == trump:
            best = i
    return best


def bits(cards: Iterable[int]) -> int:
    """The mask of ``cards``."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_of(mask: int) -> list[int]:
    """The cards of ``mask``, lowest id first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def suit_mask(suit: int) -> int:
    """Every card of ``suit``."""
    return 0x3FF << (suit * 10)


def partnerships(players: int) -> tuple[tuple[int, ...], ...]:
    """The sides: facing players together at four, everyone alone otherwise.

    >>> partnerships(4), partnerships(3)
    (((0, 2), (1, 3)), ((0,), (1,), (2,)))
    """
    if players == 4:
        return ((0, 2), (1, 3))
    return tuple((seat,) for seat in range(players))
