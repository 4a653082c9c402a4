"""The Pinnacola game: options in, states out."""

from __future__ import annotations

from typing import Any

from tavolo.cards.decks import french_deck
from tavolo.engine.faces import Faces
from tavolo.engine.game import CardGame
from tavolo.games.pinnacola import explain, hidden, notation, serial, words
from tavolo.games.pinnacola.actions import NUM_ACTIONS
from tavolo.games.pinnacola.rules import PinnacolaOptions
from tavolo.games.pinnacola.state import DEAL, OVER, PinnacolaState


class PinnacolaGame(CardGame):
    """Pinnacola for 2 to 4 players: two French decks and four jokers (matte).

    >>> len(PinnacolaGame().deck)
    108
    """

    name = "pinnacola"
    words_deck = "french"
    state_type = PinnacolaState
    options_type = PinnacolaOptions
    faces = Faces(action_text=notation.action_text, parse_action=notation.parse_action, to_json=serial.state_to_json,
                  action_words=words.action_words, explain_illegal=explain.explain_illegal)
    deck = french_deck(decks=2, jokers_per_deck=2)

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def state_from_json(self, data: dict[str, Any]) -> PinnacolaState:
        return serial.state_from_json(self, data)

    def sample_hidden_state(self, observation, rng) -> PinnacolaState:
        """A full state consistent with what ``observation``'s seat knows."""
        return hidden.sample_hidden_state(self, observation, rng)

    def position_value(self, state: PinnacolaState) -> list[float] | None:
        """A search cuts its play-out at the hand's end (or the match's): each seat's side's points
        so far less the other sides' mean, in the game's points."""
        if state._phase not in (DEAL, OVER):
            return None
        values = state.returns()
        sides = [state._opts.side(seat) for seat in range(len(values))]
        return [value - _mean([v for v, other in zip(values, sides) if other != side])
                for value, side in zip(values, sides)]


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def make_game(**options: Any) -> PinnacolaGame:
    """A Pinnacola game with its options (see :class:`PinnacolaOptions`) as keywords."""
    return PinnacolaGame(PinnacolaOptions(**options))


def game_from_options_json(data: dict[str, Any]) -> PinnacolaGame:
    return PinnacolaGame(PinnacolaOptions(**data))
