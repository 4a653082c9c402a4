"""The Petrangola game: options in, states out."""

from __future__ import annotations

from typing import Any

from tavolo.cards.decks import italian_deck
from tavolo.engine.faces import Faces
from tavolo.engine.game import ZERO_SUM, Utility
from tavolo.games.parlour.game import ParlourGame
from tavolo.games.petrangola import hidden, words
from tavolo.games.petrangola.rules import PetrangolaOptions
from tavolo.games.petrangola.state import DEAL, NUM_ACTIONS, OVER, PetrangolaState, state_from_json


class PetrangolaGame(ParlourGame):
    """Petrangola for 2 to 12 players with the 40-card Italian pack.

    >>> PetrangolaGame(PetrangolaOptions(players=7)).num_players
    7
    """

    name = "petrangola"
    words_deck = "italian"
    state_type = PetrangolaState
    options_type = PetrangolaOptions
    faces = Faces(action_words=words.action_words)
    deck = italian_deck()
    num_actions = NUM_ACTIONS
    load = staticmethod(state_from_json)
    sample = staticmethod(hidden.sample_hidden_state)

    def utility(self) -> Utility:
        """Zero-sum: the tokens each seat won or lost, the table's to the last one left."""
        return ZERO_SUM

    def position_value(self, state: PetrangolaState) -> list[float] | None:
        """A search cuts its play-out at the hand's end (a token paid, the next deal due) or the
        game's: each seat's tokens won or lost so far (the table's still to be won by the last one
        left)."""
        return state.returns() if state._phase in (DEAL, OVER) else None


def make_game(**options: Any) -> PetrangolaGame:
    """A Petrangola game: ``players`` (2-12), ``tokens`` (3), ``max_rounds`` (5) as keywords."""
    return PetrangolaGame(PetrangolaOptions(**options))


def game_from_options_json(data: dict[str, Any]) -> PetrangolaGame:
    return PetrangolaGame(PetrangolaOptions(**data))
