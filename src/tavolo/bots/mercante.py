"""A Mercante in fiera player that bids and trades by what a card can win (raccolta, Mercante
in fiera: the auction, "compravendita delle carte rimaste tra i giocatori").

Every figure still covered in the red deck is as likely as any other to lie under a prize, so
one live card is worth its expected prize (il premio atteso): once the prizes are set, the
prizes still to pay over the red cards still covered; at the auction, the pot the 40 figures
will share once the lots still on sale fetch what a card is worth, ``pot / (40 - lots left)``.

At the auction the tokens a seat pays go into that pot, and ``held + 1`` of the 40 shares come
back to it with the lot, so a lot is worth ``40 / (39 - held)`` card values to a seat that
holds ``held`` cards: the more a seat holds, the more a lot is worth to it. The bot raises by
one when asked while the price is within ``appetite`` times that worth (the seed's aim is "il
premio vincente più alto": an appetite above 1 is a lottery player's taste for the prizes).

Offers, once the red deck is turned, are weighed by the tokens each seat holds: a card is a
lottery of the prizes still to pay, and a token counts more to a seat that has few
(the logarithm of the purse), so a poor seat sells its card for less than a rich one would
pay. The bot sells when offered more than its card is worth to it, and offers the cheapest
price the holder, weighing it the same way, would take, when buying at that price is worth it, so
its offers to its like are taken, not refused one after another. Only at a table that bid
recklessly (more than half its tokens in the prizes) does it also try, once for each figure, a
bargain a careless holder may take. It reads only its seat's observation: the red cards still
covered are a set, never an order.

    >>> from tavolo.engine.play import play
    >>> from tavolo.games.mercante import make_game
    >>> bots = [ValueMercanteBot(s) for s in range(8)]
    >>> sum(a.startswith("bid") for a in play(make_game(players=8), bots, seed=3).actions) >= 16
    True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from tavolo.games.mercante.figures import NUM_FIGURES
from tavolo.games.mercante.observation import MercanteObservation
from tavolo.games.mercante.state import ACCEPT, OFFER_FIRST, PASS, PRICES, RAISES, REFUSE

APPETITE = 2.0
"""How many times a lot's expected worth the bot bids up to (1: no more than it is worth)."""
BARGAIN = 0.75
"""The share of a card's expected prize below which the bot tries an offer its holder may refuse."""


def card_worth(obs: MercanteObservation) -> float:
    """The expected prize (premio atteso) of one live figure, from what the seat sees."""
    if not obs.prizes:
        return obs.pot / max(1, NUM_FIGURES - len(obs.lots))
    return sum(unpaid(obs)) / max(1, obs.unturned)


def unpaid(obs: MercanteObservation) -> tuple[int, ...]:
    """The prizes still to pay, lowest first (they are turned in that order)."""
    return obs.prizes[len(obs.won):]


def lot_worth(obs: MercanteObservation) -> float:
    """What the lot on sale is worth to the seat: a card's expected prize, and back the share of
    the price that its ``held + 1`` cards will take of the pot."""
    return card_worth(obs) * NUM_FIGURES / max(1, NUM_FIGURES - 1 - len(obs.hand))


def reckless(obs: MercanteObservation) -> bool:
    """Whether the table bid recklessly: the prizes hold more than half of all its tokens (a fair lot
    fetches about a card's share of the pot, and the pot stays a small part of the purses)."""
    table = sum(obs.tokens) + obs.house + sum(unpaid(obs))
    return 2 * sum(obs.prizes) > table


@lru_cache(maxsize=4096)
def outcomes(prizes: tuple[int, ...], covered: int, cards: int) -> tuple[tuple[float, int], ...]:
    """What a seat holding ``cards`` live cards may win, with its chances, while ``prizes`` are still
    to pay and ``covered`` red cards still covered: the prize figures are any of those, all alike,
    so each set of prizes falls on its cards as often as its cards hold that many prize figures
    and the rest blanks."""
    ways = math.comb(covered, cards)
    return tuple((math.comb(covered - len(prizes), cards - len(won)) / ways, sum(won))
                 for size in range(min(cards, len(prizes)) + 1) for won in combinations(prizes, size))


def utility(purse: int, obs: MercanteObservation, cards: int) -> float:
    """The expected log-purse (a token counts more to a seat that has few) of a seat holding
    ``purse`` tokens and ``cards`` live cards once the prizes are paid."""
    return sum(chance * math.log1p(purse + won) for chance, won in outcomes(unpaid(obs), obs.unturned, cards))


def sells_for(price: int, seat: int, obs: MercanteObservation) -> bool:
    """Whether ``seat`` is better off selling one of its live cards at ``price``."""
    purse, cards = obs.tokens[seat], len(obs.held[seat])
    return utility(purse + price, obs, cards - 1) > utility(purse, obs, cards)


def buys_for(price: int, seat: int, obs: MercanteObservation) -> bool:
    """Whether ``seat`` is better off buying one more live card at ``price``."""
    purse, cards = obs.tokens[seat], len(obs.held[seat])
    return price <= purse and utility(purse - price, obs, cards + 1) > utility(purse, obs, cards)


class ValueMercanteBot:
    """Bids, buys and sells by what a card can win; ``seed`` picks among equal offers reproducibly."""

    def __init__(self, seed: int | None = None, appetite: float = APPETITE) -> None:
        self._rng = random.Random(seed)
        self._appetite = appetite

    def choose(self, obs: MercanteObservation, legal: Sequence[int]) -> int:
        if ACCEPT in legal:
            return ACCEPT if sells_for(obs.offer[2], obs.seat, obs) else REFUSE
        if obs.auction is not None:
            return self._bid(obs, legal)
        return self._offer(obs, legal)

    def _bid(self, obs: MercanteObservation, legal: Sequence[int]) -> int:
        """Raise by one while the price is within the appetite for the lot's worth; never over its own bid."""
        lot = obs.auction
        if lot.leader == obs.seat or 0 not in legal:
            return PASS
        return 0 if lot.bid_for(RAISES[0]) <= self._appetite * lot_worth(obs) else PASS

    def _offer(self, obs: MercanteObservation, legal: Sequence[int]) -> int:
        """The cheapest offer its holder would take and the bot is better off paying, any figure alike;
        else, at a reckless table, once for a figure, a bargain the holder may take: the dearest price
        below ``BARGAIN`` of the card's expected prize."""
        holders = {f: seat for seat, held in enumerate(obs.held) for f in held}
        offers = [a for a in legal if a >= OFFER_FIRST]
        buys = {price: buys_for(price, obs.seat, obs) for price in {price_of(a) for a in offers}}
        worth = [a for a in offers if buys[price_of(a)]]
        asked = {(price_of(a), holders[figure_of(a)]) for a in worth}
        sells = {key for key in asked if sells_for(*key, obs)}
        fair = [a for a in worth if (price_of(a), holders[figure_of(a)]) in sells]
        if fair:
            return self._pick(fair, min(price_of(a) for a in fair))
        if not reckless(obs):
            return PASS
        tried = {figure for buyer, figure, _ in obs.refused if buyer == obs.seat}
        bargains = [a for a in worth if price_of(a) < BARGAIN * card_worth(obs) and figure_of(a) not in tried]
        return self._pick(bargains, max(price_of(a) for a in bargains)) if bargains else PASS

    def _pick(self, offers: list[int], price: int) -> int:
        """One of ``offers`` at ``price``, any figure alike."""
        return self._rng.choice([a for a in offers if price_of(a) == price])


def price_of(action: int) -> int:
    """The price an offer action names."""
    return PRICES[(action - OFFER_FIRST) % len(PRICES)]


def figure_of(action: int) -> int:
    """The figure an offer action names."""
    return (action - OFFER_FIRST) // len(PRICES)
