"""Peppa's options: one frozen object per game.

    >>> PeppaOptions().target, PeppaOptions(rules="hearts").players
    (100, 4)
    >>> PeppaOptions(players=5)
    Traceback (most recent call last):
    ...
    ValueError: Peppa is played by 4 or 6 players, not 5
"""

from __future__ import annotations

from dataclasses import dataclass

from tavolo.engine.errors import Text

RULE_SETS = ("peppa", "hearts")
TARGETS = (100, 50, None)


@dataclass(frozen=True)
class PeppaOptions:
    """``rules``: ``"peppa"`` as the seed tells it (raccolta, "Peppa-Chat
    noir-Hearts": 49 cards, pairs discarded, one round of drawing, Peppa 13 and
    hearts by rank, 36 to the others for taking them all) or ``"hearts"``, the
    classic rules the seed says the game is known by abroad (52 cards, three
    cards passed, the 2 of clubs leads, hearts broken, 26 points, shooting the
    moon). ``players``: 4, or 6 for Peppa ("si può anche in sei").
    ``target``: the match ends when a player passes 100 (seed, "Punteggio":
    he and the next in the standings lose, the two lowest win), or is won by
    the first to pass 50 game points (seed, "Regole": "Vince chi per primo
    supera i 50 punti di gioco. Ciascuno degli altri paga la differenza di
    punteggio"; not with Hearts), or ``None`` for a single hand. The game
    points of the match to 50 are the tricks made less the points taken
    ("Scopo": "fare il maggior numero possibile di prese accumulando il minor
    numero di punti negativi"; the tricks kept apart, "mazzetti separati per
    presa", are counted): the seed gives a trick no value, so it is worth
    :data:`~tavolo.games.peppa.cards.TRICK_POINTS`, as in Peppa scivolosa,
    the game those sentences come from."""

    rules: str = "peppa"
    players: int = 4
    target: int | None = 100

    def __post_init__(self) -> None:
        if self.rules not in RULE_SETS:
            raise ValueError(Text("rules {rules}: choose 'peppa' or 'hearts'", rules=repr(self.rules)))
        if self.rules == "peppa" and self.players not in (4, 6):
            raise ValueError(Text("Peppa is played by 4 or 6 players, not {players}", players=self.players))
        if self.rules == "hearts" and self.players != 4:
            raise ValueError(Text("Hearts is played by 4 players, not {players}", players=self.players))
        if self.target not in TARGETS or (self.rules == "hearts" and self.target == 50):
            if self.rules == "peppa":
                raise ValueError(Text("a match is to 100 or 50 points, or target=None for one hand, not {target}",
                                      target=self.target))
            raise ValueError(Text("a match is to 100 points, or target=None for one hand, not {target}",
                                  target=self.target))

    @property
    def hearts(self) -> bool:
        return self.rules == "hearts"

    @property
    def counts_tricks(self) -> bool:
        """The match to 50: tricks score, the points taken are subtracted, the highest wins."""
        return self.target == 50
