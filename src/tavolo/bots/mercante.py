"""A Mercante in fiera player that bids and trades by expected value.

Every live figure is as likely as any other to be under a prize, so a card is
worth what is left of the prizes divided by the red cards still to turn (before
the prizes are set: the pot so far, shared as if every lot still on sale fetched
that much too, ``pot / (40 - lots left)``). The bot bids on a lot while the price
is below ``bid_share`` of that worth, offers for another player's card the
highest price below ``buy_share`` of it, and sells when offered more than it.

    >>> from tavolo.engine.play import play
    >>> from tavolo.games.mercante import make_game
    >>> game = make_game(players=4)
    >>> result = play(game, [ValueMercanteBot(s) for s in range(4)], seed=3).result
    >>> all(r >= -game.options.tokens for r in result)
    True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tavolo.games.mercante.figures import NUM_FIGURES
from tavolo.games.mercante.observation import MercanteObservation
from tavolo.games.mercante.state import ACCEPT, OFFER_FIRST, PASS, PRICES, RAISES, REFUSE


def card_worth(obs: MercanteObservation) -> float:
    """The expected prize of one live figure, from what the seat sees."""
    if obs.auction is not None or not obs.prizes:
        return obs.pot / max(1, NUM_FIGURES - len(obs.lots))
    left = sum(obs.prizes) - sum(p.value for p in obs.won)
    return left / max(1, obs.unturned)


class ValueMercanteBot:
    """Bids, buys and sells by a card's expected prize; ``seed`` breaks ties reproducibly."""

    def __init__(self, seed: int | None = None, bid_share: float = 0.9, buy_share: float = 0.75) -> None:
        self._rng = random.Random(seed)
        self._bid_share = bid_share
        self._buy_share = buy_share

    def choose(self, obs: MercanteObservation, legal: Sequence[int]) -> int:
        worth = card_worth(obs)
        if ACCEPT in legal:
            return ACCEPT if obs.offer[2] > worth else REFUSE
        if obs.auction is not None:
            lot = obs.auction
            if lot.leader == obs.seat or 0 not in legal:
                return PASS
            return 0 if lot.bid_for(RAISES[0]) <= self._bid_share * worth else PASS
        offers = [a for a in legal if a >= OFFER_FIRST and PRICES[(a - OFFER_FIRST) % len(PRICES)] <
                  self._buy_share * worth]
        if not offers:
            return PASS
        best = max(PRICES[(a - OFFER_FIRST) % len(PRICES)] for a in offers)
        return self._rng.choice([a for a in offers if PRICES[(a - OFFER_FIRST) % len(PRICES)] == best])
