"""Peppa's cards: the French pack, what each card costs and how high it takes.

The seed's pack has 49 cards: three queens are taken out and the queen of
spades, Peppa, stays (raccolta, "Peppa-Chat noir-Hearts", "Regole"). Its
points ("Punteggio"): Peppa 13, the ace of hearts 5, king 4, queen 3, jack 2,
every other heart 1; classic Hearts counts every heart 1 and the queen of
spades 13::

    >>> from tavolo.cards import french as fr
    >>> len(deck("peppa")), PEPPA_POINTS[fr.parse("Qs")], PEPPA_POINTS[fr.parse("Ah")]
    (49, 13, 5)
    >>> sum(PEPPA_POINTS[c] for c in deck("peppa")), sum(HEARTS_POINTS[c] for c in deck("hearts"))
    (33, 26)

Aces are high: ``A K Q J T 9 ... 2``.
"""

from __future__ import annotations

from tavolo.cards import french as fr

NUM_CARDS = 52
PEPPA = fr.card(fr.QUEEN, fr.SPADES)
TWO_OF_CLUBS = fr.card(fr.TWO, fr.CLUBS)
REMOVED = tuple(fr.card(fr.QUEEN, s) for s in (fr.HEARTS, fr.DIAMONDS, fr.CLUBS))
SUIT_OF = tuple(c // 13 for c in range(NUM_CARDS))
STRENGTH = tuple((c % 13 - 1) % 13 for c in range(NUM_CARDS))
"""Per card, how high it takes in its suit: the ace 12 down to the two 0."""
_HEART_RANK_POINTS = {fr.ACE: 5, fr.KING: 4, fr.QUEEN: 3, fr.JACK: 2}
PEPPA_POINTS = tuple(13 if c == PEPPA else _HEART_RANK_POINTS.get(fr.rank(c), 1) if c // 13 == fr.HEARTS else 0
                     for c in range(NUM_CARDS))
HEARTS_POINTS = tuple(13 if c == PEPPA else int(c // 13 == fr.HEARTS) for c in range(NUM_CARDS))
SHOOT_PEPPA = 36
"""What each other player scores when one takes Peppa and every heart ("Punteggio")."""
SHOOT_HEARTS = 26
TRICK_POINTS = 10
"""A trick's game points in the match to 50 (the seed gives none: Peppa scivolosa's 10)."""


def deck(rules: str) -> tuple[int, ...]:
    """The 49 cards of Peppa, or the 52 of Hearts."""
    return tuple(c for c in range(NUM_CARDS) if rules == "hearts" or c not in REMOVED)


def is_heart(card: int) -> bool:
    return card // 13 == fr.HEARTS


def shoot_cards(rules: str) -> int:
    """The mask of the cards one player must take for the shoot: Peppa and every heart of the
    pack ("Prendere tutti i cuori e la Donna di picche"), the twelve of Peppa's 49 cards or
    the thirteen of Hearts; a heart discarded in a pair is taken by no one, so no one shoots
    in that hand.

        >>> bin(shoot_cards("peppa")).count("1"), bin(shoot_cards("hearts")).count("1")
        (13, 14)
    """
    return sum(1 << c for c in deck(rules) if is_heart(c) or c == PEPPA)
