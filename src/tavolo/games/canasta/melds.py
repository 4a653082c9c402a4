"""Canasta's combinations: cards of one rank only ("solo da serie di carte dello stesso
valore"), clean or dirty, and their points (seed, "Canasta").

A side has at most one combination of each rank (DECISIONS.md), so a combination is
named by its rank: A, 2 (pinelle as naturals: the pinellata), 4 to K, or the jokers
(Toro Seduto). Elsewhere jokers and pinelle are wild: one with a pair, two with three
or more naturals ("Se la combinazione è costituita da due carte uguali, allora è
consentito solo un jolly o una pinella, se le carte uguali sono tre o più, i jolly o
le pinelle ammesse sono due"). Seven cards make a canasta.

    >>> from tavolo.cards import french as fr
    >>> valid(3, 0, 7), valid(2, 1, 7), valid(2, 2, 7), valid(5, 2, 7), valid(6, 1, JOKER_KEY)
    (True, True, False, True, True)
    >>> canasta_bonus(fr.parse_many("7h 7h 7d 7c 7s 7s 7d")), canasta_bonus(fr.parse_many("2h 2h 2d 2c 2s * 2d"))
    (500, 2000)
    >>> card_value(fr.JOKER), card_value(fr.parse("2c")), card_value(fr.parse("Ah")), card_value(fr.parse("9d"))
    (50, 20, 20, 10)
"""

from __future__ import annotations

from collections.abc import Sequence

from tavolo.cards import french as fr

JOKER_KEY = 0
"""The key of the jokers' combination (``fr.rank(JOKER)``)."""
PINELLA = 2
KEYS = (JOKER_KEY, fr.ACE, PINELLA, *range(4, 14))
"""Every rank that may form a combination (3s never do: DECISIONS.md)."""
CANASTA = 7


def is_red_three(card: int) -> bool:
    return card != fr.JOKER and fr.rank(card) == 3 and fr.suit(card) in (fr.HEARTS, fr.DIAMONDS)


def is_wild_in(card: int, key: int) -> bool:
    """Whether ``card`` is a wild in the combination of ``key``: jokers and pinelle, but
    not the pinelle of the pinellata nor the jokers of Toro Seduto."""
    if card == fr.JOKER:
        return key != JOKER_KEY
    return fr.rank(card) == PINELLA and key != PINELLA


def key_of(card: int) -> int:
    return JOKER_KEY if card == fr.JOKER else fr.rank(card)


def valid(naturals: int, wilds: int, key: int) -> bool:
    """Whether a combination of ``key`` with these counts may lie on the table."""
    limit = 1 if naturals == 2 or key == JOKER_KEY else 2
    return naturals >= 2 and wilds <= limit and naturals + wilds >= 3


def counts(cards: Sequence[int], key: int) -> tuple[int, int]:
    wilds = sum(1 for c in cards if is_wild_in(c, key))
    return len(cards) - wilds, wilds


def card_value(card: int) -> int:
    """Points of a card (the seed gives none; the usual Canasta values, DECISIONS.md):
    joker 50, pinella and ace 20, 8 to K 10, 3 to 7 5."""
    if card == fr.JOKER:
        return 50
    rank = fr.rank(card)
    return 20 if rank in (fr.ACE, PINELLA) else 10 if rank >= 8 else 5


def canasta_bonus(cards: Sequence[int]) -> int:
    """What a combination earns beyond its cards: canasta clean 500, dirty 300;
    pinellata clean 3000, dirty 2000; Toro Seduto (six jokers and a pinella) 5000."""
    if len(cards) < CANASTA:
        return 0
    key = key_of_meld(cards)
    wilds = counts(cards, key)[1]
    if key == JOKER_KEY:
        return 5000
    if key == PINELLA:
        return 2000 if wilds else 3000
    return 300 if wilds else 500


def key_of_meld(cards: Sequence[int]) -> int:
    """The rank of a combination: its natural cards' (2s with at least two 2s and no
    other rank, jokers with no other card but one pinella)."""
    ranks = {key_of(c) for c in cards} - {JOKER_KEY, PINELLA}
    if ranks:
        return ranks.pop()
    return PINELLA if sum(1 for c in cards if c != fr.JOKER) >= 2 else JOKER_KEY


def is_clean_canasta(cards: Sequence[int]) -> bool:
    return len(cards) >= CANASTA and counts(cards, key_of_meld(cards))[1] == 0


def red_threes_bonus(count: int) -> int:
    """"100 punti l'uno fino a tre, 800 punti se sono quattro, 1000 se sono cinque e 1200 se sono sei"."""
    return {4: 800, 5: 1000, 6: 1200}.get(count, 100 * count)


def turned_count(card: int) -> int:
    """How many cards go face down under the card turned up: its number, J 11, Q 12,
    K 13, A 14 ("in caso la carta sia una figura ..."); a joker has no number: none
    (DECISIONS.md)."""
    if card == fr.JOKER:
        return 0
    rank = fr.rank(card)
    return 14 if rank == fr.ACE else rank
