"""The Burraco game: rule options in, states out."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from tavolo.cards.decks import french_deck
from tavolo.engine.faces import Faces
from tavolo.engine.game import CardGame, State
from tavolo.games.burraco import explain, hidden, notation, serial, words
from tavolo.games.burraco.actions import NUM_ACTIONS
from tavolo.games.burraco.rules import BurracoOptions
from tavolo.games.burraco.state import BurracoState


class BurracoGame(CardGame):
    """Burraco for 2 to 6 players under one rule set.

        >>> BurracoGame(BurracoOptions(players=5)).deck.__len__()
        162
    """

    name = "burraco"
    words_deck = "french"
    state_type = BurracoState
    options_type = BurracoOptions
    faces = Faces(action_text=notation.action_text, parse_action=notation.parse_action, to_json=serial.state_to_json,
                  action_words=words.action_words, parse_move=notation.parse_move, move_words=words.move_words,
                  explain_illegal=explain.explain_illegal)

    @property
    def options(self) -> BurracoOptions:
        return self._options

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def new_initial_state(self) -> BurracoState:
        return BurracoState(self)

    def new_table_state(self) -> State:
        """A fresh match in the engine :func:`tavolo.games.burraco.native.engine` names: the
        compiled core where it is built (``TAVOLO_ENGINE=python``: the reference state)."""
        from tavolo.games.burraco import native  # the core loads when a table first plays, not with the rules

        return native.new_state(self)

    def state_from_json(self, data: dict[str, Any]) -> BurracoState:
        return serial.state_from_json(self, data)

    def sample_hidden_state(self, observation, rng) -> BurracoState:
        """A full state consistent with what ``observation``'s seat knows."""
        return hidden.sample_hidden_state(self, observation, rng)

    @cached_property
    def deck(self) -> tuple[int, ...]:
        """Two French decks with four jokers; three for 5 and 6 players."""
        return french_deck(decks=self._options.decks, jokers_per_deck=2)

    def __repr__(self) -> str:
        o = self._options
        return f"BurracoGame({o.rule_set!r}, players={o.players}, target={o.target})"


def make_game(rules: str = "fibur", **options: Any) -> BurracoGame:
    """A Burraco game under the named rule set (``fibur``, ``fedibur1985``,
    ``internazionale``) with table settings and single rules as keywords."""
    return BurracoGame(BurracoOptions.for_rule_set(options.pop("rule_set", rules), **options))


def game_from_options_json(data: dict[str, Any]) -> BurracoGame:
    return BurracoGame(BurracoOptions(**data))
