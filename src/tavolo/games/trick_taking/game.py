"""What every trick-taking game is as a :class:`~tavolo.engine.game.Game`:
states saved and loaded by :mod:`~tavolo.games.trick_taking.serial`, hidden
cards dealt by :mod:`~tavolo.games.trick_taking.hidden`."""

from __future__ import annotations

from typing import Any, ClassVar

from tavolo.engine.faces import Faces
from tavolo.engine.game import CardGame
from tavolo.games.trick_taking import hidden, notation, serial, words
from tavolo.games.trick_taking.scoring import side_margins
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

    def position_value(self, state: TrickState) -> list[float] | None:
        """Search cuts its play-out once the round (smazzata) is scored: each seat's side's match
        score less the other sides' mean, and half the round's card points margin as a share of
        the deck's, which tells a wide round from a close one but never outweighs a round won."""
        if state.phase == "play":
            return None
        total = sum(state.points[c] for c in self.deck) + state.last_trick_bonus
        return side_margins([score + 0.5 * won / total for score, won in zip(state._scores, state._won)],
                            state._side_of)
