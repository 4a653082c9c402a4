"""Mercante in fiera's moves in the players' words (the ``moves`` catalog): at the auction a
player "offre 3 gettoni" (the price he bids, not the raise) or "passa"; while the red deck is
turned he "offre 5 gettoni per il gallo" to its holder, who "accetta" or "rifiuta"
(raccolta, Mercante in fiera, "Regole"). Everything is face up: the words hide nothing.

    >>> import random
    >>> from tavolo.games.mercante import make_game
    >>> from tavolo.i18n.moves import say
    >>> state = make_game(players=8).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(1)))
    >>> [say(state.action_words(a).to_json(), "it") for a in state.legal_actions()[:3]]
    ['passa', 'offre 1 gettone', 'offre 2 gettoni']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tavolo.engine.words import Words

if TYPE_CHECKING:
    from tavolo.games.mercante.state import MercanteState


def action_words(state: MercanteState, action: int) -> Words:
    """``action`` by the seat to act, in words."""
    from tavolo.games.mercante import figures
    from tavolo.games.mercante import state as s

    if action < s.PASS:
        price = state._auction.bid_for(s.RAISES[action])
        return Words.of("bid 1 token" if price == 1 else "bid {price} tokens", price=price)
    if action == s.PASS:
        return Words.of("pass on the lot" if state._phase == s.AUCTION else "make no offer")
    if action >= s.ACCEPT:
        return Words.of("accept the offer" if action == s.ACCEPT else "refuse the offer")
    figure, price = divmod(action - s.OFFER_FIRST, len(s.PRICES))
    key = "offer {price} tokens for {figure}" if s.PRICES[price] > 1 else "offer 1 token for {figure}"
    return Words.of(key, price=s.PRICES[price], figure=Words.of(figures.FIGURES[figure]))
