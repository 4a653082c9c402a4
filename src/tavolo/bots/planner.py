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
from typing import Protocol

from tavolo.games.burraco.actions import ATTACH_BASE, DISCARD_BASE, OPEN_BASE, TEMPLATES, attach_action
from tavolo.games.burraco.cards import NUM_TYPES, WILD
from tavolo.games.burraco.melds import Group, Meld, attachments, meld_text

__all__ = ["Evaluator", "Plan", "counts", "meld_text", "opens", "plan_turn"]

NO_PLAN_VALUE = float("-inf")


def _template_index() -> tuple[tuple[tuple[int, tuple[tuple[int, int], ...], int], ...], ...]:
    """For each natural card, the templates whose first natural it is: ``(template, needs, rank)``
    with ``needs`` as ``(card, copies)`` and ``rank`` the combination's rank (0 for a run)."""
    index: list[list[tuple[int, tuple[tuple[int, int], ...], int]]] = [[] for _ in range(NUM_TYPES)]
    for t, (meld, cards) in enumerate(TEMPLATES):
        needs = tuple((c, cards.count(c)) for c in dict.fromkeys(cards))
        first = next(c for c in cards if not WILD[c])
        index[first].append((t, needs, meld.rank if type(meld) is Group else 0))
    return tuple(tuple(row) for row in index)


BY_FIRST = _template_index()


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
    set restricts them (International Burraco: aces and threes)."""
    if sum(h) < 3:
        return []
    grouped = {m.rank for m in melds if type(m) is Group}
    out = []
    for card in range(NUM_TYPES):
        if not h[card] or WILD[card]:
            continue
        for t, needs, rank in BY_FIRST[card]:
            if rank and (rank in grouped or (group_ranks is not None and rank not in group_ranks)):
                continue
            if all(h[c] >= k for c, k in needs):
                out.append(OPEN_BASE + t)
    return out


def attaches(h: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    """Every attach action the cards ``h`` allow on ``melds`` (legare, art. 4)."""
    return [attach_action(slot, card, variant)
            for slot, meld in enumerate(melds) for card, variant, _ in attachments(meld) if h[card]]


def apply_meld(action: int, h: list[int], melds: list[Meld]) -> tuple[list[int], list[Meld]]:
    """The hand and melds after the open or attach ``action`` (new lists)."""
    h = h[:]
    melds = melds[:]
    if action >= ATTACH_BASE:
        slot, rest = divmod(action - ATTACH_BASE, NUM_TYPES * 2)
        card, variant = divmod(rest, 2)
        melds[slot] = next(after for c, v, after in attachments(melds[slot]) if c == card and v == variant)
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
    best = Plan((), (), NO_PLAN_VALUE)
    seen: set[tuple] = set()
    nodes = 0

    def visit(h: list[int], melds: list[Meld], value: float, path: tuple[int, ...],
              hands: tuple[tuple[int, ...], ...]) -> None:
        nonlocal best, nodes
        nodes += 1
        discard, end = evaluator.finish(h, melds, bool(path))
        if value + end > best.value:
            tail = ((discard,), (tuple(h),)) if discard >= 0 else ((), ())
            best = Plan(path + tail[0], hands + tail[1], value + end)
        left = sum(h)
        if not left:
            return
        moves = opens(h, melds, group_ranks) + attaches(h, melds)
        scored = sorted(((evaluator.meld_value(a, h, melds), a) for a in moves), reverse=True)
        closing = left <= 4  # a short hand: keep every line, one may close or go out
        for move_value, action in scored[:width]:
            if nodes >= budget:
                return
            if move_value < prune and not closing:
                break
            after_h, after_melds = apply_meld(action, h, melds)
            key = (tuple(after_h), tuple(after_melds))
            if key in seen:
                continue
            seen.add(key)
            visit(after_h, after_melds, value + move_value, path + (action,), hands + (tuple(h),))

    visit(h, melds, 0.0, (), ())
    return best


def is_discard(action: int) -> bool:
    """Whether ``action`` is a discard (scarto), the end of a turn.

        >>> is_discard(DISCARD_BASE), is_discard(OPEN_BASE)
        (True, False)
    """
    return DISCARD_BASE <= action < OPEN_BASE
