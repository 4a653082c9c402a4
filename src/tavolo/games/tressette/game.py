"""The Tressette game: options in, states out."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tavolo.cards.decks import italian_deck
from tavolo.games.trick_taking.game import TrickGame
from tavolo.games.tressette import words
from tavolo.games.tressette.accusi import NUM_ACTIONS
from tavolo.games.tressette.rules import TressetteOptions
from tavolo.games.tressette.state import TressetteState


class TressetteGame(TrickGame):
    """Tressette for four in partnership or for two.

    >>> TressetteGame().options.players
    4
    """

    name = "tressette"
    state_type = TressetteState
    options_type = TressetteOptions
    num_actions = NUM_ACTIONS
    faces = replace(TrickGame.faces, action_words=words.action_words)
    deck = italian_deck()


def make_game(**options: Any) -> TressetteGame:
    """A Tressette game: ``players``, ``target``, ``accusi``, ``ends_at_target`` as keywords."""
    return TressetteGame(TressetteOptions(**options))


def game_from_options_json(data: dict[str, Any]) -> TressetteGame:
    return TressetteGame(TressetteOptions(**data))
