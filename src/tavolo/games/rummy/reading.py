"""Reading cards as a meld: the candidate sequences and combinations, before
each game applies its own limits (how many cards, which wilds, repeated suits).

A game says which cards are wild with a table indexed by card id; Burraco also
lets a wild stand as a natural card in a sequence (a pinella of the sequence's
suit as its 2), which ``natural_wild`` decides::

    >>> from tavolo.cards import french as fr
    >>> wild = tuple(c == fr.JOKER for c in range(fr.NUM_TYPES))
    >>> cards = fr.parse_many("5h * 7h")
    >>> run_candidates(cards, wild)
    [(0, 1, [5, 7])]
    >>> group_candidate(fr.parse_many("8h 8d *"), wild)
    (8, (1, 1, 0, 0), 2)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from tavolo.cards import french as fr
from tavolo.games.rummy.sequences import HIGH_ACE, natural_span, position_choices

M = TypeVar("M")
NaturalWild = Callable[[int, int, int], bool]
"""``(index, card, suit) -> bool``: may this wild stand as a natural in a sequence of ``suit``."""


def run_candidates(cards: Sequence[int], wild: Sequence[bool],
                   natural_wild: NaturalWild | None = None) -> list[tuple[int, int | None, list[int]]]:
    """Every ``(suit, wild index or None, natural positions)`` reading of
    ``cards`` as one suit's sequence with at most one wild; the positions are
    sorted and may still repeat or leave holes (see ``natural_span``)."""
    suited = [fr.suit(c) for c in cards if not wild[c]]
    if not suited or any(s != suited[0] for s in suited):
        return []
    suit = suited[0]
    out = []
    for wild_i in [None, *(i for i, c in enumerate(cards) if wild[c])]:
        rest = [(i, c) for i, c in enumerate(cards) if i != wild_i]
        if any(wild[c] and not (natural_wild and natural_wild(i, c, suit)) for i, c in rest):
            continue  # a second wild
        for positions in position_choices([c for _, c in rest]):
            out.append((suit, wild_i, positions))
    return out


def run_readings(cards: Sequence[int], wild: Sequence[bool], declared: dict[int, int],
                 build: Callable[[int, int, int, int, int | None], M | None]) -> list[M]:
    """Every sequence ``cards`` make with at most one wild, the wild in the one hole
    or at either end, where a declared rank (``declared``: wild index -> rank) puts it;
    ``build(suit, lo, hi, place, wild index)`` makes the game's meld (``place`` 0: no
    wild) or says ``None`` when its rules refuse it."""
    out: list[M] = []
    for suit, wild_i, positions in run_candidates(cards, wild):
        span = natural_span(positions)
        if span is None:
            continue
        lo, hi, holes = span
        if wild_i is None:
            places = [0] if not holes else []
        elif holes:
            places = holes if len(holes) == 1 else []
        else:
            places = [p for p in (lo - 1, hi + 1) if 1 <= p <= HIGH_ACE]
        said = declared.get(wild_i) if wild_i is not None else None
        for place in places:
            if said is not None and said not in (place, 1 if place == HIGH_ACE else place):
                continue
            meld = build(suit, min(lo, place or lo), max(hi, place), place, wild_i)
            if meld is not None and meld not in out:
                out.append(meld)
    return out


def group_candidate(cards: Sequence[int], wild: Sequence[bool]) -> tuple[int, tuple[int, ...], int | None] | None:
    """``(rank, naturals per suit, wild index or None)`` when ``cards`` are
    naturals of one rank and at most one wild; ``None`` otherwise."""
    wild_idx = [i for i, c in enumerate(cards) if wild[c]]
    naturals = [c for c in cards if not wild[c]]
    if len(wild_idx) > 1 or not naturals:
        return None
    rank = fr.rank(naturals[0])
    if any(fr.rank(c) != rank for c in naturals):
        return None
    counts = tuple(sum(1 for c in naturals if fr.suit(c) == s) for s in fr.SUITS)
    return rank, counts, wild_idx[0] if wild_idx else None


def ace_as_written(cards: Sequence[int], found: list[M], wild: Sequence[bool],
                   ace_low: Callable[[M], bool], ace_high: Callable[[M], bool]) -> list[M]:
    """Of several readings, keep those that put the ace where it is written:
    before the other naturals low, after them high (all of them if none does)."""
    naturals = [i for i, c in enumerate(cards) if not wild[c]]
    aces = [i for i in naturals if fr.rank(cards[i]) == fr.ACE]
    if not aces:
        return found
    if aces[0] == naturals[0]:
        kept = [m for m in found if ace_low(m)]
    elif aces[0] == naturals[-1]:
        kept = [m for m in found if ace_high(m)]
    else:
        kept = []
    return kept or found


class AmbiguousMeldError(ValueError):
    """Cards that make two different melds; ``candidates`` are their texts."""

    def __init__(self, cards: Sequence[int], candidates: list[str]) -> None:
        super().__init__(f"{fr.names(cards)} can be read as {' or as '.join(candidates)}")
        self.candidates = candidates


def end_label(options: Sequence[tuple[int, int, M]], card: int, variant: int) -> str:
    """``low`` or ``high`` where ``card`` may join a meld (its ``options``, as
    :func:`number_variants` numbers them) at either end, else ``''``.

    >>> end_label([(9, 0, "a"), (9, 1, "b"), (3, 0, "c")], 9, 1), end_label([(3, 0, "c")], 3, 0)
    ('high', '')
    """
    ways = [v for c, v, _ in options if c == card]
    return ("low", "high")[variant] if len(ways) > 1 else ""


def number_variants(options: Sequence[tuple[int, int, M]]) -> tuple[tuple[int, int, M], ...]:
    """``(card, tag, meld after)`` options as ``(card, variant, meld after)``,
    by card, the variants of one card numbered 0, 1 in the order of their tags
    (0 = low or natural reading, 1 = high or wild reading).

    >>> number_variants([(9, 1, "high"), (3, 0, "x"), (9, 0, "low")])
    ((3, 0, 'x'), (9, 0, 'low'), (9, 1, 'high'))
    """
    by_card: dict[int, list[tuple[int, M]]] = {}
    for card, tag, after in options:
        by_card.setdefault(card, []).append((tag, after))
    out = []
    for card in sorted(by_card):
        for variant, (_, after) in enumerate(sorted(by_card[card], key=lambda t: t[0])):
            out.append((card, variant, after))
    return tuple(out)

