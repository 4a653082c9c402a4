"""Sequences (scale, sequenze) of French cards as positions 1..14.

A natural card of rank r sits on position r; the ace sits on 1 (A-2-3) or on
14 (Q-K-A), never both in one sequence (fedibur-1985 art. 4; FISCA Scala 40
art. 3.2)::

    >>> from tavolo.cards import french as fr
    >>> fr.name(position_card(fr.HEARTS, HIGH_ACE)), fr.name(position_card(fr.HEARTS, 12))
    ('Ah', 'Qh')
    >>> span_ok(1, 13), span_ok(2, 14), span_ok(1, 14)
    (True, True, False)
    >>> position_choices(fr.parse_many("Kh Ah Qh"))
    [[1, 12, 13], [12, 13, 14]]
    >>> natural_span([3, 4, 6])
    (3, 6, [5])
"""

from __future__ import annotations

from collections.abc import Sequence

from tavolo.cards import french as fr

HIGH_ACE = 14
"""The ace's position above the king."""


def position_card(suit: int, position: int) -> int:
    """The natural card on ``position`` (1..14) of a sequence of ``suit``."""
    return fr.card(fr.ACE if position == HIGH_ACE else position, suit)


def span_ok(lo: int, hi: int) -> bool:
    """Whether naturals may cover positions ``lo``..``hi``: inside 1..14 and
    not the ace both low and high."""
    return 1 <= lo and hi <= HIGH_ACE and not (lo == 1 and hi == HIGH_ACE)


def position_choices(naturals: Sequence[int]) -> list[list[int]]:
    """The sorted positions of ``naturals``: one reading, and a second with the
    aces high when there is an ace."""
    base = [1 if fr.rank(c) == fr.ACE else fr.rank(c) for c in naturals]
    choices = [sorted(base)]
    if 1 in base:
        choices.append(sorted(HIGH_ACE if p == 1 else p for p in base))
    return choices


def natural_span(positions: Sequence[int]) -> tuple[int, int, list[int]] | None:
    """``(lo, hi, holes)`` of sorted natural positions, or ``None`` when a
    position repeats or the ace is both low and high."""
    if len(set(positions)) != len(positions) or (1 in positions and HIGH_ACE in positions):
        return None
    lo, hi = positions[0], positions[-1]
    taken = set(positions)
    return lo, hi, [p for p in range(lo, hi + 1) if p not in taken]
