"""A simple Petrangola player: it trades toward the best hand it can see and
knocks (bussa) when its hand is good enough to be safe.

The dealer keeps the monte when it is already a good hand. On its turn the bot
looks at every trade with the three face up and the hand each would leave it:
after someone has knocked it just takes the best of them (this is its last
turn); before, it knocks on a hand worth ``knock_at`` or a petrangola, and
otherwise makes the trade that leaves the best hand, even a bad one, since not
trading would be a knock ("chi ha cattivo gioco deve commerciare").

    >>> from tavolo.engine.play import play
    >>> from tavolo.games.petrangola import make_game
    >>> result = play(make_game(players=3), [SimplePetrangolaBot(s) for s in range(3)], seed=4).result
    >>> sorted(result)
    [-3.0, -3.0, 6.0]
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tavolo.games.petrangola.observation import PetrangolaObservation
from tavolo.games.petrangola.ranking import POINTS, hand_key
from tavolo.games.petrangola.state import KEEP, KNOCK, REFUSE


class SimplePetrangolaBot:
    """Petrangola by simple rules; ``seed`` breaks ties reproducibly."""

    def __init__(self, seed: int | None = None, knock_at: int = 26, keep_at: int = 21) -> None:
        self._rng = random.Random(seed)
        self._knock_at = (POINTS, knock_at)
        self._keep_at = (POINTS, keep_at)

    def choose(self, obs: PetrangolaObservation, legal: Sequence[int]) -> int:
        if KEEP in legal:
            return KEEP if hand_key(obs.monte_seen) >= self._keep_at else REFUSE
        now = hand_key(obs.hand)
        if obs.knocker < 0 and now >= self._knock_at:
            return KNOCK
        trades = [a for a in legal if a != KNOCK]
        best = max(trades, key=lambda a: (self._after(obs, a), -(a >> 3).bit_count(), self._rng.random()))
        if obs.knocker >= 0 and now >= self._after(obs, best):
            return KNOCK
        return best

    @staticmethod
    def _after(obs: PetrangolaObservation, action: int) -> tuple[int, int]:
        give, take = action >> 3, action & 7
        kept = [c for i, c in enumerate(obs.hand) if not give >> i & 1]
        return hand_key(kept + [c for i, c in enumerate(obs.monte) if take >> i & 1])
