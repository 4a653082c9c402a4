"""The bridge game: options in, states out."""

from __future__ import annotations

from typing import Any

from tavolo.engine.faces import Faces
from tavolo.engine.game import GENERAL_SUM, ZERO_SUM, CardGame, Utility
from tavolo.games.bridge import calls, cards, explain, hidden, notation, serial, words
from tavolo.games.bridge.cards import DECK
from tavolo.games.bridge.rules import BridgeOptions
from tavolo.games.bridge.state import BridgeState


class BridgeGame(CardGame):
    """Contract bridge for four in two partnerships.

    >>> BridgeGame().num_distinct_actions(), len(BridgeGame().deck)
    (90, 52)
    """

    name = "bridge"
    words_deck = "french"
    state_type = BridgeState
    options_type = BridgeOptions
    deck = DECK
    card_name = staticmethod(cards.name)
    """How its JSON names a card (``"C4"``, suit first): for :mod:`tavolo.rl.observation`."""
    faces = Faces(action_text=notation.action_text, parse_action=notation.parse_action, to_json=serial.state_to_json,
                  action_words=words.action_words, explain_illegal=explain.explain_illegal)

    def num_distinct_actions(self) -> int:
        return calls.NUM_ACTIONS

    def state_from_json(self, data: dict[str, Any]) -> BridgeState:
        return serial.state_from_json(self, data)

    def sample_hidden_state(self, observation, rng) -> BridgeState:
        return hidden.sample_hidden_state(self, observation, rng)

    def utility(self) -> Utility:
        """Duplicate: zero-sum (a board's score is one side's and minus it the other's); rubber:
        general-sum (each side's sheet counts its own points)."""
        return ZERO_SUM if self._options.scoring == "duplicate" else GENERAL_SUM


def make_game(**options: Any) -> BridgeGame:
    """A bridge game: ``scoring`` ("duplicate", "rubber"), ``board``, ``boards`` and ``honours`` as keywords."""
    return BridgeGame(BridgeOptions(**options))


def game_from_options_json(data: dict[str, Any]) -> BridgeGame:
    return BridgeGame(BridgeOptions(**data))
