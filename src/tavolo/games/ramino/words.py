"""Ramino's moves in words, as the players say them: "pesca", "prende lo scarto", "scarta Q♠",
"chiude scartando Q♠", "chiude in mano" (the first player, with the cards dealt). Nothing of a
Ramino move is hidden: the discard pile is face up, the draw names no card.

    >>> import random
    >>> from tavolo.games.ramino import make_game
    >>> from tavolo.i18n.moves import say
    >>> state = make_game(players=2).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(1)))
    >>> say(action_words(state, 1).to_json(), "it")
    'prende lo scarto'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tavolo.engine.words import Words
from tavolo.games.ramino.actions import decode
from tavolo.games.rummy.words import DRAW, card_words, discard_words

if TYPE_CHECKING:
    from tavolo.games.ramino.state import RaminoState


def action_words(state: RaminoState, action: int) -> Words:
    """``action`` (by the seat on turn, before it is played) in words."""
    kind = decode(action)
    if kind[0] == "draw":
        return DRAW
    if kind[0] == "take":
        return Words.of("take the discard")
    if kind[0] == "discard":
        return discard_words(kind[1])
    if len(kind) == 1:
        return Words.of("close with the cards dealt")
    return Words.of("close discarding {cards}", cards=card_words([kind[1]]))
