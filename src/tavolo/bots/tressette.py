"""A simple Tressette player: a beginner's habits, quick to compute.

It declares every accuso it may. Leading, it plays a card no one can beat (the
highest of its suit still out) if it has one, else a low card of its longest
suit. Following, it takes a trick with points in it with its cheapest winning
card, or gives its partner a point (the ace) when he is winning and it plays
last; otherwise it answers low. Without the suit led (a piombo) it throws its
least useful card.

    >>> from tavolo.engine.play import play
    >>> from tavolo.games.tressette import make_game
    >>> bots = [SimpleTressetteBot(s) for s in range(4)]
    >>> len(play(make_game(target=None), bots, seed=1).result)
    4
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tavolo.bots.tricks import beats, last_to_play, partner_winning, winning
from tavolo.games.trick_taking.observation import TrickObservation
from tavolo.games.trick_taking.tricks import NO_TRUMP, NUM_CARDS
from tavolo.games.tressette.cards import STRENGTH, THIRDS


class SimpleTressetteBot:
    """Tressette by simple rules; ``seed`` breaks ties reproducibly."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, obs: TrickObservation, legal: Sequence[int]) -> int:
        declarations = [a for a in legal if a >= NUM_CARDS]
        if declarations:
            return declarations[0]
        if not obs.trick:
            return self._lead(obs, legal)
        if partner_winning(obs, STRENGTH):
            if last_to_play(obs):
                return max(legal, key=lambda c: (THIRDS[c], -STRENGTH[c]))
            return min(legal, key=self._cost)
        _, best = winning(obs, STRENGTH)
        winners = [c for c in legal if beats(c, best, STRENGTH, NO_TRUMP)]
        on_table = sum(THIRDS[c] for c in obs.trick)
        if winners and (on_table or last_to_play(obs)):
            return min(winners, key=lambda c: STRENGTH[c])
        return min(legal, key=self._cost)

    def _lead(self, obs: TrickObservation, legal: Sequence[int]) -> int:
        out = set(obs.played_cards()) | set(obs.hand)
        masters = [c for c in legal if all(STRENGTH[o] < STRENGTH[c] for o in range(NUM_CARDS)
                                           if o // 10 == c // 10 and o not in out)]
        if masters:
            return max(masters, key=lambda c: THIRDS[c])
        length = {s: sum(1 for c in obs.hand if c // 10 == s) for s in range(4)}
        return min(legal, key=lambda c: (-length[c // 10], THIRDS[c], STRENGTH[c]))

    def _cost(self, card: int) -> tuple:
        return (THIRDS[card], STRENGTH[card], self._rng.random())
