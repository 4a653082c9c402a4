"""A simple Perlina player: it draws by the odds of the cards it has not seen and
bets on what it holds.

On its turn to draw it weighs standing, changing each card and taking an extra
card by the hand each leaves on average over the unseen cards (a Perlina or a
Tris are worth most, then a Punto, then one off; a far sum little), less what
the draw costs. To bet it deals the others' hands from the unseen cards a few
times: it bets when its hand wins most of those, and calls a bet when its share
of the pot pays for it (pot odds). As dealer it counts an ace in the middle 11.
After a tie it matches the bet to play on when the pot is worth more than the bet
times the players.

    >>> from tavolo.engine.play import play
    >>> from tavolo.games.perlina import make_game
    >>> result = play(make_game(players=3, hands=3), [SimplePerlinaBot(s) for s in range(3)], seed=2).result
    >>> sum(result)
    0.0
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from tavolo.games.perlina.observation import PerlinaObservation
from tavolo.games.perlina.ranking import NOTHING, PERLINA, PUNTO, SOPRA_SOTTO, TRIS, Key, hand_key, rank_function
from tavolo.games.perlina.state import (ACE_HIGH, BET_FIRST, BETS, CALL, CHANGE, CHECK, DROP_CARD, EXTRA, FOLD,
                                        MATCH, SIT_OUT, STAND)

WORTH = {PERLINA: 12.0, TRIS: 10.0, PUNTO: 7.0, SOPRA_SOTTO: 3.0}


def worth(key: Key) -> float:
    """What a hand is worth to this bot: its class, a little more for cards like the middle's."""
    kind, sub = key
    return WORTH[kind] + 0.3 * sub if kind != NOTHING else 0.2 * sub


class SimplePerlinaBot:
    """Perlina by simple odds; ``seed`` breaks ties reproducibly."""

    def __init__(self, seed: int | None = None, cost_weight: float = 0.5, samples: int = 40) -> None:
        self._rng = random.Random(seed)
        self._cost_weight = cost_weight
        self._samples = samples

    def choose(self, obs: PerlinaObservation, legal: Sequence[int]) -> int:
        if ACE_HIGH in legal:
            return ACE_HIGH
        if STAND in legal:
            return self._draw(obs, legal)
        if MATCH in legal:
            rivals = len(obs.dealt_in) - len(obs.sitting_out)
            return MATCH if obs.bet * max(rivals, 2) < obs.pot else SIT_OUT
        if DROP_CARD in legal:
            return max(legal, key=lambda a: self._key(obs, obs.hand[:a - DROP_CARD] + obs.hand[a - DROP_CARD + 1:]))
        return self._bet(obs, legal)

    def _draw(self, obs: PerlinaObservation, legal: Sequence[int]) -> int:
        unseen = self._unseen(obs)
        stake = self._cost_weight * obs.stake

        def value(action: int) -> float:
            if action == STAND:
                return worth(self._key(obs, obs.hand))
            if action == EXTRA:
                outcomes = [max(worth(self._key(obs, kept)) for kept in _threes(obs.hand + (c,))) for c in unseen]
                return sum(outcomes) / len(outcomes) - 2 * stake
            rest = obs.hand[:action - CHANGE] + obs.hand[action - CHANGE + 1:]
            return sum(worth(self._key(obs, rest + (c,))) for c in unseen) / len(unseen) - stake

        return max(legal, key=lambda a: (value(a), self._rng.random()))

    def _bet(self, obs: PerlinaObservation, legal: Sequence[int]) -> int:
        chance = self._chance_to_win(obs)
        if CHECK in legal:
            bets = [a for a in legal if a >= BET_FIRST and BETS[a - BET_FIRST] * 2 <= max(obs.pot, 2)]
            return bets[-1] if chance > 0.6 and bets else CHECK
        return CALL if CALL in legal and chance * (obs.pot + obs.bet) > obs.bet else FOLD

    def _chance_to_win(self, obs: PerlinaObservation) -> float:
        """How often the hand beats every other one still in, over hands dealt from the unseen cards."""
        mine = self._key(obs, obs.hand)
        rivals = len([s for s in obs.dealt_in if s not in obs.folded]) - 1
        unseen = self._unseen(obs)
        wins = 0
        for _ in range(self._samples):
            drawn = self._rng.sample(unseen, 3 * rivals)
            wins += all(mine > self._key(obs, drawn[3 * r:3 * r + 3]) for r in range(rivals))
        return wins / self._samples

    def _key(self, obs: PerlinaObservation, cards: Sequence[int]) -> Key:
        return hand_key(cards, obs.middle, obs.ace or 11, rank_function(obs.deck))

    @staticmethod
    def _unseen(obs: PerlinaObservation) -> list[int]:
        deck = range(52 if obs.deck == "french" else 40)
        seen = Counter(obs.hand + obs.middle + obs.my_dropped)
        return [c for c in deck if not seen[c]]


def _threes(cards: Sequence[int]) -> list[tuple[int, ...]]:
    return [tuple(c for j, c in enumerate(cards) if j != i) for i in range(len(cards))]
