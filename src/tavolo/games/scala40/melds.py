"""Melds (giochi) of Scala 40: sequences and combinations, what may join them,
the joker they give up, and their opening value (FISCA art. 3-5).

A sequence (scala) is a :class:`Run`: cards of one suit on consecutive
positions ``lo``..``hi`` (1..14, the ace low on 1 or high on 14, never both
as naturals), with at most one joker, which stands for the card of its
position ``joker`` (0: none): ``A-2-...-K-matta`` and ``matta-2-...-K-A`` are
the longest (art. 3.2). A combination (tris, poker) is a :class:`Group`: 3 or
4 cards of one rank in different suits, the joker included (art. 3.3); a
joker there stands for a suit it lacks. No meld holds two jokers (art. 3.4).

    >>> from tavolo.cards import french as fr
    >>> run = Run(fr.HEARTS, 5, 7, joker=6)
    >>> meld_text(run), opening_value(run)
    ('5h *(6) 7h', 18)
    >>> meld_text(Group(fr.KING, 0b1011, joker=False)), opening_value(Group(fr.ACE, 0b0011, joker=True))
    ('Kh Kd Ks', 33)
    >>> [(fr.name(c), meld_text(after)) for c, after in swaps(run)]
    [('6h', '5h 6h 7h')]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import NamedTuple

from tavolo.cards import french as fr
from tavolo.games.rummy.reading import (
    AmbiguousMeldError, ace_as_written, end_label, group_candidate, number_variants, run_readings,
)
from tavolo.games.rummy.sequences import HIGH_ACE, position_card, span_ok
from tavolo.games.scala40.cards import JOKER, WILD, group_value, position_value

MAX_GROUP = 4
"""A combination holds at most four cards, the joker included (art. 3.3)."""


class Run(NamedTuple):
    """A sequence of ``suit`` on positions ``lo``..``hi``; the joker on position
    ``joker`` (0: no joker)."""

    suit: int
    lo: int
    hi: int
    joker: int = 0


class Group(NamedTuple):
    """A combination of ``rank`` (1 = ace .. 13 = king): the suits of its naturals
    as a bit mask (hearts 1, diamonds 2, clubs 4, spades 8) and whether a joker
    completes it."""

    rank: int
    suits: int
    joker: bool = False


Meld = Run | Group


def _naturals_span(run: Run) -> tuple[int, int]:
    """First and last natural positions of a run."""
    lo = run.lo + (run.joker == run.lo)
    hi = run.hi - (run.joker == run.hi)
    return lo, hi


def is_valid(meld: Meld) -> bool:
    """Whether a meld value obeys art. 3 (for loaded data and the action table)."""
    if type(meld) is Run:
        s, lo, hi, joker = meld
        if not (0 <= s < 4 and 1 <= lo and hi <= HIGH_ACE and hi - lo >= 2):
            return False
        if joker and not lo <= joker <= hi:
            return False
        return span_ok(*_naturals_span(meld))
    rank, suits, joker = meld
    naturals = bin(suits).count("1")
    return 1 <= rank <= 13 and 0 <= suits < 16 and naturals >= 2 and 3 <= naturals + joker <= MAX_GROUP


def meld_cards(meld: Meld) -> list[int]:
    """The cards of a meld, a sequence from low to high, a combination's joker last."""
    if type(meld) is Run:
        s, lo, hi, joker = meld
        return [JOKER if p == joker else position_card(s, p) for p in range(lo, hi + 1)]
    cards = [fr.card(meld.rank, s) for s in fr.SUITS if meld.suits >> s & 1]
    return cards + [JOKER] if meld.joker else cards


def cards_of(melds: Iterable[Meld]) -> list[int]:
    return [c for m in melds for c in meld_cards(m)]


def meld_size(meld: Meld) -> int:
    if type(meld) is Run:
        return meld.hi - meld.lo + 1
    return bin(meld.suits).count("1") + meld.joker


def has_joker(meld: Meld) -> bool:
    return bool(meld.joker)


def opening_value(meld: Meld) -> int:
    """Its value towards the 40 of an opening, the joker worth the card it stands for (art. 4.1)."""
    if type(meld) is Run:
        return sum(position_value(p) for p in range(meld.lo, meld.hi + 1))
    return meld_size(meld) * group_value(meld.rank)


def meld_text(meld: Meld) -> str:
    """Its cards low to high; a sequence's joker with the rank it stands for, ``*(7)``."""
    if type(meld) is Group:
        return fr.names(meld_cards(meld))
    parts = []
    for p, card in zip(range(meld.lo, meld.hi + 1), meld_cards(meld)):
        parts.append(f"*({fr.rank_name(fr.rank(position_card(meld.suit, p)))})" if card == JOKER else fr.name(card))
    return " ".join(parts)


# --- what may join a meld, and the joker a natural frees --------------------------------------

Attachment = tuple[int, int, Meld]
"""``(card, variant, meld after)``: variant 0/1 tells apart the two ends a card may join."""

@lru_cache(maxsize=None)
def attachments(meld: Meld) -> tuple[Attachment, ...]:
    """Every single card that may be attached to ``meld`` (art. 5.2), with the meld it makes."""
    return number_variants(_run_options(meld) if type(meld) is Run else _group_options(meld))


def _run_options(run: Run) -> list[tuple[int, int, Meld]]:
    s, lo, hi, joker = run
    first, last = _naturals_span(run)
    out: list[tuple[int, int, Meld]] = []
    if lo > 1:
        if span_ok(lo - 1, last):
            out.append((position_card(s, lo - 1), 0, Run(s, lo - 1, hi, joker)))
        if not joker:
            out.append((JOKER, 0, Run(s, lo - 1, hi, lo - 1)))
    if hi < HIGH_ACE:
        if span_ok(first, hi + 1):
            out.append((position_card(s, hi + 1), 1, Run(s, lo, hi + 1, joker)))
        if not joker:
            out.append((JOKER, 1, Run(s, lo, hi + 1, hi + 1)))
    return out


def _group_options(group: Group) -> list[tuple[int, int, Meld]]:
    rank, suits, joker = group
    if meld_size(group) >= MAX_GROUP:
        return []
    out: list[tuple[int, int, Meld]] = [(fr.card(rank, s), 0, Group(rank, suits | 1 << s, joker))
                                        for s in fr.SUITS if not suits >> s & 1]
    if not joker:
        out.append((JOKER, 0, Group(rank, suits, True)))
    return out


def swaps(meld: Meld) -> tuple[tuple[int, Meld], ...]:
    """``(natural, meld after)`` for each card that may take the place of the
    meld's joker, which goes to the player's hand (art. 5.3)."""
    if not meld.joker:
        return ()
    if type(meld) is Run:
        s, lo, hi, joker = meld
        return ((position_card(s, joker), Run(s, lo, hi)),) if span_ok(lo, hi) else ()
    rank, suits, _ = meld
    return tuple((fr.card(rank, s), Group(rank, suits | 1 << s)) for s in fr.SUITS if not suits >> s & 1)


def variant_label(meld: Meld, card: int, variant: int) -> str:
    """``low`` or ``high`` where ``card`` may join ``meld`` at either end, else ``''``."""
    return end_label(attachments(meld), card, variant)


# --- reading a meld from its cards ---------------------------------------------------------------

def read_meld(cards: Sequence[int], stands_for: dict[int, int] | None = None) -> Meld | None:
    """The meld ``cards`` make, or ``None``. ``stands_for`` maps the index of a
    joker to the rank (1..13) it is declared to stand for, as in ``*(7)``. A
    joker at either end of a sequence goes where it is written (first: low,
    last: high), and so does an ace.

    >>> [meld_text(read_meld(fr.parse_many(text))) for text in ("5h 6h *", "* Qd Kd", "Ah * 3h")]
    ['5h 6h *(7)', '*(J) Qd Kd', 'Ah *(2) 3h']
    >>> read_meld(fr.parse_many("9h 9s 9s")) is None  # one suit twice
    True
    """
    declared = stands_for or {}
    found = _run_readings(cards, declared) + _group_readings(cards, declared)
    if len(found) > 1:
        found = ace_as_written(cards, found, WILD, lambda m: type(m) is Run and m.lo == 1 and m.joker != 1,
                               lambda m: type(m) is Run and m.hi == HIGH_ACE and m.joker != HIGH_ACE)
    if len(found) > 1 and JOKER in cards:
        where = cards.index(JOKER)
        if where in (0, len(cards) - 1):
            found = [m for m in found if type(m) is Group or m.joker == (m.lo if where == 0 else m.hi)] or found
    if len(found) > 1:
        raise AmbiguousMeldError(cards, [meld_text(m) for m in found])
    return found[0] if found else None


def _group_readings(cards: Sequence[int], declared: dict[int, int]) -> list[Meld]:
    found = group_candidate(cards, WILD)
    if found is None:
        return []
    rank, counts, joker_i = found
    if any(k > 1 for k in counts) or (joker_i is not None and declared.get(joker_i, rank) != rank):
        return []
    group = Group(rank, sum(1 << s for s, k in enumerate(counts) if k), joker_i is not None)
    return [group] if is_valid(group) else []


def _run_readings(cards: Sequence[int], declared: dict[int, int]) -> list[Meld]:
    def build(suit: int, lo: int, hi: int, place: int, wild_i: int | None) -> Meld | None:
        run = Run(suit, lo, hi, place)
        return run if is_valid(run) else None

    return run_readings(cards, WILD, declared, build)
