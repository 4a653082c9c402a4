"""Tarocchi's options: one frozen object per game.

    >>> TarocchiOptions().hands, TarocchiOptions(players=4).hands
    (3, 4)
    >>> TarocchiOptions(hands=4)
    Traceback (most recent call last):
    ...
    ValueError: a match is a multiple of 3 hands, so that everyone deals as often, not 4
"""

from __future__ import annotations

from dataclasses import dataclass

from tavolo.engine.errors import Text


@dataclass(frozen=True)
class TarocchiOptions:
    """``players``: 3, each for himself (the seed's game), or 4 in two
    partnerships of facing players (raccolta, "Gioco dei tarocchi": "La
    variante con quattro giocatori"); ``hands``: the match, a multiple of the
    players so that everyone deals ("almeno tre mani, in quanto tutti hanno il
    diritto di fare il banco"), by default one hand each; ``accuso``: points
    for ten trumps or more, or two or three honours, at the start of a hand
    (the seed names the accuso and gives no values: ours, see
    :mod:`tavolo.games.tarocchi.state`); ``discard_kings``: whether the dealer
    may put kings in his discard. The seed forbids nothing there and speaks of
    "Le figure che eventualmente fossero state messe dal banco negli scarti",
    so figures, kings among them, may be discarded (default); many tables play
    the stricter rule, no king (``False``). Trumps and the Matto stay in hand
    either way: the seed names only figures as cards found in the discard."""

    players: int = 3
    hands: int = 0
    accuso: bool = False
    discard_kings: bool = True

    def __post_init__(self) -> None:
        if self.players not in (3, 4):
            raise ValueError(Text("Tarocchi is played by 3 players, or 4 in partnerships, not {players}",
                                  players=self.players))
        if self.hands == 0:
            object.__setattr__(self, "hands", self.players)
        if self.hands <= 0 or self.hands % self.players:
            raise ValueError(Text("a match is a multiple of {players} hands, so that everyone deals as often, "
                                  "not {hands}",
                                  players=self.players, hands=self.hands))

    @property
    def hand_size(self) -> int:
        """25 cards each at three (dealt in fives), 19 at four."""
        return 25 if self.players == 3 else 19

    @property
    def discards(self) -> int:
        """The cards left after the deal, which the dealer takes and then discards."""
        return 78 - self.players * self.hand_size
