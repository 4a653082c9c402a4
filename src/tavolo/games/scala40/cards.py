"""What each French card is worth in Scala 40 (FISCA regulation art. 1, 4, 7).

Laid down in an opening, a card is worth its rank, a figure 10, an ace 1 below
the 2 of a sequence and 11 above the king or in a combination, and the joker
(jolly, matta) what the card it stands for is worth (art. 1.1, 4.1). Left in
hand when someone closes, the joker costs 25, the ace 11, a figure 10 and any
other card its rank (art. 7.1)::

    >>> from tavolo.cards import french as fr
    >>> [position_value(p) for p in (1, 5, 10, 12, 14)]
    [1, 5, 10, 10, 11]
    >>> [PENALTY[fr.parse(t)] for t in ("*", "Ah", "Kd", "Ts", "7c", "2h")]
    [25, 11, 10, 10, 7, 2]
"""

from __future__ import annotations

from tavolo.cards import french as fr

JOKER = fr.JOKER
NUM_TYPES = fr.NUM_TYPES
WILD: tuple[bool, ...] = tuple(c == JOKER for c in range(NUM_TYPES))
"""Only the jokers are wild in Scala 40; a 2 is a natural card."""


def position_value(position: int) -> int:
    """The opening value of the card on ``position`` (1..14) of a sequence."""
    if position == 14:
        return 11
    return min(position, 10)


def group_value(rank: int) -> int:
    """The opening value of a card of ``rank`` in a combination: an ace 11."""
    return 11 if rank == fr.ACE else min(rank, 10)


def penalty(card: int) -> int:
    """What a card left in hand costs (art. 7.1)."""
    if card == JOKER:
        return 25
    return group_value(fr.rank(card))


PENALTY: tuple[int, ...] = tuple(penalty(c) for c in range(NUM_TYPES))


def hand_order_key(card: int) -> tuple[int, int]:
    """How a hand is shown: by suit, then rank (ace low), jokers last."""
    return (4, 0) if card == JOKER else (card // 13, card % 13)
