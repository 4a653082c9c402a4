"""The tarot pack in Tarocchi: suits, how high each card takes, what it is worth.

In spade and bastoni the higher number takes; in coppe and denari the number
cards go the other way (the ace highest, the 10 lowest); the figures go fante,
cavallo, donna, re in every suit (raccolta, "Gioco dei tarocchi", "Primo
caso"). Trumps take by number, but the Angelo (XX) beats the Mondo (XXI)
("Terzo caso"). Points: re, Bagatto (I), Mondo 5; donne and the Matto 4;
cavalli 3; fanti 2; every other card is a scartina::

    >>> from tavolo.cards import tarocchi as ta
    >>> [POINTS[ta.parse(t)] for t in ("Kc", "I", "XXI", "Qd", "0", "Cb", "Js", "XX", "7c")]
    [5, 5, 5, 4, 4, 3, 2, 0, 0]
    >>> STRENGTH[ta.parse("Ac")] > STRENGTH[ta.parse("Tc")], STRENGTH[ta.parse("As")] > STRENGTH[ta.parse("Ts")]
    (True, False)
    >>> count_points(range(78))
    77
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tavolo.cards import tarocchi as ta

TRUMPS, FOOL = 4, 5
"""The suits of following: the four Italian suits 0..3, then the trumps, then the Matto alone."""
SUIT_OF = tuple(c // 14 if c < ta.NUM_SUITED else FOOL if c == ta.MATTO else TRUMPS for c in range(ta.NUM_TYPES))
REVERSED_SUITS = (ta.SUIT_LETTERS.index("c"), ta.SUIT_LETTERS.index("d"))
ANGELO, MONDO, BAGATTO = ta.trump(20), ta.trump(21), ta.trump(1)
HONOURS = (BAGATTO, MONDO, ta.MATTO)
"""The onori of the accuso: the Bagatto, the Mondo and the Matto."""
KINGS = tuple(ta.card(14, s) for s in range(4))


def _strength(c: int) -> int:
    if c >= ta.NUM_SUITED:
        return ta.trump_number(c)
    index = c % 14
    if index < 10 and c // 14 in REVERSED_SUITS:
        return 9 - index
    return index


STRENGTH = tuple(_strength(c) for c in range(ta.NUM_TYPES))
_FIGURE_POINTS = {10: 2, 11: 3, 12: 4, 13: 5}
POINTS = tuple(
    5 if c in (BAGATTO, MONDO) else 4 if c == ta.MATTO else 0 if c >= ta.NUM_SUITED else _FIGURE_POINTS.get(c % 14, 0)
    for c in range(ta.NUM_TYPES))


def _threes(pile: list[int]) -> tuple[int, int]:
    """A pile counted in whole threes ("Quando contate i punti"), and the cards left over: each
    card that counts goes with two scartine and is worth its points, the scartine left one point
    a three; a figure short of its two scartine costs a point a missing three."""
    figures = sum(1 for c in pile if POINTS[c])
    whole, left = divmod(len(pile) - 3 * figures, 3)
    return sum(POINTS[c] for c in pile) + whole, left


def count_points(cards: Iterable[int]) -> int:
    """A pile counted in threes, what is left over (fewer than three cards) not counted:
    points + (scartine - 2 * figures) // 3.

    >>> count_points([KINGS[0], 0, 1]), count_points([0, 1, 2, 3, 4, 5, 6]), count_points([KINGS[0]])
    (5, 2, 4)
    """
    return _threes(list(cards))[0]


def count_sides(piles: Sequence[Iterable[int]], last: int) -> tuple[int, ...]:
    """Each side's pile counted in threes, the sides' leftover cards (fewer than three each)
    counted together a point a three, the point to the side that holds more of them (with as many,
    to ``last``, the side that took the last trick): so the hand always counts the pack's 77
    (DECISIONS, "Tarocchi, the count"). At four a side's pile is seldom a multiple of three.

    >>> pack = list(range(78))
    >>> count_sides([pack[:40], pack[40:]], 0), count_points(pack[:40]) + count_points(pack[40:])
    ((36, 41), 76)
    >>> count_sides([pack[:1], pack[1:2], pack[2:]], 1)
    (0, 1, 76)
    """
    counted = [_threes(list(pile)) for pile in piles]
    groups = sum(left for _, left in counted) // 3
    ahead = sorted(range(len(counted)), key=lambda side: (-counted[side][1], side != last))[:groups]
    return tuple(points + (side in ahead) for side, (points, _) in enumerate(counted))


def trick_winner(cards: list[int]) -> int:
    """Index of the card that takes: the highest trump (the Angelo above the Mondo when
    they meet), else the highest of the suit led; the Matto never takes.

    >>> trick_winner([ta.parse("Kc"), MONDO, ANGELO]), trick_winner([ta.MATTO, ta.parse("2s"), ta.parse("9s")])
    (2, 2)
    """
    played = [i for i, c in enumerate(cards) if c != ta.MATTO]
    trumps = [i for i in played if SUIT_OF[cards[i]] == TRUMPS]
    if trumps:
        both = {ANGELO, MONDO} <= {cards[i] for i in trumps}
        return max(trumps, key=lambda i: 19.5 if both and cards[i] == MONDO else STRENGTH[cards[i]])
    led = SUIT_OF[cards[played[0]]]
    return max((i for i in played if SUIT_OF[cards[i]] == led), key=lambda i: STRENGTH[cards[i]])
