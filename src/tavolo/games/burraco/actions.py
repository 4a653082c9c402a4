"""Burraco's action ids: a fixed space, the same for every rule set and table.

A turn is a sequence of small actions (DECISIONS.md; fedibur-1985 art. 4):

* ``DRAW`` (pescare) one card from the stock, or ``TAKE`` (raccogliere) the
  whole discard pile;
* ``OPEN`` (calare) a new meld of exactly three cards, one of the
  :data:`TEMPLATES`; a longer meld is opened with three and grown with
  attachments, so that the action space stays small and every meld can still
  be reached;
* ``ATTACH`` (legare, attaccare) one card to meld ``slot`` of the player's
  side, with ``variant`` telling apart the two ways a card may join where
  there is a choice (see :func:`tavolo.games.burraco.melds.attachments`);
* ``DISCARD`` (scartare) a card, which ends the turn.

    >>> decode(DRAW), decode(discard_action(52))
    (('draw',), ('discard', 52))
    >>> decode(attach_action(slot=2, card=9, variant=1))
    ('attach', 2, 9, 1)
    >>> NUM_ACTIONS
    7163
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import NamedTuple

from tavolo.cards import french as fr
from tavolo.games.burraco.cards import NUM_TYPES, TWOS, WILDS
from tavolo.games.burraco.melds import Group, Meld, Run, meld_cards

GROUP_RANKS = (1, *range(3, 14))
MAX_MELDS = 54
"""Most melds one side can hold: 162 cards in threes."""


class Template(NamedTuple):
    """A three-card meld that can be opened, and the cards it takes."""

    meld: Meld
    cards: tuple[int, ...]


def _templates() -> list[Template]:
    out: list[Meld] = []
    for s in fr.SUITS:
        out += [Run(s, lo, lo + 2) for lo in range(1, 13)]
        out += [Run(s, lo, lo + 1, w, 0) for lo in range(1, 14) for w in WILDS]
        out += [Run(s, lo, lo + 2, w, lo + 1) for lo in range(1, 13) for w in WILDS
                if not (lo == 1 and w == TWOS[s])]
    for rank in GROUP_RANKS:
        for suits in combinations_with_replacement(fr.SUITS, 3):
            out.append(Group(rank, _counts(suits)))
        for suits in combinations_with_replacement(fr.SUITS, 2):
            out += [Group(rank, _counts(suits), w) for w in WILDS]
    return [Template(m, tuple(meld_cards(m))) for m in out]


def _counts(suits: tuple[int, ...]) -> tuple[int, int, int, int]:
    return tuple(suits.count(s) for s in fr.SUITS)  # type: ignore[return-value]


TEMPLATES: tuple[Template, ...] = tuple(_templates())
TEMPLATE_INDEX: dict[Meld, int] = {t.meld: i for i, t in enumerate(TEMPLATES)}

DRAW = 0
TAKE = 1
DISCARD_BASE = 2
OPEN_BASE = DISCARD_BASE + NUM_TYPES
ATTACH_BASE = OPEN_BASE + len(TEMPLATES)
NUM_ACTIONS = ATTACH_BASE + MAX_MELDS * NUM_TYPES * 2
TIME_OUT = NUM_ACTIONS
"""Not a player's action: the arbiter's time-out announcement, recorded among
the actions so that a record replays it (fedibur-1985 art. 10; codice art. 15)."""


def discard_action(card: int) -> int:
    return DISCARD_BASE + card


def open_action(template: int) -> int:
    return OPEN_BASE + template


def attach_action(slot: int, card: int, variant: int) -> int:
    return ATTACH_BASE + (slot * NUM_TYPES + card) * 2 + variant


def decode(action: int) -> tuple:
    """``('draw',)``, ``('take',)``, ``('discard', card)``, ``('open', template)``,
    ``('attach', slot, card, variant)`` or ``('time-out',)``; ``ValueError``
    for an id outside the space."""
    if action == DRAW:
        return ("draw",)
    if action == TAKE:
        return ("take",)
    if DISCARD_BASE <= action < OPEN_BASE:
        return ("discard", action - DISCARD_BASE)
    if OPEN_BASE <= action < ATTACH_BASE:
        return ("open", action - OPEN_BASE)
    if ATTACH_BASE <= action < NUM_ACTIONS:
        slot, rest = divmod(action - ATTACH_BASE, NUM_TYPES * 2)
        card, variant = divmod(rest, 2)
        return ("attach", slot, card, variant)
    if action == TIME_OUT:
        return ("time-out",)
    raise ValueError(f"{action} is not a Burraco action id (0..{NUM_ACTIONS - 1})")


# --- lookup tables for fast generation of the legal openings --------------

def _run_tables() -> tuple[list, list, list]:
    """``NAT3[s][lo]``, ``ADJ[s][lo][w]``, ``GAP[s][lo][w]``: template ids (-1: none)."""
    nat3 = [[-1] * 15 for _ in fr.SUITS]
    adj = [[[-1] * len(WILDS) for _ in range(15)] for _ in fr.SUITS]
    gap = [[[-1] * len(WILDS) for _ in range(15)] for _ in fr.SUITS]
    for i, (meld, _) in enumerate(TEMPLATES):
        if type(meld) is not Run:
            continue
        s, lo, hi, w, g = meld
        if w < 0:
            nat3[s][lo] = i
        elif g == 0:
            adj[s][lo][WILDS.index(w)] = i
        else:
            gap[s][lo][WILDS.index(w)] = i
    return nat3, adj, gap


NAT3, ADJ, GAP = _run_tables()


def _group_tables() -> tuple[dict, dict]:
    """For each rank and each vector of suit counts held (capped at 3), the
    natural-only and the two-plus-wild templates that fit."""
    three: dict[tuple[int, tuple], list[int]] = {}
    two: dict[tuple[int, tuple], list[tuple[int, ...]]] = {}
    vectors = [(a, b, c, d) for a in range(4) for b in range(4) for c in range(4) for d in range(4)]
    for rank in GROUP_RANKS:
        for held in vectors:
            three[rank, held] = [TEMPLATE_INDEX[Group(rank, _counts(s))]
                                 for s in combinations_with_replacement(fr.SUITS, 3) if _within(_counts(s), held)]
            two[rank, held] = [tuple(TEMPLATE_INDEX[Group(rank, _counts(s), w)] for w in WILDS)
                               for s in combinations_with_replacement(fr.SUITS, 2) if _within(_counts(s), held)]
    return three, two


def _within(counts: tuple[int, ...], held: tuple[int, ...]) -> bool:
    return all(x <= h for x, h in zip(counts, held, strict=True))


GROUP3, GROUP2 = _group_tables()
