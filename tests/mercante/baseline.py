"""The Mercante bot as it was before issue 40 (commit 1353337, src/tavolo/bots/mercante.py), kept as
the baseline the new bot is measured against (tests/mercante/measure.py), its card worth the same
expected prize the new bot reads. It bids while the price is below 0.9 of ``pot / (40 - lots
left)``, one token at eight players, so it never bids the opening price of 1; it offers below
0.75 of a card's expected prize and sells only above it, so no offer of its own is ever taken.

    >>> from tavolo.engine.play import play
    >>> from tavolo.games.mercante import make_game
    >>> record = play(make_game(players=8), [OldValueMercanteBot(s) for s in range(8)], seed=3)
    >>> any(a.startswith("bid") or a == "accept" for a in record.actions)
    False
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tavolo.bots.mercante import card_worth, price_of
from tavolo.games.mercante.observation import MercanteObservation
from tavolo.games.mercante.state import ACCEPT, OFFER_FIRST, PASS, RAISES, REFUSE


class OldValueMercanteBot:
    """Bids, buys and sells by a card's expected prize, as before issue 40."""

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
        offers = [a for a in legal if a >= OFFER_FIRST and price_of(a) < self._buy_share * worth]
        if not offers:
            return PASS
        best = max(price_of(a) for a in offers)
        return self._rng.choice([a for a in offers if price_of(a) == best])
