"""Melds (giochi): sequences and combinations, what may join them, and which
are burraco.

A sequence (sequenza, scala) is a :class:`Run`: naturals of one suit on
consecutive *positions* 1..14, where the ace sits at 1 (A-2-3) or 14 (Q-K-A),
never both (fedibur-1985 art. 4; codice art. 11). A 2 of the run's suit on
position 2 is a natural card (a pinella in its natural place). A run holds at
most one wild (matta): either *fixed* on an inner position it stands for
(``gap``), or *free* (libera) beyond one end, ready to stand for the rank
below or above as cards join (fedibur-1985 art. 5: "se la matta è libera ...
è ammesso attaccare il Re spostando in alto la Pinella").

A combination (combinazione, tris) is a :class:`Group`: 2 to 8 naturals of one
rank (never 2s), any suits, plus at most one wild, at least 3 cards
(DECISIONS.md: at most 8 naturals + one wild).

    >>> from tavolo.cards import french as fr
    >>> run = Run(fr.HEARTS, 3, 5)            # 3h 4h 5h
    >>> meld_text(run)
    '3h 4h 5h'
    >>> meld_text(Run(fr.HEARTS, 3, 5, fr.JOKER, 4))
    '3h *(4) 5h'
    >>> [(fr.name(c), v) for c, v, _ in attachments(run)][:3]
    [('2h', 0), ('2h', 1), ('6h', 0)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import NamedTuple

from tavolo.cards import french as fr
from tavolo.games.burraco.cards import POINTS, TWOS, WILD, WILDS
from tavolo.games.rummy.reading import ace_as_written, group_candidate, number_variants, run_candidates
from tavolo.games.rummy.sequences import HIGH_ACE, natural_span, position_card, span_ok

NO_WILD = -1
MAX_GROUP_NATURALS = 8


class Run(NamedTuple):
    """A sequence: ``suit``, natural span ``lo``..``hi`` (positions 1..14),
    the ``wild`` card (or ``NO_WILD``) and the inner position ``gap`` it
    stands for (0 when the wild is free)."""

    suit: int
    lo: int
    hi: int
    wild: int = NO_WILD
    gap: int = 0


class Group(NamedTuple):
    """A combination: ``rank`` (1 = ace, 3..13), naturals per suit ``counts``
    (hearts, diamonds, clubs, spades) and the ``wild`` card or ``NO_WILD``."""

    rank: int
    counts: tuple[int, int, int, int]
    wild: int = NO_WILD


Meld = Run | Group

# Burraco kinds, from worst to best (codice art. 13; estratto "I gruppi di almeno 7 carte").
NOT_BURRACO, DIRTY, SEMICLEAN, CLEAN = range(4)
KIND_NAMES = ("", "sporco", "semipulito", "pulito")
KIND_BONUS = (0, 100, 150, 200)
BURRACO_SIZE = 7


def natural_two(suit: int) -> int:
    """The pinella of ``suit``: natural on position 2 of a run of that suit."""
    return TWOS[suit]


def _normal_run(suit: int, lo: int, hi: int, wild: int, gap: int) -> Run:
    """A run, with a pinella of the run's suit fixed on position 2 made natural
    (fedibur-1985 art. 4: it "può rappresentare un 2 naturale")."""
    if gap == 2 and wild == TWOS[suit]:
        return Run(suit, lo, hi)
    return Run(suit, lo, hi, wild, gap)


def meld_size(meld: Meld) -> int:
    if type(meld) is Run:
        return meld.hi - meld.lo + 1 + (meld.wild >= 0 and meld.gap == 0)
    return sum(meld.counts) + (meld.wild >= 0)


def meld_cards(meld: Meld) -> list[int]:
    """The cards of a meld, low to high, a free wild first (codice art. 10: free
    wilds go in the lowest place)."""
    if type(meld) is Run:
        s, lo, hi, wild, gap = meld
        cards = [wild if p == gap else position_card(s, p) for p in range(lo, hi + 1)]
        if wild >= 0 and gap == 0:
            cards.insert(0, wild)
        return cards
    cards = [fr.card(meld.rank, s) for s in fr.SUITS for _ in range(meld.counts[s])]
    if meld.wild >= 0:
        cards.append(meld.wild)
    return cards


def meld_points(meld: Meld) -> int:
    """Sum of the card points of a meld (fedibur-1985 art. 7)."""
    return sum(POINTS[c] for c in meld_cards(meld))


def burraco_kind(meld: Meld, semiclean_counts: bool = True) -> int:
    """``CLEAN``, ``SEMICLEAN``, ``DIRTY`` or ``NOT_BURRACO``.

    Clean (pulito): 7+ cards, no wild except a pinella in its natural place.
    Semi-clean (semipulito, where the rule set counts it): a run whose wild has
    at least 7 consecutive naturals on one side, or a combination of 7+
    naturals and the wild (codice art. 13; estratto). Dirty (sporco): 7+ cards
    with a wild.
    """
    if meld_size(meld) < BURRACO_SIZE:
        return NOT_BURRACO
    if meld.wild < 0:
        return CLEAN
    if semiclean_counts and _naturals_beside_wild(meld) >= BURRACO_SIZE:
        return SEMICLEAN
    return DIRTY


def _naturals_beside_wild(meld: Meld) -> int:
    if type(meld) is Group:
        return sum(meld.counts)
    if meld.gap == 0:
        return meld.hi - meld.lo + 1
    return max(meld.gap - meld.lo, meld.hi - meld.gap)


@lru_cache(maxsize=4096)
def meld_text(meld: Meld) -> str:
    """Notation of a meld: its cards low to high, a fixed wild with the rank it
    stands for in brackets, e.g. ``'5c 6c 2d(7) 8c'``; a free wild first, a
    free pinella of the run's suit marked ``(w)`` so it is not read as natural.
    Kept for each meld (an immutable value): a web table writes every meld on it
    into each seat's observation after every move, a third of a move's work when
    it was written afresh each time.
    """
    if type(meld) is Group:
        return fr.names(meld_cards(meld))
    s, lo, hi, wild, gap = meld
    parts = []
    if wild >= 0 and gap == 0:
        parts.append(fr.name(wild) + ("(w)" if wild == TWOS[s] else ""))
    for p in range(lo, hi + 1):
        if p == gap:
            parts.append(f"{fr.name(wild)}({fr.rank_name(p)})")
        else:
            parts.append(fr.name(position_card(s, p)))
    return " ".join(parts)


def is_valid(meld: Meld) -> bool:
    """Whether a meld value obeys every rule of its shape (for loaded data)."""
    if type(meld) is Run:
        s, lo, hi, wild, gap = meld
        if not (0 <= s < 4 and span_ok(lo, hi) and hi - lo >= 1):
            return False
        if wild == NO_WILD:
            return gap == 0 and hi - lo >= 2
        if not (0 <= wild < len(WILD) and WILD[wild]):
            return False
        if gap:
            return lo < gap < hi and not (gap == 2 and wild == TWOS[s])
        return True
    rank, counts, wild = meld
    n = sum(counts)
    if rank not in range(1, 14) or rank == fr.TWO or any(c < 0 for c in counts):
        return False
    if wild != NO_WILD and not (0 <= wild < len(WILD) and WILD[wild]):
        return False
    return 2 <= n <= MAX_GROUP_NATURALS and n + (wild >= 0) >= 3


# --- what may join a meld -------------------------------------------------

Attachment = tuple[int, int, Meld]
"""``(card, variant, meld after)``: variant 0/1 tells apart the two ways one
card may join (an ace low or high; a pinella of the run's suit natural or
wild; a freed pinella back to its natural place or left free)."""

@lru_cache(maxsize=None)
def attachments(meld: Meld) -> tuple[Attachment, ...]:
    """Every single card that may be attached (legata) to ``meld``, each with
    the meld it makes. Cached: melds are immutable values."""
    return number_variants(_run_options(meld) if type(meld) is Run else _group_options(meld))


def _run_options(run: Run) -> list[tuple[int, int, Meld]]:
    """Tag 0 = low / natural reading, 1 = high / wild reading."""
    s, lo, hi, wild, gap = run
    out: list[tuple[int, int, Meld]] = []
    free = wild >= 0 and gap == 0
    # A natural next to either end (the ace only once: never both 1 and 14).
    if span_ok(lo - 1, hi):
        below = position_card(s, lo - 1)
        if free and wild == TWOS[s] and lo - 1 == 3:  # the freed pinella may take its natural place (art. 5)
            out.append((below, 0, Run(s, 2, hi)))
            out.append((below, 1, Run(s, 3, hi, wild, 0)))
        else:
            out.append((below, 0, Run(s, lo - 1, hi, wild, gap)))
    if span_ok(lo, hi + 1):
        out.append((position_card(s, hi + 1), 1, Run(s, lo, hi + 1, wild, gap)))
    if free:  # a natural two places away: the free wild takes the place between (art. 5)
        if span_ok(lo - 2, hi):
            out.append((position_card(s, lo - 2), 0, _normal_run(s, lo - 2, hi, wild, lo - 1)))
        if span_ok(lo, hi + 2):
            out.append((position_card(s, hi + 2), 1, Run(s, lo, hi + 2, wild, hi + 1)))
    if wild >= 0 and gap:  # the natural a fixed wild stands for frees it
        freed = Run(s, lo, hi, wild, 0)
        if wild == TWOS[s] and lo == 3:
            out.append((position_card(s, gap), 0, Run(s, 2, hi)))
        out.append((position_card(s, gap), 1, freed))
    if wild < 0:
        out.extend((w, 1, Run(s, lo, hi, w, 0)) for w in WILDS)
    return out


def _group_options(group: Group) -> list[tuple[int, int, Meld]]:
    rank, counts, wild = group
    out: list[tuple[int, int, Meld]] = []
    if sum(counts) < MAX_GROUP_NATURALS:
        for s in fr.SUITS:
            more = counts[:s] + (counts[s] + 1,) + counts[s + 1:]
            out.append((fr.card(rank, s), 0, Group(rank, more, wild)))
    if wild < 0:
        out.extend((w, 0, Group(rank, counts, w)) for w in WILDS)
    return out


def variant_label(meld: Meld, card: int, variant: int) -> str:
    """The word that tells apart two ways ``card`` may join ``meld``, or ``''``
    when there is only one way."""
    ways = [v for c, v, _ in attachments(meld) if c == card]
    if len(ways) < 2:
        return ""
    if fr.rank(card) == fr.ACE:
        return ("low", "high")[variant]
    return ("natural", "wild")[variant]


def attach_label(meld: Meld, cards: Sequence[int]) -> str:
    """How ``cards``, attached at once, sit in the meld they made, where that can be a choice: an
    ace among them low or high, a pinella of the run's suit natural or wild; "" otherwise.

    >>> H = fr.HEARTS
    >>> attach_label(Run(H, 1, 13), fr.parse_many("Ah Kh")), attach_label(Run(H, 2, 14), fr.parse_many("Ah Kh"))
    ('low', 'high')
    >>> attach_label(Run(H, 3, 6, fr.parse("2h"), 0), fr.parse_many("3h 2h"))
    'wild'
    """
    if type(meld) is Group:
        return ""
    if any(fr.rank(c) == fr.ACE for c in cards):
        return "low" if meld.lo == 1 else "high" if meld.hi == HIGH_ACE else ""
    if TWOS[meld.suit] in cards:
        return "wild" if meld.wild == TWOS[meld.suit] else "natural"
    return ""


# --- reading a meld from its cards ----------------------------------------

class AmbiguousMeldError(ValueError):
    """Cards that make two different melds, e.g. a 13-card run whose ace may be
    low (the wild free) or high (the wild inside); ``candidates`` are their texts."""

    def __init__(self, cards: Sequence[int], candidates: list[str]) -> None:
        super().__init__(f"{fr.names(cards)} can be read as {' or as '.join(candidates)}")
        self.candidates = candidates


def read_meld(cards: Sequence[int], stands_for: dict[int, int] | None = None) -> Meld | None:
    """The meld ``cards`` make, or ``None`` when they make none.

    ``stands_for`` maps an index in ``cards`` to the rank (1..13) that wild is
    declared to stand for, as in ``*(Q)``, or to 0 for a wild declared without
    a rank, as in ``2h(w)``; a pinella of a run's suit with a declaration is a
    wild, one left undeclared below the 3 is natural. An ace written before
    the other naturals is low, after them high; two readings left are an
    :class:`AmbiguousMeldError`.

    >>> meld_text(read_meld(fr.parse_many("3h 5h *")))
    '3h *(4) 5h'
    >>> meld_text(read_meld(fr.parse_many("8h 8d 8d *")))
    '8h 8d 8d *'
    >>> read_meld(fr.parse_many("2h 2d 2c")) is None
    True
    """
    found = readings(cards, stands_for)
    if len(found) > 1:
        found = ace_as_written(cards, found, WILD, lambda m: type(m) is Run and m.lo == 1,
                               lambda m: type(m) is Run and m.hi == HIGH_ACE)
    if len(found) > 1:
        raise AmbiguousMeldError(cards, [meld_text(m) for m in found])
    return found[0] if found else None


def readings(cards: Sequence[int], stands_for: dict[int, int] | None = None) -> list[Meld]:
    """Every way ``cards`` can be read as a meld, after the natural-pinella preference."""
    declared = stands_for or {}
    runs = _run_readings(cards, declared)
    if any(not pinella_as_wild for _, pinella_as_wild in runs):
        runs = [(m, flag) for m, flag in runs if not flag]
    found: list[Meld] = []
    for meld in [m for m, _ in runs] + _group_readings(cards, declared):
        if meld not in found:
            found.append(meld)
    return found


def _group_readings(cards: Sequence[int], declared: dict[int, int]) -> list[Meld]:
    found = group_candidate(cards, WILD)
    if found is None:
        return []
    rank, counts, wild_i = found
    if wild_i is not None and declared.get(wild_i, rank) not in (rank, 0):
        return []
    group = Group(rank, counts, NO_WILD if wild_i is None else cards[wild_i])
    return [group] if is_valid(group) else []


def _run_readings(cards: Sequence[int], declared: dict[int, int]) -> list[tuple[Meld, bool]]:
    """Readings as runs, each flagged when an undeclared pinella of the run's
    suit is read as the wild (dropped when it can be read as natural)."""
    def natural_pinella(i: int, card: int, suit: int) -> bool:
        return card == TWOS[suit] and i not in declared  # not one declared as standing for a rank

    out = []
    for s, wild_i, positions in run_candidates(cards, WILD, natural_pinella):
        wild = NO_WILD if wild_i is None else cards[wild_i]
        run = _run_from_positions(s, positions, wild, declared.get(wild_i) or None, declared.get(wild_i) == 0)
        if run is not None:
            out.append((run, run.wild == TWOS[s] and wild_i not in declared))
    return out


def _run_from_positions(s: int, positions: list[int], wild: int, declared: int | None,
                        marked: bool = False) -> Run | None:
    """The run of naturals on ``positions`` and ``wild``; ``declared`` is the rank the
    wild was said to stand for, ``marked`` whether it was written ``(w)``, a wild (a pinella
    so marked may not stand in its natural place: there it is the natural 2)."""
    span = natural_span(positions)
    if span is None:
        return None
    lo, hi, holes = span
    if wild < 0:
        ok = not holes and hi - lo >= 2
        return Run(s, lo, hi) if ok else None
    if len(holes) > 1 or len(positions) + 1 < 3:
        return None
    if holes:
        gap = holes[0]
        if declared is not None and declared != (fr.ACE if gap == HIGH_ACE else gap):
            return None
        if marked and gap == 2 and wild == TWOS[s]:
            return None
        return _normal_run(s, lo, hi, wild, gap)
    ends = {p for p in (lo - 1, hi + 1) if 1 <= p <= HIGH_ACE}
    if declared is not None and not ({declared, HIGH_ACE if declared == fr.ACE else declared} & ends):
        return None
    run = Run(s, lo, hi, wild, 0)
    if declared is not None and wild == TWOS[s] and lo == 3 and declared == 2:
        return Run(s, 2, hi)
    return run if is_valid(run) else None


def cards_of(melds: Iterable[Meld]) -> list[int]:
    """The cards of ``melds``, each meld's as :func:`meld_cards` gives them.

        >>> cards_of([Group(5, (1, 0, 1, 0)), Run(0, 3, 5)])  # 5h 5c, then 3h 4h 5h
        [4, 30, 2, 3, 4]
    """
    return [c for m in melds for c in _meld_card_tuple(m)]


@lru_cache(maxsize=1 << 14)
def _meld_card_tuple(meld: Meld) -> tuple[int, ...]:
    """:func:`meld_cards` remembered: a meld is a value, so its cards never change (the
    conservation check of every random hand's every step reads every meld on the table)."""
    return tuple(meld_cards(meld))
