"""The first questions every rummy game asks of a refused action (Scala 40, Ramino,
Pinnacola, Canasta, Machiavelli), before its own rules: is the match over, are the
cards still to be dealt, is the id an action of the game at all.

Each game's rulebook names these rules ``GAME_OVER``, ``DEAL_FIRST`` and ``NO_SUCH_ACTION``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tavolo.engine.errors import Rule, Sentence, Text
from tavolo.engine.game import State


def screen_action(state: State, action: int, decode: Callable[[int], tuple], rulebook: Any,
                  game: str) -> tuple[tuple[Rule, Sentence] | None, tuple]:
    """``(refusal, ())`` when no move of ``game`` may be played now or ``action`` is none,
    else ``(None, decode(action))`` for the game's own rules to judge."""
    if state.is_terminal() or state.is_chance_node():
        return ((rulebook.GAME_OVER if state.is_terminal() else rulebook.DEAL_FIRST), ""), ()
    try:
        return None, decode(action)
    except ValueError:
        return (rulebook.NO_SUCH_ACTION, Text("{action} is not an action id of {game}", action=action, game=game)), ()
