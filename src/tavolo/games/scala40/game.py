"""The Scala 40 game: options in, states out."""

from __future__ import annotations

from typing import Any

from tavolo.cards.decks import french_deck
from tavolo.engine.faces import Faces
from tavolo.engine.game import CardGame
from tavolo.games.scala40 import explain, hidden, notation, serial, words
from tavolo.games.scala40.actions import NUM_ACTIONS
from tavolo.games.scala40.rules import Scala40Options
from tavolo.games.scala40.state import DEAL, OVER, Scala40State


class Scala40Game(CardGame):
    """Scala 40 for 2 to 6 players: two French decks with four jokers (art. 1.1).

    >>> len(Scala40Game().deck)
    108
    """

    name = "scala40"
    words_deck = "french"
    state_type = Scala40State
    options_type = Scala40Options
    faces = Faces(action_text=notation.action_text, parse_action=notation.parse_action, to_json=serial.state_to_json,
                  action_words=words.action_words, explain_illegal=explain.explain_illegal)
    deck = french_deck(decks=2, jokers_per_deck=2)

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def state_from_json(self, data: dict[str, Any]) -> Scala40State:
        return serial.state_from_json(self, data)

    def sample_hidden_state(self, observation, rng) -> Scala40State:
        """A full state consistent with what ``observation``'s seat knows."""
        return hidden.sample_hidden_state(self, observation, rng)

    def position_value(self, state: Scala40State) -> list[float] | None:
        """A search cuts its play-out at the hand's end (or the match's): each seat's return so far
        (minus its points) less the other seats' mean, in the game's points."""
        if state._phase not in (DEAL, OVER):
            return None
        values = state.returns()
        total, n = sum(values), len(values)
        return [(v * n - total) / (n - 1) for v in values]


def make_game(**options: Any) -> Scala40Game:
    """A Scala 40 game with its options (see :class:`Scala40Options`) as keywords."""
    return Scala40Game(Scala40Options(**options))


def game_from_options_json(data: dict[str, Any]) -> Scala40Game:
    return Scala40Game(Scala40Options(**data))
