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
from itertools import compress
from typing import Protocol

from tavolo.bots.reading import attach_result
from tavolo.games.burraco.actions import (
    ATTACH_BASE, DISCARD_BASE, GROUP_RANKS, MAX_MELDS, OPEN_BASE, TEMPLATES, attach_action,
)
from tavolo.games.burraco.cards import NUM_TYPES
from tavolo.games.burraco.melds import Group, Meld, attachments, meld_text
from tavolo.games.burraco.opens import grouped_ranks, hand_opens

__all__ = ["Evaluator", "Plan", "counts", "meld_text", "opens", "plan_turn"]

NO_PLAN_VALUE = float("-inf")

OPEN_GROUPED = tuple(1 << meld.rank if type(meld) is Group else 0 for meld, _ in TEMPLATES)
"""For each template, the bit of the rank of the combination it opens (0: a sequence)."""
SLOT_BASES = tuple(attach_action(slot, 0, 0) for slot in range(MAX_MELDS))
"""The first attach action of each meld slot of a side."""
BIT = tuple(1 << card for card in range(NUM_TYPES))
TEMPLATE_BITS = tuple(sum(BIT[card] for card in set(cards)) for _, cards in TEMPLATES)
"""For each template, the bits of the cards it takes."""
TEMPLATE_NEEDS = tuple(tuple((card, cards.count(card)) for card in set(cards)) for _, cards in TEMPLATES)
"""For each template, each card it takes and how many copies."""


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
    set restricts them (International Burraco: aces and threes). The engine's openings
    (:func:`~tavolo.games.burraco.opens.hand_opens`), in its order."""
    if sum(h) < 3:
        return []
    return list(_hand_opens(tuple(h), grouped_ranks(melds), group_ranks or GROUP_RANKS))


@lru_cache(maxsize=1024)
def _hand_opens(h: tuple[int, ...], grouped: int, group_ranks: tuple[int, ...]) -> tuple[int, ...]:
    """:func:`opens` of the hand ``h`` for a side whose combinations have the ranks ``grouped``
    (bits; cached: the planner meets the same hands again soon, at the draw and in the turn)."""
    return tuple(OPEN_BASE + t for t in hand_opens(h, None, grouped, group_ranks))


def held_bits(h: Sequence[int]) -> int:
    """The bits (:data:`BIT`) of the cards the counts ``h`` hold."""
    bits = 0
    for card in compress(range(NUM_TYPES), h):
        bits |= BIT[card]
    return bits


def attaches(h: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    """Every attach action the cards ``h`` allow on ``melds`` (legare, art. 4)."""
    return _held_attaches(h, held_bits(h), melds)


def _held_attaches(h: Sequence[int], present: int, melds: Sequence[Meld]) -> list[int]:
    """:func:`attaches`, ``present`` the bits of the cards held: a meld none of them fits is
    passed over without looking at its cards one by one."""
    moves: list[int] = []
    for base, meld in zip(SLOT_BASES, melds):
        fit, offsets = _attach_offsets(meld)
        if present & fit:
            moves += [base + offset for card, offset in offsets if h[card]]
    return moves


@lru_cache(maxsize=4096)
def _attach_offsets(meld: Meld) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The bits of the cards that attach to ``meld`` and each such card with its attach action
    less the slot's base."""
    offsets = tuple((card, attach_action(0, card, variant) - ATTACH_BASE) for card, variant, _ in attachments(meld))
    fit = 0
    for card, _ in offsets:
        fit |= BIT[card]
    return fit, offsets


def _opens_left(opens: Sequence[int], h: Sequence[int], removed: int, grouped: int) -> list[int]:
    """Of the open actions ``opens`` of a hand, those still open after cards left it (``h`` the
    hand now, ``removed`` the bits of the cards that left) and with ``grouped`` the ranks of
    the side's combinations: fewer cards make no new melds, so the rest is a filter."""
    left = []
    for action in opens:
        t = action - OPEN_BASE
        if OPEN_GROUPED[t] & grouped:
            continue
        if TEMPLATE_BITS[t] & removed and any(h[card] < k for card, k in TEMPLATE_NEEDS[t]):
            continue
        left.append(action)
    return left


def melds_after(action: int, melds: tuple[Meld, ...]) -> tuple[Meld, ...]:
    """The side's melds after the open or attach ``action``."""
    if action >= ATTACH_BASE:
        slot, rest = divmod(action - ATTACH_BASE, NUM_TYPES * 2)
        card, variant = divmod(rest, 2)
        return melds[:slot] + (attach_result(melds[slot], card, variant),) + melds[slot + 1:]
    return melds + (TEMPLATES[action - OPEN_BASE].meld,)


def hand_after(action: int, h: list[int]) -> list[int]:
    """The hand (a new list) after the open or attach ``action``."""
    h = h[:]
    if action >= ATTACH_BASE:
        h[(action - ATTACH_BASE) // 2 % NUM_TYPES] -= 1
    else:
        for card in TEMPLATES[action - OPEN_BASE].cards:
            h[card] -= 1
    return h


class Evaluator(Protocol):
    """What the planner asks of a bot: a move's value and the best way to end the turn."""

    def meld_value(self, action: int, h: list[int], melds: tuple[Meld, ...]) -> float:
        """The value of the open or attach ``action`` with hand ``h`` and side melds ``melds``."""

    def finish(self, h: list[int], melds: tuple[Meld, ...], melded: bool) -> tuple[int, float]:
        """The discard action that ends the turn (-1: none, the hand is empty) and its value,
        ``-inf`` when the turn cannot end there; ``melded``: some meld was made this turn."""


@dataclass(frozen=True)
class Plan:
    """A turn's actions (melds, then the discard when there is one) and the plan's value;
    ``hands[i]`` is the hand (counts) expected before ``actions[i]``; ``whole``: the search
    ended before its budget, so a larger budget finds the same plan."""

    actions: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    value: float
    whole: bool


def plan_turn(h: list[int], melds: Sequence[Meld], evaluator: Evaluator, *, group_ranks: tuple[int, ...] | None,
              budget: int = 80, width: int = 6, prune: float = -60.0) -> Plan:
    """The best plan found for the rest of the turn, from hand ``h`` and the side's ``melds``.

    Depth first, at most ``width`` moves per position, the best first, moves worth less
    than ``prune`` skipped unless the plan can still close or go out, each position once,
    ``budget`` positions in all."""
    best: tuple[tuple[int, ...], tuple[tuple[int, ...], ...], float] = ((), (), NO_PLAN_VALUE)
    seen: set[tuple[Meld, ...]] = set()
    nodes = 0
    finish, meld_value = evaluator.finish, evaluator.meld_value

    def visit(h: list[int], hand: tuple[int, ...], melds: tuple[Meld, ...], grouped: int, left: int, present: int,
              held_opens: Sequence[int], value: float, path: tuple[int, ...], hands: tuple[tuple[int, ...], ...]) -> None:
        """Position ``h`` (``hand`` as a tuple, ``left`` cards, ``present`` their bits, ``held_opens``
        the open actions it allows; ``grouped``: the bits of the ranks of the side's combinations)."""
        nonlocal best, nodes
        nodes += 1
        discard, end = finish(h, melds, bool(path))
        if value + end > best[2]:
            best = (path + (discard,), hands + (hand,), value + end) if discard >= 0 else (path, hands, value + end)
        if not left or nodes >= budget:
            return
        moves = _held_attaches(h, present, melds)
        if left >= 3:
            moves += held_opens
        scored = sorted([(meld_value(a, h, melds), a) for a in moves], reverse=True)
        closing = left <= 4  # a short hand: keep every line, one may close or go out
        for move_value, action in scored[:width]:
            if nodes >= budget:
                return
            if move_value < prune and not closing:
                break
            after_melds = melds_after(action, melds)
            if after_melds in seen:  # the melds tell the hand too: the turn's cards went to them
                continue
            seen.add(after_melds)
            after_h = hand_after(action, h)
            after_hand = tuple(after_h)
            if action < ATTACH_BASE:
                t = action - OPEN_BASE
                removed, after_left, after_grouped = TEMPLATE_BITS[t], left - 3, grouped | OPEN_GROUPED[t]
                after_present = present
                for card, _ in TEMPLATE_NEEDS[t]:
                    if not after_h[card]:
                        after_present ^= BIT[card]
            else:
                card = (action - ATTACH_BASE) // 2 % NUM_TYPES
                removed, after_left, after_grouped = BIT[card], left - 1, grouped
                after_present = present if after_h[card] else present ^ removed
            after_opens = _opens_left(held_opens, after_h, removed, after_grouped) if after_left >= 3 else ()
            visit(after_h, after_hand, after_melds, after_grouped, after_left, after_present, after_opens,
                  value + move_value, path + (action,), hands + (hand,))

    ranks = group_ranks or GROUP_RANKS
    hand, grouped, left, present = tuple(h), grouped_ranks(melds), sum(h), held_bits(h)
    visit(h, hand, tuple(melds), grouped, left, present, _hand_opens(hand, grouped, ranks) if left >= 3 else (),
          0.0, (), ())
    return Plan(*best, whole=nodes < budget)


def is_discard(action: int) -> bool:
    """Whether ``action`` is a discard (scarto), the end of a turn.

        >>> is_discard(DISCARD_BASE), is_discard(OPEN_BASE)
        (True, False)
    """
    return DISCARD_BASE <= action < OPEN_BASE
