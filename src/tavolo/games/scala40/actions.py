"""Scala 40's action ids: a fixed space, the same for every table.

A turn is a sequence of small actions (FISCA art. 5):

* ``DRAW`` (pescare) the top card of the stock (tallone), or ``TAKE``
  (raccogliere) the last card discarded to the pozzo;
* ``MELD`` (calare) a whole sequence or combination, one of the
  :data:`TEMPLATES` (every meld art. 3 allows);
* ``ATTACH`` (attaccare) one card to table meld ``slot``, anyone's, with
  ``variant`` telling apart the two ends it may join;
* ``SWAP`` (sostituire il jolly) a natural card from the hand for the joker of
  table meld ``slot``, the joker going to the hand;
* ``DISCARD`` (scartare) a card, which ends the turn.

    >>> decode(DRAW), decode(DISCARD_BASE + 52)
    (('draw',), ('discard', 52))
    >>> decode(attach_action(slot=3, card=9, variant=1)), decode(swap_action(slot=0, card=5))
    (('attach', 3, 9, 1), ('swap', 0, 5))
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import accumulate, combinations
from typing import NamedTuple

from tavolo.cards import french as fr
from tavolo.games.rummy.sequences import HIGH_ACE
from tavolo.games.scala40.cards import JOKER, NUM_TYPES
from tavolo.games.scala40.melds import Group, Meld, Run, is_valid, meld_cards, opening_value

MAX_MELDS = 36
"""Most melds the table can hold: 108 cards in threes."""


class Template(NamedTuple):
    """A meld that can be laid down, its cards and its opening value."""

    meld: Meld
    cards: tuple[int, ...]
    value: int


def _melds() -> list[Meld]:
    out: list[Meld] = []
    for s in fr.SUITS:
        for lo in range(1, HIGH_ACE - 1):
            for hi in range(lo + 2, HIGH_ACE + 1):
                out += [m for m in (Run(s, lo, hi, p) for p in (0, *range(lo, hi + 1))) if is_valid(m)]
    for rank in range(1, 14):
        for size, joker in ((3, False), (4, False), (2, True), (3, True)):
            out += [Group(rank, sum(1 << s for s in suits), joker) for suits in combinations(fr.SUITS, size)]
    return out


TEMPLATES: tuple[Template, ...] = tuple(Template(m, tuple(meld_cards(m)), opening_value(m)) for m in _melds())
TEMPLATE_INDEX: dict[Meld, int] = {t.meld: i for i, t in enumerate(TEMPLATES)}

_KINDS: tuple[tuple[str, int, Callable[[int], tuple]], ...] = (
    ("draw", 1, lambda offset: ()),
    ("take", 1, lambda offset: ()),
    ("discard", NUM_TYPES, lambda offset: (offset,)),
    ("meld", len(TEMPLATES), lambda offset: (offset,)),
    ("attach", MAX_MELDS * NUM_TYPES * 2,
     lambda offset: (offset // (NUM_TYPES * 2), *divmod(offset % (NUM_TYPES * 2), 2))),
    ("swap", MAX_MELDS * JOKER, lambda offset: divmod(offset, JOKER)),
)
"""Each kind of action, in id order: its verb, how many ids it has and how an id's
offset within them splits into the action's parts."""
_FIRSTS = tuple(accumulate((size for _, size, _ in _KINDS), initial=0))
DRAW, TAKE, DISCARD_BASE, MELD_BASE, ATTACH_BASE, SWAP_BASE, NUM_ACTIONS = _FIRSTS


def attach_action(slot: int, card: int, variant: int) -> int:
    return ATTACH_BASE + (slot * NUM_TYPES + card) * 2 + variant


def swap_action(slot: int, card: int) -> int:
    return SWAP_BASE + slot * JOKER + card


def decode(action: int) -> tuple:
    """``('draw',)``, ``('take',)``, ``('discard', card)``, ``('meld', template)``,
    ``('attach', slot, card, variant)`` or ``('swap', slot, card)``; ``ValueError``
    for an id outside the space."""
    for (verb, _, split), first, end in zip(_KINDS, _FIRSTS, _FIRSTS[1:]):
        if first <= action < end:
            return (verb, *split(action - first))
    raise ValueError(f"{action} is not a Scala 40 action id (0..{NUM_ACTIONS - 1})")


# --- the melds a hand can lay down ---------------------------------------------------------------

_SPANS = [(lo, hi, sum(1 << p for p in range(lo, hi + 1)))
          for lo in range(1, HIGH_ACE - 1) for hi in range(lo + 2, HIGH_ACE + 1)]
_RUN_ID = {(m.suit, m.lo, m.hi, m.joker): i for i, (m, _, _) in enumerate(TEMPLATES) if type(m) is Run}
_GROUPS = {(rank, held, joker): [i for i, (m, _, _) in enumerate(TEMPLATES)
                                 if type(m) is Group and m.rank == rank and (joker or not m.joker)
                                 and m.suits & held == m.suits]
           for rank in range(1, 14) for held in range(16) for joker in (False, True)}
"""Combinations of ``rank`` whose natural suits are among ``held``, with a joker or not."""
_RUNS: dict[tuple[int, int, bool], list[int]] = {}
"""Sequences of a suit for the positions held and whether a joker is held, as met."""


def position_mask(counts: list[int], suit: int) -> int:
    """Positions (bits 1..14) of the naturals of ``suit`` a hand holds: an ace both 1 and 14."""
    mask = 0
    bit = 2
    for held in counts[suit * 13:suit * 13 + 13]:
        if held:
            mask |= bit
        bit <<= 1
    if mask & 2:
        mask |= 1 << HIGH_ACE
    return mask


def _runs(suit: int, mask: int, joker: bool) -> list[int]:
    out: list[int] = []
    for lo, hi, span in _SPANS:
        missing = span & ~mask
        if not missing:
            run = _RUN_ID.get((suit, lo, hi, 0))
            if run is not None:
                out.append(run)
            if joker:
                out += [_RUN_ID[suit, lo, hi, p] for p in range(lo, hi + 1) if (suit, lo, hi, p) in _RUN_ID]
        elif joker and not missing & (missing - 1):
            run = _RUN_ID.get((suit, lo, hi, missing.bit_length() - 1))
            if run is not None:
                out.append(run)
    return out


def melds_in(counts: list[int]) -> list[int]:
    """Every template a hand (card counts) can lay down.

    >>> hand = [0] * 53
    >>> for c in fr.parse_many("5h 6h 7h Kd Kc *"): hand[c] += 1
    >>> sorted(len(TEMPLATES[t].cards) for t in melds_in(hand))[:4]
    [3, 3, 3, 3]
    """
    joker = counts[JOKER] > 0
    out: list[int] = []
    for s in fr.SUITS:
        key = (s, position_mask(counts, s), joker)
        runs = _RUNS.get(key)
        if runs is None:
            runs = _RUNS[key] = _runs(*key)
        out += runs
    for r in range(13):
        held = (counts[r] > 0) | (counts[r + 13] > 0) << 1 | (counts[r + 26] > 0) << 2 | (counts[r + 39] > 0) << 3
        if held:
            out += _GROUPS[r + 1, held, joker]
    return out
