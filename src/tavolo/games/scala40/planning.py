"""Can the player on turn still end his turn lawfully? Two searches.

A Scala 40 turn carries obligations: the melds of an opening must reach 40
(art. 4.1), the card taken from the pozzo and a joker taken off the table must
go on the table before the discard (art. 5.3, 5.4), and a player must keep a
card to discard (art. 6.2), two in the first round, where no one may close
(art. 6.5). An action is legal only if afterwards these can all be met, so
that no sequence of legal actions leaves a player stuck (DECISIONS.md).

* :func:`can_open`: disjoint melds from the hand worth ``need`` more points,
  using given cards, within a budget of cards;
* :func:`can_place`: the owed cards put on the table, by melds from the hand,
  attachments (after extending a sequence towards the card if need be) or
  swaps for a joker, keeping enough cards.

    >>> from tavolo.cards import french as fr
    >>> hand = [0] * 53
    >>> for c in fr.parse_many("Kh Kd Ks 9c Tc Jc 3s"): hand[c] += 1
    >>> can_open(tuple(hand), 40, (), 6, False), can_open(tuple(hand), 70, (), 6, False)
    (True, False)
"""

from __future__ import annotations

from functools import lru_cache

from tavolo.games.scala40.actions import TEMPLATES, melds_in
from tavolo.games.scala40.cards import JOKER, NUM_TYPES, group_value
from tavolo.games.scala40.melds import Meld, Run, attachments, swaps

Counts = tuple[int, ...]
_BEST_VALUE = tuple(11 if c == JOKER else group_value(c % 13 + 1) for c in range(NUM_TYPES))
"""The most a card can be worth in an opening (a joker standing for an ace)."""


def _without(owed: tuple[int, ...], cards) -> tuple[int, ...]:
    rest = list(owed)
    for card in cards:
        if card in rest:
            rest.remove(card)
    return tuple(rest)


@lru_cache(maxsize=8192)
def can_open(counts: Counts, need: int, must: tuple[int, ...], budget: int, clean_only: bool) -> bool:
    """Whether disjoint melds from the hand ``counts`` worth ``need`` points or more
    (only melds without a joker counting when ``clean_only``, art. 9c) use every
    card of ``must`` and at most ``budget`` cards."""
    return _open(list(counts), need, must, budget, clean_only, 0, {})


def _open(counts: list[int], need: int, must: tuple[int, ...], budget: int, clean_only: bool, first: int,
          seen: dict) -> bool:
    if need <= 0 and not must:
        return True
    key = (tuple(counts), need, must, budget, first)
    if key in seen:
        return seen[key]
    seen[key] = found = budget >= 3 and _bound(counts, budget) >= need and _open_step(
        counts, need, must, budget, clean_only, first, seen)
    return found


def _open_step(counts: list[int], need: int, must: tuple[int, ...], budget: int, clean_only: bool, first: int,
               seen: dict) -> bool:
    for t in melds_in(counts):
        cards, value = TEMPLATES[t].cards, TEMPLATES[t].value
        if len(cards) > budget or (must and must[0] not in cards) or (not must and t < first):
            continue
        if clean_only and JOKER in cards:
            if not must:
                continue
            value = 0
        for c in cards:
            counts[c] -= 1
        rest = _without(must, cards)
        found = _open(counts, need - value, rest, budget - len(cards), clean_only, 0 if must else t, seen)
        for c in cards:
            counts[c] += 1
        if found:
            return True
    return False


def _bound(counts: list[int], budget: int) -> int:
    """The most ``budget`` cards of the hand could be worth in melds."""
    if budget >= sum(counts):
        return sum(v * k for v, k in zip(_BEST_VALUE, counts) if k)
    values = sorted((_BEST_VALUE[c] for c in range(NUM_TYPES) for _ in range(counts[c])), reverse=True)
    return sum(values[:budget])


def can_place(counts: list[int], table: tuple[Meld, ...], owed: tuple[int, ...], keep: int,
              meld_only: int = -1) -> bool:
    """Whether every card of ``owed`` (all in the hand ``counts``) can go on the
    table, keeping ``keep`` cards; a card equal to ``meld_only`` must go into a
    new meld (the card taken to open with it, art. 9a)."""
    if not owed:
        return sum(counts) >= keep
    if sum(counts) - len(owed) < keep:
        return False
    card = owed[0]
    return (_in_new_meld(counts, table, owed, keep, meld_only)
            or (card != meld_only and _on_table(counts, table, owed, keep, meld_only)))


def _in_new_meld(counts: list[int], table: tuple[Meld, ...], owed: tuple[int, ...], keep: int,
                 meld_only: int) -> bool:
    for t in melds_in(counts):
        meld, cards, _ = TEMPLATES[t]
        if owed[0] in cards:
            after = _minus(counts, cards)
            if can_place(after, (*table, meld), _without(owed, cards), keep, -1 if meld_only in cards else meld_only):
                return True
    return False


def _on_table(counts: list[int], table: tuple[Meld, ...], owed: tuple[int, ...], keep: int, meld_only: int) -> bool:
    """The first owed card attached, swapped for a joker, or reached by extending a sequence."""
    card = owed[0]
    for slot, meld in enumerate(table):
        for joining, _, after in attachments(meld):
            changed = (*table[:slot], after, *table[slot + 1:])
            if joining == card:
                if can_place(_minus(counts, [card]), changed, owed[1:], keep, meld_only):
                    return True
            elif counts[joining] and _towards(meld, after, card):
                if can_place(_minus(counts, [joining]), changed, _without(owed, [joining]) if joining in owed[1:]
                             else owed, keep, meld_only):
                    return True
        for natural, after in swaps(meld):
            if natural == card:
                changed = (*table[:slot], after, *table[slot + 1:])
                hand = _minus(counts, [card])
                hand[JOKER] += 1
                if can_place(hand, changed, (*owed[1:], JOKER), keep, meld_only):
                    return True
    return False


def _towards(meld: Meld, after: Meld, card: int) -> bool:
    """Whether ``after`` extends sequence ``meld`` at the end facing natural ``card``."""
    if type(meld) is not Run or card == JOKER or card // 13 != meld.suit:
        return False
    positions = (1, 14) if card % 13 == 0 else (card % 13 + 1,)
    if after.lo < meld.lo:
        return any(p < meld.lo for p in positions)
    return any(p > meld.hi for p in positions)


def _minus(counts: list[int], cards) -> list[int]:
    out = list(counts)
    for c in cards:
        out[c] -= 1
    return out
