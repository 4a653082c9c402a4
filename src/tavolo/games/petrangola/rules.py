"""Petrangola's options and the rules a move can break, citing the seed
(``raccolta`` is ``raccolta-regole-giochi-di-carte.txt``, section "Petrangola").

    >>> PetrangolaOptions(players=13)
    Traceback (most recent call last):
    ...
    ValueError: Petrangola is played by 2 to 12 players, not 13
"""

from __future__ import annotations

from dataclasses import dataclass

from tavolo.engine.errors import Rule, Text
from tavolo.games.parlour.state import ParlourRules

SEED = "raccolta, Petrangola"


@dataclass(frozen=True)
class PetrangolaOptions:
    """``players``: 2 to 12 ("fino a 12 ... ideale ... 6 o 7"); ``tokens``: the
    puglia, three tokens each; ``max_rounds``: full rounds of the table the monte
    may travel before the comparison is called anyway: Tavolo's own limit (the seed
    sets none, "anche per più giri completi del tavolo"; a limit keeps every hand
    finite, DECISIONS.md)."""

    players: int = 6
    tokens: int = 3
    max_rounds: int = 5

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 12:
            raise ValueError(Text("Petrangola is played by 2 to 12 players, not {players}", players=self.players))
        if not 1 <= self.tokens <= 20:
            raise ValueError(Text("a puglia holds 1 to 20 tokens, not {tokens}", tokens=self.tokens))
        if not 1 <= self.max_rounds <= 50:
            raise ValueError(Text("the monte may travel 1 to 50 rounds, not {max_rounds}", max_rounds=self.max_rounds))


RULES = ParlourRules.for_game(SEED)
DEALER_CHOOSES = Rule("dealer-chooses", Text("the dealer first looks at the monte and keeps it or refuses it"),
                      f"{SEED}, Regole del gioco: «Senza prendere visione delle sue carte prende le tre superiori»")
TRADE_OWN = Rule("trade-own", Text("a player trades cards of his own hand for as many of the three face up"),
                 f"{SEED}, Regole del gioco: «scambiandone una o due o tutte e tre rispettivamente con una, "
                 "due o tre delle carte ricevute»")
