"""How Petrangola hands compare (raccolta, Petrangola, "Regole del gioco").

The petrangole beat every point count: a tris (three cards of one rank) beats a
sequence (three cards of one suit in sequence, the ace only after the king:
2-3-4 up to C-K-A); among tris the lower beat the higher, the tris of aces
(Petrangolone) highest of all; among sequences the higher win. Otherwise a hand
counts the points of its best suit: 2-7 at face value, figures 10, the ace 11.

    >>> from tavolo.cards import italian as it
    >>> def key(text): return hand_key(it.parse_many(text))
    >>> key("Ac Ad Ab") > key("2c 2d 2b") > key("Kc Kd Kb") > key("Cs Ks As") > key("2s 3s 4s")
    True
    >>> key("2s 3s 4s") > key("As Ks Js") == (POINTS, 31)
    True
    >>> describe(key("Ac Ad Ab")), describe(key("5c 6c 7c")), describe(key("Ac 7d 2c"))
    ('Petrangolone', 'sequence to 7', '13 points')
"""

from __future__ import annotations

from collections.abc import Sequence

from tavolo.cards import italian as it

POINTS, SEQUENCE, TRIS = range(3)
SEQUENCE_ORDER = (it.TWO, it.THREE, it.FOUR, it.FIVE, it.SIX, it.SEVEN, it.FANTE, it.CAVALLO, it.KING, it.ACE)
"""Ranks in sequence order: sequences end at the ace after the king."""
VALUE = {**{r: r for r in range(2, 8)}, it.FANTE: 10, it.CAVALLO: 10, it.KING: 10, it.ACE: 11}
PETRANGOLONE = (TRIS, 10)
"""The key of the tris of aces."""

Key = tuple[int, int]


def hand_key(cards: Sequence[int]) -> Key:
    """A key that orders three-card hands: the higher key wins."""
    ranks = [it.rank(c) for c in cards]
    if len(set(ranks)) == 1:
        return TRIS, 11 - ranks[0]
    suits = {it.suit(c) for c in cards}
    places = sorted(SEQUENCE_ORDER.index(r) for r in ranks)
    if len(suits) == 1 and places[2] - places[0] == 2 and len(set(places)) == 3:
        return SEQUENCE, places[2]
    return POINTS, max(sum(VALUE[it.rank(c)] for c in cards if it.suit(c) == s) for s in suits)


def describe(key: Key) -> str:
    """The hand's name, as players say it (in English; :func:`describe_parts` for a catalog)."""
    msgid, params = describe_parts(key)
    return msgid.format(**params)


def describe_parts(key: Key) -> tuple[str, dict[str, object]]:
    """The hand's name as a catalog ``msgid`` and its parameters: ``("{value} points", {"value": 11})``."""
    kind, value = key
    if key == PETRANGOLONE:
        return "Petrangolone", {}
    if kind == TRIS:
        return "tris of {rank}", {"rank": it.RANK_LETTERS[10 - value]}
    if kind == SEQUENCE:
        return "sequence to {rank}", {"rank": it.RANK_LETTERS[SEQUENCE_ORDER[value] - 1]}
    return "{value} points", {"value": value}
