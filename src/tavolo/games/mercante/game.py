"""The Mercante in fiera game: options in, states out."""

from __future__ import annotations

from typing import Any

from tavolo.engine.faces import Faces
from tavolo.engine.game import GENERAL_SUM, ZERO_SUM, Utility
from tavolo.games.parlour.game import ParlourGame
from tavolo.games.mercante import figures, hidden, words
from tavolo.games.mercante.rules import MercanteOptions
from tavolo.games.mercante.state import NUM_ACTIONS, MercanteState, state_from_json


class MercanteGame(ParlourGame):
    """Mercante in fiera for 2 to 24 players, the house as mercante, two decks of 40 figures.

    >>> len(MercanteGame(MercanteOptions(players=8)).deck)
    80
    """

    name = "mercante"
    state_type = MercanteState
    options_type = MercanteOptions
    faces = Faces(action_words=words.action_words)
    deck = figures.deck()
    card_name = staticmethod(figures.name)
    """How its JSON names a card (its figure, either deck): for :mod:`tavolo.rl.observation`."""
    num_actions = NUM_ACTIONS
    load = staticmethod(state_from_json)
    sample = staticmethod(hidden.sample_hidden_state)

    def utility(self) -> Utility:
        """The tokens each seat won or lost: zero-sum with a player as mercante (he keeps the lots
        nobody buys and their prizes); general-sum with the house, which keeps them off the table."""
        return ZERO_SUM if self._options.mercante == "player" else GENERAL_SUM


def make_game(**options: Any) -> MercanteGame:
    """A game of Mercante in fiera: ``players``, ``tokens``, ``stake``, ``cards_each``, ``prizes``,
    ``opening`` and ``trading`` as keywords."""
    return MercanteGame(MercanteOptions(**options))


def game_from_options_json(data: dict[str, Any]) -> MercanteGame:
    return MercanteGame(MercanteOptions(**data))
