"""What a game says of its states above the rules (le facce dello stato): the notation of a
move, the move in the players' words, the state as JSON and the explanation of a refusal.

A game package's modules point one way: rules and cards, then the state, then the game, with
notation, words, explain, serial and hidden above the state and none of them imported by it.
The state reaches them through its game, whose module gathers them in a :class:`Faces`;
:class:`~tavolo.engine.game.State` answers ``action_to_string``, ``action_words``,
``parse_action``, ``parse_move`` and ``to_json`` from it, and
:class:`~tavolo.engine.game.DealtState` its refusals' rule and detail:

    >>> from tavolo.games import make_game
    >>> game = make_game("scala40", players=2)
    >>> game.faces.action_text.__module__
    'tavolo.games.scala40.notation'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tavolo.engine.errors import Rule
from tavolo.engine.words import Words

__all__ = ["Faces"]


@dataclass(frozen=True)
class Faces:
    """A game's functions of its states above the rules; each takes the state first.

    A field left None is said by the state itself (the parlour games keep their short
    notation, JSON and refusals in the state) or has the protocol's default:
    ``action_words`` a move said by its notation, ``public_action_words`` the move's words
    when the others learn all of it, ``parse_move`` a typed move as one action, ``move_words`` a move said as its one action."""

    action_text: Callable[[Any, int], str] | None = None
    parse_action: Callable[[Any, str], int] | None = None
    to_json: Callable[[Any], dict[str, Any]] | None = None
    action_words: Callable[[Any, int], Words] | None = None
    public_action_words: Callable[[Any, int], Words] | None = None
    parse_move: Callable[[Any, str], list[int]] | None = None
    move_words: Callable[[Any, list[int]], Words] | None = None
    explain_illegal: Callable[[Any, int], tuple[Rule, Any]] | None = None
