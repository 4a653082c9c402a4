"""Dealing the cards a seat has not seen, for hidden-state sampling.

Every game's ``sample_hidden_state`` works out which cards its seat has not
seen and how many go to each hidden place (another hand, the stock, a pile);
:func:`deal_unseen` deals them. Where the rules make players follow suit, a
player may have shown he lacks a suit: ``allowed`` then says which suits each
place may take.

    >>> import random
    >>> [len(cards) for cards in deal_unseen([1, 2, 3, 4, 5], [2, 3], random.Random(1))]
    [2, 3]
    >>> deal_unseen([0, 1, 10, 11], [2, 2], random.Random(1), suit_of=lambda c: c // 10, allowed=[0b01, 0b10])
    [[0, 1], [10, 11]]
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from tavolo.engine.game import shuffled


def deal_unseen(pool: Sequence[int], needs: Sequence[int], rng: random.Random,
                suit_of: Callable[[int], int] | None = None, allowed: Sequence[int] | None = None) -> list[list[int]]:
    """``pool`` dealt at random into places of sizes ``needs`` (each place's cards
    sorted). With ``allowed``, place ``k`` takes only cards whose ``suit_of`` is a
    bit of ``allowed[k]``: the cards are then dealt one by one, each to a place in
    proportion to its room, among the places that leave the rest a valid deal."""
    if sum(needs) != len(pool):
        raise ValueError(f"{len(pool)} unseen card(s) for {sum(needs)} places: the observation is inconsistent")
    cards = shuffled(sorted(pool), rng)
    if allowed is None or suit_of is None:
        out, start = [], 0
        for need in needs:
            out.append(sorted(cards[start:start + need]))
            start += need
        return out
    return _deal_constrained(cards, needs, rng, suit_of, allowed)


def _deal_constrained(cards: list[int], needs: Sequence[int], rng: random.Random, suit_of: Callable[[int], int],
                      allowed: Sequence[int]) -> list[list[int]]:
    left = Counter(suit_of(c) for c in cards)
    suits = sorted(left)
    room = list(needs)
    out: list[list[int]] = [[] for _ in needs]
    for card in cards:
        suit = suit_of(card)
        left[suit] -= 1
        places = [k for k, r in enumerate(room) if r and allowed[k] >> suit & 1]
        while places:
            k = _pick(places, room, rng)
            room[k] -= 1
            if _feasible(left, suits, room, allowed):
                out[k].append(card)
                break
            room[k] += 1
            places.remove(k)
        else:
            raise ValueError("no deal of the unseen cards fits what this seat knows")
    return [sorted(cards) for cards in out]


def _pick(places: list[int], room: list[int], rng: random.Random) -> int:
    x = rng.random() * sum(room[k] for k in places)
    for k in places:
        x -= room[k]
        if x < 0:
            return k
    return places[-1]


def _feasible(left: Counter[int], suits: list[int], room: list[int], allowed: Sequence[int]) -> bool:
    """Hall's condition: every set of suits has room enough in the places that take it."""
    for chosen in range(1, 1 << len(suits)):
        mask = sum(1 << s for i, s in enumerate(suits) if chosen >> i & 1)
        demand = sum(left[s] for s in suits if mask >> s & 1)
        if demand > sum(r for r, a in zip(room, allowed) if a & mask):
            return False
    return True
