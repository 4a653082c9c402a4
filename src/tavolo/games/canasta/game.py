"""The Canasta game: options in, states out."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from tavolo.cards.decks import french_deck
from tavolo.engine.faces import Faces
from tavolo.engine.game import CardGame
from tavolo.games.canasta import explain, hidden, notation, serial, words
from tavolo.games.canasta.actions import NUM_ACTIONS
from tavolo.games.canasta.rules import CanastaOptions
from tavolo.games.canasta.state import DEAL, OVER, CanastaState


class CanastaGame(CardGame):
    """Canasta with 162 cards: three French decks, each with its two jokers.

    >>> len(CanastaGame().deck)
    162
    """

    name = "canasta"
    words_deck = "french"
    state_type = CanastaState
    options_type = CanastaOptions
    faces = Faces(action_text=notation.action_text, parse_action=notation.parse_action, to_json=serial.state_to_json,
                  action_words=words.action_words, explain_illegal=explain.explain_illegal)

    @cached_property
    def deck(self) -> tuple[int, ...]:
        return french_deck(decks=3, jokers_per_deck=2)

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def state_from_json(self, data: dict[str, Any]) -> CanastaState:
        return serial.state_from_json(self, data)

    def sample_hidden_state(self, observation, rng) -> CanastaState:
        """A full state consistent with what ``observation``'s seat knows."""
        return hidden.sample_hidden_state(self, observation, rng)

    def position_value(self, state: CanastaState) -> list[float] | None:
        """A search cuts its play-out at the hand's end (or the match's): each seat's side's points
        so far less the other sides' mean, in the game's points."""
        if state._phase not in (DEAL, OVER):
            return None
        values = state.returns()
        sides = [state.side_of(seat) for seat in range(len(values))]
        return [value - _mean([v for v, other in zip(values, sides) if other != side])
                for value, side in zip(values, sides)]


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def make_game(**options: Any) -> CanastaGame:
    """A Canasta game with its options (see :class:`CanastaOptions`) as keywords."""
    return CanastaGame(CanastaOptions(**options))


def game_from_options_json(data: dict[str, Any]) -> CanastaGame:
    return CanastaGame(CanastaOptions(**data))
