"""The Perlina game: options in, states out."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from tavolo.cards.decks import french_deck, italian_deck
from tavolo.engine.faces import Faces
from tavolo.engine.game import ZERO_SUM, Utility
from tavolo.games.parlour.game import ParlourGame
from tavolo.games.perlina import hidden, words
from tavolo.games.perlina.rules import PerlinaOptions
from tavolo.games.perlina.state import DEAL, NUM_ACTIONS, OVER, PerlinaState, state_from_json


class PerlinaGame(ParlourGame):
    """Perlina for 2 to 9 players, with 52 French cards or 40 Italian ones.

    >>> len(PerlinaGame(PerlinaOptions(deck="italian")).deck)
    40
    """

    name = "perlina"
    state_type = PerlinaState
    options_type = PerlinaOptions
    faces = Faces(action_words=words.action_words, public_action_words=words.public_action_words)
    num_actions = NUM_ACTIONS
    load = staticmethod(state_from_json)
    sample = staticmethod(hidden.sample_hidden_state)

    def utility(self) -> Utility:
        """Zero-sum: the tokens each seat won or lost, the pot left at the end shared among the seats
        dealt in."""
        return ZERO_SUM

    def position_value(self, state: PerlinaState) -> list[float] | None:
        """A search cuts its play-out at the hand's end (the pot won, the next deal due) or the
        game's: each seat's tokens won or lost so far (a pot carried over after a tie still to be
        won)."""
        return state.returns() if state._phase in (DEAL, OVER) else None

    @property
    def words_deck(self) -> str:  # type: ignore[override]
        """The deck the table plays with (its options): a card changed is said in its names."""
        return self._options.deck

    @cached_property
    def deck(self) -> tuple[int, ...]:
        return french_deck(1, jokers_per_deck=0) if self._options.deck == "french" else italian_deck()


def make_game(**options: Any) -> PerlinaGame:
    """A Perlina game: ``players`` (2-9), ``deck`` ('french' or 'italian'), ``tokens``, ``stake``
    and ``hands`` as keywords."""
    return PerlinaGame(PerlinaOptions(**options))


def game_from_options_json(data: dict[str, Any]) -> PerlinaGame:
    return PerlinaGame(PerlinaOptions(**data))
