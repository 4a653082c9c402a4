"""Canasta's moves in words, as the players say them: "pesca", "prende il pozzo", "cala 7♥ 7♣ 7♠
Jolly", "cala Jolly sui 7", "ritira l'apertura", "scarta Q♠", "scarta Q♠ e chiude". Nothing of a
Canasta move is hidden: the draw names no card, the pozzo taken is face up.

    >>> import random
    >>> from tavolo.games.canasta import make_game
    >>> from tavolo.i18n.moves import say
    >>> state = make_game(players=2, target=None).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(1)))
    >>> say(action_words(state, 0).to_json(), "it")
    'pesca'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tavolo.engine.words import Words
from tavolo.games.canasta.actions import decode
from tavolo.games.canasta.melds import JOKER_KEY, key_of_meld
from tavolo.games.rummy.words import DRAW, card_words, discard_words, rank_words

if TYPE_CHECKING:
    from tavolo.games.canasta.state import CanastaState


def action_words(state: CanastaState, action: int) -> Words:
    """``action`` (by the seat on turn, before it is played) in words."""
    verb, *parts = decode(action)
    if verb in ("draw2", "draw1"):
        return DRAW
    if verb == "take":
        return Words.of("take the pozzo")
    if verb == "retract":
        return Words.of("take back the opening")
    seat = state.current_player()
    if verb == "discard":
        closes = len(state.hand_cards(seat)) == 1 and state.can_close(state.side_of(seat))
        return discard_words(parts[0], closes=closes)
    key, naturals = parts[0], parts[1]
    cards = state.lay_cards(*parts)
    if key == JOKER_KEY:
        return Words.of("lay {cards} on the wild meld", cards=card_words(cards))
    if not naturals or key_of_meld(cards) != key:
        return Words.of("lay {cards} on the {rank}", cards=card_words(cards), rank=rank_words(key))
    return Words.of("lay {cards}", cards=card_words(cards))
