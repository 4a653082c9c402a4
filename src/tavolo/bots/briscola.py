"""A simple Briscola player: a beginner's habits, quick to compute.

Leading, it plays its cheapest card that is not a trump (a liscio). Following,
it takes a trick worth taking with the cheapest card that wins, keeping its
trumps (briscole) for tricks with a carico (an ace or a three) on them; when
its partner is winning and it plays last it adds points (carica); otherwise it
gives away a liscio.

    >>> from tavolo.engine.play import play
    >>> from tavolo.games.briscola import make_game
    >>> sorted(play(make_game(players=2), [SimpleBriscolaBot(1), SimpleBriscolaBot(2)], seed=4).result)
    [0.0, 1.0]
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tavolo.bots.tricks import beats, last_to_play, partner_winning, trump_suit, winning
from tavolo.games.briscola.cards import POINTS, STRENGTH, is_carico
from tavolo.games.trick_taking.observation import TrickObservation


class SimpleBriscolaBot:
    """Briscola by simple rules; ``seed`` breaks ties reproducibly."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, obs: TrickObservation, legal: Sequence[int]) -> int:
        trump = trump_suit(obs)
        if not obs.trick:
            return min(legal, key=lambda c: self._cost(c, trump))
        if partner_winning(obs, STRENGTH):
            if last_to_play(obs):
                return max(legal, key=lambda c: (c // 10 != trump, POINTS[c], -STRENGTH[c]))
            return min(legal, key=lambda c: self._cost(c, trump))
        _, best = winning(obs, STRENGTH)
        on_table = sum(POINTS[c] for c in obs.trick)
        winners = [c for c in legal if beats(c, best, STRENGTH, trump)]
        carico = any(is_carico(c) for c in obs.trick)
        worth = [c for c in winners if c // 10 != trump or carico]
        if worth and (on_table or any(POINTS[c] for c in worth)):
            return min(worth, key=lambda c: (c // 10 == trump, -POINTS[c] if c // 10 != trump else STRENGTH[c]))
        return min(legal, key=lambda c: self._cost(c, trump))

    def _cost(self, card: int, trump: int) -> tuple:
        """How much giving the card away costs: trumps dearest, then points, then strength."""
        return (card // 10 == trump, POINTS[card], STRENGTH[card], self._rng.random())
