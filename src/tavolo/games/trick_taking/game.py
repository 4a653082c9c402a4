"""What every trick-taking game is as a :class:`~tavolo.engine.game.Game`:
states saved and loaded by :mod:`~tavolo.games.trick_taking.serial`, hidden
cards dealt by :mod:`~tavolo.games.trick_taking.hidden`."""

from __future__ import annotations

from typing import Any, ClassVar

from tavolo.engine.faces import Faces
from tavolo.engine.game import CardGame
from tavolo.games.trick_taking import hidden, notation, serial, words
from tavolo.games.trick_taking.state import TrickState


class TrickGame(CardGame):
    """A trick-taking game; subclasses name it and set ``state_type``,
    ``options_type``, ``deck`` and ``num_actions``."""

    num_actions: ClassVar[int]
    words_deck = "italian"
    faces = Faces(action_text=notation.action_text, parse_action=notation.parse_action, to_json=serial.state_to_json,
                  action_words=words.trick_action_words)

    def num_distinct_actions(self) -> int:
        return self.num_actions

    def state_from_json(self, data: dict[str, Any]) -> TrickState:
        return serial.state_from_json(self, data)

    def sample_hidden_state(self, observation, rng) -> TrickState:
        return hidden.sample_hidden_state(self, observation, rng)
