"""A simple Tarocchi player: a beginner's habits, quick to compute.

Dealing, it discards the cards that count most (they are his at the end),
of those the table lets it discard. Leading, it plays its cheapest scartina, trumps
last. Following, it takes a trick with points in it with its cheapest card that
wins (the Bagatto only when it wins); when its partner is winning (four
players) and it plays last it adds points; otherwise it answers with its
cheapest card. It saves its points with the Matto when it would have to give
points to a trick it cannot win.

    >>> from tavolo.engine.play import play
    >>> from tavolo.games.tarocchi import make_game
    >>> len(play(make_game(), [SimpleTarocchiBot(s) for s in range(3)], seed=1).result)
    3
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tavolo.cards import tarocchi as ta
from tavolo.games.tarocchi.cards import BAGATTO, POINTS, STRENGTH, SUIT_OF, TRUMPS, trick_winner
from tavolo.games.trick_taking.anydeck import DeckObservation


class SimpleTarocchiBot:
    """Tarocchi by simple rules; ``seed`` breaks ties reproducibly."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, obs: DeckObservation, legal: Sequence[int]) -> int:
        if obs.phase == "discard":
            return max(legal, key=lambda c: (POINTS[c], -STRENGTH[c], self._rng.random()))
        cards = [c for c in legal if c != ta.MATTO] or list(legal)
        if not obs.trick:
            return min(cards, key=self._cost)
        played = [c for _, c in obs.trick]
        winner_seat = obs.trick[trick_winner(played)][0] if any(c != ta.MATTO for c in played) else -1
        mates = obs.sides[obs.my_side]
        last = len(obs.trick) == obs.players - 1
        if winner_seat in mates and winner_seat != obs.seat:
            if last:
                return max(cards, key=lambda c: (POINTS[c], -self._cost(c)[0]))
            return min(cards, key=self._cost)
        winning = [c for c in cards if trick_winner([*played, c]) == len(played)]
        on_table = sum(POINTS[c] for c in played)
        if winning and (on_table or last or any(POINTS[c] for c in winning)):
            return min(winning, key=lambda c: (STRENGTH[c] if SUIT_OF[c] == TRUMPS else 0, -POINTS[c] * last))
        losing = min(cards, key=self._cost)
        if ta.MATTO in legal and POINTS[losing] >= 3:
            return ta.MATTO
        return losing

    def _cost(self, card: int) -> tuple:
        """How dear a card is to give away: trumps (the Bagatto dearest), then points, then strength."""
        return (SUIT_OF[card] == TRUMPS, card == BAGATTO, POINTS[card], STRENGTH[card], self._rng.random())
