"""A simple Ramino player: a beginner's habits, quick to compute.

It closes as soon as the rules let it. It takes the last discard when that
card lowers what its hand would pay (it joins a combination), else draws
blind. It discards the card whose loss leaves the cheapest hand, among equals
the one with fewest neighbours (same rank, or same suit and near) and then the
one that costs most; never a joker while another card will do.

    >>> from tavolo.engine.play import play
    >>> from tavolo.games.ramino import make_game
    >>> len(play(make_game(players=2, match=None), [SimpleRaminoBot(1), SimpleRaminoBot(2)], seed=3).result)
    2
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tavolo.cards import french as fr
from tavolo.games.ramino.actions import CLOSE_AT_ONCE, CLOSE_BASE, DISCARD_BASE, DRAW, TAKE
from tavolo.games.ramino.cards import JOKER, penalties
from tavolo.games.ramino.melds import loose_cost
from tavolo.games.ramino.observation import RaminoObservation


class SimpleRaminoBot:
    """Ramino by simple rules; ``seed`` breaks ties reproducibly. The rules of the
    table (tris of one suit, the joker's cost) come with ``same_suit_groups`` and
    ``joker_penalty``, as the game's options say."""

    def __init__(self, seed: int | None = None, same_suit_groups: bool = False, joker_penalty: int = 25) -> None:
        self._rng = random.Random(seed)
        self._same_suit, self._joker = same_suit_groups, joker_penalty

    def choose(self, obs: RaminoObservation, legal: Sequence[int]) -> int:
        closing = [a for a in legal if a == CLOSE_AT_ONCE or a >= CLOSE_BASE]
        if closing:
            return max(closing, key=lambda a: penalties(self._joker)[a - CLOSE_BASE] if a >= CLOSE_BASE else 0)
        if obs.phase == "draw":
            return TAKE if TAKE in legal and (DRAW not in legal or self._wants(obs.hand, obs.pile_top)) else DRAW
        return DISCARD_BASE + self._discard(list(obs.hand), [a - DISCARD_BASE for a in legal])

    def _cost(self, cards: list[int]) -> int:
        return loose_cost(cards, self._same_suit, self._joker)

    def _wants(self, hand: Sequence[int], card: int) -> bool:
        """Whether ``card`` lowers what the hand would pay, after the best discard."""
        with_it = [*hand, card]
        return self._best_after(with_it, [c for c in set(hand) if c != card])[0] < self._cost(list(hand)) - 1

    def _best_after(self, hand: list[int], choices: Sequence[int]) -> tuple[float, int]:
        best: tuple[float, int] | None = None
        for card in set(choices):
            rest = list(hand)
            rest.remove(card)
            value = (self._cost(rest) + (100 if card == JOKER else 0)
                     + _neighbours(rest, card) - penalties(self._joker)[card] / 100 + self._rng.random() / 1000)
            if best is None or value < best[0]:
                best = (value, card)
        assert best is not None
        return best

    def _discard(self, hand: list[int], choices: Sequence[int]) -> int:
        return self._best_after(hand, choices)[1]


def _neighbours(hand: Sequence[int], card: int) -> int:
    """Cards of ``hand`` that could meld with ``card``: same rank, or same suit and near."""
    if card == JOKER:
        return 0
    rank, suit = fr.rank(card), fr.suit(card)
    return sum(1 for other in hand if other != JOKER and (
        fr.rank(other) == rank and fr.suit(other) != suit
        or fr.suit(other) == suit and 0 < abs(fr.rank(other) - rank) <= 2))
