"""Tarocchi's moves in words: a card played ("gioca XXI", "gioca il re di coppe") and the
dealer's discard (lo scarto), face down: its player reads the card ("scarta il 5 di spade"),
the others only that a card went ("scarta una carta"), as ``public_action_string`` tells
(raccolta, "Gioco dei tarocchi": "Il mazziere deve scartare tre carte").

    >>> from tavolo.i18n.moves import say
    >>> say(discard_words("5s").to_json(), "it"), say(PUBLIC_DISCARD.to_json(), "it")
    ('scarta 5 di spade', 'scarta una carta')
"""

from __future__ import annotations

from tavolo.engine.words import Words
from tavolo.games.trick_taking.words import cards_words

DECK = "tarot"
PUBLIC_DISCARD = Words.of("discard a card")
"""The dealer's discard as the other seats learn it."""


def discard_words(token: str) -> Words:
    """The dealer's discard of ``token``, as the dealer reads it."""
    return cards_words("discard {cards}", (token,), DECK)
