"""The Tarocchi game: options in, states out."""

from __future__ import annotations

from typing import Any

from tavolo.cards.decks import tarocchi_deck
from tavolo.engine.faces import Faces
from tavolo.engine.game import GENERAL_SUM, Utility, constant_sum
from tavolo.games.tarocchi import words
from tavolo.games.tarocchi.rules import TarocchiOptions
from tavolo.games.tarocchi.state import NUM_ACTIONS, TarocchiState
from tavolo.games.trick_taking.anydeck import DeckTrickGame


class TarocchiGame(DeckTrickGame):
    """Tarocchi for 3 players, or 4 in partnerships.

    >>> TarocchiGame(TarocchiOptions(players=4)).options.discards
    2
    """

    name = "tarocchi"
    words_deck = "tarot"
    state_type = TarocchiState
    options_type = TarocchiOptions
    num_actions = NUM_ACTIONS
    faces = Faces(action_words=words.action_words, public_action_words=words.public_action_words)
    deck = tarocchi_deck()

    def utility(self) -> Utility:
        """Without the accuso: constant-sum, every hand counts the pack's 77 among the sides, to each
        seat of a side (one at three, two at four); with it: general-sum."""
        if self._options.accuso:
            return GENERAL_SUM
        seats_per_side = 2 if self._options.players == 4 else 1
        return constant_sum(77 * self._options.hands * seats_per_side)


def make_game(**options: Any) -> TarocchiGame:
    """A Tarocchi game: ``players`` (3, 4), ``hands`` (a multiple of the players), ``accuso`` (bool)."""
    return TarocchiGame(TarocchiOptions(**options))


def game_from_options_json(data: dict[str, Any]) -> TarocchiGame:
    return TarocchiGame(TarocchiOptions(**data))
