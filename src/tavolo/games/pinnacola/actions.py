"""Pinnacola's action ids: a fixed space, the same for every table.

A turn (seed, "Pinnacola"):

* ``DRAW`` (pescare) from the stock, or ``TAKE`` ``n`` cards from the pozzo,
  the discards laid in a row: the last ``n``, the first of them to be melded
  at once (``n`` = 1: just the last discard, freely);
* ``MELD`` (calare) a whole run, tris or poker, one of the :data:`TEMPLATES`;
* ``ATTACH`` (attaccare) a card to meld ``slot`` of one's side, ``variant``
  telling apart the two ends it may join;
* ``SWAP`` a natural card for the matta of meld ``slot`` (anyone's), the
  matta going to the hand;
* ``SHIFT`` the wild of one of the side's runs from one end to the other,
  once a turn;
* ``DISCARD`` (scartare) a card into the pozzo, which ends the turn.

    >>> decode(DRAW), decode(take_action(3)), decode(DISCARD_BASE + 52)
    (('draw',), ('take', 3), ('discard', 52))
    >>> decode(attach_action(slot=2, card=9, variant=1)), decode(swap_action(slot=0, card=5))
    (('attach', 2, 9, 1), ('swap', 0, 5))
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import accumulate, combinations
from typing import NamedTuple

from tavolo.cards import french as fr
from tavolo.games.pinnacola.cards import JOKER, NUM_TYPES, WILDS
from tavolo.games.pinnacola.melds import MATTE_POKER, Group, Meld, Run, is_valid, meld_cards
from tavolo.games.rummy.sequences import HIGH_ACE

MAX_MELDS = 36
"""Most melds the table can hold: 108 cards in threes."""
MAX_TAKE = 108


class Template(NamedTuple):
    meld: Meld
    cards: tuple[int, ...]


def _melds() -> list[Meld]:
    out: list[Meld] = []
    for s in fr.SUITS:
        for lo in range(1, HIGH_ACE - 1):
            for hi in range(lo + 2, HIGH_ACE + 1):
                runs = [Run(s, lo, hi)] + [Run(s, lo, hi, p, w) for p in range(lo, hi + 1) for w in WILDS]
                out += [m for m in runs if is_valid(m)]
    for rank in range(1, 14):
        for size in (2, 3, 4):
            for suits in combinations(fr.SUITS, size):
                mask = sum(1 << s for s in suits)
                out += [m for m in [Group(rank, mask)] + [Group(rank, mask, w) for w in WILDS] if is_valid(m)]
    return out + [MATTE_POKER]


TEMPLATES: tuple[Template, ...] = tuple(Template(m, tuple(meld_cards(m))) for m in _melds())
TEMPLATE_INDEX: dict[Meld, int] = {t.meld: i for i, t in enumerate(TEMPLATES)}

_KINDS: tuple[tuple[str, int, Callable[[int], tuple]], ...] = (
    ("draw", 1, lambda offset: ()),
    ("take", MAX_TAKE, lambda offset: (offset + 1,)),
    ("discard", NUM_TYPES, lambda offset: (offset,)),
    ("meld", len(TEMPLATES), lambda offset: (offset,)),
    ("attach", MAX_MELDS * NUM_TYPES * 2,
     lambda offset: (offset // (NUM_TYPES * 2), *divmod(offset % (NUM_TYPES * 2), 2))),
    ("swap", MAX_MELDS * JOKER, lambda offset: divmod(offset, JOKER)),
    ("shift", MAX_MELDS, lambda offset: (offset,)),
)
_FIRSTS = tuple(accumulate((size for _, size, _ in _KINDS), initial=0))
DRAW, TAKE_BASE, DISCARD_BASE, MELD_BASE, ATTACH_BASE, SWAP_BASE, SHIFT_BASE, NUM_ACTIONS = _FIRSTS


def take_action(count: int) -> int:
    return TAKE_BASE + count - 1


def attach_action(slot: int, card: int, variant: int) -> int:
    return ATTACH_BASE + (slot * NUM_TYPES + card) * 2 + variant


def swap_action(slot: int, card: int) -> int:
    return SWAP_BASE + slot * JOKER + card


def decode(action: int) -> tuple:
    """``('draw',)``, ``('take', n)``, ``('discard', card)``, ``('meld', template)``,
    ``('attach', slot, card, variant)``, ``('swap', slot, card)`` or ``('shift', slot)``; ``ValueError``
    for an id outside the space."""
    for (verb, _, split), first, end in zip(_KINDS, _FIRSTS, _FIRSTS[1:]):
        if first <= action < end:
            return (verb, *split(action - first))
    raise ValueError(f"{action} is not a Pinnacola action id (0..{NUM_ACTIONS - 1})")


# --- the melds a hand can lay down -----------------------------------------------------------------

_SPANS = [(lo, hi, sum(1 << p for p in range(lo, hi + 1)))
          for lo in range(1, HIGH_ACE - 1) for hi in range(lo + 2, HIGH_ACE + 1)]
_RUNS: dict[tuple, list[int]] = {}


def _natural_mask(counts: list[int], suit: int) -> int:
    """Positions (bits 1..14) of the naturals of ``suit`` held: an ace both 1 and 14 (a black 2
    is a mattino, never a natural)."""
    base = suit * 13
    mask = 0
    for r in range(13):
        if counts[base + r]:
            mask |= 2 << r
    if suit in _BLACK:
        mask &= ~4
    return mask | (mask & 2) << 13


_BLACK = (fr.CLUBS, fr.SPADES)


def _runs(suit: int, mask: int, wilds: tuple[int, ...], two_aces: bool) -> list[int]:
    out: list[int] = []
    for lo, hi, span in _SPANS:
        if lo == 1 and hi == HIGH_ACE and not two_aces:
            continue
        missing = span & ~mask
        if not missing:
            clean = TEMPLATE_INDEX.get(Run(suit, lo, hi))
            out += [clean] if clean is not None else []
            out += [TEMPLATE_INDEX[m] for p in range(lo, hi + 1) for w in wilds
                    if (m := Run(suit, lo, hi, p, w)) in TEMPLATE_INDEX]
        elif not missing & (missing - 1):
            p = missing.bit_length() - 1
            out += [TEMPLATE_INDEX[m] for w in wilds if (m := Run(suit, lo, hi, p, w)) in TEMPLATE_INDEX]
    return out


def melds_in(counts: list[int]) -> list[int]:
    """Every template a hand (card counts) can lay down.

    >>> hand = [0] * 53
    >>> for c in fr.parse_many("5h 6h 7h Kd Kc 2c"): hand[c] += 1
    >>> sorted(" ".join(fr.name(c) for c in TEMPLATES[t].cards) for t in melds_in(hand))[:3]
    ['2c 5h 6h', '2c 5h 6h 7h', '2c 6h 7h']
    """
    wilds = tuple(w for w in WILDS if counts[w])
    out: list[int] = []
    for s in fr.SUITS:
        ace = fr.card(fr.ACE, s)
        key = (s, _natural_mask(counts, s), wilds, counts[ace] >= 2)
        runs = _RUNS.get(key)
        if runs is None:
            runs = _RUNS[key] = _runs(*key)
        out += runs
    for r in range(1, 14):
        held = [s for s in fr.SUITS if counts[s * 13 + r - 1] and not (r == 2 and s in _BLACK)]
        for size in (2, 3, 4):
            for suits in combinations(held, size):
                mask = sum(1 << s for s in suits)
                out += [TEMPLATE_INDEX[m] for m in [Group(r, mask)] + [Group(r, mask, w) for w in wilds]
                        if m in TEMPLATE_INDEX]
    if counts[JOKER] >= 4:
        out.append(TEMPLATE_INDEX[MATTE_POKER])
    return out
