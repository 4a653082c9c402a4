"""Perlina's options and the rules a move can break, citing the seed (``raccolta`` is
``raccolta-regole-giochi-di-carte.txt``, section "Perlina").

    >>> PerlinaOptions(players=10)
    Traceback (most recent call last):
    ...
    ValueError: Perlina with one deck is played by 2 to 9 players, not 10
"""

from __future__ import annotations

from dataclasses import dataclass

from tavolo.engine.errors import Rule, Text
from tavolo.games.parlour.state import ParlourRules

SEED = "raccolta, Perlina"
DECKS = ("french", "italian")


@dataclass(frozen=True)
class PerlinaOptions:
    """``players``: 2 to 9 ("nel caso si usi un singolo mazzo non si dovrebbe superare il
    limite di 9"); ``deck``: ``french`` (52 cards, the seed's "Mazzo") or ``italian`` (40);
    ``tokens``: each player's purse at the start; ``stake``: the ante (puntata iniziale)
    everyone pays into the pot each hand, and the price of a change; ``hands``: hands
    played, and more while the pot is left unassigned by a tie (at most twice as many)."""

    players: int = 5
    deck: str = "french"
    tokens: int = 40
    stake: int = 1
    hands: int = 10

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 9:
            raise ValueError(Text("Perlina with one deck is played by 2 to 9 players, not {players}",
                                  players=self.players))
        if self.deck not in DECKS:
            raise ValueError(Text("the deck is 'french' (52 cards) or 'italian' (40), not {deck}",
                                  deck=repr(self.deck)))
        if not 1 <= self.stake <= self.tokens // 4:
            raise ValueError(Text("the stake is 1 to a quarter of the tokens ({tokens}), not {stake}",
                                  tokens=self.tokens, stake=self.stake))
        if not 1 <= self.hands <= 200:
            raise ValueError(Text("a game is 1 to 200 hands, not {hands}", hands=self.hands))


RULES = ParlourRules.for_game(SEED)
PAY = Rule("pay-to-draw", Text("a change costs the stake again, an extra card twice the stake"),
           f"{SEED}, Giocata: «ripagando la puntata iniziale», «il pagamento del doppio»")
BET_LIMIT = Rule("bet-limit", Text("a bet is never above the pot, nor above what the player holds"),
                 f"{SEED}, Giocata: «la puntata, che non potrà mai essere superiore al piatto»")
OWN_CARD = Rule("own-card", Text("a player changes or drops a card of his own hand"), f"{SEED}, Giocata")
