"""Scala 40's moves in words, as the players say them (FISCA Scala 40 art. 5-6): "pesca",
"raccoglie lo scarto", "cala 5♥ 6♥ 7♥ 8♥", "attacca 9♥ alla 3", "sostituisce il jolly della 2 con
6♥", "scarta Q♠", "scarta Q♠ e chiude". Nothing of a Scala 40 move is hidden.

    >>> import random
    >>> from tavolo.games.scala40 import make_game
    >>> from tavolo.i18n.moves import say
    >>> state = make_game(players=2).new_initial_state()
    >>> state.apply_chance(state.sample_chance(random.Random(1)))
    >>> say(action_words(state, 0).to_json(), "it")
    'pesca'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tavolo.engine.words import Words
from tavolo.games.rummy.words import DRAW, card_words, cards_of, discard_words, end_words
from tavolo.games.scala40.actions import TEMPLATES, decode
from tavolo.games.scala40.melds import meld_text, variant_label

if TYPE_CHECKING:
    from tavolo.games.scala40.state import Scala40State


def action_words(state: Scala40State, action: int) -> Words:
    """``action`` (by the seat on turn, before it is played) in words; table melds numbered from 1."""
    kind = decode(action)
    if kind[0] == "draw":
        return DRAW
    if kind[0] == "take":
        return Words.of("take the discard")
    if kind[0] == "discard":
        closes = len(state.hand_cards(state.current_player())) == 1
        return discard_words(kind[1], closes=closes)
    if kind[0] == "meld":
        return Words.of("meld {cards}", cards=cards_of(meld_text(TEMPLATES[kind[1]].meld)))
    if kind[0] == "swap":
        return Words.of("swap {cards} for the joker of meld {number}", cards=card_words([kind[2]]),
                        number=kind[1] + 1)
    _, slot, card, variant = kind
    table = state.table
    label = variant_label(table[slot], card, variant) if slot < len(table) else ""
    return end_words("add {cards} to meld {number}", label, cards=card_words([card]), number=slot + 1)
