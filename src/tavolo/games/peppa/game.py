"""The Peppa game: options in, states out."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from tavolo.engine.faces import Faces
from tavolo.engine.game import GENERAL_SUM, ZERO_SUM, Utility, constant_sum
from tavolo.games.peppa import cards, words
from tavolo.games.peppa.rules import PeppaOptions
from tavolo.games.peppa.state import NUM_ACTIONS, PeppaState
from tavolo.games.trick_taking.anydeck import DeckTrickGame


class PeppaGame(DeckTrickGame):
    """Peppa (4 or 6 players) or, with ``rules="hearts"``, classic Hearts.

    >>> len(PeppaGame(PeppaOptions()).deck), len(PeppaGame(PeppaOptions(rules="hearts")).deck)
    (49, 52)
    """

    name = "peppa"
    words_deck = "french"
    state_type = PeppaState
    options_type = PeppaOptions
    num_actions = NUM_ACTIONS
    faces = Faces(action_words=words.action_words, public_action_words=words.public_action_words)

    @cached_property
    def deck(self) -> tuple[int, ...]:
        return cards.deck(self._options.rules)

    def utility(self) -> Utility:
        """A match of Peppa, to 100 (the two lowest +1, the two highest -1) or to 50 (each other pays
        the winner the difference): zero-sum; a match of Hearts (the lowest +1, ties sharing):
        constant-sum 1; a single hand (minus the points taken, the moon shot or not): general-sum."""
        if self._options.target is None:
            return GENERAL_SUM
        return constant_sum(1) if self._options.hearts else ZERO_SUM


def make_game(**options: Any) -> PeppaGame:
    """A Peppa game: ``rules`` ("peppa", "hearts"), ``players`` (4, 6), ``target`` (100, 50, None)."""
    return PeppaGame(PeppaOptions(**options))


def game_from_options_json(data: dict[str, Any]) -> PeppaGame:
    return PeppaGame(PeppaOptions(**data))
