"""Melds of Pinnacola (seed, "Pinnacola"): runs (scale) of three or more cards
of one suit in order, the ace below the 2 or above the king (both only in the
pinnacolone, ace to ace without a matta); tris and poker of one rank in
different suits; a poker of matte. A meld holds at most one wild (DECISIONS.md):
a matta (joker), which anyone may take by putting the card it stands for in
its place, or a mattino (black 2), which only moves within its meld. A black
2 is always a mattino, so a red 2 is the only natural 2.

The seed keeps the two apart ("Oltre ai Jolly (matte), si prevede l'uso dei
mattini"), and what it says of the matte it says of them only: a run of seven
or more "senza matta" ("prive di Jolly") doubles, and the pinnacolone is ace
to ace "senza Jolly (matte)". So a mattino spoils neither: a run of seven with
a mattino doubles, and ace to ace with a mattino is a pinnacolone. A poker
doubles only as "quattro carte uguali", four naturals.

    >>> from tavolo.cards import french as fr
    >>> run = Run(fr.HEARTS, 5, 7, 6, fr.JOKER)
    >>> meld_text(run), meld_value(run, 25, 7)
    ('5h *(6) 7h', 40)
    >>> meld_value(Group(fr.ACE, 0b1111), 25, 7), meld_value(MATTE_POKER, 25, 7)
    (120, 400)
    >>> meld_value(Run(fr.SPADES, 1, 14), 25, 7)
    1500
    >>> meld_value(Run(fr.HEARTS, 3, 9, 7, MATTINI[0]), 25, 7)
    130
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import NamedTuple

from tavolo.cards import french as fr
from tavolo.games.pinnacola.cards import JOKER, MATTINI, WILD, points
from tavolo.games.rummy.reading import (
    AmbiguousMeldError, ace_as_written, end_label, group_candidate, number_variants, run_readings,
)
from tavolo.games.rummy.sequences import HIGH_ACE, position_card, span_ok

MAX_GROUP = 4


class Run(NamedTuple):
    """A run of ``suit`` on positions ``lo``..``hi`` (1..14); ``wild`` (a card id,
    -1 for none) stands on position ``at``."""

    suit: int
    lo: int
    hi: int
    at: int = 0
    wild: int = -1


class Group(NamedTuple):
    """A tris or poker of ``rank``: its naturals' suits as a bit mask and its wild
    (-1 for none); ``MATTE_POKER`` is four matte."""

    rank: int
    suits: int
    wild: int = -1


Meld = Run | Group
MATTE_POKER = Group(0, 0, JOKER)


def _natural_ok(suit: int, position: int) -> bool:
    """A black 2 is a mattino, never a natural card."""
    return position_card(suit, position) not in MATTINI


def is_pinnacolone(meld: Meld) -> bool:
    """Ace to ace without a matta ("senza Jolly (matte)"): a mattino may stand in it, as the
    2 of a black suit must."""
    return type(meld) is Run and meld.lo == 1 and meld.hi == HIGH_ACE and meld.wild != JOKER


def is_valid(meld: Meld) -> bool:
    """Whether a meld value obeys the rules (for loaded data and the action table)."""
    if type(meld) is Run:
        s, lo, hi, at, wild = meld
        if not (0 <= s < 4 and 1 <= lo and hi <= HIGH_ACE and hi - lo >= 2):
            return False
        if (wild < 0) != (at == 0) or (wild >= 0 and (not WILD[wild] or not lo <= at <= hi)):
            return False
        if any(not _natural_ok(s, p) for p in range(lo, hi + 1) if p != at):
            return False
        return span_ok(lo, hi) or is_pinnacolone(meld)
    if meld == MATTE_POKER:
        return True
    rank, suits, wild = meld
    naturals = bin(suits).count("1")
    if not (1 <= rank <= 13 and 0 <= suits < 16) or (wild >= 0 and not WILD[wild]):
        return False
    if rank == 2 and any(suits >> s & 1 and fr.card(2, s) in MATTINI for s in fr.SUITS):
        return False
    return naturals >= 2 and 3 <= naturals + (wild >= 0) <= MAX_GROUP


def meld_cards(meld: Meld) -> list[int]:
    """The cards of a meld, a run from low to high, a group's wild last."""
    if type(meld) is Run:
        s, lo, hi, at, wild = meld
        return [wild if p == at else position_card(s, p) for p in range(lo, hi + 1)]
    if meld == MATTE_POKER:
        return [JOKER] * 4
    cards = [fr.card(meld.rank, s) for s in fr.SUITS if meld.suits >> s & 1]
    return cards + [meld.wild] if meld.wild >= 0 else cards


def cards_of(melds: Iterable[Meld]) -> list[int]:
    return [c for m in melds for c in meld_cards(m)]


def is_clean_poker(meld: Meld) -> bool:
    return type(meld) is Group and meld.suits == 0b1111 and meld.wild < 0


def meld_value(meld: Meld, joker: int, clean_run: int) -> int:
    """Its points: the cards' (each wild its own), doubled for a poker of four naturals and a
    run of ``clean_run`` or more cards without a matta (a mattino in it still doubles); a
    poker of matte 400, the pinnacolone 1500."""
    if meld == MATTE_POKER:
        return 400
    if is_pinnacolone(meld):
        return 1500
    table = points(joker)
    base = sum(table[c] for c in meld_cards(meld))
    doubled = is_clean_poker(meld) or (type(meld) is Run and meld.wild != JOKER and meld.hi - meld.lo + 1 >= clean_run)
    return 2 * base if doubled else base


def meld_text(meld: Meld) -> str:
    """Its cards low to high; a run's wild with the rank it stands for, ``*(7)``."""
    if type(meld) is Group:
        return fr.names(meld_cards(meld))
    parts = []
    for p, card in zip(range(meld.lo, meld.hi + 1), meld_cards(meld)):
        rank = fr.rank_name(fr.rank(position_card(meld.suit, p)))
        parts.append(f"{fr.name(card)}({rank})" if p == meld.at else fr.name(card))
    return " ".join(parts)


# --- what may join a meld, and the matta a natural frees ------------------------------------------

Attachment = tuple[int, int, Meld]
"""``(card, variant, meld after)``: variant 0/1 tells apart the low and high ends."""


@lru_cache(maxsize=None)
def attachments(meld: Meld) -> tuple[Attachment, ...]:
    """Every single card that may join ``meld``, with the meld it makes."""
    options = _run_options(meld) if type(meld) is Run else _group_options(meld)
    return number_variants([o for o in options if is_valid(o[2])])


def _run_options(run: Run) -> list[tuple[int, int, Meld]]:
    s, lo, hi, at, wild = run
    out: list[tuple[int, int, Meld]] = []
    for tag, (new_lo, new_hi, end) in enumerate(((lo - 1, hi, lo - 1), (lo, hi + 1, hi + 1))):
        if not 1 <= end <= HIGH_ACE:
            continue
        if _natural_ok(s, end):
            out.append((position_card(s, end), tag, Run(s, new_lo, new_hi, at, wild)))
        if wild < 0:
            out += [(w, tag, Run(s, new_lo, new_hi, end, w)) for w in (*MATTINI, JOKER)]
        if wild in MATTINI:  # the natural takes the mattino's place, the mattino moves to this end
            out.append((position_card(s, at), tag, Run(s, new_lo, new_hi, end, wild)))
    return out


def _group_options(group: Group) -> list[tuple[int, int, Meld]]:
    rank, suits, wild = group
    if group == MATTE_POKER or bin(suits).count("1") + (wild >= 0) >= MAX_GROUP:
        return []
    out: list[tuple[int, int, Meld]] = [(fr.card(rank, s), 0, Group(rank, suits | 1 << s, wild))
                                        for s in fr.SUITS if not suits >> s & 1]
    if wild < 0:
        out += [(w, 0, Group(rank, suits, w)) for w in (*MATTINI, JOKER)]
    return out


def swaps(meld: Meld) -> tuple[tuple[int, Meld], ...]:
    """``(natural, meld after)`` for each card that may take the place of the meld's
    matta, which goes to the player's hand; a mattino is never taken."""
    if meld.wild != JOKER or meld == MATTE_POKER:
        return ()
    if type(meld) is Run:
        s, lo, hi, at, _ = meld
        after = Run(s, lo, hi)
        return ((position_card(s, at), after),) if is_valid(after) else ()
    rank, suits, _ = meld
    return tuple((fr.card(rank, s), Group(rank, suits | 1 << s)) for s in fr.SUITS
                 if not suits >> s & 1 and is_valid(Group(rank, suits | 1 << s)))


def shifted(meld: Meld) -> Meld | None:
    """The run with its wild moved from one end to the other, or ``None`` (seed: "Se un
    giocatore sbaglia a posizionare una matta può cambiare la sua posizione"; the mattino
    too "può solo essere spostato all'interno della stessa combinazione").

    >>> meld_text(shifted(Run(fr.HEARTS, 5, 7, 5, fr.JOKER)))
    '6h 7h *(8)'
    >>> shifted(Run(fr.HEARTS, 5, 7, 6, fr.JOKER)) is None
    True
    """
    if type(meld) is not Run or meld.wild < 0 or meld.at not in (meld.lo, meld.hi):
        return None
    s, lo, hi, at, wild = meld
    after = Run(s, lo + 1, hi + 1, hi + 1, wild) if at == lo else Run(s, lo - 1, hi - 1, lo - 1, wild)
    return after if is_valid(after) else None


def variant_label(meld: Meld, card: int, variant: int) -> str:
    """``low`` or ``high`` where ``card`` may join ``meld`` at either end, else ``''``."""
    return end_label(attachments(meld), card, variant)


# --- reading a meld from its cards ---------------------------------------------------------------

def read_meld(cards: Sequence[int], stands_for: dict[int, int] | None = None) -> Meld | None:
    """The meld ``cards`` make, or ``None``. ``stands_for`` maps the index of a wild
    to the rank it is declared to stand for (``*(7)``, ``2c(7)``); a wild at an end of
    a run goes where it is written, and so does an ace.

    >>> [meld_text(read_meld(fr.parse_many(t))) for t in ("5h 6h *", "2c Qd Kd", "Ah 2s 3h")]
    ['5h 6h *(7)', '2c(J) Qd Kd', 'Ah 2s(2) 3h']
    >>> meld_text(read_meld(fr.parse_many("* * * *")))
    '* * * *'
    >>> is_pinnacolone(read_meld(fr.parse_many("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac")))
    True
    """
    declared = stands_for or {}
    if len(cards) == 4 and all(c == JOKER for c in cards):
        return MATTE_POKER
    found = list(dict.fromkeys(_run_readings(cards, declared) + _group_readings(cards, declared)
                               + _pinnacolone_reading(cards, declared)))
    if len(found) > 1:
        found = ace_as_written(cards, found, WILD, lambda m: type(m) is Run and m.lo == 1 and m.at != 1,
                               lambda m: type(m) is Run and m.hi == HIGH_ACE and m.at != HIGH_ACE)
    wilds = [i for i, c in enumerate(cards) if WILD[c]]
    if len(found) > 1 and wilds and wilds[0] in (0, len(cards) - 1):
        at_low = wilds[0] == 0
        found = [m for m in found if type(m) is Group or m.at == (m.lo if at_low else m.hi)] or found
    if len(found) > 1:
        raise AmbiguousMeldError(cards, [meld_text(m) for m in found])
    return found[0] if found else None


def _pinnacolone_reading(cards: Sequence[int], declared: dict[int, int]) -> list[Meld]:
    """Ace to ace: the run's two aces, one low and one high; a mattino on the place of the
    card it stands for (as declared, if it is)."""
    naturals = [c for c in cards if not WILD[c]]
    if len(cards) != HIGH_ACE or not naturals or len({fr.suit(c) for c in naturals}) != 1:
        return []
    s = fr.suit(naturals[0])
    wild_i = next((i for i, c in enumerate(cards) if WILD[c]), None)
    if wild_i is None:
        runs = [Run(s, 1, HIGH_ACE)]
    else:
        rank = declared.get(wild_i)
        runs = [Run(s, 1, HIGH_ACE, p, cards[wild_i]) for p in range(1, HIGH_ACE + 1)
                if rank is None or fr.rank(position_card(s, p)) == rank]
    return [r for r in runs if is_valid(r) and sorted(meld_cards(r)) == sorted(cards)]


def _group_readings(cards: Sequence[int], declared: dict[int, int]) -> list[Meld]:
    found = group_candidate(cards, WILD)
    if found is None:
        return []
    rank, counts, wild_i = found
    if any(k > 1 for k in counts) or (wild_i is not None and declared.get(wild_i, rank) != rank):
        return []
    group = Group(rank, sum(1 << s for s, k in enumerate(counts) if k), cards[wild_i] if wild_i is not None else -1)
    return [group] if is_valid(group) else []


def _run_readings(cards: Sequence[int], declared: dict[int, int]) -> list[Meld]:
    def build(suit: int, lo: int, hi: int, place: int, wild_i: int | None) -> Meld | None:
        run = Run(suit, lo, hi, place, cards[wild_i] if place and wild_i is not None else -1)
        return run if is_valid(run) else None

    return run_readings(cards, WILD, declared, build)
