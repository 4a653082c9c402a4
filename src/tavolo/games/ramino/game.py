"""The Ramino game: options in, states out."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from tavolo.cards.decks import french_deck
from tavolo.engine.faces import Faces
from tavolo.engine.game import GENERAL_SUM, ZERO_SUM, CardGame, Utility
from tavolo.games.ramino import explain, hidden, notation, serial, words
from tavolo.games.ramino.actions import NUM_ACTIONS
from tavolo.games.ramino.rules import RaminoOptions
from tavolo.games.ramino.state import RaminoState


class RaminoGame(CardGame):
    """Ramino for 2 to 7 players: one French deck with two jokers up to three
    players, two with four jokers from four (DECISIONS.md).

    >>> len(RaminoGame().deck), len(RaminoGame(RaminoOptions(players=2)).deck)
    (108, 54)
    """

    name = "ramino"
    words_deck = "french"
    state_type = RaminoState
    options_type = RaminoOptions
    faces = Faces(action_text=notation.action_text, parse_action=notation.parse_action, to_json=serial.state_to_json,
                  action_words=words.action_words, explain_illegal=explain.explain_illegal)

    @cached_property
    def deck(self) -> tuple[int, ...]:
        return french_deck(decks=self.options.decks, jokers_per_deck=2)

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def state_from_json(self, data: dict[str, Any]) -> RaminoState:
        return serial.state_from_json(self, data)

    def sample_hidden_state(self, observation, rng) -> RaminoState:
        """A full state consistent with what ``observation``'s seat knows."""
        return hidden.sample_hidden_state(self, observation, rng)

    def utility(self) -> Utility:
        """A match to 101 (the winners collect the losers' points) or of hands (the closer takes a
        fiche from each other seat): zero-sum; a single hand (minus each penalty): general-sum."""
        return GENERAL_SUM if self._options.match is None else ZERO_SUM


def make_game(**options: Any) -> RaminoGame:
    """A Ramino game with its options (see :class:`RaminoOptions`) as keywords."""
    return RaminoGame(RaminoOptions(**options))


def game_from_options_json(data: dict[str, Any]) -> RaminoGame:
    return RaminoGame(RaminoOptions(**data))
