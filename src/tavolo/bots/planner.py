"""Planning a whole Burraco turn: the melds, the attachments and the discard as one plan.

A turn (fedibur-1985 art. 4) is a draw, any number of melds (calare) and attachments
(legare), and a discard. Scoring one action at a time misses lines such as ``Kh Kh Ts 2d``
with the pozzetto taken and a burraco down: attaching the 2d scores, but opening
``Kh Kh 2d`` and discarding the Ts closes the hand (chiusura, art. 6). The planner searches
the turn on the seat's own view (its hand and its side's melds), depth first, the most
valuable moves first, every position reached once, within a node budget; an
:class:`Evaluator` scores each move and each way of ending the turn.

    >>> from tavolo.cards import french as fr
    >>> hand = counts(fr.parse_many("Kh Kh Ts 2d"))
    >>> sorted(meld_text(TEMPLATES[t - OPEN_BASE].meld) for t in opens(hand, (), None))
    ['Kh Kh 2d']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Protocol

from tavolo.bots.reading import attach_result
from tavolo.cards import french as fr
from tavolo.games.burraco.actions import (
    ATTACH_BASE, DISCARD_BASE, GROUP_RANKS, MAX_MELDS, OPEN_BASE, TEMPLATE_INDEX, TEMPLATES, attach_action,
)
from tavolo.games.burraco.cards import JOKER, NUM_TYPES, WILDS
from tavolo.games.burraco.melds import NO_WILD, Group, Meld, Run, attachments, meld_text

__all__ = ["Evaluator", "Plan", "counts", "meld_text", "opens", "plan_turn"]

NO_PLAN_VALUE = float("-inf")


def _run_bits() -> tuple[int, ...]:
    """For each rank of a suit (ace to king), the positions (bits 1..14) it takes in the
    suit's sequences: the ace both 1 and 14, the pinella (2) its natural place."""
    return tuple((1 << 1) | (1 << 14) if rank == fr.ACE else 1 << rank for rank in range(fr.ACE, fr.KING + 1))


RUN_BITS = _run_bits()
OPEN_RANK = tuple(meld.rank if type(meld) is Group else 0 for meld, _ in TEMPLATES)
"""For each template, the rank of the combination it opens (0: a sequence)."""
SLOT_BASES = tuple(attach_action(slot, 0, 0) for slot in range(MAX_MELDS))
"""The first attach action of each meld slot of a side."""


@lru_cache(maxsize=4096)
def _group_opens(rank: int, held: tuple[int, ...], wilds: tuple[int, ...]) -> tuple[int, ...]:
    """The open actions of combinations (tris) of ``rank`` that the naturals ``held`` per
    suit and the ``wilds`` allow."""
    out = []
    for size, with_wilds in ((3, (NO_WILD,)), (2, wilds)):
        for suits in combinations_with_replacement(fr.SUITS, size):
            naturals = tuple(suits.count(s) for s in fr.SUITS)
            if all(n <= k for n, k in zip(naturals, held, strict=True)):
                out.extend(OPEN_BASE + TEMPLATE_INDEX[Group(rank, naturals, w)] for w in with_wilds)
    return tuple(out)


@lru_cache(maxsize=4096)
def _run_opens(suit: int, held: tuple[int, ...], wilds: tuple[int, ...]) -> tuple[int, ...]:
    """The open actions of sequences (scale) of ``suit`` that the cards ``held`` of the suit
    (counts, ace to king) and the ``wilds`` allow: three naturals in a row, or two in a row
    or one place apart with a wild; a pinella both natural and wild needs two copies."""
    mask = 0
    for i, n in enumerate(held):
        if n:
            mask |= RUN_BITS[i]
    lone_two = fr.card(fr.TWO, suit) if held[fr.TWO - 1] < 2 else None  # not natural and wild at once
    shapes = [(2, NO_WILD, mask & (mask >> 1) & (mask >> 2))]
    shapes += [(step, w, mask & (mask >> step)) for w in wilds for step in (1, 2)]
    out = []
    for step, wild, bits in shapes:
        while bits:
            low = bits & -bits
            bits ^= low
            lo = low.bit_length() - 1
            run = Run(suit, lo, lo + step, wild, lo + 1 if wild >= 0 and step == 2 else 0)
            t = TEMPLATE_INDEX.get(run)
            if t is not None and (wild != lone_two or not _takes_natural_two(run)):
                out.append(OPEN_BASE + t)
    return tuple(out)


def _takes_natural_two(run: Run) -> bool:
    """Whether the sequence's naturals include the pinella's natural place (position 2)."""
    return run.lo <= fr.TWO <= run.hi and run.gap != fr.TWO


def counts(cards: Sequence[int]) -> list[int]:
    """Cards as counts per card type.

        >>> counts([0, 0, 5])[:6]
        [2, 0, 0, 0, 0, 1]
    """
    h = [0] * NUM_TYPES
    for card in cards:
        h[card] += 1
    return h


def opens(h: Sequence[int], melds: Sequence[Meld], group_ranks: tuple[int, ...] | None) -> list[int]:
    """The open actions (three-card melds, fedibur-1985 art. 4) the cards ``h`` allow to a side
    holding ``melds``: one combination per rank per side, ``group_ranks`` only where the rule
    set restricts them (International Burraco: aces and threes). Built from the cards held
    (sequences by suit, combinations by rank), in no particular order."""
    if sum(h) < 3:
        return []
    return list(_hand_opens(tuple(h), _grouped(melds), group_ranks))


def _grouped(melds: Sequence[Meld]) -> frozenset[int]:
    """The ranks of the side's combinations (one per rank per side)."""
    return frozenset(m.rank for m in melds if type(m) is Group)


@lru_cache(maxsize=1024)
def _hand_opens(h: tuple[int, ...], grouped: frozenset[int], group_ranks: tuple[int, ...] | None) -> tuple[int, ...]:
    """:func:`opens` of the hand ``h`` for a side whose combinations have the ranks ``grouped``
    (cached: the planner meets the same hands again soon, at the draw and in the turn)."""
    wilds = tuple(w for w in WILDS if h[w])
    out: list[int] = []
    for suit in fr.SUITS:
        held = h[suit * 13:suit * 13 + 13]
        if any(held):
            out.extend(_run_opens(suit, held, wilds))
    for rank in GROUP_RANKS:
        if rank in grouped or (group_ranks is not None and rank not in group_ranks):
            continue
        held = h[rank - 1:JOKER:13]
        if sum(held) >= 2:
            out.extend(_group_opens(rank, held, wilds))
    return tuple(out)


def attaches(h: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    """Every attach action the cards ``h`` allow on ``melds`` (legare, art. 4)."""
    return [base + offset for base, meld in zip(SLOT_BASES, melds) for card, offset in _attach_offsets(meld) if h[card]]


@lru_cache(maxsize=4096)
def _attach_offsets(meld: Meld) -> tuple[tuple[int, int], ...]:
    """The cards that attach to ``meld``, each with its attach action less the slot's base."""
    return tuple((card, attach_action(0, card, variant) - ATTACH_BASE) for card, variant, _ in attachments(meld))


def apply_meld(action: int, h: list[int], melds: list[Meld]) -> tuple[list[int], list[Meld]]:
    """The hand and melds after the open or attach ``action`` (new lists)."""
    h = h[:]
    melds = melds[:]
    if action >= ATTACH_BASE:
        slot, rest = divmod(action - ATTACH_BASE, NUM_TYPES * 2)
        card, variant = divmod(rest, 2)
        melds[slot] = attach_result(melds[slot], card, variant)
        h[card] -= 1
    else:
        meld, cards = TEMPLATES[action - OPEN_BASE]
        for card in cards:
            h[card] -= 1
        melds.append(meld)
    return h, melds


class Evaluator(Protocol):
    """What the planner asks of a bot: a move's value and the best way to end the turn."""

    def meld_value(self, action: int, h: list[int], melds: list[Meld]) -> float:
        """The value of the open or attach ``action`` with hand ``h`` and side melds ``melds``."""

    def finish(self, h: list[int], melds: list[Meld], melded: bool) -> tuple[int, float]:
        """The discard action that ends the turn (-1: none, the hand is empty) and its value,
        ``-inf`` when the turn cannot end there; ``melded``: some meld was made this turn."""


@dataclass(frozen=True)
class Plan:
    """A turn's actions (melds, then the discard when there is one) and the plan's value;
    ``hands[i]`` is the hand (counts) expected before ``actions[i]``."""

    actions: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    value: float


def plan_turn(h: list[int], melds: list[Meld], evaluator: Evaluator, *, group_ranks: tuple[int, ...] | None,
              budget: int = 80, width: int = 6, prune: float = -60.0) -> Plan:
    """The best plan found for the rest of the turn, from hand ``h`` and the side's ``melds``.

    Depth first, at most ``width`` moves per position, the best first, moves worth less
    than ``prune`` skipped unless the plan can still close or go out, each position once,
    ``budget`` positions in all."""
    best: tuple[tuple[int, ...], tuple[tuple[int, ...], ...], float] = ((), (), NO_PLAN_VALUE)
    seen: set[tuple] = set()
    nodes = 0

    def visit(h: list[int], hand: tuple[int, ...], melds: list[Meld], grouped: frozenset[int], value: float,
              path: tuple[int, ...], hands: tuple[tuple[int, ...], ...]) -> None:
        """Position ``h`` (``hand`` as a tuple; ``grouped``: the ranks of the side's combinations)."""
        nonlocal best, nodes
        nodes += 1
        discard, end = evaluator.finish(h, melds, bool(path))
        if value + end > best[2]:
            best = (path + (discard,), hands + (hand,), value + end) if discard >= 0 else (path, hands, value + end)
        left = sum(h)
        if not left or nodes >= budget:
            return
        moves = attaches(h, melds)
        if left >= 3:
            moves += _hand_opens(hand, grouped, group_ranks)
        scored = sorted(((evaluator.meld_value(a, h, melds), a) for a in moves), reverse=True)
        closing = left <= 4  # a short hand: keep every line, one may close or go out
        for move_value, action in scored[:width]:
            if nodes >= budget:
                return
            if move_value < prune and not closing:
                break
            after_h, after_melds = apply_meld(action, h, melds)
            after_hand = tuple(after_h)
            key = (after_hand, tuple(after_melds))
            if key in seen:
                continue
            seen.add(key)
            rank = OPEN_RANK[action - OPEN_BASE] if action < ATTACH_BASE else 0
            visit(after_h, after_hand, after_melds, grouped | {rank} if rank else grouped, value + move_value,
                  path + (action,), hands + (hand,))

    visit(h, tuple(h), melds, _grouped(melds), 0.0, (), ())
    return Plan(*best)


def is_discard(action: int) -> bool:
    """Whether ``action`` is a discard (scarto), the end of a turn.

        >>> is_discard(DISCARD_BASE), is_discard(OPEN_BASE)
        (True, False)
    """
    return DISCARD_BASE <= action < OPEN_BASE
