"""Mercante in fiera's options and the rules a move can break, citing the seed
(``raccolta`` is ``raccolta-regole-giochi-di-carte.txt``, section "Mercante in fiera").

    >>> MercanteOptions(players=8).dealt_each, MercanteOptions(players=2).dealt_each
    (3, 12)
    >>> MercanteOptions(prizes=7)
    Traceback (most recent call last):
    ...
    ValueError: the mercante sets 3 to 6 prizes, not 7
"""

from __future__ import annotations

from dataclasses import dataclass

from tavolo.engine.errors import Rule, Text
from tavolo.games.parlour.state import ParlourRules

SEED = "raccolta, Mercante in fiera"
OFFER_TIMES = ("prizes", "every")
"""When a round of offers opens: before each prize card, or before every red card."""
KEPT_FOR_AUCTION = 16
"""Cards the mercante keeps at least, by the seed's example (eight players, three each, sixteen kept)."""


@dataclass(frozen=True)
class MercanteOptions:
    """``players``: 2 to 24 (the seed sets no number; one card each at least).
    ``mercante``: ``house`` (the mercante is the house, not a seat) or ``player`` (the
    last seat is the mercante, "Un giocatore si propone come mercante": he is dealt no
    cards and does not bid, keeps the lots nobody buys and the prizes on them, and
    trades like everyone). ``tokens``: each player's purse; ``stake``: the
    posta convenuta each pays the mercante; ``cards_each``: the cards dealt face up to
    each player, 0 for the seed's example (keep 16 for the auction: 24 // players);
    ``prizes``: 3 to 6; ``opening``: the price a lot is first called at; ``trading``:
    whether players may buy cards from each other while the red deck is turned; ``offers``: when
    a round of offers opens, ``prizes`` (before each prize card is turned, once the losing cards
    are out: Tavolo's default, see DECISIONS.md) or ``every`` (before every red card).
    An offer refused is not made again by the same buyer for the same card at the same price
    or lower (NO_REPEAT)."""

    players: int = 8
    tokens: int = 30
    stake: int = 3
    cards_each: int = 0
    prizes: int = 3
    opening: int = 1
    trading: bool = True
    mercante: str = "house"
    offers: str = "prizes"

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 24:
            raise ValueError(Text("Mercante in fiera is played here by 2 to 24 players, not {players}",
                                  players=self.players))
        if self.mercante not in ("house", "player"):
            raise ValueError(Text("the mercante is 'house' or 'player', not {mercante}", mercante=repr(self.mercante)))
        if self.offers not in OFFER_TIMES:
            raise ValueError(Text("offers open 'prizes' (before each prize card) or 'every' (before every red "
                                  "card), not {offers}", offers=repr(self.offers)))
        if self.mercante == "player" and self.players < 3:
            raise ValueError(Text("with a player as mercante, 3 players at least (two to bid)"))
        if not 3 <= self.prizes <= 6:
            raise ValueError(Text("the mercante sets 3 to 6 prizes, not {prizes}", prizes=self.prizes))
        if not 0 <= self.cards_each or self.cards_each * self.buyers > 40 - self.prizes:
            raise ValueError(Text("{cards_each} cards each for {players} players leave too few to auction",
                                  cards_each=self.cards_each, players=self.players))
        if not 1 <= self.stake <= self.tokens or not 1 <= self.opening <= self.tokens:
            raise ValueError(Text("the stake and the opening price are 1 to the tokens each player holds"))

    @property
    def buyers(self) -> int:
        """The players who are dealt cards and bid: all but a mercante who plays."""
        return self.players - (self.mercante == "player")

    @property
    def mercante_seat(self) -> int:
        """The mercante's seat, -1 for the house."""
        return self.players - 1 if self.mercante == "player" else -1

    @property
    def dealt_each(self) -> int:
        return self.cards_each or max(1, (40 - KEPT_FOR_AUCTION) // self.buyers)


RULES = ParlourRules.for_game(SEED)
AFFORD = Rule("afford", Text("a player bids or offers no more tokens than he holds"), f"{SEED}, Regole")
TRADE_LIVE = Rule("trade-live", Text("a card is bought from the player who holds it, while its figure is still "
                                     "alive"), f"{SEED}, Regole: «compravendita delle carte rimaste tra i giocatori»")
NO_REPEAT = Rule("no-repeat", Text("an offer refused is not made again for the same card at the same price or lower"),
                 f"{SEED}, Regole: «compravendita delle carte rimaste tra i giocatori» (Tavolo's reading)")
