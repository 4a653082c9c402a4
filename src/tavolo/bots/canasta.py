"""A simple Canasta player: a club beginner's habits, quick to compute.

It takes the pozzo whenever the rules let it and it holds more than one card,
else draws two. After the draw it lays what adds naturals to a combination (and
a wild only when it makes a canasta or starts a combination with a pair), opening
when those lays reach the side's minimum and taking them back when they do not;
it goes down to its last card (to close) only when its side leads on the table.
It discards a black 3 first (it freezes the pozzo), then the loosest card: the
rank it holds fewest of, cheapest first, never a wild while another card will do.

    >>> from tavolo.engine.play import play
    >>> from tavolo.games.canasta import make_game
    >>> len(play(make_game(players=2, target=None), [SimpleCanastaBot(1), SimpleCanastaBot(2)], seed=3).result)
    2
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from tavolo.cards import french as fr
from tavolo.games.canasta.actions import DISCARD_BASE, DRAW1, DRAW2, LAY_BASE, RETRACT, TAKE, decode
from tavolo.games.canasta.melds import CANASTA, KEYS, canasta_bonus, card_value, key_of
from tavolo.games.canasta.observation import CanastaObservation


class SimpleCanastaBot:
    """Canasta by simple rules; ``seed`` breaks ties reproducibly."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, obs: CanastaObservation, legal: Sequence[int]) -> int:
        if obs.phase == "start":
            return TAKE if TAKE in legal and len(obs.pozzo_up) + obs.pozzo_down > 1 else DRAW2
        if obs.phase == "opening":
            return DRAW1 if DRAW1 in legal else RETRACT
        lay = self._best_lay(obs, [a for a in legal if a >= LAY_BASE])
        if lay is not None:
            return lay
        discards = [a - DISCARD_BASE for a in legal if DISCARD_BASE <= a < LAY_BASE]
        if not discards:
            return RETRACT
        return DISCARD_BASE + self._discard(obs, discards)

    def _best_lay(self, obs: CanastaObservation, lays: list[int]) -> int | None:
        side = obs.seat % len(obs.melds)
        ahead = _table_points(obs.melds[side]) >= max(_table_points(m) for m in obs.melds)
        best, best_gain = None, 0.0
        for action in lays:
            _, key, naturals, jokers, pinelle = decode(action)
            if len(obs.hand) - naturals - jokers - pinelle == 1 and not ahead:
                continue  # closing now would end a hand the other side leads
            size = len(obs.melds[side][KEYS.index(key)]) + naturals + jokers + pinelle
            wilds = jokers + pinelle
            gain = 10 * naturals - 25 * wilds + self._rng.random()
            if size >= CANASTA > size - naturals - wilds:
                gain += 300 if wilds else 500
            elif wilds and size == 3:
                gain += 30
            if gain > best_gain:
                best, best_gain = action, gain
        return best

    def _discard(self, obs: CanastaObservation, choices: list[int]) -> int:
        held = Counter(key_of(c) for c in obs.hand)

        def cost(card: int) -> tuple:
            black_three = card != fr.JOKER and fr.rank(card) == 3
            wild = card == fr.JOKER or fr.rank(card) == 2
            return (not black_three, wild, held[key_of(card)], card_value(card), self._rng.random())

        return min(set(choices), key=cost)


def _table_points(melds: Sequence[Sequence[int]]) -> int:
    """What a side's combinations are worth now: their cards and canaste."""
    return sum(card_value(c) for m in melds for c in m) + sum(canasta_bonus(m) for m in melds if m)
