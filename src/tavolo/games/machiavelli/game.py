"""The Machiavelli game: options in, states out."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from tavolo.cards.decks import french_deck
from tavolo.engine.faces import Faces
from tavolo.engine.game import CardGame
from tavolo.games.machiavelli import explain, hidden, notation, serial, words
from tavolo.games.machiavelli.actions import NUM_ACTIONS
from tavolo.games.machiavelli.rules import MachiavelliOptions
from tavolo.games.machiavelli.state import MachiavelliState


class MachiavelliGame(CardGame):
    """Machiavelli: two French decks without jokers ("eliminando i jolly").

    >>> len(MachiavelliGame().deck)
    104
    """

    name = "machiavelli"
    words_deck = "french"
    state_type = MachiavelliState
    options_type = MachiavelliOptions
    faces = Faces(action_text=notation.action_text, parse_action=notation.parse_action, to_json=serial.state_to_json,
                  action_words=words.action_words, parse_move=notation.parse_move, explain_illegal=explain.explain_illegal)

    @cached_property
    def deck(self) -> tuple[int, ...]:
        return french_deck(decks=2, jokers_per_deck=0)

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def state_from_json(self, data: dict[str, Any]) -> MachiavelliState:
        return serial.state_from_json(self, data)

    def sample_hidden_state(self, observation, rng) -> MachiavelliState:
        """A full state consistent with what ``observation``'s seat knows."""
        return hidden.sample_hidden_state(self, observation, rng)


def make_game(**options: Any) -> MachiavelliGame:
    """A Machiavelli game with its options (see :class:`MachiavelliOptions`) as keywords."""
    return MachiavelliGame(MachiavelliOptions(**options))


def game_from_options_json(data: dict[str, Any]) -> MachiavelliGame:
    return MachiavelliGame(MachiavelliOptions(**data))
