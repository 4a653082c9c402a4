"""Tarocchi's moves in words: a card played ("gioca XXI", "gioca il re di coppe") and the
dealer's discard (lo scarto), face down: its player reads the card ("scarta il 5 di spade"),
the others only that a card went ("scarta una carta"), as ``public_action_string`` tells
(raccolta, "Gioco dei tarocchi": "Il mazziere deve scartare tre carte").

    >>> from tavolo.i18n.moves import say
    >>> say(discard_words("5s").to_json(), "it"), say(PUBLIC_DISCARD.to_json(), "it")
    ('scarta 5 di spade', 'scarta una carta')
"""

from __future__ import annotations

from typing import Any

from tavolo.cards import tarocchi as ta
from tavolo.engine.words import Words
from tavolo.games.tarocchi.state import DISCARD, NUM_ACTIONS
from tavolo.games.trick_taking.words import cards_words, deck_action_words

DECK = "tarot"
PUBLIC_DISCARD = Words.of("discard a card")
"""The dealer's discard as the other seats learn it."""


def discard_words(token: str) -> Words:
    """The dealer's discard of ``token``, as the dealer reads it."""
    return cards_words("discard {cards}", (token,), DECK)


def action_words(state: Any, action: int) -> Words:
    """A move of Tarocchi in words, as its player reads it."""
    if state._phase == DISCARD and 0 <= action < NUM_ACTIONS:
        return discard_words(ta.name(action))
    return deck_action_words(state, action)


def public_action_words(state: Any, action: int) -> Words:
    """The dealer's discard hidden as ``public_action_string`` hides it: "scarta una carta"."""
    return PUBLIC_DISCARD if state._phase == DISCARD else action_words(state, action)
