"""Machiavelli's options: the seed's game (``raccolta-regole-giochi-di-carte.txt``,
"Machiavelli") and the table sizes it allows.

    >>> MachiavelliOptions(players=4).hand_size, MachiavelliOptions(players=7).hand_size
    (13, 8)
    >>> MachiavelliOptions(players=6, hand_size=13)
    Traceback (most recent call last):
    ...
    ValueError: 13 cards each are dealt to 2 to 5 players; with 6 deal 8 (hand_size=8)
"""

from __future__ import annotations

from dataclasses import dataclass

from tavolo.engine.errors import Text

HAND_SIZES = (13, 8)
MAX_PLAYERS = 10
"""Eight cards each (seed: "abbassare il numero di carte per giocatore a otto") leave a
stock of 24 at ten players; DECISIONS.md."""


@dataclass(frozen=True)
class MachiavelliOptions:
    """Everything that makes one Machiavelli game differ from another.

    ``players``: 2 to 5 with 13 cards each, up to 10 with 8 ("se i giocatori
    sono in eccesso ... a otto"); ``hand_size``: 0 picks it by the table size;
    ``hands``: how many hands the match lasts (0: one dealt by each player),
    the highest total winning.
    """

    players: int = 4
    hand_size: int = 0
    hands: int = 0

    def __post_init__(self) -> None:
        if self.players not in range(2, MAX_PLAYERS + 1):
            raise ValueError(Text("Machiavelli is played by 2 to {max_players} players, not {players}",
                                  max_players=MAX_PLAYERS, players=self.players))
        if not self.hand_size:
            object.__setattr__(self, "hand_size", 13 if self.players <= 5 else 8)
        if self.hand_size not in HAND_SIZES:
            raise ValueError(Text("{hand_size} cards each: choose 13 or 8", hand_size=self.hand_size))
        if self.hand_size == 13 and self.players > 5:
            raise ValueError(Text("13 cards each are dealt to 2 to 5 players; with {players} deal 8 (hand_size=8)",
                                  players=self.players))
        if not self.hands:
            object.__setattr__(self, "hands", self.players)
        if self.hands < 1:
            raise ValueError(Text("a match of {hands} hands: play at least one", hands=self.hands))
